// GET /rest/lsc/listing: search; with vin, active listings by VINs; with supplemental=true, the
// supplemental search (numRecords 100, hideFilters).
import type { Route } from "./+types/rest.listing";
import { listingService } from "../server/services/listing-service.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => listingService(new URL(request.url)), { stickyCookie: true });
}
