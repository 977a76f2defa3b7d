// GET /rest/lsc/listing/similar (numRecords 20, bodyStyleCode, classSeriesCode, searchRadius, excludedListingId 1-25 ...)
import type { Route } from "./+types/rest.listing-similar";
import { similarService } from "../server/services/listing-service.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => similarService(new URL(request.url)), { stickyCookie: true });
}
