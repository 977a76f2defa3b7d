// Local-only outbox reader (docs/resilience-and-security.md): what the app would send, readable without an SMTP server.
import type { Route } from "./+types/route";
import { DevMailbox } from "./components/mailbox";
import { loadDevMailPage } from "./loader.server";

export async function loader({ request }: Route.LoaderArgs) {
  return loadDevMailPage(request);
}

export const meta: Route.MetaFunction = () => [{ title: "Outbox | Forecourt (local)" }, { name: "robots", content: "noindex" }];

export default function DevMail({ loaderData }: Route.ComponentProps) {
  return <DevMailbox page={loaderData} />;
}
