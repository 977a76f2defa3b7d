// Online buying on both databases (docs/online-buying.md, ADR 028): the feed's opt-in field, the
// eligibility rules, and deals saved, changed and read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { loadCatalog } from "../reference/catalog.server.ts";
import { importFeed } from "../inventory/feed.server.ts";
import { checkEligibility, checkVehicles, eligibilityPayloadService } from "./eligibility.server.ts";
import { onlineEligibleIds } from "./online-eligible.server.ts";
import { clearMemo } from "../cache.server.ts";
import { DealError, readDeal, saveDeal } from "./deals.server.ts";
import { setPlacement } from "../placements/operator-placements.server.ts";
import { highlightText, vehicleHighlights } from "../placements/highlights.server.ts";

const NOW = Date.UTC(2026, 10, 15, 12);
const catalog = loadCatalog();
const OPTED_IN_VIN = "1FA6P8CF3L5301122"; // 2020 Ford Mustang GT
const NOT_OPTED_VIN = "4T1DAACK2TU018834"; // New 2026 Toyota Camry SE

const FEED = JSON.stringify({
  dealers: [
    {
      id: "DLR-ONLINE",
      name: "Online Ford",
      zip: "78701",
      online_buying: "yes",
      vehicles: [
        {
          vin: OPTED_IN_VIN,
          condition: "USED",
          year: 2020,
          make: "Ford",
          model: "Mustang",
          trim: "GT",
          mileage: 30100,
          price: 31995,
          exterior_color: "Race Red",
          interior_color: "Black",
        },
      ],
    },
    {
      id: "DLR-CLAIM",
      name: "Claims Online",
      zip: "78701",
      home_services: ["BUY_ONLINE"],
      online_buying: "maybe",
      vehicles: [
        {
          vin: NOT_OPTED_VIN,
          condition: "NEW",
          year: 2026,
          make: "Toyota",
          model: "Camry",
          trim: "SE",
          price: 31250,
          exterior_color: "Super White",
          interior_color: "Black",
        },
      ],
    },
  ],
});

for (const factory of testDatabaseFactories()) {
  describe(`online buying (${factory.name})`, () => {
    let t: TestDatabase;
    let optedInId: number;
    let claimId: number;
    let warnings: { message: string }[];

    beforeAll(async () => {
      t = await factory.create();
      const { ensureReferenceData } = await import("../reference/store.server.ts");
      await ensureReferenceData(t.db);
      const summary = await importFeed(t.db, { text: FEED, format: "json", now: NOW, catalog });
      expect(summary.rejected).toEqual([]);
      warnings = summary.warnings;
      const rows = await t.db.kysely.selectFrom("listings").select(["id", "vin"]).execute();
      optedInId = Number(rows.find((r) => r.vin === OPTED_IN_VIN)!.id);
      claimId = Number(rows.find((r) => r.vin === NOT_OPTED_VIN)!.id);
    });
    afterAll(async () => t?.drop());

    it("stores the dealer's opt-in from the feed, adds BUY_ONLINE, and warns on a value that is not yes or no", async () => {
      const owners = await t.db.kysely.selectFrom("owners").select(["external_id", "ecommerce_opt_in", "home_services"]).orderBy("external_id").execute();
      expect(owners.map((o) => [o.external_id, Number(o.ecommerce_opt_in), o.home_services])).toEqual([
        ["DLR-CLAIM", 0, ",BUY_ONLINE,"],
        ["DLR-ONLINE", 1, ",BUY_ONLINE,"],
      ]);
      expect(warnings.map((w) => w.message)).toContain('dealer_online_buying "maybe" is not yes or no: read as no');
    });

    it("passes a listing that meets every rule and names the rules another breaks", async () => {
      const answer = await checkEligibility(t.db, [OPTED_IN_VIN, NOT_OPTED_VIN, "1HGCM82633A004352"]);
      expect(answer.totalMatched).toBe(2);
      expect(answer.sellable).toBe(false);
      const by = new Map(answer.results.map((r) => [r.vin, r]));
      expect(by.get(OPTED_IN_VIN)).toMatchObject({
        sellable: true,
        reasons: [],
        esntial: { ecommWebsite: { href: `/cars-for-sale/vehicle/${optedInId}/buy-online` } },
      });
      expect(by.get(NOT_OPTED_VIN)).toMatchObject({ sellable: false, reasons: ["not-opted-in"], esntial: null });
      expect((await checkEligibility(t.db, [OPTED_IN_VIN])).sellable).toBe(true);
    });

    it("checks a vehicle payload with the same rules: the seller from our records, the price and VIN from the payload", async () => {
      const answer = await checkVehicles(t.db, [
        // Listed with us by an opted-in dealer: sellable, with its 'Buy Online' link.
        { vin: OPTED_IN_VIN, price: 31995, dealerId: "dlr-online" },
        // The same dealer, a car not listed yet: passes the rules, no deal page to link to.
        { vin: "1FTFW1E51NFA00015", price: 52000, dealerId: "DLR-ONLINE" },
        // No price, and a VIN whose check digit is wrong: each rule named.
        { vin: "1FTFW1E50NFA00015", price: null, dealerId: "DLR-ONLINE" },
        // A dealer that did not opt in.
        { vin: NOT_OPTED_VIN, price: 31250, dealerId: "DLR-CLAIM" },
        // A seller we do not know: not matched.
        { vin: "1HGCM82633A004352", price: 9000, dealerId: "DLR-NOBODY" },
      ]);
      expect(answer.totalMatched).toBe(4);
      expect(answer.sellable).toBe(false);
      expect(answer.unmatched).toEqual(["1HGCM82633A004352"]);
      expect(answer.results.map((r) => [r.vin, r.sellable, r.reasons, r.esntial?.ecommWebsite.href ?? null])).toEqual([
        [OPTED_IN_VIN, true, [], `/cars-for-sale/vehicle/${optedInId}/buy-online`],
        ["1FTFW1E51NFA00015", true, [], null],
        ["1FTFW1E50NFA00015", false, ["no-price", "invalid-vin"], null],
        [NOT_OPTED_VIN, false, ["not-opted-in"], null],
      ]);
      const only = await checkVehicles(t.db, [{ vin: OPTED_IN_VIN, price: 31995, dealerId: "DLR-ONLINE" }]);
      expect([only.totalMatched, only.sellable]).toEqual([1, true]);
    });

    it("the POST route reads JSON or form fields, and refuses a body it cannot check", async () => {
      const post = async (body: BodyInit, type: string) => {
        const res = await eligibilityPayloadService(
          new Request("http://x/rest/lsc/eligibility", { method: "POST", body, headers: { "content-type": type } }),
          t.db,
        );
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const json = await post(
        JSON.stringify({
          vehicles: [
            { vin: OPTED_IN_VIN.toLowerCase(), price: 31995, dealerId: "DLR-ONLINE" },
            { vin: "short", dealerId: "DLR-ONLINE" },
          ],
        }),
        "application/json",
      );
      expect(json.status, JSON.stringify(json.body)).toBe(200);
      expect(json.body).toMatchObject({ totalMatched: 1, sellable: true, invalidVehicles: [{ index: 1, field: "vin" }] });
      const form = await post(
        new URLSearchParams({ vin: NOT_OPTED_VIN, price: "31250", dealerId: "DLR-CLAIM" }).toString(),
        "application/x-www-form-urlencoded",
      );
      expect(form.body).toMatchObject({ totalMatched: 1, sellable: false, results: [{ reasons: ["not-opted-in"] }] });
      expect((await post("{", "application/json")).status).toBe(400);
      expect((await post(JSON.stringify({ vehicles: [] }), "application/json")).status).toBe(400);
      expect((await post(JSON.stringify({ vehicle: { vin: OPTED_IN_VIN } }), "application/json")).status).toBe(400);
      expect((await post("vin=x", "text/plain")).status).toBe(415);
    });

    it("the buy-online experience's set: the automaker's listings that pass every rule, and none that break one", async () => {
      clearMemo();
      expect([...(await onlineEligibleIds(t.db, "FORD"))]).toEqual([optedInId]);
      expect([...(await onlineEligibleIds(t.db, "TOYOTA"))]).toEqual([]);
      // No asking price: out of the set (the same rule the service applies).
      await t.db.kysely.updateTable("listings").set({ sale_price: 0 }).where("id", "=", optedInId).execute();
      clearMemo();
      expect([...(await onlineEligibleIds(t.db, "FORD"))]).toEqual([]);
      await t.db.kysely.updateTable("listings").set({ sale_price: 31995 }).where("id", "=", optedInId).execute();
      clearMemo();
    });

    it("saves a lease deal, changes it under the same id, and reads it back", async () => {
      const lease = { dealType: "lease", down: 2000, termMonths: 36, residualPercent: 58, moneyFactor: 0.0025, milesPerYear: 12000 };
      const { id } = await saveDeal(t.db, { deal: { carId: optedInId, ...lease } }, null, NOW);
      expect(id).toMatch(/^[\w-]{16}$/);
      expect(await readDeal(t.db, id)).toMatchObject({ listingId: optedInId, dealType: "lease", price: 31995, terms: lease });
      await saveDeal(t.db, { deal: { carId: String(optedInId), dealType: "cash" } }, id, NOW + 1);
      expect(await readDeal(t.db, id)).toMatchObject({ dealType: "cash", terms: { dealType: "cash" }, updatedAt: NOW + 1 });
      expect(await readDeal(t.db, "no-such-deal-0000000")).toBeNull();
      expect(await readDeal(t.db, "'; DROP TABLE deals; --")).toBeNull();
    });

    it("refuses an ineligible car, an unknown car or deal, a lease without its inputs, and a bad body", async () => {
      const status = (p: Promise<unknown>) =>
        p.then(
          () => 200,
          (e: unknown) => (e instanceof DealError ? e.status : 500),
        );
      expect(await status(saveDeal(t.db, { deal: { carId: claimId, dealType: "cash" } }, null))).toBe(409);
      expect(await status(saveDeal(t.db, { deal: { carId: 99999999, dealType: "cash" } }, null))).toBe(404);
      expect(await status(saveDeal(t.db, { deal: { carId: optedInId, dealType: "cash" } }, "aaaaaaaaaaaaaaaaaaaa"))).toBe(404);
      expect(await status(saveDeal(t.db, { deal: { carId: optedInId, dealType: "lease", down: 0 } }, null))).toBe(400);
      expect(await status(saveDeal(t.db, { car: optedInId }, null))).toBe(400);
      // Nothing written by a refusal: only the deal saved above.
      const r = await t.db.kysely
        .selectFrom("deals")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst();
      expect(Number(r?.n)).toBe(1);
    });

    it("an operator's placement: set, changed and removed by dealer id (any case); unknown ids refused", async () => {
      const tierOf = async () =>
        (
          await t.db.kysely.selectFrom("dealer_placements as p").innerJoin("owners as o", "o.id", "p.owner_id").select(["o.external_id", "p.tier"]).execute()
        ).map((r) => [r.external_id, r.tier]);
      expect(await setPlacement(t.db, "dlr-online", "premium", NOW)).toBe("set");
      expect(await tierOf()).toEqual([["DLR-ONLINE", "premium"]]);
      expect(await setPlacement(t.db, "DLR-ONLINE", "featured", NOW)).toBe("set");
      expect(await tierOf()).toEqual([["DLR-ONLINE", "featured"]]);
      expect(await setPlacement(t.db, "DLR-NOPE", "premium", NOW)).toBe("unknown");
      expect(await setPlacement(t.db, "DLR-ONLINE", "none", NOW)).toBe("removed");
      expect(await tierOf()).toEqual([]);
    });

    it("vehicle highlights come from real signals only: a price drop this week, views in the last 7 days, new on the site", async () => {
      const day = Math.floor(NOW / 86_400_000);
      await t.db.kysely
        .insertInto("listing_price_history")
        .values({ listing_id: optedInId, price: 33_000, recorded_at: NOW - 10 * 86_400_000 })
        .execute();
      await t.db.kysely
        .insertInto("listing_view_days")
        .values([
          { listing_id: claimId, day, views: 3 },
          { listing_id: claimId, day: day - 2, views: 2 },
          { listing_id: claimId, day: day - 9, views: 50 },
        ])
        .execute();
      const soon = await vehicleHighlights(t.db, [optedInId, claimId], NOW + 3_600_000);
      expect(soon.get(optedInId)).toEqual({ isVehicleHighlight: true, urgencyDriverType: "PRICE_DROP", urgencyDriverValue: 1_005 });
      expect(soon.get(claimId)).toEqual({ isVehicleHighlight: true, urgencyDriverType: "VIEWS", urgencyDriverValue: 5 });
      expect(highlightText(soon.get(optedInId)!)).toBe("Price dropped $1,005 this week");
      expect(highlightText(soon.get(claimId)!)).toBe("Viewed 5 times in the last 7 days");
      // A month later no signal holds: nothing is shown.
      expect((await vehicleHighlights(t.db, [optedInId, claimId], NOW + 30 * 86_400_000)).size).toBe(0);
      // Only new on the site (listed today), without a drop or views: 'Listed today'.
      await t.db.kysely.deleteFrom("listing_price_history").where("listing_id", "=", optedInId).where("price", "=", 33_000).execute();
      const fresh = await vehicleHighlights(t.db, [optedInId], NOW + 3_600_000);
      expect(fresh.get(optedInId)?.urgencyDriverType).toBe("NEW_LISTING");
      expect(highlightText(fresh.get(optedInId)!)).toBe("Listed today");
    });

    it("stops passing a listing once it is sold", async () => {
      await t.db.kysely.updateTable("listings").set({ status: "sold" }).where("id", "=", optedInId).execute();
      const [r] = (await checkEligibility(t.db, [OPTED_IN_VIN])).results;
      expect(r).toMatchObject({ sellable: false, reasons: ["inactive"] });
    });
  });
}
