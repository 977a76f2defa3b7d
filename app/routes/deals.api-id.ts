// GET or POST /my-wallet/share-dealxg/deals/id/{id} (docs/online-buying.md)
import type { Route } from "./+types/deals.api-id";
import { dealsService } from "../server/deals/deals.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  return dealsService(request, params.id);
}

export async function action({ request, params }: Route.ActionArgs) {
  return dealsService(request, params.id);
}
