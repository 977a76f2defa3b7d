// GET /rest/lsc/research/safety (yearId, atcMakeCode, atcModelCode): the model year's imported NHTSA safety ratings.
import type { Route } from "./+types/rest.research-safety";
import { safetyService } from "../server/research/research-services.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => safetyService(new URL(request.url)), { cacheSeconds: 600 });
}
