// GET /rest/lsc/listing/spotlight/results?listingTier=featured|standard (docs/placements.md)
import type { Route } from "./+types/rest.spotlight-results";
import { spotlightService } from "../server/placements/spotlights.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => spotlightService(new URL(request.url), false));
}
