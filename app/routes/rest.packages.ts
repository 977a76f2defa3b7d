// GET /cars-for-sale/searchoptions/packages (makeCode, modelCode, trimCode) -> results.packageNames
import type { Route } from "./+types/rest.packages";
import { packagesService } from "../server/services/listing-service.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => packagesService(new URL(request.url)), { cacheSeconds: 3600 });
}
