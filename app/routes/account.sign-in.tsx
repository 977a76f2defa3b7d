import { InfoPage } from "../components/info-page";

export const meta = () => [{ title: "Sign in | Forecourt" }];

export default function SignIn() {
  return (
    <InfoPage title="Sign in">
      <p>Shopper accounts are not open yet. You can search, view and compare every car without an account.</p>
    </InfoPage>
  );
}
