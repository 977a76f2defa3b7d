// Price-alert subscriptions (by email, from the vehicle page). Sending lives in alerts.server.ts.
import type { Database } from "../db/connection.server.ts";

export interface PriceAlertView {
  id: number;
  listingId: number;
  title: string;
  price: number;
  status: string;
  active: boolean;
}

export async function listPriceAlerts(db: Database, email: string): Promise<PriceAlertView[]> {
  const rows = await db.kysely
    .selectFrom("price_alerts")
    .innerJoin("listings", "listings.id", "price_alerts.listing_id")
    .select(["price_alerts.id", "price_alerts.listing_id", "price_alerts.active", "listings.title", "listings.sale_price", "listings.status"])
    .where("price_alerts.email", "=", email)
    .where("price_alerts.confirmed_at", "is not", null)
    .orderBy("price_alerts.created_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    listingId: Number(r.listing_id),
    title: r.title,
    price: r.sale_price,
    status: r.status,
    active: r.active === 1,
  }));
}

export type SubscribeResult = { status: "subscribed" | "already"; id: number; confirmed: boolean; title: string } | { status: "missing" };

/**
 * Subscribes an address to one car's price drops. `confirmed` when the request proves the
 * address (a signed-in account that verified it); otherwise the alert waits for the link mailed to
 * the address (double opt-in) and nothing is sent before. Turning a stopped alert back on without
 * that proof needs the link again.
 */
export async function subscribePriceAlert(
  db: Database,
  email: string,
  listingId: number,
  opts: { confirmed: boolean },
  now = Date.now(),
): Promise<SubscribeResult> {
  const listing = await db.kysely
    .selectFrom("listings")
    .select(["id", "sale_price", "title"])
    .where("id", "=", listingId)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (!listing) return { status: "missing" };
  const confirmedAt = opts.confirmed ? now : null;
  const existing = await db.kysely
    .selectFrom("price_alerts")
    .select(["id", "active", "confirmed_at"])
    .where("email", "=", email)
    .where("listing_id", "=", listingId)
    .executeTakeFirst();
  if (existing) {
    const id = Number(existing.id);
    if (existing.active === 1 && existing.confirmed_at !== null) return { status: "already", id, confirmed: true, title: listing.title };
    const confirmed = existing.active === 1 ? (existing.confirmed_at ?? confirmedAt) : confirmedAt;
    await db.kysely
      .updateTable("price_alerts")
      .set({ active: 1, last_alert_price: listing.sale_price, confirmed_at: confirmed })
      .where("id", "=", existing.id)
      .execute();
    return { status: "subscribed", id, confirmed: confirmed !== null, title: listing.title };
  }
  await db.kysely
    .insertInto("price_alerts")
    .values({ email, listing_id: listingId, last_alert_price: listing.sale_price, active: 1, created_at: now, confirmed_at: confirmedAt })
    .onConflict((oc) => oc.columns(["email", "listing_id"]).doNothing())
    .execute();
  const row = await db.kysely
    .selectFrom("price_alerts")
    .select(["id", "confirmed_at"])
    .where("email", "=", email)
    .where("listing_id", "=", listingId)
    .executeTakeFirstOrThrow();
  return { status: "subscribed", id: Number(row.id), confirmed: row.confirmed_at !== null, title: listing.title };
}

/** Turns one of the shopper's own price alerts off (or back on); false when it is not theirs. */
export async function setPriceAlertActive(db: Database, email: string, alertId: number, active: boolean): Promise<boolean> {
  const r = await db.kysely
    .updateTable("price_alerts")
    .set({ active: active ? 1 : 0 })
    .where("id", "=", alertId)
    .where("email", "=", email)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
