// GET /cars-for-sale-filters?url={results URL}: the page's filter sections in full as JSON, for
// the choices a results document leaves out (ADR 032; app/routes/results/filters.server.ts).
import type { Route } from "./+types/filters";
import { loadFilterSections } from "./filters.server";
import { appContext, shopperContext } from "../../server/http/request-context.server";
import { serveJson } from "../../server/services/respond.server";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  return serveJson(request, () => loadFilterSections({ url: new URL(url), app: context.get(appContext), shopper: context.get(shopperContext) }));
}
