// GET /rest/lsc/crawl/{modelyears|newmodelyears|trims|newtrims}: price-by-year / trim links.
import type { Route } from "./+types/rest.crawl-links";
import { crawlLinksService, type CrawlKind } from "../server/services/listing-service.server";
import { serveJson } from "../server/services/respond.server";

const KINDS = new Set<CrawlKind>(["modelyears", "newmodelyears", "trims", "newtrims"]);

export async function loader({ request, params }: Route.LoaderArgs) {
  const kind = params.kind as CrawlKind;
  return serveJson(request, async () => (KINDS.has(kind) ? crawlLinksService(kind, new URL(request.url)) : null));
}
