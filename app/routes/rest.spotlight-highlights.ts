// GET /rest/lsc/listing/spotlight/vehiclehighlight?numSpotlights=10&includeExtendedVehicleHighlights=true (docs/placements.md)
import type { Route } from "./+types/rest.spotlight-highlights";
import { highlightSpotlightService } from "../server/placements/spotlights.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => highlightSpotlightService(new URL(request.url)));
}
