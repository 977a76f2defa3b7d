// The home page's per-shopper part: 'Recently viewed' for a signed-in shopper (decision 018).
// Bots skip browsing history; a failure leaves the section out, never the page.
import { isbot } from "isbot";
import { recentlyViewed, type RecentCar } from "../accounts/recent-views.server.ts";
import { getSessionUser } from "../accounts/session.server.ts";
import { getDatabase } from "../db/connection.server.ts";
import { reportError } from "../observability/log.server.ts";

export async function recentCars(request: Request): Promise<RecentCar[]> {
  if (isbot(request.headers.get("user-agent") ?? "")) return [];
  try {
    const user = await getSessionUser(request);
    return user ? await recentlyViewed(await getDatabase(), user.id) : [];
  } catch (error) {
    reportError("recently viewed failed", error);
    return [];
  }
}
