import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { inventoryChanges } from "./changes.server.ts";
import { testDealer, testListing } from "../../../tests/support/inventory.ts";
import { markVanishedSold, upsertListings, upsertOwners, type ListingInput, type OwnerInput } from "./upsert.server.ts";

const T0 = Date.UTC(2026, 9, 1);

/** The shared dealer with a phone, a website, a rating and online buying. */
function owner(external_id: string): OwnerInput {
  return testDealer(external_id, {
    name: "Lakeside Toyota",
    phone: "555-0100",
    email: null,
    website: "https://lakeside-toyota.example",
    street: "1 Main St",
    rating: 4.5,
    rating_count: 120,
    home_services: ",BUY_ONLINE,",
  });
}

/** The shared RAV4 described in full (drive, engine, colours, EPA figures, features, history), rated fair at its price. */
function listing(vin: string, ownerId: number, price: number, extra: Partial<ListingInput> = {}): ListingInput {
  return testListing(vin, ownerId, {
    trim_code: "TOYOTA|XLE",
    fuel_type: "Regular",
    drive: "All-Wheel Drive",
    engine: "2.5L 4-Cylinder",
    displacement: 2.5,
    cylinders: 4,
    transmission: "Automatic (S8)",
    ext_color_name: "Blue",
    int_color_name: "Black",
    mileage: 42000,
    sale_price: price,
    msrp: 30000,
    mpg_city: 27,
    mpg_highway: 34,
    mpg_combined: 30,
    features: ",BACKUP_CAMERA,",
    home_services: ",BUY_ONLINE,",
    vehicle_history: ",CLEAN_TITLE,",
    image_count: 6,
    market_price: price,
    ...extra,
  });
}

describe.each(testDatabaseFactories())("inventory write path on $name", (factory) => {
  let t: TestDatabase;
  let ownerId: number;
  beforeAll(async () => {
    t = await factory.create();
    const ids = await upsertOwners(t.db, [owner("DLR-1")], T0);
    ownerId = ids.get("DLR-1")!;
  });
  afterAll(async () => {
    await t.drop();
  });

  it("creates every table by migration", async () => {
    const n = await t.db.kysely
      .selectFrom("listings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
    const refs = await t.db.kysely.selectFrom("ref_trims").selectAll().execute();
    expect(refs).toEqual([]);
  });

  it("upserts owners by external id without duplicating them", async () => {
    const again = await upsertOwners(t.db, [{ ...owner("DLR-1"), name: "Lakeside Toyota of Atlanta" }], T0);
    expect(again.get("DLR-1")).toBe(ownerId);
    const rows = await t.db.kysely.selectFrom("owners").select(["id", "name"]).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe("Lakeside Toyota of Atlanta");
  });

  it("inserts new VINs with their price history and announces them", async () => {
    const seen: number[] = [];
    const off = inventoryChanges.on((c) => seen.push(...c.ids));
    const r = await upsertListings(
      t.db,
      [
        listing("2T3P1RFV8MC000001", ownerId, 27500, {
          date_listed: T0 - 20 * 86400000,
          price_history: [
            { price: 28900, at: T0 - 20 * 86400000 },
            { price: 27500, at: T0 - 5 * 86400000 },
          ],
          is_reduced_price: 1,
        }),
        listing("2T3P1RFV8MC000002", ownerId, 31000),
      ],
      T0,
    );
    off();
    expect(r).toMatchObject({ inserted: 2, updated: 0, priceChanges: 0 });
    expect(seen).toEqual(r.ids);
    const history = await t.db.kysely
      .selectFrom("listing_price_history")
      .select(["price", "recorded_at"])
      .where("listing_id", "=", r.ids[0]!)
      .orderBy("recorded_at")
      .execute();
    expect(history.map((h) => h.price)).toEqual([28900, 27500]);
    const row = await t.db.kysely.selectFrom("listings").selectAll().where("id", "=", r.ids[0]!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "active", sale_price: 27500, is_reduced_price: 1, date_listed: T0 - 20 * 86400000 });
  });

  it("updates a known VIN, records a price change and keeps the listing date", async () => {
    const r = await upsertListings(t.db, [listing("2T3P1RFV8MC000002", ownerId, 29900, { mileage: 42100 })], T0 + 1000);
    expect(r).toMatchObject({ inserted: 0, updated: 1, priceChanges: 1 });
    const row = await t.db.kysely.selectFrom("listings").selectAll().where("vin", "=", "2T3P1RFV8MC000002").executeTakeFirstOrThrow();
    expect(row.sale_price).toBe(29900);
    expect(row.mileage).toBe(42100);
    expect(row.is_reduced_price).toBe(1);
    expect(row.date_listed).toBe(T0);
    expect(row.updated_at).toBe(T0 + 1000);
    const history = await t.db.kysely.selectFrom("listing_price_history").select("price").where("listing_id", "=", row.id).orderBy("recorded_at").execute();
    expect(history.map((h) => h.price)).toEqual([31000, 29900]);
  });

  it("does not add history when the price is unchanged", async () => {
    const r = await upsertListings(t.db, [listing("2T3P1RFV8MC000002", ownerId, 29900)], T0 + 2000);
    expect(r.priceChanges).toBe(0);
    const row = await t.db.kysely.selectFrom("listings").select(["id", "is_reduced_price"]).where("vin", "=", "2T3P1RFV8MC000002").executeTakeFirstOrThrow();
    expect(row.is_reduced_price).toBe(1);
    const history = await t.db.kysely.selectFrom("listing_price_history").select("price").where("listing_id", "=", row.id).execute();
    expect(history).toHaveLength(2);
  });

  it("marks a dealer's vanished VINs as sold", async () => {
    const gone = await markVanishedSold(t.db, ownerId, new Set(["2T3P1RFV8MC000002"]), T0 + 3000);
    expect(gone).toHaveLength(1);
    const rows = await t.db.kysely.selectFrom("listings").select(["vin", "status", "sold_at"]).orderBy("vin").execute();
    expect(rows).toEqual([
      { vin: "2T3P1RFV8MC000001", status: "sold", sold_at: T0 + 3000 },
      { vin: "2T3P1RFV8MC000002", status: "active", sold_at: null },
    ]);
  });

  it("re-activates a sold VIN that comes back in a feed", async () => {
    await upsertListings(t.db, [listing("2T3P1RFV8MC000001", ownerId, 27000)], T0 + 4000);
    const row = await t.db.kysely
      .selectFrom("listings")
      .select(["status", "sold_at", "sale_price"])
      .where("vin", "=", "2T3P1RFV8MC000001")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "active", sold_at: null, sale_price: 27000 });
  });
});
