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

export async function subscribePriceAlert(db: Database, email: string, listingId: number, now = Date.now()): Promise<"subscribed" | "already" | "missing"> {
  const listing = await db.kysely.selectFrom("listings").select(["id", "sale_price"]).where("id", "=", listingId).where("status", "=", "active").executeTakeFirst();
  if (!listing) return "missing";
  const existing = await db.kysely.selectFrom("price_alerts").select(["id", "active"]).where("email", "=", email).where("listing_id", "=", listingId).executeTakeFirst();
  if (existing) {
    if (existing.active === 1) return "already";
    await db.kysely.updateTable("price_alerts").set({ active: 1, last_alert_price: listing.sale_price }).where("id", "=", existing.id).execute();
    return "subscribed";
  }
  await db.kysely
    .insertInto("price_alerts")
    .values({ email, listing_id: listingId, last_alert_price: listing.sale_price, active: 1, created_at: now })
    .onConflict((oc) => oc.columns(["email", "listing_id"]).doNothing())
    .execute();
  return "subscribed";
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
