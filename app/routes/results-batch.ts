// GET /cars-for-sale-batch?url={results URL}: one batch of results as JSON, for infinite scroll
// on the results page (app/components/search/infinite-results.tsx). Without JavaScript the
// page's 'See More Results' link does the same job.
import type { Route } from "./+types/results-batch";
import { loadResultsBatch } from "../server/pages/results-batch.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  return serveJson(request, () => loadResultsBatch(request, new URL(url)));
}
