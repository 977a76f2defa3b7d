// The Saved page: saved cars with their price now and the change since saved (sold ones
// marked), saved searches with new-match counts, and alerts. Signed out, the cars quick-saved on
// this device are shown with an invitation to keep them in an account.
import { getDatabase } from "../db/connection.server.ts";
import { getFlags } from "../flags.server.ts";
import { getSearchEngine } from "../search/search.server.ts";
import { getSearchPageContext } from "../services/url-context.server.ts";
import { data, redirect } from "react-router";
import { z } from "zod";
import { PATHS } from "../../lib/routes.ts";
import { SAVED_SEARCH_TITLE_MAX, deleteSearch, renameSearch } from "./saved-searches.server.ts";
import { getSessionUser, readQuickSaves } from "./session.server.ts";
import { describeListings, listSavedVehicles, type SavedVehicle } from "./saved-vehicles.server.ts";
import { listSavedSearches, type SavedSearchView } from "./saved-searches.server.ts";
import { listPriceAlerts, setPriceAlertActive, type PriceAlertView } from "./alerts-data.server.ts";

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
    listPriceAlerts(db, user.email),
  ]);
  return { signedIn: true, vehicles, quickSaves: [], quickSaveQuota: flags.quickSaveQuota, searches, priceAlerts, notice };
}

const searchForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), bookmarkId: z.string().max(40), title: z.string().trim().max(SAVED_SEARCH_TITLE_MAX, `At most ${SAVED_SEARCH_TITLE_MAX} characters`).min(1, "Enter a name for this search") }),
  z.object({ intent: z.literal("delete"), bookmarkId: z.string().max(40) }),
  z.object({ intent: z.enum(["alert-off", "alert-on"]), alertId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
]);

/** Rename or delete one of the shopper's own saved searches. */
export async function savedPageAction(request: Request, url: URL) {
  const user = await getSessionUser(request);
  if (!user) throw redirect(`${PATHS.signIn}?refUrl=${encodeURIComponent(url.pathname)}`);
  const parsed = searchForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === "title");
    return data({ error: issue?.message ?? "That change could not be made.", bookmarkId: null as string | null }, { status: 400 });
  }
  const db = await getDatabase();
  const v = parsed.data;
  if ("alertId" in v) {
    // Only the account's own alerts (by its email); another id is simply not found.
    const done = await setPriceAlertActive(db, user.email, v.alertId, v.intent === "alert-on");
    if (!done) return data({ error: "That price alert was not found.", bookmarkId: null as string | null }, { status: 404 });
    return redirect(`${PATHS.saved}?done=${v.intent}`);
  }
  const ok = v.intent === "rename" ? await renameSearch(db, user.id, v.bookmarkId, v.title) : await deleteSearch(db, user.id, v.bookmarkId);
  // Another shopper's id (or a stale one) is simply not found.
  if (!ok) return data({ error: "That saved search was not found.", bookmarkId: v.bookmarkId }, { status: 404 });
  return redirect(`${PATHS.saved}?done=${v.intent === "rename" ? "renamed" : "deleted"}`);
}
