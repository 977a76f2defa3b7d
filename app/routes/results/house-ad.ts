// GET /cars-for-sale/svc/house-ad?url={results URL}&n={refresh}: the fixed bottom ad's next house
// promotion as JSON (app/routes/results/components/house-ads.tsx refreshes from it).
import type { Route } from "./+types/house-ad";
import { loadHouseAd } from "./house-ad.server";
import { appContext } from "../../server/http/request-context.server";
import { serveJson } from "../../server/services/respond.server";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  return serveJson(request, () => loadHouseAd({ url: new URL(url), app: context.get(appContext) }));
}
