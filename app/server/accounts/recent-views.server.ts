// Browsing history of signed-in shoppers (docs/accounts.md: "Still Interested alert. Alert for a
// recently viewed vehicle; dismissible and remembered ... per listing id"; "Logged-in state
// hydrates ... the still-interested beacon"; "Bots skip browsing-history fetching").
// Decision 018. Every query is scoped by the session's user id.
import { photoFallbackUrl } from "../../lib/photos.ts";
import { vehicleName } from "../../lib/listing.ts";
import { sql } from "kysely";
import type { Database } from "../db/connection.server.ts";
import { existingListingIds, loadListingSummaries } from "../listings/summaries.server.ts";
import { visitorViewer } from "../listings/views.server.ts";
import { STILL_INTERESTED_MAX, STILL_INTERESTED_WINDOW_MS } from "../../lib/still-interested.ts";

/** Cars kept per shopper (the oldest go). */
export const RECENT_VIEWS_KEPT = 20;
export { STILL_INTERESTED_VIEW_DAYS, STILL_INTERESTED_WINDOW_MS } from "../../lib/still-interested.ts";

export interface RecentCar {
  listingId: number;
  title: string;
  price: number;
  mileage: number;
  bodyStyleCode: string;
  extColor: string;
  /** The dealer's primary photo (a small JPEG), or null: the drawing shows (docs/photos.md). */
  photo: string | null;
  vin: string;
  viewedAt: number;
}

/** Records a view (the latest time per car) and keeps the newest RECENT_VIEWS_KEPT. */
export async function recordView(db: Database, userId: number, listingId: number, now = Date.now()): Promise<void> {
  await db.kysely
    .insertInto("recent_views")
    .values({ user_id: userId, listing_id: listingId, viewed_at: now, dismissed_at: null })
    .onConflict((oc) => oc.columns(["user_id", "listing_id"]).doUpdateSet({ viewed_at: now }))
    .execute();
  const keep = db.kysely
    .selectFrom("recent_views")
    .select("listing_id")
    .where("user_id", "=", userId)
    .orderBy("viewed_at", "desc")
    .orderBy("listing_id", "desc")
    .limit(RECENT_VIEWS_KEPT);
  await db.kysely.deleteFrom("recent_views").where("user_id", "=", userId).where("listing_id", "not in", keep).execute();
}

/**
 * Sign-in: the cars the visitor viewed with its visitor cookie on this site's pages (listing_viewers,
 * ADR 036) join the account's history, so its price drops follow the account.
 */
export async function mergeVisitorViews(db: Database, userId: number, visitorId: string, now = Date.now()): Promise<void> {
  const rows = await db.kysely
    .selectFrom("listing_viewers")
    .select(["listing_id", (eb) => eb.fn.max("at").as("at")])
    .where("viewer", "=", visitorViewer(visitorId))
    .groupBy("listing_id")
    .execute();
  const views = rows.map((r) => ({ listingId: Number(r.listing_id), viewedAt: Number(r.at) })).sort((a, b) => b.viewedAt - a.viewedAt);
  await mergeViews(db, userId, views, now);
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
  const byId = new Map(
    (
      await loadListingSummaries(
        db,
        rows.map((r) => Number(r.id)),
      )
    ).map((l) => [l.id, l]),
  );
  return rows.flatMap((r) => {
    const l = byId.get(Number(r.id));
    return l
      ? [
          {
            listingId: l.id,
            title: vehicleName(l),
            price: l.salePrice,
            mileage: l.mileage,
            bodyStyleCode: l.bodyStyleCode,
            extColor: l.extColorSimple,
            photo: l.photos[0] ? photoFallbackUrl(l.photos[0], 320) : null,
            vin: l.vin,
            viewedAt: Number(r.viewed_at),
          },
        ]
      : [];
  });
}

/** The shopper's recently viewed cars still for sale, newest first. */
export async function recentlyViewed(db: Database, userId: number, limit = 6): Promise<RecentCar[]> {
  return carsOf(db, await recentQuery(db, userId).limit(limit).execute());
}

/**
 * The cars 'Still interested?' asks about: up to STILL_INTERESTED_MAX viewed within the window,
 * still for sale and not dismissed, newest first. A dismissed car is not asked about again.
 */
export async function stillInterested(db: Database, userId: number, now = Date.now(), limit = STILL_INTERESTED_MAX): Promise<RecentCar[]> {
  const rows = await recentQuery(db, userId)
    .where("recent_views.viewed_at", ">=", now - STILL_INTERESTED_WINDOW_MS)
    .where("recent_views.dismissed_at", "is", null)
    .limit(limit)
    .execute();
  return carsOf(db, rows);
}

/** Local history sent at sign-in (decision 023): views newer than the account's are kept, the newest RECENT_VIEWS_KEPT in all. */
export async function mergeViews(db: Database, userId: number, views: { listingId: number; viewedAt: number }[], now = Date.now()): Promise<void> {
  const recent = views.filter((v) => v.viewedAt <= now && v.viewedAt > now - 30 * 24 * 3600 * 1000).slice(0, RECENT_VIEWS_KEPT);
  if (recent.length === 0) return;
  const active = await existingListingIds(
    db,
    recent.map((v) => v.listingId),
  );
  for (const v of recent.filter((v) => active.has(v.listingId))) {
    await db.kysely
      .insertInto("recent_views")
      .values({ user_id: userId, listing_id: v.listingId, viewed_at: v.viewedAt, dismissed_at: null })
      .onConflict((oc) =>
        oc
          .columns(["user_id", "listing_id"])
          .doUpdateSet({ viewed_at: sql<number>`CASE WHEN recent_views.viewed_at > ${v.viewedAt} THEN recent_views.viewed_at ELSE ${v.viewedAt} END` }),
      )
      .execute();
  }
  const keep = db.kysely
    .selectFrom("recent_views")
    .select("listing_id")
    .where("user_id", "=", userId)
    .orderBy("viewed_at", "desc")
    .orderBy("listing_id", "desc")
    .limit(RECENT_VIEWS_KEPT);
  await db.kysely.deleteFrom("recent_views").where("user_id", "=", userId).where("listing_id", "not in", keep).execute();
}

/** 'Dismiss': never asked about this car again, even after another view (remembered per car). */
export async function dismissStillInterested(db: Database, userId: number, listingId: number, now = Date.now()): Promise<void> {
  await db.kysely.updateTable("recent_views").set({ dismissed_at: now }).where("user_id", "=", userId).where("listing_id", "=", listingId).execute();
}
