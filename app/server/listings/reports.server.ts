// Reports on listings (issue 6). Each reporter (visitor cookie, else address) counts once per
// listing; a listing reported by REVIEW_THRESHOLD distinct reporters since its last review is
// hidden from search (status "review") until an operator clears it (clearListingReview). The
// change is announced, so the search index drops it at once; feeds cannot bring it back.
import type { Database } from "../db/connection.server.ts";
import { inventoryChanges } from "../inventory/changes.server.ts";
import { refreshMarketForListings } from "../inventory/market.server.ts";
import type { ReportReason } from "../../lib/listing-forms.ts";

/** Distinct reporters that hide a listing pending review. */
export const REVIEW_THRESHOLD = 3;

export interface ReportResult {
  /** False when this reporter had already reported the listing (nothing new stored). */
  stored: boolean;
  /** Distinct reporters since the last review. */
  reporters: number;
  hidden: boolean;
}

export async function reportListing(
  db: Database,
  listingId: number,
  report: { reason: ReportReason; comment?: string | null; reporterKey: string; ip: string | null },
  now = Date.now(),
): Promise<ReportResult> {
  const inserted = await db.kysely
    .insertInto("listing_reports")
    .values({ listing_id: listingId, reason: report.reason, comment: report.comment || null, reporter_key: report.reporterKey, ip: report.ip, created_at: now })
    .onConflict((oc) => oc.columns(["listing_id", "reporter_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  const listing = await db.kysely.selectFrom("listings").select(["status", "reviewed_at"]).where("id", "=", listingId).executeTakeFirst();
  const since = listing?.reviewed_at == null ? 0 : Number(listing.reviewed_at);
  const counted = await db.kysely
    .selectFrom("listing_reports")
    .select((eb) => eb.fn.count<number>("reporter_key").distinct().as("n"))
    .where("listing_id", "=", listingId)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  const reporters = Number(counted.n);
  let hidden = listing?.status === "review";
  if (!hidden && listing?.status === "active" && reporters >= REVIEW_THRESHOLD) {
    const r = await db.kysely
      .updateTable("listings")
      .set({ status: "review", updated_at: now })
      .where("id", "=", listingId)
      .where("status", "=", "active")
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) > 0) {
      hidden = true;
      inventoryChanges.emit({ kind: "listings", ids: [listingId], at: now });
      await refreshMarketForListings(db, [listingId], now);
    }
  }
  return { stored: inserted !== undefined, reporters, hidden };
}

/** Ends a listing's review with the operator's decision; false when it was not in review. */
async function endReview(db: Database, listingId: number, status: "active" | "expired", now: number): Promise<boolean> {
  const r = await db.kysely
    .updateTable("listings")
    .set({ status, reviewed_at: now, updated_at: now })
    .where("id", "=", listingId)
    .where("status", "=", "review")
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  inventoryChanges.emit({ kind: "listings", ids: [listingId], at: now });
  return true;
}

/** An operator's review found nothing wrong: the listing is searchable again; older reports no longer count. */
export async function clearListingReview(db: Database, listingId: number, now = Date.now()): Promise<boolean> {
  if (!(await endReview(db, listingId, "active", now))) return false;
  await refreshMarketForListings(db, [listingId], now);
  return true;
}

/** Listings waiting for review, most reported first (for an operator's list). */
export async function listingsInReview(db: Database): Promise<{ id: number; reports: number }[]> {
  const rows = await db.kysely
    .selectFrom("listings as l")
    .innerJoin("listing_reports as r", "r.listing_id", "l.id")
    .select(["l.id", (eb) => eb.fn.count<number>("r.id").as("n")])
    .where("l.status", "=", "review")
    .groupBy("l.id")
    .orderBy("n", "desc")
    .execute();
  return rows.map((r) => ({ id: Number(r.id), reports: Number(r.n) }));
}

/** An operator's review upheld the reports: the listing is taken down for good (shown as no longer available). */
export function takeDownListing(db: Database, listingId: number, now = Date.now()): Promise<boolean> {
  return endReview(db, listingId, "expired", now);
}

export interface ReviewItem {
  id: number;
  title: string;
  price: number;
  seller: string;
  reports: { reason: string; comment: string | null; at: number }[];
}

/** The operator's list: listings in review, most reported first, with every report. */
export async function reviewQueue(db: Database): Promise<ReviewItem[]> {
  const queue = await listingsInReview(db);
  if (queue.length === 0) return [];
  const ids = queue.map((q) => q.id);
  const [listings, reports] = await Promise.all([
    db.kysely
      .selectFrom("listings as l")
      .innerJoin("owners as o", "o.id", "l.owner_id")
      .select(["l.id", "l.title", "l.sale_price", "o.name"])
      .where("l.id", "in", ids)
      .execute(),
    db.kysely.selectFrom("listing_reports").select(["listing_id", "reason", "comment", "created_at"]).where("listing_id", "in", ids).orderBy("created_at").execute(),
  ]);
  const byId = new Map(listings.map((l) => [Number(l.id), l]));
  return queue.flatMap((q) => {
    const l = byId.get(q.id);
    if (!l) return [];
    return [
      {
        id: q.id,
        title: l.title,
        price: Number(l.sale_price),
        seller: l.name,
        reports: reports
          .filter((r) => Number(r.listing_id) === q.id)
          .map((r) => ({ reason: r.reason, comment: r.comment, at: Number(r.created_at) })),
      },
    ];
  });
}
