import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { inventoryChanges } from "./changes.server.ts";
import { markVanishedSold, upsertListings, upsertOwners, type ListingInput, type OwnerInput } from "./upsert.server.ts";

const T0 = Date.UTC(2026, 9, 1);

function owner(external_id: string): OwnerInput {
  return {
    external_id,
    seller_type: "d",
    name: "Lakeside Toyota",
    phone: "555-0100",
    email: null,
    website: "https://lakeside-toyota.example",
    logo_url: null,
    street: "1 Main St",
    city: "Atlanta",
    state: "GA",
    zip: "30301",
    lat: 33.75,
    lon: -84.39,
    rating: 4.5,
    rating_count: 120,
    home_services: ",BUY_ONLINE,",
    hide_email_form: 0,
    tagline: null,
  };
}

function listing(vin: string, ownerId: number, price: number, extra: Partial<ListingInput> = {}): ListingInput {
  return {
    vin,
    owner_id: ownerId,
    listing_type: "USED",
    year: 2021,
    make_code: "TOYOTA",
    model_code: "RAV4",
    series_code: null,
    trim_id: null,
    trim_code: "TOYOTA|XLE",
    trim_name: "XLE",
    title: "Used 2021 Toyota RAV4 XLE",
    body_style_code: "SUVCROSS",
    body_subtype_code: null,
    fuel_type_group: "GSL",
    fuel_type: "Regular",
    drive_group: "AWD4WD",
    drive: "All-Wheel Drive",
    engine_code: "4CYL",
    engine: "2.5L 4-Cylinder",
    displacement: 2.5,
    cylinders: 4,
    transmission_code: "AUT",
    transmission: "Automatic (S8)",
    doors: 4,
    ext_color_simple: "BLUE",
    ext_color_name: "Blue",
    int_color_simple: "BLACK",
    int_color_name: "Black",
    mileage: 42000,
    sale_price: price,
    msrp: 30000,
    incentive: 0,
    mpg_city: 27,
    mpg_highway: 34,
    mpg_combined: 30,
    is_mpge: 0,
    electric_range: null,
    annual_fuel_cost: null,
    features: ",BACKUP_CAMERA,",
    packages: "",
    home_services: ",BUY_ONLINE,",
    certified_product: null,
    vehicle_history: ",CLEAN_TITLE,",
    vehicle_use_type: "personal",
    money_back_guarantee: 0,
    truck_bed_length: null,
    truck_cab_size: null,
    seller_type: "d",
    zip: "30301",
    lat: 33.75,
    lon: -84.39,
    image_count: 6,
    description: null,
    is_hot: 0,
    has_special_offer: 0,
    view_count: 0,
    deal_rating: "fair",
    market_price: price,
    epa_id: null,
    ...extra,
  };
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
