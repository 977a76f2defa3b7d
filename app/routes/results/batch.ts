// GET /cars-for-sale-batch?url={results URL}: one batch of results as JSON, for infinite scroll
// on the results page (app/routes/results/components/infinite-results.tsx). Without JavaScript the
// page's 'See More Results' link does the same job.
import type { Route } from "./+types/batch";
import { loadResultsBatch } from "./batch.server";
import { appContext, shopperContext } from "../../server/http/request-context.server";
import { serveJson } from "../../server/services/respond.server";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  return serveJson(request, () => loadResultsBatch({ url: new URL(url), app: context.get(appContext), shopper: context.get(shopperContext) }));
}
