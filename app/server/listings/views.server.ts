// View counts (docs/vehicle-page.md) without slowing the page: a view is counted in memory and the counts are
// written in one transaction every few seconds (and on shutdown). updated_at is not touched, so the
// search index does not churn on views. Bots are not counted.
import type { Database } from "../db/connection.server.ts";
import { processSingleton } from "../singleton.server.ts";

type ViewState = { counts: Map<number, number>; timer: NodeJS.Timeout | null; db: Database | null; prunedDay?: number };
const state = processSingleton<ViewState>("viewCounts", () => ({ counts: new Map(), timer: null, db: null }));

export const VIEW_FLUSH_MS = 5_000;
/** Days of per-day counts kept (the widest window asked for is 7). */
export const VIEW_DAYS_KEPT = 31;
const DAY_MS = 86_400_000;

/** UTC days since 1970. */
export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

export function countView(db: Database, listingId: number): void {
  state.db = db;
  state.counts.set(listingId, (state.counts.get(listingId) ?? 0) + 1);
  if (!state.timer) {
    state.timer = setTimeout(() => void flushViews().catch(() => {}), VIEW_FLUSH_MS);
    state.timer.unref();
  }
}

/** Writes the pending counts; returns how many listings were updated. */
export async function flushViews(): Promise<number> {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  const db = state.db;
  if (!db || state.counts.size === 0) return 0;
  const batch = [...state.counts];
  state.counts.clear();
  try {
    const day = dayOf(Date.now());
    await db.kysely.transaction().execute(async (tx) => {
      for (const [id, n] of batch) {
        await tx
          .updateTable("listings")
          .set((eb) => ({ view_count: eb("view_count", "+", n) }))
          .where("id", "=", id)
          .execute();
        // From the listing row, so a listing deleted meanwhile writes nothing (no foreign key error).
        await tx
          .insertInto("listing_view_days")
          .columns(["listing_id", "day", "views"])
          .expression((eb) =>
            eb
              .selectFrom("listings")
              .select((s) => ["id", s.cast(s.val(day), "integer").as("day"), s.cast(s.val(n), "integer").as("views")])
              .where("id", "=", id),
          )
          .onConflict((oc) => oc.columns(["listing_id", "day"]).doUpdateSet((eb) => ({ views: eb("listing_view_days.views", "+", eb.ref("excluded.views")) })))
          .execute();
      }
      // Once a day is enough to keep a month.
      if (state.prunedDay !== day)
        await tx
          .deleteFrom("listing_view_days")
          .where("day", "<", day - VIEW_DAYS_KEPT)
          .execute();
    });
    state.prunedDay = day;
  } catch (e) {
    // Keep them for the next try.
    for (const [id, n] of batch) state.counts.set(id, (state.counts.get(id) ?? 0) + n);
    throw e;
  }
  return batch.length;
}

/** Views counted but not yet written (the page adds them to what it shows). */
export function pendingViews(listingId: number): number {
  return state.counts.get(listingId) ?? 0;
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
