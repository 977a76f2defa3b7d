// Saved searches (the spec's bookmarks): a results-page URL with a title, owned by an account
// or, signed out, by an email address (at most ANONYMOUS_SAVED_SEARCH_MAX per address). New
// matches are active listings the search finds that were listed after `matched_since`.
import { randomBytes } from "node:crypto";
import { ANONYMOUS_SAVED_SEARCH_MAX } from "../../lib/account.ts";
import type { SearchQuery } from "../../lib/search-query.ts";
import { SEARCH_PATH, parseSearchUrl, searchTitle, type SearchUrlContext } from "../../lib/search-url.ts";
import type { Database } from "../db/connection.server.ts";
import type { SearchEngine } from "../search/engine.server.ts";

export const SAVED_SEARCH_TITLE_MAX = 80;
/** New matches are counted among the newest this many results of a search. */
const NEW_MATCH_WINDOW = 100;

export interface SavedSearchView {
  bookmarkId: string;
  title: string;
  searchResultsURL: string;
  createdAt: number;
  lastExecuted: number;
  alerts: boolean;
  /** New matches since the last alert (or since saved); null when the search could not run. */
  newMatches: number | null;
}

export type Owner = { userId: number } | { email: string };

/** The search URL to keep: a results-page path and query, without paging. Null if it is not one. */
export function normaliseSearchUrl(raw: string, ctx: SearchUrlContext): { url: string; query: SearchQuery; title: string } | null {
  if (!raw.startsWith(SEARCH_PATH) || raw.startsWith("//") || raw.includes("\\")) return null;
  let u: URL;
  try {
    u = new URL(raw, "http://same.invalid");
  } catch {
    return null;
  }
  if (u.origin !== "http://same.invalid") return null;
  u.searchParams.delete("firstRecord");
  u.searchParams.delete("expired");
  const parsed = parseSearchUrl(u, ctx);
  if (parsed.notFound) return null;
  const canonical = new URL(parsed.canonical, "http://same.invalid");
  canonical.searchParams.delete("firstRecord");
  const url = canonical.pathname + canonical.search;
  return { url, query: parsed.state.query, title: searchTitle(parsed.state, ctx) };
}

function newId(): string {
  return randomBytes(12).toString("base64url");
}

export type SaveSearchResult = { ok: true; bookmarkId: string; created: boolean; confirmed: boolean } | { ok: false; reason: "max" | "full" | "invalid" };

/**
 * Saves a search. An account keeps at most `accountMax` (SAVED_SEARCHES_MAX, app/lib/constants.ts):
 * past it, "full". An address alone keeps ANONYMOUS_SAVED_SEARCH_MAX ("max"), and its searches
 * wait for the address to confirm them (`confirmed` false) before any digest is mailed.
 */
export async function saveSearch(
  db: Database,
  owner: Owner,
  input: { title: string; searchUrl: string },
  now = Date.now(),
  accountMax = Number.POSITIVE_INFINITY,
): Promise<SaveSearchResult> {
  const title = input.title.trim().slice(0, SAVED_SEARCH_TITLE_MAX);
  if (!title || !input.searchUrl) return { ok: false, reason: "invalid" };
  if ("email" in owner) {
    const existing = await db.kysely
      .selectFrom("saved_searches")
      .select(["id", "search_url", "confirmed_at"])
      .where("email", "=", owner.email)
      .where("user_id", "is", null)
      .execute();
    const same = existing.find((r) => r.search_url === input.searchUrl);
    if (same) return { ok: true, bookmarkId: same.id, created: false, confirmed: same.confirmed_at !== null };
    if (existing.length >= ANONYMOUS_SAVED_SEARCH_MAX) return { ok: false, reason: "max" };
  } else {
    // The same search saved again is the one already saved (one digest, not two).
    const same = await db.kysely
      .selectFrom("saved_searches")
      .select("id")
      .where("user_id", "=", owner.userId)
      .where("search_url", "=", input.searchUrl)
      .executeTakeFirst();
    if (same) return { ok: true, bookmarkId: same.id, created: false, confirmed: true };
    if (Number.isFinite(accountMax)) {
      const n = await db.kysely
        .selectFrom("saved_searches")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", owner.userId)
        .executeTakeFirstOrThrow();
      if (Number(n.n) >= accountMax) return { ok: false, reason: "full" };
    }
  }
  const id = newId();
  await db.kysely
    .insertInto("saved_searches")
    .values({
      id,
      user_id: "userId" in owner ? owner.userId : null,
      email: "email" in owner ? owner.email : null,
      title,
      search_url: input.searchUrl,
      alerts: 1,
      created_at: now,
      last_executed: now,
      matched_since: now,
      // An account's searches go to its address once verified; an address alone confirms by link.
      confirmed_at: "userId" in owner ? now : null,
    })
    .execute();
  return { ok: true, bookmarkId: id, created: true, confirmed: "userId" in owner };
}

/** Has this address already subscribed to this search (signed out)? */
export async function emailHasSearch(db: Database, email: string, searchUrl: string): Promise<boolean> {
  const row = await db.kysely.selectFrom("saved_searches").select("id").where("email", "=", email).where("search_url", "=", searchUrl).executeTakeFirst();
  return row !== undefined;
}

export async function renameSearch(db: Database, userId: number, id: string, title: string): Promise<boolean> {
  const r = await db.kysely
    .updateTable("saved_searches")
    .set({ title: title.trim().slice(0, SAVED_SEARCH_TITLE_MAX) })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteSearch(db: Database, userId: number, id: string): Promise<boolean> {
  const r = await db.kysely.deleteFrom("saved_searches").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** POST /account-api/search: records a bookmark's title and when it was last run. */
export async function touchSearch(db: Database, userId: number, id: string, patch: { title?: string; lastExecuted?: number }): Promise<boolean> {
  const set: { title?: string; last_executed?: number } = {};
  if (patch.title) set.title = patch.title.trim().slice(0, SAVED_SEARCH_TITLE_MAX);
  if (patch.lastExecuted) set.last_executed = patch.lastExecuted;
  if (Object.keys(set).length === 0) return true;
  const r = await db.kysely.updateTable("saved_searches").set(set).where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A bookmark by id (for sharing: only its search URL and title are exposed). */
export async function findSearch(db: Database, id: string) {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) return null;
  return (await db.kysely.selectFrom("saved_searches").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function listSavedSearches(db: Database, owner: Owner, counts?: { engine: SearchEngine; ctx: SearchUrlContext }): Promise<SavedSearchView[]> {
  let q = db.kysely.selectFrom("saved_searches").selectAll();
  q = "userId" in owner ? q.where("user_id", "=", owner.userId) : q.where("email", "=", owner.email).where("user_id", "is", null);
  const rows = await q.orderBy("created_at", "desc").execute();
  return Promise.all(
    rows.map(async (r) => ({
      bookmarkId: r.id,
      title: r.title,
      searchResultsURL: r.search_url,
      createdAt: Number(r.created_at),
      lastExecuted: Number(r.last_executed),
      alerts: r.alerts === 1,
      newMatches: counts ? await newMatchIds(db, counts.engine, counts.ctx, r.search_url, Number(r.matched_since)).then((ids) => ids?.length ?? null) : null,
    })),
  );
}

/** Ids of active listings the search finds that were listed after `since` (newest first). */
export async function newMatchIds(db: Database, engine: SearchEngine, ctx: SearchUrlContext, searchUrl: string, since: number): Promise<number[] | null> {
  const normal = normaliseSearchUrl(searchUrl, ctx);
  if (!normal) return null;
  try {
    const result = await engine.search({ ...normal.query, sortBy: "datelistedDESC", firstRecord: 0, numRecords: NEW_MATCH_WINDOW }, { hideFilters: true });
    const ids = result.hits.map((h) => h.id);
    if (ids.length === 0) return [];
    const rows = await db.kysely.selectFrom("listings").select(["id", "date_listed"]).where("id", "in", ids).where("date_listed", ">", since).execute();
    const fresh = new Set(rows.map((r) => Number(r.id)));
    return ids.filter((id) => fresh.has(id));
  } catch {
    return null;
  }
}
