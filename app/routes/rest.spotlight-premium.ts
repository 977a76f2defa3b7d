// GET /rest/lsc/listing/spotlight/premiumresults (docs/placements.md)
import type { Route } from "./+types/rest.spotlight-premium";
import { spotlightService } from "../server/placements/spotlights.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => spotlightService(new URL(request.url), true));
}
