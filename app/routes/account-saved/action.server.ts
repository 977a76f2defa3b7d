// The Saved page's posts: rename or delete a saved search, stop or restart a price alert; the
// intent picks the schema, and an unknown one is a 400. Only the account's own rows are touched.
import { getDatabase } from "../../server/db/connection.server.ts";
import { data, redirect } from "react-router";
import { z } from "zod";
import { PATHS } from "../../lib/routes.ts";
import { SAVED_SEARCH_TITLE_MAX, deleteSearch, renameSearch } from "../../server/accounts/saved-searches.server.ts";
import { getSessionUser } from "../../server/accounts/session.server.ts";
import { setPriceAlertActive } from "../../server/accounts/alerts-data.server.ts";

const searchForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("rename"),
    bookmarkId: z.string().max(40),
    title: z.string().trim().max(SAVED_SEARCH_TITLE_MAX, `At most ${SAVED_SEARCH_TITLE_MAX} characters`).min(1, "Enter a name for this search"),
  }),
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
    const done = user.emailVerified && (await setPriceAlertActive(db, user.email, v.alertId, v.intent === "alert-on"));
    if (!done) return data({ error: "That price alert was not found.", bookmarkId: null as string | null }, { status: 404 });
    return redirect(`${PATHS.saved}?done=${v.intent}`);
  }
  const ok = v.intent === "rename" ? await renameSearch(db, user.id, v.bookmarkId, v.title) : await deleteSearch(db, user.id, v.bookmarkId);
  // Another shopper's id (or a stale one) is simply not found.
  if (!ok) return data({ error: "That saved search was not found.", bookmarkId: v.bookmarkId }, { status: 404 });
  return redirect(`${PATHS.saved}?done=${v.intent === "rename" ? "renamed" : "deleted"}`);
}
