// GET /rest/lsc/research/expert-review (ymmt = year|make|model|trim, embed): the spec's expert review fetch.
import type { Route } from "./+types/rest.research-expert-review";
import { expertReviewService } from "../server/research/research-services.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => expertReviewService(new URL(request.url)), { cacheSeconds: 60 });
}
