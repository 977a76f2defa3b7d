// View counts (docs/vehicle-page.md, ADR 036): a view counts once per viewer, listing and UTC day.
// The viewer is the signed-in account, else the network address (a keyed hash of it): a client that
// reloads, drops its cookies or mints new ones is still one viewer. A signed-out visitor's views are
// also stored under its visitor cookie (its push history), uncounted. Without slowing the
// page: a view is kept in memory (a viewer already counted today by this process is not kept again)
// and written every few seconds (and on shutdown) in one transaction: insert-or-ignore into
// listing_viewers (unique on listing, day and viewer), and only the rows that went in add to the
// listing's total and its day. So two instances seeing the same viewer count one view. updated_at
// is not touched, so the search index does not churn on views. Bots are not counted.
import { createHmac } from "node:crypto";
import type { Database } from "../db/connection.server.ts";
import { processSingleton } from "../singleton.server.ts";
import { existingListingIds } from "./summaries.server.ts";

interface PendingView {
  listingId: number;
  day: number;
  viewer: string;
  at: number;
}

type ViewState = {
  /** Views not yet written, by `${listing}|${day}|${viewer}`. */
  pending: Map<string, PendingView>;
  /** Pending views per listing (what the page adds to the written total). */
  perListing: Map<number, number>;
  /** `${listing}|${viewer}` already counted or pending today in this process. */
  seen: Set<string>;
  seenDay: number;
  timer: NodeJS.Timeout | null;
  db: Database | null;
  prunedDay?: number;
};
const state = processSingleton<ViewState>("viewCounts", () => ({
  pending: new Map(),
  perListing: new Map(),
  seen: new Set(),
  seenDay: -1,
  timer: null,
  db: null,
}));

export const VIEW_FLUSH_MS = 5_000;
/** Days of per-day counts and viewers kept (the widest window asked for is 7; 30 for the service). */
export const VIEW_DAYS_KEPT = 31;
/** Viewers this process remembers for a day before it forgets them (the database still holds them). */
const SEEN_MAX = 200_000;
/** Rows per insert statement. */
const CHUNK = 400;
const DAY_MS = 86_400_000;

/** UTC days since 1970. */
export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

export interface Viewer {
  userId: number | null;
  /** The visitor cookie the request carried (never one minted for this request). */
  visitorId: string | null;
  /** The client address (app/server/security/client-address.server.ts). */
  address: string;
}

/**
 * The keys a view is stored under. The counted one: `user:{id}`, else `address:{hash}` (an HMAC of
 * the address with `secret`, so the table holds no addresses). A visitor cookie is not a viewer
 * that counts (a client can mint one per rate-limited post); a signed-out visitor's view is stored
 * under `visitor:{id}` too, uncounted, as its push history (ADR 036).
 */
export function viewerKeys(v: Viewer, secret: string): string[] {
  if (v.userId !== null) return [`user:${v.userId}`];
  const address = `address:${createHmac("sha256", secret).update(v.address).digest("base64url").slice(0, 22)}`;
  return v.visitorId ? [address, visitorViewer(v.visitorId)] : [address];
}

/** The key a signed-out visitor's views are stored under (never counted). */
export const visitorViewer = (visitorId: string) => `visitor:${visitorId}`;
/** Whether a view stored under this key adds to the listing's counts. */
const counts = (viewer: string) => !viewer.startsWith("visitor:");

function schedule(): void {
  if (!state.timer) {
    state.timer = setTimeout(() => void flushViews().catch(() => {}), VIEW_FLUSH_MS);
    state.timer.unref();
  }
}

/**
 * Stores a view of `viewer` (one of viewerKeys) unless this process already stored it today; a
 * counted key's first view of the day adds to the listing's counts.
 */
export function countView(db: Database, listingId: number, viewer: string, now = Date.now()): void {
  state.db = db;
  const day = dayOf(now);
  if (state.seenDay !== day || state.seen.size >= SEEN_MAX) {
    state.seen.clear();
    state.seenDay = day;
  }
  const seenKey = `${listingId}|${viewer}`;
  if (state.seen.has(seenKey)) return;
  state.seen.add(seenKey);
  const key = `${listingId}|${day}|${viewer}`;
  if (state.pending.has(key)) return;
  state.pending.set(key, { listingId, day, viewer, at: now });
  if (counts(viewer)) state.perListing.set(listingId, (state.perListing.get(listingId) ?? 0) + 1);
  schedule();
}

function takePending(): PendingView[] {
  const batch = [...state.pending.values()];
  state.pending.clear();
  state.perListing.clear();
  return batch;
}

function putBack(batch: PendingView[]): void {
  for (const v of batch) {
    const key = `${v.listingId}|${v.day}|${v.viewer}`;
    if (state.pending.has(key)) continue;
    state.pending.set(key, v);
    if (counts(v.viewer)) state.perListing.set(v.listingId, (state.perListing.get(v.listingId) ?? 0) + 1);
  }
}

/** Writes the pending views; returns how many listings had views counted (new viewers). */
export async function flushViews(): Promise<number> {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  const db = state.db;
  if (!db || state.pending.size === 0) return 0;
  const batch = takePending();
  try {
    const today = dayOf(Date.now());
    const listings = await db.kysely.transaction().execute(async (tx) => {
      // A listing deleted meanwhile writes nothing (no foreign key error).
      const ids = [...new Set(batch.map((v) => v.listingId))];
      const live = new Set<number>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await tx
          .selectFrom("listings")
          .select("id")
          .where("id", "in", ids.slice(i, i + CHUNK))
          .execute();
        for (const r of rows) live.add(Number(r.id));
      }
      const rows = batch.filter((v) => live.has(v.listingId));
      // Only the viewers not yet stored (by any instance) for that listing and day come back.
      const counted = new Map<string, { listingId: number; day: number; n: number }>();
      for (let i = 0; i < rows.length; i += CHUNK) {
        const inserted = await tx
          .insertInto("listing_viewers")
          .values(rows.slice(i, i + CHUNK).map((v) => ({ listing_id: v.listingId, day: v.day, viewer: v.viewer, at: v.at })))
          .onConflict((oc) => oc.columns(["listing_id", "day", "viewer"]).doNothing())
          .returning(["listing_id", "day", "viewer"])
          .execute();
        for (const r of inserted) {
          if (!counts(r.viewer)) continue;
          const k = `${r.listing_id}|${r.day}`;
          const c = counted.get(k);
          if (c) c.n++;
          else counted.set(k, { listingId: Number(r.listing_id), day: Number(r.day), n: 1 });
        }
      }
      const perListing = new Map<number, number>();
      for (const c of counted.values()) perListing.set(c.listingId, (perListing.get(c.listingId) ?? 0) + c.n);
      for (const [id, n] of perListing)
        await tx
          .updateTable("listings")
          .set((eb) => ({ view_count: eb("view_count", "+", n) }))
          .where("id", "=", id)
          .execute();
      for (const c of counted.values())
        await tx
          .insertInto("listing_view_days")
          .values({ listing_id: c.listingId, day: c.day, views: c.n })
          .onConflict((oc) => oc.columns(["listing_id", "day"]).doUpdateSet((eb) => ({ views: eb("listing_view_days.views", "+", eb.ref("excluded.views")) })))
          .execute();
      // Once a day is enough to keep a month.
      if (state.prunedDay !== today) {
        await tx
          .deleteFrom("listing_view_days")
          .where("day", "<", today - VIEW_DAYS_KEPT)
          .execute();
        await tx
          .deleteFrom("listing_viewers")
          .where("day", "<", today - VIEW_DAYS_KEPT)
          .execute();
      }
      return perListing.size;
    });
    state.prunedDay = today;
    return listings;
  } catch (e) {
    // Keep them for the next try.
    putBack(batch);
    throw e;
  }
}

/** Views counted but not yet written (the page adds them to what it shows). */
export function pendingViews(listingId: number): number {
  return state.perListing.get(listingId) ?? 0;
}

/** Views of a listing in the last `days` days (today included), written and pending. */
export async function viewsInLastDays(db: Database, listingId: number, days: number, now = Date.now()): Promise<number> {
  const row = await db.kysely
    .selectFrom("listing_view_days")
    .select((eb) => eb.fn.sum<number | string | null>("views").as("n"))
    .where("listing_id", "=", listingId)
    .where("day", ">", dayOf(now) - days)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + pendingViews(listingId);
}

/**
 * A signed-out visitor's device history (the views its browser kept before it had a visitor cookie,
 * counted then under its address): stored as the visitor's views, so its push device hears of their
 * price drops. Not counted again: a view is counted when it happens. Views outside the kept window
 * or in the future, and listings that are gone, are skipped. Returns how many went in.
 */
export async function storeVisitorViews(db: Database, visitorId: string, views: { listingId: number; viewedAt: number }[], now = Date.now()): Promise<number> {
  const today = dayOf(now);
  const recent = views.filter((v) => v.viewedAt <= now && dayOf(v.viewedAt) >= today - VIEW_DAYS_KEPT);
  if (recent.length === 0) return 0;
  const live = await existingListingIds(
    db,
    recent.map((v) => v.listingId),
  );
  const rows = recent
    .filter((v) => live.has(v.listingId))
    .map((v) => ({ listing_id: v.listingId, day: dayOf(v.viewedAt), viewer: visitorViewer(visitorId), at: v.viewedAt }));
  if (rows.length === 0) return 0;
  const inserted = await db.kysely
    .insertInto("listing_viewers")
    .values(rows)
    .onConflict((oc) => oc.columns(["listing_id", "day", "viewer"]).doNothing())
    .returning("listing_id")
    .execute();
  return inserted.length;
}

/** Forgets this process's memory of today's viewers (tests: another instance, or a restart). */
export function forgetSeenViewers(): void {
  state.seen.clear();
}
