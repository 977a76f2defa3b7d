// GET /rest/lsc/reference/{name}: reference data lookup by name (make, model, series, trim, years,
// mileageRanges, bodystyles, features, colors, engines ...), optional makeCode and modelCode.
import type { Route } from "./+types/rest.reference";
import { isReferenceName, referenceService } from "../server/services/listing-service.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const name = params.name ?? "";
  return serveJson(request, async () => (isReferenceName(name) ? referenceService(name, new URL(request.url)) : null), { cacheSeconds: 3600 });
}
