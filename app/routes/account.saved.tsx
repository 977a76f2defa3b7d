import { InfoPage } from "../components/info-page";

export const meta = () => [{ title: "Saved cars and searches | Forecourt" }];

export default function Saved() {
  return (
    <InfoPage title="Saved cars and searches">
      <p>Saving cars and searches arrives with shopper accounts. Until then, bookmark any results page: its address keeps your whole search.</p>
    </InfoPage>
  );
}
