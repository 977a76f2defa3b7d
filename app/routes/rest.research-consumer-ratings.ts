// GET /rest/lsc/research/consumer-ratings (vehicleId): the model year's consumer ratings.
import type { Route } from "./+types/rest.research-consumer-ratings";
import { consumerRatingsService } from "../server/research/research-services.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => consumerRatingsService(new URL(request.url)), { cacheSeconds: 60 });
}
