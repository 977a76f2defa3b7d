// Local-only outbox reader (issue 6): what the app would send, readable without an SMTP server.
import type { Route } from "./+types/dev.mail";
import { DevMailbox } from "../components/dev/mailbox";
import { loadDevMailPage } from "../server/pages/dev-mail.server";

export async function loader({ url }: Route.LoaderArgs) {
  return loadDevMailPage(url);
}

export const meta: Route.MetaFunction = () => [{ title: "Outbox | Forecourt (local)" }, { name: "robots", content: "noindex" }];

export default function DevMail({ loaderData }: Route.ComponentProps) {
  return <DevMailbox page={loaderData} />;
}
