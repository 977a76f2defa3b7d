// The house-ad service (docs/placements.md, "Ads"): GET /cars-for-sale/svc/house-ad?url={results
// URL}&n={refresh}, the next creative of the fixed bottom ad's refresh. We sell no ads: every
// creative is a house promotion of our own searches (the fallback creative of an ad slot), the
// same list the page's ad areas show, taken in turn. A 404 when the ads flag is off or the URL is
// not a results page's.
import { parseSearchUrl } from "../../lib/search-url.ts";
import { getSearchPageContext } from "../../server/services/url-context.server.ts";
import type { AppContext } from "../../server/http/request-context.server.ts";
import { resultsUrl } from "./batch.server.ts";
import { housePromos } from "./extras.server.ts";
import type { HousePromo } from "./view.ts";

export interface HouseAd {
  promo: HousePromo;
  /** A fallback creative (a house promotion): the fixed ad's refresh limit is the fallback's. */
  fallback: true;
}

export async function loadHouseAd({ url, app }: { url: URL; app: AppContext }): Promise<HouseAd | null> {
  if (!app.flags.ads) return null;
  const raw = resultsUrl.safeParse(url.searchParams.get("url") ?? "");
  if (!raw.success) return null;
  const { ctx } = await getSearchPageContext();
  const parsed = parseSearchUrl(new URL(raw.data, url.origin), ctx);
  if (parsed.notFound) return null;
  const promos = housePromos(parsed.state, ctx);
  if (promos.length === 0) return null;
  const n = Number(url.searchParams.get("n"));
  const turn = Number.isInteger(n) && n >= 0 && n <= 1000 ? n : 0;
  return { promo: promos[turn % promos.length], fallback: true };
}
