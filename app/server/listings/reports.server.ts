// Reports on listings (docs/decisions/020-verified-identity-and-reports.md, which replaces the
// visitor-cookie count of 015). Every report is stored for the operator; one per reporter and
// listing. Only signed-in accounts with a verified email count as independent reporters (a
// visitor id or an address costs nothing to mint). A car stays visible until an operator acts,
// unless REPORT_HIDE_ACCOUNTS distinct verified accounts from REPORT_HIDE_NETWORKS distinct networks
// (IPv4 /24, IPv6 /48) reported it within REPORT_HIDE_WINDOW_MS since its last review: then it is
// hidden (status "review") and the seller is mailed why. The operator relists, keeps or takes down
// any reported listing; a take-down is mailed to the seller too. Changes are announced, so the
// search index follows at once.
import { REPORT_HIDE_ACCOUNTS, REPORT_HIDE_NETWORKS, REPORT_HIDE_WINDOW_MS } from "../../lib/constants.ts";
import { REPORT_REASONS, type ReportReason } from "../../lib/listing-forms.ts";
import { PATHS } from "../../lib/routes.ts";
import type { Database } from "../db/connection.server.ts";
import { siteUrl } from "../env.server.ts";
import { inventoryChanges } from "../inventory/changes.server.ts";
import { refreshMarketForListings } from "../inventory/market.server.ts";
import { enqueueMail } from "../mail/outbox.server.ts";

export interface ReportResult {
  /** False when this reporter had already reported the listing (nothing new stored). */
  stored: boolean;
  /** Distinct verified accounts that reported it within the window since its last review. */
  accounts: number;
  /** Distinct networks those accounts reported from. */
  networks: number;
  hidden: boolean;
}

/** The network an address belongs to, for counting independent reporters: IPv4 /24, IPv6 /48. */
export function addressNetwork(ip: string | null): string {
  if (!ip) return "unknown";
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip.trim());
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (ip.includes(":")) {
    const [head = "", tail = ""] = ip.trim().toLowerCase().split("::");
    const left = head ? head.split(":") : [];
    const right = tail ? tail.split(":") : [];
    const groups = ip.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
    return `${groups
      .slice(0, 3)
      .map((g) => (g || "0").replace(/^0+(?=.)/, ""))
      .join(":")}::/48`;
  }
  return ip;
}

export async function reportListing(
  db: Database,
  listingId: number,
  report: { reason: ReportReason; comment?: string | null; reporterKey: string; ip: string | null; userId?: number | null },
  now = Date.now(),
): Promise<ReportResult> {
  const inserted = await db.kysely
    .insertInto("listing_reports")
    .values({
      listing_id: listingId,
      reason: report.reason,
      comment: report.comment || null,
      reporter_key: report.reporterKey,
      ip: report.ip,
      user_id: report.userId ?? null,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(["listing_id", "reporter_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  const listing = await db.kysely.selectFrom("listings").select(["status", "reviewed_at"]).where("id", "=", listingId).executeTakeFirst();
  const since = Math.max(listing?.reviewed_at == null ? 0 : Number(listing.reviewed_at), now - REPORT_HIDE_WINDOW_MS);
  const verified = await db.kysely
    .selectFrom("listing_reports")
    .select(["user_id", "ip"])
    .where("listing_id", "=", listingId)
    .where("user_id", "is not", null)
    .where("created_at", ">", since)
    .execute();
  const accounts = new Set(verified.map((r) => Number(r.user_id))).size;
  const networks = new Set(verified.map((r) => addressNetwork(r.ip))).size;
  let hidden = listing?.status === "review";
  if (!hidden && listing?.status === "active" && accounts >= REPORT_HIDE_ACCOUNTS && networks >= REPORT_HIDE_NETWORKS) {
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
      await tellSeller(db, listingId, "hidden", now);
    }
  }
  return { stored: inserted !== undefined, accounts, networks, hidden };
}

/** Reports since the listing's last review (what the operator decides on). */
async function openReports(db: Database, listingIds: number[]) {
  if (listingIds.length === 0) return [];
  return db.kysely
    .selectFrom("listing_reports as r")
    .innerJoin("listings as l", "l.id", "r.listing_id")
    .select(["r.listing_id", "r.reason", "r.comment", "r.created_at", "r.user_id"])
    .where("r.listing_id", "in", listingIds)
    .where((eb) => eb.or([eb("l.reviewed_at", "is", null), eb("r.created_at", ">", eb.ref("l.reviewed_at"))]))
    .orderBy("r.created_at")
    .execute();
}

/** The seller is told why: their listing was hidden pending review, or taken down after it. */
async function tellSeller(
  db: Database,
  listingId: number,
  what: "hidden" | "removed",
  now: number,
  reported?: Awaited<ReturnType<typeof openReports>>,
): Promise<void> {
  const l = await db.kysely
    .selectFrom("listings as l")
    .innerJoin("owners as o", "o.id", "l.owner_id")
    .select(["l.title", "o.email"])
    .where("l.id", "=", listingId)
    .executeTakeFirst();
  if (!l?.email) return;
  const reports = reported ?? (await openReports(db, [listingId]));
  const tally = new Map<string, number>();
  for (const r of reports) {
    const label = r.reason in REPORT_REASONS ? REPORT_REASONS[r.reason as ReportReason] : r.reason;
    tally.set(label, (tally.get(label) ?? 0) + 1);
  }
  const reasons = [...tally].map(([label, n]) => `- ${label} (${n} ${n === 1 ? "report" : "reports"})`);
  const url = siteUrl(PATHS.vehicle(listingId));
  const text =
    what === "hidden"
      ? [
          `Your listing "${l.title}" is hidden from search while our team reviews it: shoppers with verified accounts reported it.`,
          "",
          "What they reported:",
          ...reasons,
          "",
          "If the reports are wrong, reply to this mail; an operator will relist it. Nothing else changes until then.",
          `The listing: ${url}`,
        ]
      : [
          `Your listing "${l.title}" was taken down after our team reviewed the reports on it.`,
          "",
          "What shoppers reported:",
          ...reasons,
          "",
          "If you think this is a mistake, reply to this mail.",
          `The listing: ${url}`,
        ];
  await enqueueMail(
    db,
    {
      to: l.email,
      subject: what === "hidden" ? `Your listing is hidden pending review: ${l.title}` : `Your listing was taken down: ${l.title}`,
      text: text.join("\n"),
      kind: what === "hidden" ? "listing-hidden" : "listing-removed",
      dedupeKey: `listing-${what}:${listingId}:${now}`,
    },
    now,
  );
}

/**
 * Ends a review with the operator's decision: "active" (relist a hidden car, or keep a reported
 * one listed; the reports so far no longer count) or "expired" (take it down). False when the
 * listing had nothing waiting: neither hidden nor reported since its last review.
 */
async function endReview(db: Database, listingId: number, status: "active" | "expired", now: number): Promise<boolean> {
  const listing = await db.kysely.selectFrom("listings").select(["status", "reviewed_at"]).where("id", "=", listingId).executeTakeFirst();
  if (!listing) return false;
  if (listing.status !== "review") {
    if (listing.status !== "active" || (await openReports(db, [listingId])).length === 0) return false;
  }
  const r = await db.kysely
    .updateTable("listings")
    .set({ status, reviewed_at: now, updated_at: now })
    .where("id", "=", listingId)
    .where("status", "=", listing.status)
    .where((eb) => (listing.reviewed_at === null ? eb("reviewed_at", "is", null) : eb("reviewed_at", "=", listing.reviewed_at)))
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  inventoryChanges.emit({ kind: "listings", ids: [listingId], at: now });
  return true;
}

/** An operator's review found nothing wrong: the listing is (again) searchable; older reports no longer count. */
export async function clearListingReview(db: Database, listingId: number, now = Date.now()): Promise<boolean> {
  if (!(await endReview(db, listingId, "active", now))) return false;
  await refreshMarketForListings(db, [listingId], now);
  return true;
}

/** An operator's review upheld the reports: the listing is taken down for good, and the seller told why. */
export async function takeDownListing(db: Database, listingId: number, now = Date.now()): Promise<boolean> {
  // The reasons are read before the review mark moves past them.
  const reports = await openReports(db, [listingId]);
  if (!(await endReview(db, listingId, "expired", now))) return false;
  await tellSeller(db, listingId, "removed", now, reports);
  return true;
}

export interface ReviewItem {
  id: number;
  title: string;
  price: number;
  seller: string;
  /** Hidden from search by the reports (status "review") or a price hold, or still listed. */
  hidden: boolean;
  /** Why its price is held for review (status "held"), or null. */
  held: string | null;
  reports: { reason: string; comment: string | null; at: number; verified: boolean }[];
}

/**
 * The operator's list: listings hidden by reports or held for their price, and listed ones
 * reported since their last review, hidden first, then most reported; with every open report.
 */
export async function reviewQueue(db: Database): Promise<ReviewItem[]> {
  const candidates = await db.kysely
    .selectFrom("listings as l")
    .innerJoin("listing_reports as r", "r.listing_id", "l.id")
    .select("l.id")
    .distinct()
    .where((eb) =>
      eb.or([
        eb("l.status", "=", "review"),
        eb.and([eb("l.status", "=", "active"), eb.or([eb("l.reviewed_at", "is", null), eb("r.created_at", ">", eb.ref("l.reviewed_at"))])]),
      ]),
    )
    .execute();
  // Prices held before they show (docs/decisions/030-no-stale-or-bait-listings.md), reported or not.
  const heldRows = await db.kysely.selectFrom("listings").select("id").where("status", "=", "held").execute();
  const ids = [...new Set([...candidates.map((c) => Number(c.id)), ...heldRows.map((r) => Number(r.id))])];
  if (ids.length === 0) return [];
  const [listings, reports] = await Promise.all([
    db.kysely
      .selectFrom("listings as l")
      .innerJoin("owners as o", "o.id", "l.owner_id")
      .select(["l.id", "l.title", "l.sale_price", "l.status", "l.hold_reason", "o.name"])
      .where("l.id", "in", ids)
      .execute(),
    openReports(db, ids),
  ]);
  const items = listings.map((l) => ({
    id: Number(l.id),
    title: l.title,
    price: Number(l.sale_price),
    seller: l.name,
    hidden: l.status === "review" || l.status === "held",
    held: l.status === "held" ? (l.hold_reason ?? "Price far below its market") : null,
    reports: reports
      .filter((r) => Number(r.listing_id) === Number(l.id))
      .map((r) => ({ reason: r.reason, comment: r.comment, at: Number(r.created_at), verified: r.user_id !== null })),
  }));
  return items
    .filter((i) => i.hidden || i.held !== null || i.reports.length > 0)
    .sort((a, b) => Number(b.hidden) - Number(a.hidden) || b.reports.length - a.reports.length || a.id - b.id);
}
