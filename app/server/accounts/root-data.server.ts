// What every page needs to know about the shopper: signed in or not, and which cars they saved
// (for the hearts). Read by the root loader.
import { oneClickMode, type AccountSummary } from "../../lib/account.ts";
import { getDatabase } from "../db/connection.server.ts";
import { readQuickSaves, readSubscribedSearches, getSessionUser } from "./session.server.ts";
import { savedVehicleIds } from "./saved-vehicles.server.ts";
import { categoryUrl } from "../../lib/search-url.ts";

export async function accountSummary(request: Request): Promise<AccountSummary> {
  const user = await getSessionUser(request);
  if (user) {
    const db = await getDatabase();
    const [savedIds, searches] = await Promise.all([
      savedVehicleIds(db, user.id),
      db.kysely.selectFrom("saved_searches").select("search_url").where("user_id", "=", user.id).execute(),
    ]);
    return {
      signedIn: true,
      firstName: user.firstName,
      savedIds,
      savedSearchUrls: searches.map((s) => s.search_url),
      oneClick: oneClickMode({ optedIn: user.oneClickOptIn, ...user }),
    };
  }
  const [savedIds, savedSearchUrls] = await Promise.all([readQuickSaves(request), readSubscribedSearches(request)]);
  return { signedIn: false, firstName: "", savedIds, savedSearchUrls, oneClick: "form" };
}

/**
 * The footer's condition links, canonical (no redirect on the way), written by the URL module.
 * They depend on nothing a request carries, so they are written once (each is a URL parse and
 * serialisation, on every page; ADR 032).
 */
export function conditionLinks(): { used: string; new: string; certified: string } {
  return (footerLinks ??= {
    used: categoryUrl({ condition: "used" }),
    new: categoryUrl({ condition: "new" }),
    certified: categoryUrl({ condition: "certified" }),
  });
}
let footerLinks: { used: string; new: string; certified: string } | undefined;
