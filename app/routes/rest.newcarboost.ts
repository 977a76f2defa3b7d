// GET /rest/lsc/newcarboost/listing (docs/placements.md)
import type { Route } from "./+types/rest.newcarboost";
import { newCarBoostService } from "../server/placements/spotlights.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => newCarBoostService(new URL(request.url)));
}
