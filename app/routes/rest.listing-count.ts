// GET /rest/lsc/listing/count
import type { Route } from "./+types/rest.listing-count";
import { countService } from "../server/services/listing-service.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => countService(new URL(request.url)));
}
