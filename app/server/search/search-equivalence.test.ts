// The index against the SQL reference on a seeded inventory: for a large random set of filter
// combinations, the page (ids in order, distances), totals, stats and EVERY facet count must be
// equal. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set. A second round runs
// after a batch of inventory changes, so the incremental paths (overflow slots, in-place
// updates, tombstones) are held to the same standard.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTING_TYPES, SORT_OPTIONS } from "../../lib/constants.ts";
import { BUY_ONLINE_EXPERIENCE } from "../../lib/deals.ts";
import { checkEligibility } from "../deals/eligibility.server.ts";
import { clearMemo } from "../cache.server.ts";
import { PAYMENT_TERMS } from "../../lib/loan.ts";
import { monthlyCost, type CostTerms } from "../../lib/monthly-cost.ts";
import { EXPERIENCES, normalizeSearchQuery, type ListResult, type SearchQuery, type SearchQueryInput, type SearchResult } from "../../lib/search-query.ts";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { seedInventory } from "../inventory/seed.server.ts";
import { upsertListings, type ListingInput } from "../inventory/upsert.server.ts";
import { ensureReferenceData } from "../reference/store.server.ts";
import { createIndexSearchEngine, type IndexSearchEngine } from "./index-engine.server.ts";
import { createSqlSearchEngine, type SqlSearchEngine } from "./sql-engine.server.ts";

const NOW = Date.UTC(2026, 10, 1, 12);

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    some: <T>(xs: readonly T[], max = 3): T[] => {
      const n = 1 + Math.floor(next() * Math.min(max, xs.length));
      const out = new Set<T>();
      while (out.size < n) out.add(xs[Math.floor(next() * xs.length)]);
      return [...out];
    },
  };
}

interface Vocabulary {
  makes: string[];
  modelsByMake: Map<string, string[]>;
  trimsByMake: Map<string, string[]>;
  series: string[];
  bodies: string[];
  subtypes: string[];
  fuels: string[];
  drives: string[];
  engines: string[];
  transmissions: string[];
  extColors: string[];
  intColors: string[];
  features: string[];
  packages: string[];
  homeServices: string[];
  history: string[];
  beds: string[];
  owners: number[];
}

async function vocabulary(t: TestDatabase): Promise<Vocabulary> {
  const rows = await t.db.kysely
    .selectFrom("listings")
    .select([
      "make_code",
      "model_code",
      "trim_code",
      "series_code",
      "body_style_code",
      "body_subtype_code",
      "fuel_type_group",
      "drive_group",
      "engine_code",
      "transmission_code",
      "ext_color_simple",
      "int_color_simple",
      "features",
      "packages",
      "home_services",
      "vehicle_history",
      "truck_bed_length",
      "owner_id",
    ])
    .where("status", "=", "active")
    .execute();
  const uniq = (f: (r: (typeof rows)[number]) => string | null | undefined) => [...new Set(rows.map(f).filter((v): v is string => !!v))].sort();
  const codes = (f: (r: (typeof rows)[number]) => string) => [...new Set(rows.flatMap((r) => f(r).split(",").filter(Boolean)))].sort();
  const modelsByMake = new Map<string, string[]>();
  const trimsByMake = new Map<string, string[]>();
  for (const r of rows) {
    const m = modelsByMake.get(r.make_code) ?? [];
    if (!m.includes(r.model_code)) m.push(r.model_code);
    modelsByMake.set(r.make_code, m);
    if (r.trim_code) {
      const tr = trimsByMake.get(r.make_code) ?? [];
      if (!tr.includes(r.trim_code)) tr.push(r.trim_code);
      trimsByMake.set(r.make_code, tr);
    }
  }
  const ownerCounts = new Map<number, number>();
  for (const r of rows) ownerCounts.set(Number(r.owner_id), (ownerCounts.get(Number(r.owner_id)) ?? 0) + 1);
  return {
    makes: uniq((r) => r.make_code),
    modelsByMake,
    trimsByMake,
    series: uniq((r) => r.series_code),
    bodies: uniq((r) => r.body_style_code),
    subtypes: uniq((r) => r.body_subtype_code),
    fuels: uniq((r) => r.fuel_type_group),
    drives: uniq((r) => r.drive_group),
    engines: uniq((r) => r.engine_code),
    transmissions: uniq((r) => r.transmission_code),
    extColors: uniq((r) => r.ext_color_simple),
    intColors: uniq((r) => r.int_color_simple),
    features: codes((r) => r.features),
    packages: codes((r) => r.packages),
    homeServices: codes((r) => r.home_services),
    history: codes((r) => r.vehicle_history),
    beds: uniq((r) => r.truck_bed_length),
    owners: [...ownerCounts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([id]) => id),
  };
}

const ZIPS = ["10001", "90012", "60601", "75201", "77002", "30303", "85004", "98101", "80202", "33130", "02108", "63101", "59601", "04101"];
const KEYWORDS = [
  "toyota",
  "honda suv",
  "red",
  "used",
  "2020 ford",
  "camry",
  "awd",
  "electric",
  "certified truck",
  "xyzzy",
  "bmw 3",
  "f150",
  "cr-v",
  "new pickup",
  "gray sedan",
  // Words naming features (a listing must have one of the features each names).
  "sunroof",
  "toyota leather",
  "heated seats",
];

/** Wallet terms: a down payment (sometimes none, sometimes more than a car costs), a term, an APR with decimals (sometimes 0%). */
function randomTerms(r: ReturnType<typeof rng>): CostTerms {
  return {
    down: r.pick([0, 1000, 2500, 5000, 12_345, 60_000]),
    termMonths: r.pick(PAYMENT_TERMS),
    apr: r.chance(0.15) ? 0 : r.int(1, 1999) / 100,
  };
}

/** A random query: each filter section switched on with some probability, values from the inventory. */
function randomQuery(r: ReturnType<typeof rng>, v: Vocabulary): SearchQueryInput {
  const q: SearchQueryInput = {};
  const p = 0.12;
  // "Any make except ...", alone or beside chosen makes (a chosen make wins).
  if (r.chance(0.15)) q.excludedMakeCodes = r.some(v.makes, 2);
  if (r.chance(0.3)) {
    const makes = r.some(v.makes, 2);
    q.makeCodes = r.chance(0.1) ? [...makes, "NOSUCHMAKE"] : makes;
    if (r.chance(0.6)) {
      const models: Record<string, string[]> = {};
      for (const m of makes) if (r.chance(0.7)) models[m] = r.some(v.modelsByMake.get(m) ?? [], 3);
      q.models = models;
    }
    if (r.chance(0.25)) {
      const m = r.pick(makes);
      const trims = v.trimsByMake.get(m) ?? [];
      if (trims.length) q.trimCodes = r.some(trims, 2);
    }
    if (r.chance(0.2) && v.series.length) q.seriesCodes = r.some(v.series, 2);
  }
  if (r.chance(0.25)) q.listingTypes = r.some(LISTING_TYPES, 2);
  if (r.chance(p)) q.vehicleStyleCodes = r.some(v.bodies, 2);
  if (r.chance(p)) q.bodyStyleSubtypeCodes = r.some(v.subtypes, 2);
  if (r.chance(p)) {
    const a = r.int(2010, 2026);
    if (r.chance(0.5)) q.startYear = a;
    else q.endYear = a;
    if (r.chance(0.5)) q.endYear = a + r.int(0, 4);
  }
  if (r.chance(0.2)) {
    if (r.chance(0.6)) q.minPrice = r.int(0, 50) * 1000;
    if (r.chance(0.7)) q.maxPrice = r.pick([10000, 15000, 20000, 25000, 30000, 42500, 60000, 100000]);
  }
  if (r.chance(p)) q.mileage = r.pick([15000, 30000, 45000, 60000, 75000, 100000, 150000, 12345]);
  if (r.chance(p)) q.mpgRange = r.pick([20, 25, 30, 35, 40, 50]);
  if (r.chance(p)) q.fuelTypeGroups = r.some(v.fuels, 2);
  if (r.chance(p)) q.driveGroups = r.some(v.drives, 2);
  if (r.chance(p)) q.extColors = r.some(v.extColors, 3);
  if (r.chance(p)) q.intColors = r.some(v.intColors, 2);
  if (r.chance(p)) q.engineCodes = r.some(v.engines, 2);
  if (r.chance(p)) q.doorCodes = r.some([2, 4], 2);
  if (r.chance(p)) q.transmissionCodes = r.some(v.transmissions, 1);
  if (r.chance(p)) q.cylinders = r.some([4, 6, 8], 2);
  if (r.chance(0.06)) q.truckBedLengths = r.some(v.beds, 2);
  if (r.chance(0.06)) q.truckCabSizes = r.some([3, 4, 5, 6], 2);
  if (r.chance(p)) q.featureCodes = r.some(v.features, 3);
  if (r.chance(p)) q.vehicleHistoryTypes = r.some(v.history, 2);
  if (r.chance(p)) q.homeServices = r.some(v.homeServices, 2);
  if (r.chance(0.08) && v.packages.length) q.packages = r.some(v.packages, 2);
  if (r.chance(p)) q.dealTypes = r.some(["goodprice", "greatprice"], 2);
  if (r.chance(p)) q.sellerTypes = r.some(["p", "d"], 1);
  if (r.chance(0.06)) q.electricMileRange = r.pick([100, 150, 200, 250, 300]);
  if (r.chance(p)) q.vehicleUseTypes = r.some(["personal", "commercial"], 1);
  if (r.chance(0.06)) q.moneyBackGuarantee = true;
  if (r.chance(0.05)) q.experience = r.pick(EXPERIENCES);
  if (r.chance(0.04) && v.owners.length) q.showcaseOwnerId = r.pick(v.owners);
  if (r.chance(0.12)) q.keyword = r.pick(KEYWORDS);
  if (r.chance(0.45)) {
    q.zip = r.pick(ZIPS);
    q.searchRadius = r.pick([0, 10, 25, 50, 75, 100, 250]);
    if (r.chance(0.3)) q.marketExtension = true;
  }
  // The monthly cost with fuel: its ceiling, and the shopper's loan terms (the wallet's) or the defaults.
  if (r.chance(0.12)) q.maxMonthlyCost = r.pick([250, 300, 400, 450, 500, 600, 750, 1000, 1234]);
  if (r.chance(0.3)) q.costTerms = randomTerms(r);
  q.sortBy = r.pick(SORT_OPTIONS);
  if (r.chance(0.2)) q.firstRecord = r.pick([30, 60, 90, 5000]);
  if (r.chance(0.15)) q.numRecords = r.pick([1, 5, 100]);
  return q;
}

/** The monthly cost's sort and filter, landing and narrowed, on default and wallet terms (pages deep enough to pass the cheap ones). */
const MONTHLY_QUERIES: SearchQueryInput[] = [
  { sortBy: "monthlycostASC" },
  { sortBy: "monthlycostASC", listingTypes: ["NEW", "USED", "CERTIFIED"], firstRecord: 2400, numRecords: 100 },
  { sortBy: "monthlycostASC", costTerms: { down: 3000, termMonths: 72, apr: 6.9 } },
  { sortBy: "monthlycostASC", costTerms: { down: 0, termMonths: 84, apr: 0 }, listingTypes: ["USED"], firstRecord: 90 },
  { sortBy: "monthlycostASC", costTerms: { down: 50_000, termMonths: 24, apr: 29.99 }, numRecords: 100 },
  { sortBy: "monthlycostASC", zip: "30303", searchRadius: 100, maxMonthlyCost: 600 },
  { sortBy: "monthlycostASC", vehicleStyleCodes: ["SUVCROSS"], fuelTypeGroups: ["ELE", "HYB", "GSL"] },
  { maxMonthlyCost: 400 },
  { maxMonthlyCost: 550, costTerms: { down: 5000, termMonths: 60, apr: 4.25 }, sortBy: "derivedpriceASC" },
  { maxMonthlyCost: 800, makeCodes: ["TOYOTA", "HONDA"], sortBy: "relevance", zip: "10001" },
  { maxMonthlyCost: 100, sortBy: "monthlycostASC" },
  { maxMonthlyCost: 5000, keyword: "suv", sortBy: "mileageASC" },
];

/** Every difference between the two answers, as readable lines (empty when equal). */
export function differences(a: SearchResult, b: SearchResult): string[] {
  const out: string[] = [];
  if (a.totalResultCount !== b.totalResultCount) out.push(`total ${a.totalResultCount} vs ${b.totalResultCount}`);
  if (JSON.stringify(a.stats) !== JSON.stringify(b.stats)) out.push(`stats ${JSON.stringify(a.stats)} vs ${JSON.stringify(b.stats)}`);
  const ids = (r: SearchResult) => r.hits.map((h) => h.id).join(",");
  if (ids(a) !== ids(b)) out.push(`page ${ids(a)} vs ${ids(b)}`);
  else {
    a.hits.forEach((h, i) => {
      const o = b.hits[i];
      if ((h.distance === null) !== (o.distance === null) || (h.distance !== null && Math.abs(h.distance - o.distance!) > 1e-6))
        out.push(`distance of ${h.id}: ${h.distance} vs ${o.distance}`);
      if (h.marketExtension !== o.marketExtension) out.push(`marketExtension of ${h.id}`);
    });
  }
  const counts = (r: SearchResult) => {
    const m = new Map<string, number>();
    for (const f of r.filters) for (const o of f.options) m.set(`${f.name}=${o.value}`, o.count);
    return m;
  };
  const ca = counts(a);
  const cb = counts(b);
  if (a.filters.map((f) => f.name).join() !== b.filters.map((f) => f.name).join())
    out.push(`sections ${a.filters.map((f) => f.name)} vs ${b.filters.map((f) => f.name)}`);
  for (const [k, n] of ca) if ((cb.get(k) ?? 0) !== n) out.push(`facet ${k}: ${n} vs ${cb.get(k) ?? 0}`);
  for (const [k, n] of cb) if (n > 0 && !ca.has(k)) out.push(`facet ${k} missing from the index (SQL ${n})`);
  for (const f of a.filters) for (const o of f.options) if (o.disabled !== (o.count === 0 && !o.selected)) out.push(`disabled flag of ${f.name}=${o.value}`);
  return out;
}

for (const factory of testDatabaseFactories()) {
  const onPostgres = factory.name === "postgres";
  const LISTINGS = onPostgres ? 1500 : 3000;
  const ROUNDS = onPostgres ? 60 : 220;

  describe(`search index equals the SQL reference (${factory.name})`, () => {
    let t: TestDatabase;
    let index: IndexSearchEngine;
    let sqlEngine: SqlSearchEngine;
    let vocab: Vocabulary;

    beforeAll(async () => {
      t = await factory.create();
      await ensureReferenceData(t.db);
      await seedInventory(t.db, { listings: LISTINGS, seed: 11, now: NOW });
      index = await createIndexSearchEngine(t.db, { pollIntervalMs: null });
      sqlEngine = await createSqlSearchEngine(t.db, { labels: index.labels });
      vocab = await vocabulary(t);
    });

    afterAll(async () => {
      await index?.close();
      await t?.drop();
    });

    async function compareMany(seed: number, rounds: number): Promise<void> {
      const r = rng(seed);
      const failures: string[] = [];
      for (let k = 0; k < rounds; k++) {
        const input = randomQuery(r, vocab);
        const q = normalizeSearchQuery(input);
        const [a, b] = await Promise.all([index.search(q, { now: NOW }), sqlEngine.search(q, { now: NOW })]);
        const diff = differences(a, b);
        if (diff.length > 0) failures.push(`${JSON.stringify(input)}\n  ${diff.slice(0, 8).join("\n  ")}`);
      }
      expect(failures, failures.slice(0, 5).join("\n")).toEqual([]);
    }

    it(`matches SQL on ${ROUNDS} random filter combinations (page, total, stats, every facet count)`, async () => {
      await compareMany(1, ROUNDS);
    });

    it("matches SQL without facets too (hideFilters, a dealer's showcase, similar cars): the page and total", async () => {
      const r = rng(5);
      const failures: string[] = [];
      for (let k = 0; k < 80; k++) {
        const input = randomQuery(r, vocab);
        const q = normalizeSearchQuery(input);
        const [a, b] = await Promise.all([index.search(q, { now: NOW, hideFilters: true }), sqlEngine.search(q, { now: NOW, hideFilters: true })]);
        const diff = differences({ ...a, filters: [] }, { ...b, filters: [] });
        if (diff.length > 0) failures.push(`${JSON.stringify(input)}\n  ${diff.slice(0, 8).join("\n  ")}`);
      }
      // A dealer's showcase (showcaseOwnerId): the page and total of that dealer's matches, with and
      // without facets, on random filters.
      for (let k = 0; k < 60; k++) {
        const input = { ...randomQuery(r, vocab), showcaseOwnerId: r.pick(vocab.owners) };
        const q = normalizeSearchQuery(input);
        for (const hideFilters of [true, false]) {
          const [a, b] = await Promise.all([index.search(q, { now: NOW, hideFilters }), sqlEngine.search(q, { now: NOW, hideFilters })]);
          const diff = differences(hideFilters ? { ...a, filters: [] } : a, hideFilters ? { ...b, filters: [] } : b);
          if (diff.length > 0) failures.push(`showcase ${JSON.stringify(input)}\n  ${diff.slice(0, 8).join("\n  ")}`);
        }
      }
      // Similar cars of listings across the price range: same body style, a price band around theirs.
      const ids = (await t.db.kysely.selectFrom("listings").select("id").where("status", "=", "active").orderBy("sale_price").execute()).map((x) =>
        Number(x.id),
      );
      for (let k = 0; k < 40; k++) {
        const listingId = ids[Math.floor((k * ids.length) / 40)]!;
        const request = { listingId, excludedListingIds: [listingId], numRecords: 12, ...(k % 3 === 0 ? { zip: "10001" } : {}) };
        const [a, b] = await Promise.all([index.similar(request), sqlEngine.similar(request)]);
        const page = (x: typeof a) => x.hits.map((h) => h.id).join(",");
        if (a.totalResultCount !== b.totalResultCount || page(a) !== page(b))
          failures.push(`similar ${JSON.stringify(request)}: ${a.totalResultCount} [${page(a)}] vs ${b.totalResultCount} [${page(b)}]`);
      }
      failures.push(...(await similarWithoutCount(ids)));
      expect(failures, failures.slice(0, 5).join("\n")).toEqual([]);
    });

    /**
     * Similar cars without their count (the pages: walked from the price order) are the same cars,
     * with the same distances, as SQL's counted answer, across the price range, near a ZIP or not.
     */
    async function similarWithoutCount(ids: number[]): Promise<string[]> {
      const failures: string[] = [];
      const page = (x: ListResult) => x.hits.map((h) => `${h.id}@${h.distance === null ? "-" : h.distance.toFixed(3)}`).join(",");
      for (let k = 0; k < 60; k++) {
        const listingId = ids[Math.floor((k * ids.length) / 60)]!;
        const request =
          k % 5 === 4
            ? { bodyStyleCode: k % 2 ? "SEDAN" : "SUVCROSS", price: 8000 + k * 900, zip: "60601", searchRadius: 100, numRecords: 12 }
            : { listingId, excludedListingIds: [listingId, ids[k]!], numRecords: 3 + (k % 12), ...(k % 3 === 0 ? { zip: "10001" } : {}) };
        const [a, b] = await Promise.all([index.similar(request, { count: false }), sqlEngine.similar(request)]);
        expect(a.totalResultCount).toBe(a.hits.length);
        if (page(a) !== page(b)) failures.push(`similar without count ${JSON.stringify(request)}: [${page(a)}] vs [${page(b)}]`);
      }
      return failures;
    }

    it("the automaker buy-online experience keeps that automaker's eligible listings only, the same in both engines", async () => {
      const q = normalizeSearchQuery({ experience: "buy-online", numRecords: 100 });
      const [a, b] = await Promise.all([index.search(q, { now: NOW }), sqlEngine.search(q, { now: NOW })]);
      expect(differences(a, b)).toEqual([]);
      expect(a.totalResultCount).toBeGreaterThan(0);
      // Every hit passes the eligibility service's rules; the automaker's other cars are out.
      const answer = await checkEligibility(
        t.db,
        (
          await t.db.kysely
            .selectFrom("listings")
            .select("vin")
            .where(
              "id",
              "in",
              a.hits.map((h) => h.id),
            )
            .execute()
        ).map((r) => r.vin),
      );
      expect(answer.results.length).toBe(a.hits.length);
      expect(answer.results.filter((r) => !r.sellable)).toEqual([]);
      const fords = await index.search(normalizeSearchQuery({ makeCodes: [BUY_ONLINE_EXPERIENCE.makeCode] }), { now: NOW });
      expect(fords.totalResultCount).toBeGreaterThan(a.totalResultCount);
      // A dealer leaving online buying takes its cars out (within the set's lifetime; cleared here).
      const [first] = await t.db.kysely.selectFrom("listings").select("owner_id").where("id", "=", a.hits[0].id).execute();
      await t.db.kysely.updateTable("owners").set({ ecommerce_opt_in: 0 }).where("id", "=", first.owner_id).execute();
      clearMemo();
      const [c, d] = await Promise.all([index.search(q, { now: NOW }), sqlEngine.search(q, { now: NOW })]);
      expect(differences(c, d)).toEqual([]);
      expect(c.hits.map((h) => h.id)).not.toContain(a.hits[0].id);
      await t.db.kysely.updateTable("owners").set({ ecommerce_opt_in: 1 }).where("id", "=", first.owner_id).execute();
      clearMemo();
    });

    it("finds by feature words: 'sunroof' matches the Sunroof / Moonroof filter's listings in both engines", async () => {
      const byKeyword = normalizeSearchQuery({ keyword: "sunroof" });
      const byFilter = normalizeSearchQuery({ featureCodes: ["SUNROOF"] });
      const [a, b, c] = await Promise.all([
        index.search(byKeyword, { now: NOW }),
        sqlEngine.search(byKeyword, { now: NOW }),
        index.search(byFilter, { now: NOW }),
      ]);
      expect(c.totalResultCount).toBeGreaterThan(0);
      expect(a.totalResultCount).toBe(c.totalResultCount);
      expect(differences(a, b)).toEqual([]);
      // The vehicle vocabulary comes first: "red" is still a colour.
      const red = await index.search(normalizeSearchQuery({ keyword: "red" }), { now: NOW });
      const redFilter = await index.search(normalizeSearchQuery({ extColors: ["RED"] }), { now: NOW });
      expect(red.totalResultCount).toBe(redFilter.totalResultCount);
    });

    it("matches SQL on the landing query under every sort and deep pages", async () => {
      for (const sortBy of SORT_OPTIONS) {
        for (const input of [
          { sortBy },
          { sortBy, listingTypes: ["USED"] },
          { sortBy, listingTypes: ["CERTIFIED", "3P_CERT"], firstRecord: 30 },
          { sortBy, zip: "10001" },
        ]) {
          const q = normalizeSearchQuery(input);
          const [a, b] = await Promise.all([index.search(q, { now: NOW }), sqlEngine.search(q, { now: NOW })]);
          expect(differences(a, b), JSON.stringify(input)).toEqual([]);
        }
      }
    });

    it("matches SQL on the monthly cost: its sort and ceiling on the default and on wallet terms", async () => {
      for (const input of MONTHLY_QUERIES) {
        const q = normalizeSearchQuery(input);
        const [a, b] = await Promise.all([index.search(q, { now: NOW }), sqlEngine.search(q, { now: NOW })]);
        expect(differences(a, b), JSON.stringify(input)).toEqual([]);
      }
    });

    it("matches SQL when the filters bound the sort key (ranges walked from their bounds)", async () => {
      for (const sortBy of SORT_OPTIONS) {
        for (const input of [
          { sortBy, minPrice: 18000, maxPrice: 26000 },
          { sortBy, maxPrice: 12000, firstRecord: 30 },
          { sortBy, mileage: 30000, listingTypes: ["USED"] },
          { sortBy, startYear: 2019, endYear: 2020, numRecords: 100 },
          { sortBy, minPrice: 40000, zip: "30303", searchRadius: 100 },
          // New cars sorted oldest first: the walk from the old end is abandoned for the per-result path.
          { sortBy, listingTypes: ["NEW"], extColors: ["BLACK", "WHITE", "GRAY"] },
        ]) {
          const q = normalizeSearchQuery(input);
          const [a, b] = await Promise.all([index.search(q, { now: NOW }), sqlEngine.search(q, { now: NOW })]);
          expect(differences(a, b), JSON.stringify(input)).toEqual([]);
        }
      }
    });

    it("still matches after a batch of inventory changes (new, repriced, sold, moved listings)", async () => {
      const rows = await t.db.kysely.selectFrom("listings").selectAll().where("status", "=", "active").orderBy("id").limit(400).execute();
      const changes: ListingInput[] = rows.map((row, i) => {
        const { id: _id, updated_at: _u, expired_at: _e, ...rest } = row;
        const input = { ...rest } as unknown as ListingInput;
        if (i % 4 === 0) input.sale_price = Math.max(500, row.sale_price - 750 - i);
        if (i % 4 === 1) input.status = "sold";
        if (i % 4 === 2) {
          input.lat = 40.75;
          input.lon = -73.99;
          input.zip = "10001";
        }
        if (i % 4 === 3) {
          input.deal_rating = "great";
          input.features = ",NAV,HEATED_SEATS,";
        }
        // A car without an EPA fuel cost (a new config in the overflow tail).
        if (i % 8 === 6) input.annual_fuel_cost = null;
        return input;
      });
      // Brand-new listings copied from existing ones under new VINs.
      for (let i = 0; i < 150; i++) {
        const { id: _id, updated_at: _u, expired_at: _e, ...rest } = rows[i];
        changes.push({ ...(rest as unknown as ListingInput), vin: `NEWVIN${String(i).padStart(11, "0")}`, sale_price: 9000 + i * 37, status: "active" });
      }
      await upsertListings(t.db, changes, NOW);
      await index.flush();
      (sqlEngine as SqlSearchEngine).invalidate();
      const st = index.index.stats();
      expect(st.overflow + index.index.dirtyList.length + st.tombstones).toBeGreaterThan(0);
      await compareMany(2, Math.round(ROUNDS / 2));
      for (const sortBy of SORT_OPTIONS) {
        const q = normalizeSearchQuery({ sortBy, minPrice: 9000, maxPrice: 30000 });
        const [a, b] = await Promise.all([index.search(q, { now: NOW }), sqlEngine.search(q, { now: NOW })]);
        expect(differences(a, b), sortBy).toEqual([]);
      }
      for (const input of MONTHLY_QUERIES) {
        const q = normalizeSearchQuery(input);
        const [a, b] = await Promise.all([index.search(q, { now: NOW }), sqlEngine.search(q, { now: NOW })]);
        expect(differences(a, b), JSON.stringify(input)).toEqual([]);
      }
      await expectMonthlyCostsAsShown();
      // Repriced and new cars are out of the price order's walk and offered by their own price.
      const all = await t.db.kysely.selectFrom("listings").select("id").where("status", "=", "active").orderBy("sale_price").execute();
      expect(await similarWithoutCount(all.map((x) => Number(x.id)))).toEqual([]);
    });

    /** Active listings with what a card shows the monthly cost from. */
    async function costRows() {
      return t.db.kysely.selectFrom("listings").select(["id", "sale_price", "annual_fuel_cost"]).where("status", "=", "active").execute();
    }

    /**
     * The engines sort and filter by the figure the page shows (app/lib/monthly-cost.ts
     * monthlyCost): every hit of 'Lowest monthly cost' in order of it, cars without an EPA fuel
     * cost last by price; the ceiling keeps exactly the cars whose shown cost is within it.
     */
    async function expectMonthlyCostsAsShown(): Promise<void> {
      const rows = await costRows();
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      expect(rows.some((r) => r.annual_fuel_cost === null)).toBe(true);
      for (const costTerms of [undefined, { down: 3000, termMonths: 72, apr: 6.9 }, { down: 0, termMonths: 36, apr: 0 }]) {
        const shown = (id: number) => {
          const r = byId.get(id)!;
          return monthlyCost(Number(r.sale_price), r.annual_fuel_cost, costTerms)?.total ?? null;
        };
        // The whole order, a page of 100 at a time.
        const expected = rows
          .map((r) => ({ id: Number(r.id), cost: shown(Number(r.id)), price: Number(r.sale_price) }))
          .sort((x, y) => (x.cost === null ? 1 : 0) - (y.cost === null ? 1 : 0) || (x.cost ?? x.price) - (y.cost ?? y.price) || x.id - y.id)
          .map((x) => x.id);
        const got: number[] = [];
        for (let first = 0; first < Math.min(rows.length, 600); first += 100) {
          const page = await index.search(
            normalizeSearchQuery({ sortBy: "monthlycostASC", costTerms, listingTypes: [...LISTING_TYPES], firstRecord: first, numRecords: 100 }),
            { now: NOW },
          );
          got.push(...page.hits.map((h) => h.id));
        }
        expect(got).toEqual(expected.slice(0, got.length));
        const last = await index.search(
          normalizeSearchQuery({
            sortBy: "monthlycostASC",
            costTerms,
            listingTypes: [...LISTING_TYPES],
            firstRecord: Math.floor((rows.length - 1) / 100) * 100,
            numRecords: 100,
          }),
          { now: NOW },
        );
        expect(last.hits.map((h) => h.id)).toEqual(expected.slice(Math.floor((rows.length - 1) / 100) * 100));
        expect(shown(last.hits[last.hits.length - 1].id)).toBeNull();
        for (const max of [300, 451, 700]) {
          const q = normalizeSearchQuery({ maxMonthlyCost: max, costTerms, listingTypes: [...LISTING_TYPES], numRecords: 100 });
          const [a, b] = await Promise.all([index.search(q, { now: NOW }), sqlEngine.search(q, { now: NOW })]);
          expect(differences(a, b)).toEqual([]);
          const within = rows.filter((r) => {
            const c = shown(Number(r.id));
            return c !== null && c <= max;
          });
          expect(a.totalResultCount).toBe(within.length);
          expect(a.totalResultCount).toBeGreaterThan(0);
          for (const h of a.hits) expect(shown(h.id)).toBeLessThanOrEqual(max);
        }
      }
    }
  });
}

export type { SearchQuery };
