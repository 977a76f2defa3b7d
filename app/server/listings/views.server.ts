// View counts (issue 6) without slowing the page: a view is counted in memory and the counts are
// written in one transaction every few seconds (and on shutdown). updated_at is not touched, so the
// search index does not churn on views. Bots are not counted.
import type { Database } from "../db/connection.server.ts";

const KEY = Symbol.for("forecourt.viewCounts");
type Holder = { [KEY]?: { counts: Map<number, number>; timer: NodeJS.Timeout | null; db: Database | null } };
const state = ((globalThis as Holder)[KEY] ??= { counts: new Map(), timer: null, db: null });

export const VIEW_FLUSH_MS = 5_000;

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
    await db.kysely.transaction().execute(async (tx) => {
      for (const [id, n] of batch) {
        await tx
          .updateTable("listings")
          .set((eb) => ({ view_count: eb("view_count", "+", n) }))
          .where("id", "=", id)
          .execute();
      }
    });
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
