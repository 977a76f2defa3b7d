// POST /my-wallet/share-dealxg/deals { deal: { dealType, carId, ... } } -> { id } (docs/online-buying.md)
import type { Route } from "./+types/deals.api";
import { dealsService } from "../server/deals/deals.server";

export async function loader({ request }: Route.LoaderArgs) {
  return dealsService(request, null);
}

export async function action({ request }: Route.ActionArgs) {
  return dealsService(request, null);
}
