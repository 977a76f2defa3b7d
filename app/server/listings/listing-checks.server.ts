// No stale or bait listings (docs/decisions/030-no-stale-or-bait-listings.md).
//
// Stale: a dealer feed is the dealer's whole inventory, and each import confirms every car it
// lists (confirmed_at). A feed listing not confirmed for LISTING_CONFIRM_DAYS is hidden from search
// (status "unconfirmed") and its page says since when; the next feed that lists it brings it back
// (the upsert writes status "active"). Listings no feed ever confirmed (demo inventory) are left alone.
//
// Bait: after an import, a listing priced under BAIT_PRICE_SHARE of its comparables' average (the
// price verdict's market, app/lib/price-verdict.ts), with at least BAIT_MIN_COMPARABLES comparables,
// is held (status "held") with its reason until an operator lets it through or takes it down; the
// feed summary says why. A held listing whose price the feed raised out of the band is released.
//
// Every status change writes updated_at and is announced, so the search index of this instance
// follows at once and other instances catch up from updated_at.
import { BAIT_MIN_COMPARABLES, BAIT_PRICE_SHARE } from "../../lib/constants.ts";
import { formatPrice } from "../../lib/format.ts";
import type { Database } from "../db/connection.server.ts";
import { getEnv } from "../env.server.ts";
import { inventoryChanges } from "../inventory/changes.server.ts";
import { refreshMarketForListings } from "../inventory/market.server.ts";
import { reportError } from "../observability/log.server.ts";

const DAY_MS = 86_400_000;
const CHUNK = 500;

/** The feed listed these cars now. */
export async function confirmListings(db: Database, ids: number[], now = Date.now()): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK) {
    await db.kysely
      .updateTable("listings")
      .set({ confirmed_at: now })
      .where("id", "in", ids.slice(i, i + CHUNK))
      .execute();
  }
}

/** The instant before which a feed listing's last confirmation is too old. */
export function confirmationCutoff(now: number, days = getEnv().LISTING_CONFIRM_DAYS): number {
  return now - days * DAY_MS;
}

/** Hides the active feed listings not confirmed since the cutoff; returns their ids. */
export async function hideUnconfirmed(db: Database, now = Date.now(), days = getEnv().LISTING_CONFIRM_DAYS): Promise<number[]> {
  const cutoff = confirmationCutoff(now, days);
  const stale = await db.kysely
    .selectFrom("listings")
    .select("id")
    .where("status", "=", "active")
    .where("confirmed_at", "is not", null)
    .where("confirmed_at", "<", cutoff)
    .execute();
  const ids = stale.map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += CHUNK) {
    await db.kysely
      .updateTable("listings")
      .set({ status: "unconfirmed", updated_at: now })
      .where("id", "in", ids.slice(i, i + CHUNK))
      .where("status", "=", "active")
      // A feed may have confirmed it since the read above.
      .where("confirmed_at", "<", cutoff)
      .execute();
  }
  if (ids.length > 0) {
    inventoryChanges.emit({ kind: "listings", ids, at: now });
    await refreshMarketForListings(db, ids, now);
  }
  return ids;
}

/** Why a price is held, in the words the operator and the dealer read. */
export function baitReason(price: number, market: number, comparables: number): string {
  const share = Math.round((price / market) * 100);
  return `Price ${formatPrice(price)} is ${share}% of the ${formatPrice(market)} average of ${comparables} comparable cars (under ${Math.round(
    BAIT_PRICE_SHARE * 100,
  )}%)`;
}

/** True when the price is far enough below a trustworthy market to be held. */
export function isBaitPrice(price: number, market: number | null, comparables: number | null): boolean {
  return market !== null && comparables !== null && comparables >= BAIT_MIN_COMPARABLES && market > 0 && price < market * BAIT_PRICE_SHARE;
}

export interface HeldListing {
  id: number;
  vin: string;
  reason: string;
}

/**
 * Checks the prices of these listings (just imported, markets refreshed): holds the bait ones
 * (unless an operator let this very price through) and releases held ones no longer far below.
 */
export async function checkPrices(db: Database, ids: number[], now = Date.now()): Promise<{ held: HeldListing[]; released: number[] }> {
  const held: HeldListing[] = [];
  const released: number[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db.kysely
      .selectFrom("listings")
      .select(["id", "vin", "status", "sale_price", "market_price", "market_count", "hold_cleared_price", "hold_reason"])
      .where("id", "in", ids.slice(i, i + CHUNK))
      .where("status", "in", ["active", "held"])
      .execute();
    for (const r of rows) {
      const price = Number(r.sale_price);
      const market = r.market_price === null ? null : Number(r.market_price);
      const count = r.market_count === null ? null : Number(r.market_count);
      const cleared = r.hold_cleared_price !== null && Number(r.hold_cleared_price) === price;
      const bait = !cleared && isBaitPrice(price, market, count);
      if (bait) {
        const reason = baitReason(price, market!, count!);
        if (r.status !== "held" || r.hold_reason !== reason) {
          await db.kysely.updateTable("listings").set({ status: "held", hold_reason: reason, updated_at: now }).where("id", "=", Number(r.id)).execute();
        }
        held.push({ id: Number(r.id), vin: r.vin, reason });
      } else if (r.status === "held") {
        await db.kysely.updateTable("listings").set({ status: "active", hold_reason: null, updated_at: now }).where("id", "=", Number(r.id)).execute();
        released.push(Number(r.id));
      }
    }
  }
  const changed = [...held.map((h) => h.id), ...released];
  if (changed.length > 0) {
    inventoryChanges.emit({ kind: "listings", ids: changed, at: now });
    await refreshMarketForListings(db, changed, now);
  }
  return { held, released };
}

/** An operator let a held price through: listed at once, and this price is not held again. */
export async function releaseHold(db: Database, listingId: number, now = Date.now()): Promise<boolean> {
  const row = await db.kysely.selectFrom("listings").select(["status", "sale_price"]).where("id", "=", listingId).executeTakeFirst();
  if (row?.status !== "held") return false;
  const r = await db.kysely
    .updateTable("listings")
    .set({ status: "active", hold_reason: null, hold_cleared_price: Number(row.sale_price), reviewed_at: now, updated_at: now })
    .where("id", "=", listingId)
    .where("status", "=", "held")
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  inventoryChanges.emit({ kind: "listings", ids: [listingId], at: now });
  await refreshMarketForListings(db, [listingId], now);
  return true;
}

/** An operator found the held price was bait: taken down for good. */
export async function takeDownHeld(db: Database, listingId: number, now = Date.now()): Promise<boolean> {
  const r = await db.kysely
    .updateTable("listings")
    .set({ status: "expired", expired_at: now, reviewed_at: now, updated_at: now })
    .where("id", "=", listingId)
    .where("status", "=", "held")
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  inventoryChanges.emit({ kind: "listings", ids: [listingId], at: now });
  return true;
}

/** Checks stale feed listings now and then (every instance may run it: the update is idempotent). */
export function startListingChecks(
  db: Database,
  log: (message: string, extra?: Record<string, unknown>) => void,
  intervalMs = getEnv().LISTING_CHECKS_INTERVAL_MS,
): { stop(): void } {
  const run = () =>
    void hideUnconfirmed(db).then(
      (ids) => (ids.length > 0 ? log("feed listings not confirmed lately hidden from search", { listings: ids.length }) : undefined),
      (error: unknown) => reportError("hiding unconfirmed listings failed", error),
    );
  run();
  if (intervalMs === 0) return { stop() {} };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
