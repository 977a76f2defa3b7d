// GET /rest/lsc/research/vehicles (yearId, atcMakeCode, atcModelCode): the spec's vehicle reference lookup.
import type { Route } from "./+types/rest.research-vehicles";
import { referenceVehiclesService } from "../server/research/research-services.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => referenceVehiclesService(new URL(request.url)), { cacheSeconds: 3600 });
}
