// The home page: the makes and models in stock, the popular makes and body styles on their
// canonical addresses (no link goes through a redirect), the shopper's ZIP from an earlier search
// (ATC_USER_ZIP) and, signed in, 'Recently viewed' (decision 018). Bots skip browsing history; a
// failure leaves that section out, never the page.
import { BODY_STYLE_CODES } from "../../lib/body-styles.ts";
import { categoryUrl } from "../../lib/search-url.ts";
import { recentlyViewed, type RecentCar } from "../../server/accounts/recent-views.server.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { publicOrigin } from "../../server/env.server.ts";
import type { ShopperContext } from "../../server/http/request-context.server.ts";
import { reportError } from "../../server/observability/log.server.ts";
import { getStock } from "../../server/search/stock.server.ts";
import { getSearchUrlContext } from "../../server/services/url-context.server.ts";

async function recentCars(shopper: ShopperContext): Promise<RecentCar[]> {
  if (shopper.bot) return [];
  try {
    const user = await shopper.user();
    return user ? await recentlyViewed(await getDatabase(), user.id) : [];
  } catch (error) {
    reportError("recently viewed failed", error);
    return [];
  }
}

export async function loadHomePage(shopper: ShopperContext) {
  const [{ makes, total }, recent, ctx] = await Promise.all([getStock(), recentCars(shopper), getSearchUrlContext()]);
  const popular = [...makes].sort((a, b) => b.count - a.count).slice(0, 12);
  // A popular make's count is of every condition, and so is its page; body styles open the
  // default (used) search.
  return {
    makes,
    total,
    popular: popular.map((m) => ({ code: m.code, name: m.name, count: m.count, href: categoryUrl({ condition: "all", makeCode: m.code }, ctx) })),
    origin: publicOrigin(),
    bodyHrefs: Object.fromEntries(BODY_STYLE_CODES.map((code) => [code, categoryUrl({ condition: "used", vehicleStyleCode: code }, ctx)])),
    recent,
    userZip: shopper.userZip ?? "",
  };
}
