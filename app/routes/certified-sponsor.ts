// GET /content/static/json/atc/cpo/sponsorcontent.json?productId=...: the certified-sponsor content
// fetch (docs/services.md): the branded program's name, summary and rules, or `content: null`.
import type { Route } from "./+types/certified-sponsor";
import { certifiedSponsorService } from "../server/services/certified-sponsor.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => certifiedSponsorService(new URL(request.url)), { cacheSeconds: 3600 });
}
