// The engine's services and its freshness: a change through the inventory write path shows in
// the next search; another instance catches up by polling; similar, supplemental, count,
// mileage stats, keyword suggestions and VIN lookups agree with the SQL reference; bad input
// never throws. SQLite always; PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MILEAGE_CEILING, SEARCH_RADIUS_CAP } from "../../lib/constants.ts";
import { normalizeSearchQuery, type SearchResult } from "../../lib/search-query.ts";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { seedInventory } from "../inventory/seed.server.ts";
import { upsertListings, type ListingInput } from "../inventory/upsert.server.ts";
import { ensureReferenceData } from "../reference/store.server.ts";
import { createIndexSearchEngine, type IndexSearchEngine } from "./index-engine.server.ts";
import { createSqlSearchEngine, type SqlSearchEngine } from "./sql-engine.server.ts";
import { closeSearchEngine, getSearchEngine } from "./search.server.ts";
import { loadListingSummaries } from "../listings/summaries.server.ts";

const NOW = Date.UTC(2026, 10, 1, 12);

async function listingInput(t: TestDatabase, id: number): Promise<ListingInput> {
  const row = await t.db.kysely.selectFrom("listings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const { id: _id, updated_at: _u, expired_at: _e, ...rest } = row;
  return rest as unknown as ListingInput;
}

const ids = (r: { hits: { id: number }[] }) => r.hits.map((h) => h.id);

for (const factory of testDatabaseFactories()) {
  describe(`search services and freshness (${factory.name})`, () => {
    let t: TestDatabase;
    let engine: IndexSearchEngine;
    let sqlEngine: SqlSearchEngine;

    beforeAll(async () => {
      t = await factory.create();
      await ensureReferenceData(t.db);
      await seedInventory(t.db, { listings: 1200, seed: 5, now: NOW });
      engine = await createIndexSearchEngine(t.db, { pollIntervalMs: null });
      sqlEngine = await createSqlSearchEngine(t.db, { labels: engine.labels });
    });

    afterAll(async () => {
      await engine?.close();
      await t?.drop();
    });

    it("shows a price change, a new listing and a sale in the very next search", async () => {
      const q = normalizeSearchQuery({ sortBy: "derivedpriceASC", numRecords: 5 });
      const before = await engine.search(q, { now: NOW });
      const victim = before.hits[3].id;
      const input = await listingInput(t, victim);
      await upsertListings(t.db, [{ ...input, sale_price: 100 }], NOW + 1000);
      const afterPrice = await engine.search(q, { now: NOW });
      expect(afterPrice.hits[0].id).toBe(victim);
      expect(afterPrice.stats.derivedprice?.min).toBe(100);

      const fresh = { ...input, vin: "1FRESHVIN00000001", sale_price: 50 };
      await upsertListings(t.db, [fresh], NOW + 2000);
      const afterNew = await engine.search(q, { now: NOW });
      expect(afterNew.totalResultCount).toBe(before.totalResultCount + 1);
      const newId = afterNew.hits[0].id;
      expect(newId).not.toBe(victim);

      await upsertListings(t.db, [{ ...fresh, status: "sold" }], NOW + 3000);
      const afterSold = await engine.search(q, { now: NOW });
      expect(afterSold.totalResultCount).toBe(before.totalResultCount);
      expect(ids(afterSold)).not.toContain(newId);
      expect(await engine.count(q)).toBe(await sqlEngine.count(q));
    });

    it("a make's model options follow the inventory: a model sold out leaves the section at the next search", async () => {
      const q = normalizeSearchQuery({ makeCodes: ["TOYOTA"] });
      const modelsOf = async () => (await engine.search(q, { now: NOW })).filters.find((f) => f.name === "modelCodeList|TOYOTA")!.options.map((o) => o.value);
      const before = await modelsOf();
      const rows = await t.db.kysely
        .selectFrom("listings")
        .select(["id", "model_code"])
        .where("make_code", "=", "TOYOTA")
        .where("status", "=", "active")
        .execute();
      const perModel = new Map<string, number[]>();
      for (const r of rows) perModel.set(r.model_code, [...(perModel.get(r.model_code) ?? []), Number(r.id)]);
      const [model, soldIds] = [...perModel].sort((a, b) => a[1].length - b[1].length)[0]!;
      expect(before).toContain(model);
      expect(await modelsOf()).toEqual(before);
      const inputs = await Promise.all(soldIds.map((id) => listingInput(t, id)));
      await upsertListings(
        t.db,
        inputs.map((input) => ({ ...input, status: "sold" })),
        NOW + 3500,
      );
      expect(await modelsOf()).not.toContain(model);
      await upsertListings(t.db, inputs, NOW + 3600);
      expect(await modelsOf()).toEqual(before);
    });

    it("does not read again, at every poll, the rows a burst of changes stamped before the build", async () => {
      // A seed or a feed import a minute before this instance started: the newest stamps are
      // that burst's. The build read them; the poll must not apply them again (it did, and at
      // 1M listings re-applying a seed's last seconds held the first page for 20 s and more).
      const burst = (await t.db.kysely.selectFrom("listings").select("id").where("status", "=", "active").orderBy("id").limit(40).execute()).map((r) =>
        Number(r.id),
      );
      await t.db.kysely
        .updateTable("listings")
        .set({ updated_at: Date.now() - 60_000 })
        .where("id", "in", burst)
        .execute();
      const other = await createIndexSearchEngine(t.db, { pollIntervalMs: null, followChanges: false, labels: engine.labels });
      try {
        expect(await other.poll()).toBe(0);
        // A change that committed a few seconds after its stamp (within the overlap) is still found, once.
        await t.db.kysely
          .updateTable("listings")
          .set({ updated_at: Date.now() - 5_000 })
          .where("id", "=", burst[0]!)
          .execute();
        expect(await other.poll()).toBe(1);
        expect(await other.poll()).toBe(0);
      } finally {
        await other.close();
      }
    });

    it("lets another instance catch up by polling listings.updated_at", async () => {
      const other = await createIndexSearchEngine(t.db, { pollIntervalMs: null, followChanges: false, labels: engine.labels });
      try {
        const q = normalizeSearchQuery({ sortBy: "derivedpriceDESC", numRecords: 3 });
        const top = (await other.search(q, { now: NOW })).hits[2].id;
        const input = await listingInput(t, top);
        await upsertListings(t.db, [{ ...input, sale_price: 9_999_999 }], Date.now());
        // Not followed in-process: still the old answer...
        expect((await other.search(q, { now: NOW })).hits[0].id).not.toBe(top);
        // ...until the poll.
        expect(await other.poll()).toBeGreaterThan(0);
        expect((await other.search(q, { now: NOW })).hits[0].id).toBe(top);
        // A second poll finds nothing new.
        expect(await other.poll()).toBe(0);
        const a = await other.search(q, { now: NOW });
        const b = await engine.search(q, { now: NOW });
        expect(ids(a)).toEqual(ids(b));
      } finally {
        await other.close();
      }
    });

    it("caps the radius at 100 miles, measures distance on every hit, and flags extended delivery", async () => {
      const wide = normalizeSearchQuery({ zip: "10001", searchRadius: 500, sortBy: "distanceASC", numRecords: 100 });
      expect(wide.searchRadius).toBe(SEARCH_RADIUS_CAP);
      const r = await engine.search(wide, { now: NOW });
      expect(r.location?.radius).toBe(100);
      for (const h of r.hits) {
        expect(h.distance).not.toBeNull();
        expect(h.distance!).toBeLessThanOrEqual(100);
      }
      const sorted = r.hits.map((h) => h.distance!);
      expect([...sorted].sort((a, b) => a - b)).toEqual(sorted);
      const ext = await engine.search(normalizeSearchQuery({ zip: "10001", searchRadius: 25, marketExtension: true, numRecords: 100, sortBy: "distanceASC" }), {
        now: NOW,
      });
      for (const h of ext.hits) expect(h.marketExtension).toBe(h.distance! > 25);
      expect(ext.totalResultCount).toBeGreaterThanOrEqual(
        (await engine.search(normalizeSearchQuery({ zip: "10001", searchRadius: 25 }), { now: NOW })).totalResultCount,
      );
    });

    it("never fails on bad values: unknown ZIP, unknown codes, pages past the end", async () => {
      const unknownZip = await engine.search(normalizeSearchQuery({ zip: "00000", searchRadius: 50 }), { now: NOW });
      expect(unknownZip.location).toBeNull();
      expect(unknownZip.ignored[0]).toMatchObject({ name: "zip", value: "00000" });
      expect(unknownZip.totalResultCount).toBeGreaterThan(0);
      const none = await engine.search(normalizeSearchQuery({ makeCodes: ["NOSUCHMAKE"], featureCodes: ["NOPE"] }), { now: NOW });
      expect(none.totalResultCount).toBe(0);
      expect(none.stats).toEqual({ derivedprice: null, year: null });
      const make = none.filters.find((f) => f.name === "makeCodeList")!;
      expect(make.options.find((o) => o.value === "NOSUCHMAKE")).toMatchObject({ selected: true, count: 0, disabled: false });
      const past = await engine.search(normalizeSearchQuery({ firstRecord: 9000 }), { now: NOW });
      expect(past.hits).toEqual([]);
      expect(past.totalResultCount).toBeGreaterThan(0);
      const kw = await engine.search(normalizeSearchQuery({ keyword: "zzzzqqq" }), { now: NOW });
      expect(kw.totalResultCount).toBe(0);
    });

    it("labels facets from the reference data, in the spec's orders, zero counts disabled", async () => {
      const r: SearchResult = await engine.search(normalizeSearchQuery({ listingTypes: ["NEW"] }), { now: NOW });
      const fuel = r.filters.find((f) => f.name === "fuelTypeGroup")!;
      const order = ["ELE", "GSL", "HYB", "PHEV", "DSL", "HYD"];
      const seen = fuel.options.map((o) => o.value).filter((v) => order.includes(v));
      expect(seen).toEqual(order.filter((v) => seen.includes(v)));
      expect(fuel.options.find((o) => o.value === "ELE")?.label).toBe("Electric");
      const make = r.filters.find((f) => f.name === "makeCodeList")!;
      const toyota = make.options.find((o) => o.value === "TOYOTA");
      expect(toyota?.label).toBe("Toyota");
      const labels = make.options.map((o) => o.label);
      expect([...labels].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }))).toEqual(labels);
      for (const f of r.filters) for (const o of f.options) expect(o.disabled).toBe(o.count === 0 && !o.selected);
      const condition = r.filters.find((f) => f.name === "listingType")!;
      expect(condition.options.map((o) => o.value)).toEqual(["NEW", "USED", "CERTIFIED"]);
      expect(condition.options[0].selected).toBe(true);
      // The condition section counts as if its own selection were removed.
      const all = await engine.search(normalizeSearchQuery({}), { now: NOW });
      expect(condition.options.find((o) => o.value === "USED")!.count).toBe(
        all.filters.find((f) => f.name === "listingType")!.options.find((o) => o.value === "USED")!.count,
      );
      // Model sections per selected make.
      const withModel = await engine.search(normalizeSearchQuery({ makeCodes: ["TOYOTA"] }), { now: NOW });
      expect(withModel.filters.some((f) => f.name === "modelCodeList|TOYOTA")).toBe(true);
    });

    it("truck cab size options say their unit (seats), in the spec's buckets, in both engines", async () => {
      const q = normalizeSearchQuery({ vehicleStyleCodes: ["TRUCKS"] });
      for (const e of [engine, sqlEngine]) {
        const cab = (await e.search(q, { now: NOW })).filters.find((f) => f.name === "truckCabSize")!;
        expect(cab.label).toBe("Truck Cab Size");
        expect(cab.options.map((o) => o.label)).toEqual(["3 seats or less", "4 seats", "5 seats", "6 seats"]);
        expect(cab.options.some((o) => o.count > 0)).toBe(true);
      }
    });

    it("similar listings: same body style, near the price, excluded ids left out, as SQL says", async () => {
      const base = (await engine.search(normalizeSearchQuery({ vehicleStyleCodes: ["SUVCROSS"], numRecords: 10 }), { now: NOW })).hits;
      const ref = base[0].id;
      const excluded = base.slice(1, 4).map((h) => h.id);
      const req = { listingId: ref, excludedListingIds: excluded, numRecords: 20 };
      const a = await engine.similar(req);
      const b = await sqlEngine.similar(req);
      expect(ids(a)).toEqual(ids(b));
      expect(a.totalResultCount).toBe(b.totalResultCount);
      expect(ids(a)).not.toContain(ref);
      for (const id of excluded) expect(ids(a)).not.toContain(id);
      expect(a.hits.length).toBeLessThanOrEqual(20);
      const withZip = { bodyStyleCode: "SEDAN", price: 25000, zip: "60601", searchRadius: 100 };
      expect(ids(await engine.similar(withZip))).toEqual(ids(await sqlEngine.similar(withZip)));
    });

    it("the dealer of each listing: the index's from memory as the listings table says", async () => {
      const hits = (await engine.search(normalizeSearchQuery({ numRecords: 100 }), { now: NOW })).hits;
      const ids = [...hits.map((h) => h.id), 999_999_999];
      const a = await engine.ownersOf(ids);
      expect(a.size).toBe(hits.length);
      expect([...a].sort((x, y) => x[0] - y[0])).toEqual([...(await sqlEngine.ownersOf(ids))].sort((x, y) => x[0] - y[0]));
    });

    it("supplemental results: the same filters just outside the area, nearest first, as SQL says", async () => {
      const q = normalizeSearchQuery({ zip: "30303", searchRadius: 25, listingTypes: ["USED"] });
      const a = await engine.supplemental(q, { numRecords: 100 });
      const b = await sqlEngine.supplemental(q, { numRecords: 100 });
      expect(ids(a)).toEqual(ids(b));
      expect(a.totalResultCount).toBe(b.totalResultCount);
      for (const h of a.hits) expect(h.distance!).toBeGreaterThan(25);
      const inside = await engine.search({ ...q, numRecords: 100 }, { now: NOW });
      expect(a.totalResultCount + inside.totalResultCount).toBe(await engine.count({ ...q, zip: undefined }));
      expect((await engine.supplemental(normalizeSearchQuery({}))).hits).toEqual([]);
      // Places north and south, small and large areas, short and long pages (the nearest-first
      // page passes over far latitudes once full): the same listings in the same order as SQL.
      for (const zip of ["30303", "98101", "33130", "59601", "10001"])
        for (const [searchRadius, numRecords] of [
          [10, 5],
          [50, 25],
          [100, 1],
        ] as const) {
          const near = normalizeSearchQuery({ zip, searchRadius });
          const x = await engine.supplemental(near, { numRecords });
          const y = await sqlEngine.supplemental(near, { numRecords });
          expect(x.hits, `${zip} ${searchRadius} ${numRecords}`).toEqual(y.hits);
        }
    });

    it("mileage stats count only mileages above 0 and below 250,000, as SQL says", async () => {
      const top = (await engine.search(normalizeSearchQuery({ listingTypes: ["USED"], numRecords: 1 }), { now: NOW })).filters.find(
        (f) => f.name === "makeCodeList",
      )!;
      const make = [...top.options].sort((x, y) => y.count - x.count)[0].value;
      const models = (await engine.search(normalizeSearchQuery({ makeCodes: [make], listingTypes: ["USED"] }), { now: NOW })).filters.find(
        (f) => f.name === `modelCodeList|${make}`,
      )!;
      const model = [...models.options].sort((x, y) => y.count - x.count)[0].value;
      const req = { makeCode: make, modelCode: model, listingTypes: ["USED" as const] };
      const a = await engine.mileageStats(req, { now: NOW });
      const b = await sqlEngine.mileageStats(req, { now: NOW });
      expect(a.count).toBeGreaterThan(0);
      expect({ ...a, mileagePerYearMean: 0, difference: 0 }).toEqual({ ...b, mileagePerYearMean: 0, difference: 0 });
      expect(Math.abs(a.mileagePerYearMean - b.mileagePerYearMean)).toBeLessThanOrEqual(1);
      expect(a.mileageMax).toBeLessThan(MILEAGE_CEILING);
      expect(a.facetStatsCalculate.reduce((s, f) => s + f.count, 0)).toBe(a.count);
      expect(a.modelName).toBeTruthy();
    });

    it("mileage stats of a make, a model under any make, every car and new cars, as SQL says, and again after a change", async () => {
      const top = (await engine.search(normalizeSearchQuery({ numRecords: 1 }), { now: NOW })).filters.find((f) => f.name === "makeCodeList")!;
      const make = [...top.options].sort((x, y) => y.count - x.count)[0].value;
      const models = (await engine.search(normalizeSearchQuery({ makeCodes: [make] }), { now: NOW })).filters.find((f) => f.name === `modelCodeList|${make}`)!;
      const model = [...models.options].sort((x, y) => y.count - x.count)[0].value;
      const requests = [
        { makeCode: make },
        { modelCode: model },
        {},
        { listingTypes: ["NEW" as const] },
        { makeCode: make, modelCode: model, listingTypes: ["USED" as const, "CERTIFIED" as const] },
        { makeCode: "NOSUCHMAKE" },
      ];
      const agree = async () => {
        for (const req of requests) {
          const a = await engine.mileageStats(req, { now: NOW });
          const b = await sqlEngine.mileageStats(req, { now: NOW });
          expect({ ...a, mileagePerYearMean: 0, difference: 0 }, JSON.stringify(req)).toEqual({ ...b, mileagePerYearMean: 0, difference: 0 });
          expect(Math.abs(a.mileagePerYearMean - b.mileagePerYearMean)).toBeLessThanOrEqual(1);
        }
      };
      await agree();
      // The sums are kept per inventory version: a car of that make driven 100,000 miles more shows at once.
      const car = await t.db.kysely
        .selectFrom("listings")
        .select("id")
        .where("status", "=", "active")
        .where("make_code", "=", make)
        .where("mileage", ">", 1000)
        .where("mileage", "<", 100_000)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const input = await listingInput(t, Number(car.id));
      const before = await engine.mileageStats({ makeCode: make }, { now: NOW });
      await upsertListings(t.db, [{ ...input, mileage: input.mileage! + 100_000 }], NOW + 4000);
      const after = await engine.mileageStats({ makeCode: make }, { now: NOW });
      expect(after.averageMiles).toBeGreaterThan(before.averageMiles);
      await agree();
    });

    it("price stats of a make and model by year and trim, as SQL says, and again after a change", async () => {
      const top = (await engine.search(normalizeSearchQuery({ numRecords: 1 }), { now: NOW })).filters.find((f) => f.name === "makeCodeList")!;
      const make = [...top.options].sort((x, y) => y.count - x.count)[0].value;
      const models = (await engine.search(normalizeSearchQuery({ makeCodes: [make] }), { now: NOW })).filters.find((f) => f.name === `modelCodeList|${make}`)!;
      const ranked = [...models.options].sort((x, y) => y.count - x.count).map((o) => o.value);
      const requests = [
        ...ranked.slice(0, 3).flatMap((model) => [
          { makeCode: make, modelCode: model, listingTypes: ["USED", "3P_CERT"] },
          { makeCode: make, modelCode: model, listingTypes: ["NEW"] },
          { makeCode: make, modelCode: model, listingTypes: ["CERTIFIED"] },
        ]),
        { makeCode: make, modelCode: ranked[0], listingTypes: [] },
        { makeCode: make, modelCode: "NOSUCHMODEL", listingTypes: ["USED"] },
        { makeCode: "NOSUCHMAKE", modelCode: ranked[0], listingTypes: ["USED"] },
      ];
      const agree = async () => {
        for (const req of requests) expect(await engine.priceStats(req), JSON.stringify(req)).toEqual(await sqlEngine.priceStats(req));
      };
      await agree();
      // What the SQL reference says, read directly: the model's used count and its newest year first.
      const used = { makeCode: make, modelCode: ranked[0], listingTypes: ["USED", "3P_CERT"] };
      const direct = await t.db.kysely
        .selectFrom("listings")
        .select(["year", "sale_price", "trim_name"])
        .where("status", "=", "active")
        .where("make_code", "=", make)
        .where("model_code", "=", ranked[0])
        .where("listing_type", "in", ["USED", "3P_CERT"])
        .execute();
      const stats = await engine.priceStats(used);
      expect(direct.length).toBeGreaterThan(0);
      expect(stats.all?.count).toBe(direct.length);
      expect(stats.all?.max).toBe(Math.max(...direct.map((r) => Number(r.sale_price))));
      expect(stats.byYear[0].year).toBe(Math.max(...direct.map((r) => Number(r.year))));
      expect(stats.byYear.reduce((n, g) => n + g.count, 0)).toBe(direct.length);
      expect(stats.byTrim.map((g) => g.trimName)).toEqual([...new Set(direct.map((r) => r.trim_name).filter((n) => n !== null))].sort());
      // The sums are kept per inventory version: the model's dearest car made dearer shows at once.
      const car = await t.db.kysely
        .selectFrom("listings")
        .select("id")
        .where("status", "=", "active")
        .where("make_code", "=", make)
        .where("model_code", "=", ranked[0])
        .where("listing_type", "in", ["USED", "3P_CERT"])
        .orderBy("sale_price", "desc")
        .executeTakeFirstOrThrow();
      const input = await listingInput(t, Number(car.id));
      await upsertListings(t.db, [{ ...input, sale_price: stats.all!.max + 50_000 }], NOW + 5000);
      const after = await engine.priceStats(used);
      expect(after.all?.max).toBe(stats.all!.max + 50_000);
      expect(after.all?.sum).toBe(stats.all!.sum + (stats.all!.max + 50_000 - Number(input.sale_price)));
      await agree();
    });

    it("suggests makes, models, trims and body styles with codes, as SQL says", async () => {
      for (const text of ["toy", "toyota ca", "suv", "f1", "zzz"]) {
        const a = await engine.suggestKeywords(text);
        const b = await sqlEngine.suggestKeywords(text);
        expect(a, text).toEqual(b);
      }
      const toy = await engine.suggestKeywords("toy");
      expect(toy[0]).toMatchObject({ type: "make", makeCode: "TOYOTA", label: "Toyota", query: { makeCodes: ["TOYOTA"] } });
      const camry = await engine.suggestKeywords("toyota cam");
      expect(camry.some((s) => s.type === "model" && s.modelCode === "CAMRY")).toBe(true);
    });

    it("finds active listings by VIN", async () => {
      const row = await t.db.kysely.selectFrom("listings").select(["id", "vin"]).where("status", "=", "active").limit(2).execute();
      const found = await engine.activeListingsByVins([row[0].vin, row[1].vin.toLowerCase(), "NOTAVIN", "1HGBH41JXMN109186"]);
      expect(found).toEqual([
        { vin: row[0].vin, id: Number(row[0].id) },
        { vin: row[1].vin, id: Number(row[1].id) },
      ]);
    });

    it("loads the full rows of a page in the page's order", async () => {
      const page = await engine.search(normalizeSearchQuery({ sortBy: "mileageDESC", numRecords: 10 }), { now: NOW });
      const rows = await loadListingSummaries(t.db, [...ids(page), 99_999_999]);
      expect(rows.map((r) => r.id)).toEqual(ids(page));
      const mileages = rows.map((r) => r.mileage);
      expect([...mileages].sort((a, b) => b - a)).toEqual(mileages);
      const owners = await t.db.kysely.selectFrom("listings").select(["id", "owner_id"]).where("id", "in", ids(page)).execute();
      for (const r of rows) expect(r.owner.id).toBe(Number(owners.find((o) => Number(o.id) === r.id)!.owner_id));
    });

    it("reports its status", () => {
      const s = engine.status();
      expect(s.kind).toBe("index");
      expect(s.listings).toBeGreaterThan(1000);
      expect(s.bytes).toBeGreaterThan(0);
      expect(s.pollIntervalMs).toBeNull();
    });
  });
}

describe("getSearchEngine", () => {
  it("is one engine per process, kept on globalThis", async () => {
    const factory = testDatabaseFactories()[0];
    const t = await factory.create();
    const holder = globalThis as Record<symbol, unknown>;
    const dbKey = Symbol.for("forecourt.database");
    const previous = holder[dbKey];
    holder[dbKey] = Promise.resolve(t.db);
    try {
      const a = await getSearchEngine({ pollIntervalMs: null });
      const b = await getSearchEngine();
      expect(a).toBe(b);
      expect(holder[Symbol.for("forecourt.searchEngine")]).toBeDefined();
      await closeSearchEngine();
      expect(holder[Symbol.for("forecourt.searchEngine")]).toBeUndefined();
    } finally {
      if (previous === undefined) delete holder[dbKey];
      else holder[dbKey] = previous;
      await t.drop();
    }
  });
});
