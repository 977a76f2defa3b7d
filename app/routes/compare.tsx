import { InfoPage } from "../components/info-page";

export const meta = () => [{ title: "Compare cars | Forecourt" }];

export default function Compare() {
  return (
    <InfoPage title="Compare cars">
      <p>You have not added any cars to compare yet. You will be able to compare up to 5 cars side by side.</p>
    </InfoPage>
  );
}
