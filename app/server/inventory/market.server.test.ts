// Price verdicts in the database: written with the inventory, refreshed for the market a write
// touches, announced to the search index, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { inventoryChanges } from "./changes.server.ts";
import { refreshAllMarkets } from "./market.server.ts";
import { testDealer, testListing } from "../../../tests/support/inventory.ts";
import { markVanishedSold, upsertListings, upsertOwners, type ListingInput } from "./upsert.server.ts";

const T0 = Date.UTC(2026, 9, 1);

/** The shared RAV4 with a trim, an engine and EPA figures, 42,000 miles, at a price of the test's. */
function rav4(vin: string, ownerId: number, price: number, extra: Partial<ListingInput> = {}): ListingInput {
  return testListing(vin, ownerId, {
    trim_code: "TOYOTA|XLE",
    fuel_type: "Regular",
    displacement: 2.5,
    cylinders: 4,
    mileage: 42000,
    sale_price: price,
    mpg_city: 27,
    mpg_highway: 34,
    mpg_combined: 30,
    // What a feed writes: its own value estimate and the rating against it.
    market_price: 30_000,
    ...extra,
  });
}

for (const factory of testDatabaseFactories()) {
  describe(`price verdicts in the inventory on ${factory.name}`, () => {
    let t: TestDatabase;
    let ownerId: number;
    beforeAll(async () => {
      t = await factory.create();
      ownerId = (await upsertOwners(t.db, [testDealer("DLR-1", { name: "Lakeside" })], T0)).get("DLR-1")!;
    });
    afterAll(async () => {
      await t?.drop();
    });
    const row = async (vin: string) =>
      t.db.kysely
        .selectFrom("listings")
        .select(["id", "status", "deal_rating", "market_price", "estimate_price", "market_count", "market_radius", "updated_at"])
        .where("vin", "=", vin)
        .executeTakeFirstOrThrow();

    it("rates each car against the others near it and keeps the feed's estimate for later", async () => {
      await upsertListings(t.db, [rav4("V1", ownerId, 24_000), rav4("V2", ownerId, 25_000), rav4("V3", ownerId, 26_000), rav4("V4", ownerId, 21_000)], T0);
      expect(await row("V4")).toMatchObject({ deal_rating: "great", market_price: 25_000, estimate_price: 30_000, market_count: 3, market_radius: 100 });
      // V1 against 25,000, 26,000 and 21,000: average 24,000.
      expect(await row("V1")).toMatchObject({ deal_rating: "fair", market_price: 24_000, market_count: 3 });
    });

    it("re-rates the whole market when one price changes, and tells the search index", async () => {
      const seen: number[] = [];
      const off = inventoryChanges.on((c) => seen.push(...c.ids));
      const v1 = await row("V1");
      await upsertListings(t.db, [rav4("V4", ownerId, 26_000)], T0 + 60_000);
      off();
      // V1 now against 25,000, 26,000 and 26,000.
      expect(await row("V1")).toMatchObject({ deal_rating: "good", market_price: 25_667, estimate_price: 30_000 });
      expect(Number((await row("V1")).updated_at)).toBe(T0 + 60_000);
      expect(seen).toContain(Number(v1.id));
      expect(await row("V4")).toMatchObject({ deal_rating: "fair", market_price: 25_000 });
    });

    it("falls back to the estimate when the market thins out", async () => {
      await markVanishedSold(t.db, ownerId, new Set(["V1", "V2"]), T0 + 120_000);
      // V1 has one comparable left: rated against the feed's estimate of 30,000.
      expect(await row("V1")).toMatchObject({ deal_rating: "great", market_price: 30_000, market_count: 0, market_radius: null });
      // A full refresh changes nothing that is current.
      expect((await refreshAllMarkets(t.db, T0 + 180_000)).changed).toBe(0);
    });

    it("keeps a listing hidden for review when its feed sends it again", async () => {
      await t.db.kysely.updateTable("listings").set({ status: "review" }).where("vin", "=", "V2").execute();
      await upsertListings(t.db, [rav4("V2", ownerId, 24_500)], T0 + 240_000);
      expect((await row("V2")).status).toBe("review");
      await upsertListings(t.db, [rav4("V2", ownerId, 24_500, { status: "sold" })], T0 + 300_000);
      expect((await row("V2")).status).toBe("sold");
    });
  });
}
