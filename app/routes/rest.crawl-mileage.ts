// GET /rest/lsc/crawl/stats/mileage (makeCode, modelCode, listingType): the spec's mileage stats.
import type { Route } from "./+types/rest.crawl-mileage";
import { mileageStatsService } from "../server/services/listing-service.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => mileageStatsService(new URL(request.url)));
}
