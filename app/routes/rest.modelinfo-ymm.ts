// GET /rest/lsc/modelinfo/ymm (makeCode, modelCode, startYear, numRecords=1)
import type { Route } from "./+types/rest.modelinfo-ymm";
import { modelInfoService } from "../server/services/listing-service.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => modelInfoService(new URL(request.url)), { cacheSeconds: 3600 });
}
