// The spec's saved-search calls (section 7), as JSON over the shopper's session (the spec's
// idtoken header is the signed session cookie here):
//   GET  /account-api/searchbookmarks?searchBookmarkId=      the shopper's bookmarks (or one)
//   POST /account-api/search                                 bookmarkId, bookmarkTitle, searchName, lastExecuted (yyyy/mm/d hh:mm:ss)
//   GET  /account-api/searchbookmarks/share-bookmark/{id}    opens the shared search
// "Bookmark not found" gives empty filters and a new search.
import { data, redirect } from "react-router";
import { z } from "zod";
import { SEARCH_PATH } from "../../lib/search-url.ts";
import { getDatabase } from "../db/connection.server.ts";
import { getSessionUser } from "./session.server.ts";
import { findSearch, listSavedSearches, touchSearch } from "./saved-searches.server.ts";

export const BOOKMARK_NOT_FOUND = "Bookmark not found";
const TEXT_MODAL_DISCLAIMER = "We will email you when new cars match this search. Unsubscribe with one click from any email.";
const SAVE_SEARCH_INSTR_TEXT = "Name your search to find it again in Saved.";

const unauthorized = () => data({ error: "Sign in to see saved searches" }, { status: 401, headers: { "Cache-Control": "no-store" } });

export async function searchBookmarksLoader(request: Request, url: URL) {
  const user = await getSessionUser(request);
  if (!user) return unauthorized();
  const db = await getDatabase();
  const id = url.searchParams.get("searchBookmarkId");
  const all = await listSavedSearches(db, { userId: user.id });
  const list = id ? all.filter((s) => s.bookmarkId === id) : all;
  const beans = list.map((s) => ({
    bookmarkId: s.bookmarkId,
    bookmarkTitle: s.title,
    textModalDisclaimer: TEXT_MODAL_DISCLAIMER,
    saveSearchInstrText: SAVE_SEARCH_INSTR_TEXT,
    searchResultsURL: s.searchResultsURL,
    bookmarkDate: new Date(s.createdAt).toISOString(),
    lastExecuted: formatLastExecuted(new Date(s.lastExecuted)),
  }));
  if (id && beans.length === 0) {
    return data({ error: BOOKMARK_NOT_FOUND, filters: {}, myAtcSearchViewBeans: [] }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return data({ myAtcSearchViewBeans: beans }, { headers: { "Cache-Control": "no-store" } });
}

/** "lastExecuted (yyyy/mm/d hh:mm:ss)": month zero-padded, day not, 24-hour UTC time. */
export function formatLastExecuted(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}/${p(d.getUTCMonth() + 1)}/${d.getUTCDate()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

export function parseLastExecuted(text: string): number | null {
  const m = /^(\d{4})\/(\d{1,2})\/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  return new Date(t).getUTCDate() === d ? t : null;
}

const searchBody = z.object({
  bookmarkId: z.string().min(1).max(40),
  bookmarkTitle: z.string().trim().max(80).optional(),
  searchName: z.string().trim().max(80).optional(),
  lastExecuted: z.string().max(40).optional(),
});

export async function searchCallAction(request: Request) {
  const user = await getSessionUser(request);
  if (!user) return unauthorized();
  let body: unknown;
  try {
    body = (request.headers.get("content-type") ?? "").includes("application/json") ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    body = null;
  }
  const parsed = searchBody.safeParse(body);
  if (!parsed.success) return data({ error: "bookmarkId is required; lastExecuted is yyyy/mm/d hh:mm:ss" }, { status: 400 });
  const v = parsed.data;
  const lastExecuted = v.lastExecuted ? parseLastExecuted(v.lastExecuted) : Date.now();
  if (lastExecuted === null) return data({ error: "lastExecuted must be yyyy/mm/d hh:mm:ss" }, { status: 400 });
  const db = await getDatabase();
  const ok = await touchSearch(db, user.id, v.bookmarkId, { title: v.bookmarkTitle || v.searchName, lastExecuted });
  if (!ok) return data({ error: BOOKMARK_NOT_FOUND, filters: {} }, { status: 404 });
  return data({ bookmarkId: v.bookmarkId, bookmarkTitle: v.bookmarkTitle || v.searchName, lastExecuted: formatLastExecuted(new Date(lastExecuted)) });
}

/** Opens a shared search; an unknown bookmark is a new search with empty filters. */
export async function shareBookmarkLoader(bookmarkId: string | undefined) {
  throw redirect(await bookmarkSearchUrl(bookmarkId ?? null));
}

/**
 * Where a bookmark id leads (the share link and the results page's `searchBookmarkId`): its
 * search, or, for an unknown id, 'Bookmark not found' as the spec handles it: empty filters and a
 * new search.
 */
export async function bookmarkSearchUrl(bookmarkId: string | null): Promise<string> {
  const row = bookmarkId ? await findSearch(await getDatabase(), bookmarkId) : null;
  return row ? row.search_url : SEARCH_PATH;
}
