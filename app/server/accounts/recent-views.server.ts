// Browsing history of signed-in shoppers (SPEC section 4: "Still Interested alert. Alert for a
// recently viewed vehicle; dismissible and remembered ... per listing id"; "Logged-in state
// hydrates ... the still-interested beacon"; "Bots skip browsing-history fetching").
// Decision 018. Every query is scoped by the session's user id.
import { vehicleName } from "../../lib/listing.ts";
import type { Database } from "../db/connection.server.ts";
import { loadListingSummaries } from "../listings/summaries.server.ts";

/** Cars kept per shopper (the oldest go). */
export const RECENT_VIEWS_KEPT = 20;
/** 'Still interested?' asks about a car viewed within this long. */
export const STILL_INTERESTED_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Its view count covers this many days (the spec's listing-view-count "dateRange (7 for still-interested)"). */
export const STILL_INTERESTED_VIEW_DAYS = 7;

export interface RecentCar {
  listingId: number;
  title: string;
  price: number;
  mileage: number;
  bodyStyleCode: string;
  extColor: string;
  viewedAt: number;
}

/** Records a view (the latest time per car) and keeps the newest RECENT_VIEWS_KEPT. */
export async function recordView(db: Database, userId: number, listingId: number, now = Date.now()): Promise<void> {
  await db.kysely
    .insertInto("recent_views")
    .values({ user_id: userId, listing_id: listingId, viewed_at: now, dismissed_at: null })
    .onConflict((oc) => oc.columns(["user_id", "listing_id"]).doUpdateSet({ viewed_at: now }))
    .execute();
  const keep = db.kysely.selectFrom("recent_views").select("listing_id").where("user_id", "=", userId).orderBy("viewed_at", "desc").orderBy("listing_id", "desc").limit(RECENT_VIEWS_KEPT);
  await db.kysely.deleteFrom("recent_views").where("user_id", "=", userId).where("listing_id", "not in", keep).execute();
}

function recentQuery(db: Database, userId: number) {
  return db.kysely
    .selectFrom("recent_views")
    .innerJoin("listings", "listings.id", "recent_views.listing_id")
    .select(["listings.id", "recent_views.viewed_at"])
    .where("recent_views.user_id", "=", userId)
    .where("listings.status", "=", "active")
    .orderBy("recent_views.viewed_at", "desc")
    .orderBy("listings.id", "desc");
}

/** The cars as the site names them ("2021 Toyota RAV4 XLE"), in the rows' order. */
async function carsOf(db: Database, rows: { id: number; viewed_at: number }[]): Promise<RecentCar[]> {
  const byId = new Map((await loadListingSummaries(db, rows.map((r) => Number(r.id)))).map((l) => [l.id, l]));
  return rows.flatMap((r) => {
    const l = byId.get(Number(r.id));
    return l
      ? [{ listingId: l.id, title: vehicleName(l), price: l.salePrice, mileage: l.mileage, bodyStyleCode: l.bodyStyleCode, extColor: l.extColorSimple, viewedAt: Number(r.viewed_at) }]
      : [];
  });
}

/** The shopper's recently viewed cars still for sale, newest first. */
export async function recentlyViewed(db: Database, userId: number, limit = 6): Promise<RecentCar[]> {
  return carsOf(db, await recentQuery(db, userId).limit(limit).execute());
}

/**
 * The car 'Still interested?' asks about: the latest viewed car still for sale, viewed within the
 * window; none when the shopper dismissed it (the question does not move on to older cars).
 */
export async function stillInterested(db: Database, userId: number, now = Date.now()): Promise<RecentCar | null> {
  const row = await recentQuery(db, userId).select("recent_views.dismissed_at").where("recent_views.viewed_at", ">=", now - STILL_INTERESTED_WINDOW_MS).limit(1).executeTakeFirst();
  if (!row || row.dismissed_at != null) return null;
  return (await carsOf(db, [row]))[0] ?? null;
}

/** 'Dismiss': never asked about this car again, even after another view (remembered per car). */
export async function dismissStillInterested(db: Database, userId: number, listingId: number, now = Date.now()): Promise<void> {
  await db.kysely.updateTable("recent_views").set({ dismissed_at: now }).where("user_id", "=", userId).where("listing_id", "=", listingId).execute();
}
