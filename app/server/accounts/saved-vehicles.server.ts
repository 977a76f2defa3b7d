// Saved vehicles: a shopper's hearts, with the price when saved (for "change since saved" and
// the price-drop alerts). Every query is scoped by the user id from the session: one shopper
// can neither read nor change another's saves.
import type { Database } from "../db/connection.server.ts";

export interface SavedVehicle {
  listingId: number;
  title: string;
  status: string;
  price: number;
  priceAtSave: number;
  /** Current price minus the price when saved (negative = it dropped). */
  change: number;
  savedAt: number;
  mileage: number;
  bodyStyleCode: string;
  extColor: string;
}

export type SaveVehicleOutcome = "saved" | "missing" | "full";

/**
 * Saves an active listing: "missing" when it does not exist or is not active, "full" when the
 * account already keeps `max` cars (SAVED_VEHICLES_MAX in app/lib/constants.ts; saving one it
 * already has is fine).
 */
export async function saveVehicle(
  db: Database,
  userId: number,
  listingId: number,
  now = Date.now(),
  max = Number.POSITIVE_INFINITY,
): Promise<SaveVehicleOutcome> {
  const listing = await db.kysely
    .selectFrom("listings")
    .select(["id", "sale_price"])
    .where("id", "=", listingId)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (!listing) return "missing";
  if (Number.isFinite(max)) {
    const had = await db.kysely
      .selectFrom("saved_vehicles")
      .select("listing_id")
      .where("user_id", "=", userId)
      .where("listing_id", "=", listingId)
      .executeTakeFirst();
    if (had) return "saved";
    const n = await db.kysely
      .selectFrom("saved_vehicles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(n.n) >= max) return "full";
  }
  await db.kysely
    .insertInto("saved_vehicles")
    .values({ user_id: userId, listing_id: listingId, price_at_save: listing.sale_price, last_alert_price: listing.sale_price, saved_at: now, alerts: 1 })
    .onConflict((oc) => oc.columns(["user_id", "listing_id"]).doNothing())
    .execute();
  return "saved";
}

export async function unsaveVehicle(db: Database, userId: number, listingId: number): Promise<void> {
  await db.kysely.deleteFrom("saved_vehicles").where("user_id", "=", userId).where("listing_id", "=", listingId).execute();
}

export async function savedVehicleIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db.kysely.selectFrom("saved_vehicles").select("listing_id").where("user_id", "=", userId).execute();
  return rows.map((r) => Number(r.listing_id));
}

export async function listSavedVehicles(db: Database, userId: number): Promise<SavedVehicle[]> {
  const rows = await db.kysely
    .selectFrom("saved_vehicles")
    .innerJoin("listings", "listings.id", "saved_vehicles.listing_id")
    .select([
      "listings.id",
      "listings.title",
      "listings.status",
      "listings.sale_price",
      "listings.mileage",
      "listings.body_style_code",
      "listings.ext_color_simple",
      "saved_vehicles.price_at_save",
      "saved_vehicles.saved_at",
    ])
    .where("saved_vehicles.user_id", "=", userId)
    .orderBy("saved_vehicles.saved_at", "desc")
    .execute();
  return rows.map((r) => ({
    listingId: Number(r.id),
    title: r.title,
    status: r.status,
    price: r.sale_price,
    priceAtSave: r.price_at_save,
    change: r.sale_price - r.price_at_save,
    savedAt: Number(r.saved_at),
    mileage: r.mileage,
    bodyStyleCode: r.body_style_code,
    extColor: r.ext_color_simple,
  }));
}

/** Quick saves made signed out, moved into the account at sign-in (those past the cap are dropped). */
export async function mergeQuickSaves(db: Database, userId: number, ids: number[], max = Number.POSITIVE_INFINITY): Promise<void> {
  for (const id of ids) await saveVehicle(db, userId, id, Date.now(), max);
}

/** Listing summaries for quick saves shown to a signed-out shopper. */
export async function describeListings(db: Database, ids: number[]): Promise<{ listingId: number; title: string; price: number; status: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db.kysely.selectFrom("listings").select(["id", "title", "sale_price", "status"]).where("id", "in", ids).execute();
  return rows.map((r) => ({ listingId: Number(r.id), title: r.title, price: r.sale_price, status: r.status }));
}
