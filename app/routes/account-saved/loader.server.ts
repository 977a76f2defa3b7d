// The Saved page: saved cars with their price now and the change since saved (sold ones
// marked), saved searches with new-match counts, and alerts. Signed out, the cars quick-saved on
// this device are shown with an invitation to keep them in an account.
import { getDatabase } from "../../server/db/connection.server.ts";
import { getEnv } from "../../server/env.server.ts";
import { getFlags } from "../../server/flags.server.ts";
import { IDENTITY_TEXT } from "../../lib/constants.ts";
import { getSearchEngine } from "../../server/search/search.server.ts";
import { getSearchPageContext } from "../../server/services/url-context.server.ts";
import { getSessionUser, readQuickSaves } from "../../server/accounts/session.server.ts";
import { describeListings, listSavedVehicles, type SavedVehicle } from "../../server/accounts/saved-vehicles.server.ts";
import { listSavedSearches, type SavedSearchView } from "../../server/accounts/saved-searches.server.ts";
import { listPriceAlerts, type PriceAlertView } from "../../server/accounts/alerts-data.server.ts";

export interface SavedPageData {
  signedIn: boolean;
  vehicles: SavedVehicle[];
  quickSaves: { listingId: number; title: string; price: number; status: string }[];
  quickSaveQuota: number;
  searches: SavedSearchView[];
  priceAlerts: PriceAlertView[];
  notice: string | null;
}

export async function loadSavedPage(request: Request, url: URL): Promise<SavedPageData> {
  const db = await getDatabase();
  const user = await getSessionUser(request);
  const flags = getFlags();
  const notices: Record<string, string> = {
    renamed: "Search renamed.",
    deleted: "Search deleted.",
    saved: "Search saved.",
    "alert-off": "Price alert stopped.",
    "alert-on": "Price alert back on.",
    "cars-full": IDENTITY_TEXT.savedVehiclesFull(getEnv().SAVED_VEHICLES_MAX),
    "searches-full": IDENTITY_TEXT.savedSearchesFull(getEnv().SAVED_SEARCHES_MAX),
  };
  const notice = notices[url.searchParams.get("done") ?? ""] ?? null;
  if (!user) {
    return {
      signedIn: false,
      vehicles: [],
      quickSaves: await describeListings(db, await readQuickSaves(request)),
      quickSaveQuota: flags.quickSaveQuota,
      searches: [],
      priceAlerts: [],
      notice,
    };
  }
  const [vehicles, searches, priceAlerts] = await Promise.all([
    listSavedVehicles(db, user.id),
    Promise.all([getSearchEngine(), getSearchPageContext()]).then(([engine, { ctx }]) => listSavedSearches(db, { userId: user.id }, { engine, ctx })),
    // Alerts held under the address only once the account has verified it.
    user.emailVerified ? listPriceAlerts(db, user.email) : Promise.resolve([]),
  ]);
  return { signedIn: true, vehicles, quickSaves: [], quickSaveQuota: flags.quickSaveQuota, searches, priceAlerts, notice };
}
