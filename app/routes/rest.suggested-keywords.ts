// GET /rest/lsc/marketplace/suggested/keywords/{text}: type-ahead suggestions with codes and the results URL each leads to.
import type { Route } from "./+types/rest.suggested-keywords";
import { suggestedKeywordsService } from "../server/services/listing-service.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  return serveJson(request, () => suggestedKeywordsService(params.text ?? ""), { cacheSeconds: 60 });
}
