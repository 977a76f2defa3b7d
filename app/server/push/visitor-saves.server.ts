// A signed-out visitor's quick saves as its push device sees them (decision 023, migration 022).
// Quick saves live in a signed cookie (docs/accounts.md) the push run cannot read, so while the
// visitor has a push device of its own each quick save is also written here with the car's price
// then; the push run measures a drop against it. Unsaving removes the row; signing in hands the
// saves (and their prices) to the account and forgets them here.
import type { Database } from "../db/connection.server.ts";
import { visitorHasDevice } from "./subscriptions.server.ts";

/** Stores the visitor's saves of these cars (active ones, at today's price); an earlier save keeps its price. */
export async function storeVisitorSaves(db: Database, visitorId: string, listingIds: number[], now = Date.now()): Promise<number> {
  if (listingIds.length === 0) return 0;
  const live = await db.kysely.selectFrom("listings").select(["id", "sale_price"]).where("id", "in", listingIds).where("status", "=", "active").execute();
  if (live.length === 0) return 0;
  const inserted = await db.kysely
    .insertInto("visitor_saves")
    .values(live.map((l) => ({ visitor_id: visitorId, listing_id: Number(l.id), price_at_save: Number(l.sale_price), saved_at: now })))
    .onConflict((oc) => oc.columns(["visitor_id", "listing_id"]).doNothing())
    .returning("listing_id")
    .execute();
  return inserted.length;
}

/** A quick save made signed out: written only when the visitor has a push device of its own. */
export async function noteQuickSave(db: Database, visitorId: string | null, listingId: number, now = Date.now()): Promise<void> {
  if (visitorId && (await visitorHasDevice(db, visitorId))) await storeVisitorSaves(db, visitorId, [listingId], now);
}

export async function removeVisitorSave(db: Database, visitorId: string, listingId: number): Promise<void> {
  await db.kysely.deleteFrom("visitor_saves").where("visitor_id", "=", visitorId).where("listing_id", "=", listingId).execute();
}

/**
 * Sign-in, after the quick saves became the account's: each car the account saved from them keeps
 * the (higher) price the visitor saved it at, so a drop since then is still a drop; the visitor's
 * rows go.
 */
export async function handVisitorSavesToAccount(db: Database, visitorId: string, userId: number): Promise<void> {
  const rows = await db.kysely.selectFrom("visitor_saves").select(["listing_id", "price_at_save"]).where("visitor_id", "=", visitorId).execute();
  for (const r of rows)
    await db.kysely
      .updateTable("saved_vehicles")
      .set({ price_at_save: Number(r.price_at_save) })
      .where("user_id", "=", userId)
      .where("listing_id", "=", Number(r.listing_id))
      .where("price_at_save", "<", Number(r.price_at_save))
      .execute();
  await db.kysely.deleteFrom("visitor_saves").where("visitor_id", "=", visitorId).execute();
}
