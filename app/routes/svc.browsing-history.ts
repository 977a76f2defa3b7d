// A signed-out shopper's local history as cars (GET), merged into the account at sign-in (POST): decision 023.
import type { Route } from "./+types/svc.browsing-history";
import { browsingHistoryAction, browsingHistoryLoader } from "../server/listings/still-interested.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  return browsingHistoryLoader(request, url);
}

export async function action({ request }: Route.ActionArgs) {
  return browsingHistoryAction(request);
}
