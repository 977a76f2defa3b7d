// Seeded dealers, listings and accounts for the data-layer tests (SQLite and PostgreSQL alike):
// one plain dealer and one plain used RAV4 that a test changes only where its case needs, so what
// a test sets is what it is about.
import type { Database } from "../../app/server/db/connection.server.ts";
import { upsertListings, upsertOwners, type ListingInput, type OwnerInput } from "../../app/server/inventory/upsert.server.ts";

/** A dealer in Atlanta with a sales address, no rating and no home services. */
export function testDealer(external_id: string, extra: Partial<OwnerInput> = {}): OwnerInput {
  return {
    external_id,
    seller_type: "d",
    name: "Lakeside Motors",
    phone: null,
    email: "sales@lakeside.example",
    website: null,
    logo_url: null,
    street: null,
    city: "Atlanta",
    state: "GA",
    zip: "30301",
    lat: 33.75,
    lon: -84.39,
    rating: null,
    rating_count: 0,
    home_services: "",
    hide_email_form: 0,
    tagline: null,
    ...extra,
  };
}

/** A used 2021 Toyota RAV4 XLE at $25,000 (rated fair against $25,000), 30,000 miles, at the dealer's ZIP. */
export function testListing(vin: string, ownerId: number, extra: Partial<ListingInput> = {}): ListingInput {
  return {
    vin,
    owner_id: ownerId,
    listing_type: "USED",
    year: 2021,
    make_code: "TOYOTA",
    model_code: "RAV4",
    series_code: null,
    trim_id: null,
    trim_code: null,
    trim_name: "XLE",
    title: "Used 2021 Toyota RAV4 XLE",
    body_style_code: "SUVCROSS",
    body_subtype_code: null,
    fuel_type_group: "GSL",
    fuel_type: null,
    drive_group: "AWD4WD",
    drive: null,
    engine_code: "4CYL",
    engine: null,
    displacement: null,
    cylinders: null,
    transmission_code: "AUT",
    transmission: null,
    doors: 4,
    ext_color_simple: "BLUE",
    ext_color_name: null,
    int_color_simple: "BLACK",
    int_color_name: null,
    mileage: 30000,
    sale_price: 25_000,
    msrp: null,
    incentive: 0,
    mpg_city: null,
    mpg_highway: null,
    mpg_combined: null,
    is_mpge: 0,
    electric_range: null,
    annual_fuel_cost: null,
    features: "",
    packages: "",
    home_services: "",
    certified_product: null,
    vehicle_history: "",
    vehicle_use_type: "personal",
    money_back_guarantee: 0,
    truck_bed_length: null,
    truck_cab_size: null,
    seller_type: "d",
    zip: "30301",
    lat: 33.75,
    lon: -84.39,
    image_count: 4,
    description: null,
    is_hot: 0,
    has_special_offer: 0,
    view_count: 0,
    deal_rating: "fair",
    market_price: 25_000,
    epa_id: null,
    ...extra,
  };
}

/** Writes the dealer, then one listing of it; their ids. */
export async function seedDealerListing(
  db: Database,
  at: number,
  { dealerId = "DLR-1", vin = "1HGCM82633A004352" }: { dealerId?: string; vin?: string } = {},
): Promise<{ ownerId: number; listingId: number }> {
  const ownerId = (await upsertOwners(db, [testDealer(dealerId)], at)).get(dealerId)!;
  const listingId = (await upsertListings(db, [testListing(vin, ownerId)], at)).ids[0]!;
  return { ownerId, listingId };
}

/** An account with a verified address (named Ana Rivera unless told); its id and email. */
export async function insertVerifiedUser(
  db: Database,
  email: string,
  at: number,
  names: { first_name: string; last_name: string } = { first_name: "Ana", last_name: "Rivera" },
): Promise<{ id: number; email: string }> {
  const row = await db.kysely
    .insertInto("users")
    .values({ email, password_hash: "x", ...names, phone: "", one_click_opt_in: 0, created_at: at, email_verified_at: at, pending_email: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), email };
}
