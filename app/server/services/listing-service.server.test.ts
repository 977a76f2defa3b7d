// Contract tests of the spec's listing services (section 7) on a seeded SQLite inventory.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase, type SeededDatabase } from "../../../tests/support/seeded-database.ts";
import { getDatabase } from "../db/connection.server.ts";
import { getSearchEngine } from "../search/search.server.ts";
import { normalizeSearchQuery } from "../../lib/search-query.ts";
import {
  countService,
  crawlLinksService,
  listingService,
  mileageStatsService,
  modelInfoService,
  packagesService,
  referenceService,
  similarService,
  suggestedKeywordsService,
  zipService,
} from "./listing-service.server.ts";

const u = (q: string) => new URL(`http://localhost/rest/lsc/listing${q}`);
let seeded: SeededDatabase;

beforeAll(async () => {
  seeded = await seededDatabase("services", { listings: 4000, seed: 7, now: Date.UTC(2026, 10, 1) });
});

afterAll(async () => {
  await seeded.close();
});

describe("GET /rest/lsc/listing", () => {
  it("searches used cars by default with listings, owners, filters and stats", async () => {
    const r = await listingService(u(""));
    expect(r.totalResultCount).toBeGreaterThan(100);
    expect(r.listings).toHaveLength(30);
    for (const l of r.listings) {
      expect(["USED", "3P_CERT"]).toContain(l.listingType);
      expect(l.pricingDetail.salePrice).toBeGreaterThan(0);
      expect(l.images.sources[0]!.src).toMatch(/^\/images\/vehicles\/.+\.svg$/);
      expect(r.owners!.some((o) => o.id === l.ownerId)).toBe(true);
    }
    // Default sort derivedpriceDESC.
    const prices = r.listings.map((l) => l.pricingDetail.salePrice);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    expect(r.filters!.length).toBeGreaterThan(10);
    expect(r.stats!.derivedprice!.min).toBeLessThanOrEqual(r.stats!.derivedprice!.max);
    expect(r.invalidQueryParams).toEqual([]);
  });

  it("filters by make and sorts as asked", async () => {
    const r = await listingService(u("?makeCode=TOYOTA&sortBy=mileageASC&listingType=USED"));
    expect(r.totalResultCount).toBeGreaterThan(0);
    for (const l of r.listings) expect(l.make.code).toBe("TOYOTA");
    const miles = r.listings.map((l) => l.mileage.value);
    expect([...miles].sort((a, b) => a - b)).toEqual(miles);
  });

  it("drops bad parameters and lists them instead of failing", async () => {
    const r = await listingService(u("?zip=abcde&sortBy=bogus&searchRadius=-5&startYear=soon&foo=bar&channel=ATC"));
    const names = r.invalidQueryParams.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["zip", "sortBy", "searchRadius", "startYear", "foo"]));
    expect(names).not.toContain("channel");
    expect(r.listings).toHaveLength(30);
  });

  it("sorts and filters by the monthly cost on the loan terms it is given (costDown, costTerm, costApr)", async () => {
    const engine = await getSearchEngine();
    const terms = { down: 3000, termMonths: 72, apr: 6.9 };
    const r = await listingService(u("?sortBy=monthlycostASC&maxMonthlyCost=600&costDown=3000&costTerm=72&costApr=6.9"));
    expect(r.invalidQueryParams).toEqual([]);
    const direct = await engine.search(normalizeSearchQuery({ sortBy: "monthlycostASC", maxMonthlyCost: 600, costTerms: terms, listingTypes: ["USED"] }));
    expect(r.totalResultCount).toBe(direct.totalResultCount);
    expect(r.listings.map((l) => l.id)).toEqual(direct.hits.map((h) => h.id));
    // On the default terms the same ceiling keeps other cars.
    const byDefault = await listingService(u("?sortBy=monthlycostASC&maxMonthlyCost=600"));
    expect(byDefault.totalResultCount).not.toBe(r.totalResultCount);
    const bad = await listingService(u("?sortBy=monthlycostASC&costDown=3000&costTerm=61&costApr=6.9"));
    expect(bad.invalidQueryParams.map((p) => p.name)).toContain("costDown");
  });

  it("measures distance from the searched ZIP and keeps to the radius", async () => {
    const r = await listingService(u("?zip=30301&searchRadius=100&sortBy=distanceASC"));
    expect(r.totalResultCount).toBeGreaterThan(0);
    const d = r.listings.map((l) => l.distanceFromSearch!);
    for (const x of d) expect(x).toBeLessThanOrEqual(100);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
  });

  it("finds active listings by VIN", async () => {
    const page = await listingService(u("?numRecords=3"));
    const vins = page.listings.map((l) => l.vin);
    const r = await listingService(u(`?collapseFilters=true&vin=${vins.join(",")}&vin=NOTAVIN`));
    expect(r.listings.map((l) => l.vin).sort()).toEqual([...vins].sort());
    expect(r.invalidQueryParams).toEqual([{ name: "vin", value: "NOTAVIN", reason: "not a VIN" }]);
  });

  it("answers the supplemental search with up to 100 listings and no filters", async () => {
    const r = await listingService(u("?supplemental=true&hideFilters=true&zip=10001&searchRadius=10"));
    expect(r.listings.length).toBeLessThanOrEqual(100);
    expect(r.listings.length).toBeGreaterThan(30);
    expect(r).not.toHaveProperty("filters");
  });
});

describe("count, similar, keywords", () => {
  it("counts what the search finds", async () => {
    const search = await listingService(u("?makeCode=HONDA"));
    const count = await countService(u("?makeCode=HONDA"));
    expect(count.count).toBe(search.totalResultCount);
  });

  it("finds up to 20 similar listings, never the excluded ones, and cuts the exclusions at 25", async () => {
    const page = await listingService(u("?numRecords=30"));
    const ids = page.listings.map((l) => l.id);
    const r = await similarService(new URL(`http://localhost/rest/lsc/listing/similar?excludedListingId=${ids.join(",")}`));
    expect(r.listings.length).toBeGreaterThan(0);
    expect(r.listings.length).toBeLessThanOrEqual(20);
    for (const l of r.listings) expect(ids.slice(0, 25)).not.toContain(l.id);
    expect(r.invalidQueryParams.map((p) => p.name)).toContain("excludedListingId");
    const first = page.listings[0]!;
    for (const l of r.listings) expect(l.bodyStyles[0]!.code).toBe(first.bodyStyles[0]!.code);
  });

  it("suggests makes and models with their codes and results URLs", async () => {
    const r = await suggestedKeywordsService("toyo");
    const make = r.suggestions.find((s) => s.type === "make");
    expect(make).toMatchObject({ label: "Toyota", makeCode: "TOYOTA" });
    expect(make!.contentUrl).toMatch(/^\/cars-for-sale/);
    expect((await suggestedKeywordsService("   ")).suggestions).toEqual([]);
  });
});

describe("reference services", () => {
  it("looks reference data up by name", async () => {
    const makes = await referenceService("make", new URL("http://localhost/x"));
    expect(makes.payload).toEqual(expect.arrayContaining([{ name: "Toyota", code: "TOYOTA" }]));
    const models = await referenceService("model", new URL("http://localhost/x?makeCode=TOYOTA"));
    expect(models.payload.map((m) => (m as { code: string }).code)).toContain("CAMRY");
    const styles = await referenceService("bodystyles", new URL("http://localhost/x"));
    const suv = (styles.payload as unknown as { code: string; bodyStyleSubTypes: unknown[] }[]).find((s) => s.code === "SUVCROSS");
    expect(suv!.bodyStyleSubTypes.length).toBeGreaterThan(0);
  });

  it("looks a ZIP up and refuses one that does not exist", () => {
    expect(zipService("10001")).toEqual({ zip: "10001", city: "New York", state: "NY" });
    expect(zipService("00000")).toBeNull();
    expect(zipService("1234")).toBeNull();
  });

  it("lists packages of a trim", async () => {
    const db = await getDatabase();
    const withPackage = await db.kysely
      .selectFrom("ref_packages as p")
      .innerJoin("ref_trims as t", "t.id", "p.trim_id")
      .select(["t.make_code", "t.model_code", "t.trim_code"])
      .orderBy("t.year", "desc")
      .executeTakeFirstOrThrow();
    const r = await packagesService(
      new URL(`http://localhost/x?makeCode=${withPackage.make_code}&modelCode=${withPackage.model_code}&trimCode=${encodeURIComponent(withPackage.trim_code)}`),
    );
    expect(r.results.packageNames.length).toBeGreaterThan(0);
    expect(r.results.packageNames[0]).toHaveProperty("code");
    const bad = await packagesService(new URL("http://localhost/x?makeCode=%3Cscript%3E"));
    expect(bad.results.packageNames).toEqual([]);
  });

  it("gives mileage stats with the spec's fields", async () => {
    const r = await mileageStatsService(new URL("http://localhost/x?makeCode=TOYOTA&modelCode=CAMRY&listingType=USED"));
    for (const key of [
      "difference",
      "maxDifference",
      "averageMiles",
      "mileageMax",
      "mileagePerYearMean",
      "highestMileageName",
      "highestMileageCount",
      "facetStatsCalculate",
      "percentModel",
      "percentAllCar",
    ]) {
      expect(r).toHaveProperty(key);
    }
    expect(r.mileageMax).toBeLessThan(250000);
  });

  it("lists price-by-year links, at most 11 years, and trims", async () => {
    const years = await crawlLinksService("modelyears", new URL("http://localhost/x?makeCode=TOYOTA&modelCode=CAMRY"));
    expect(years.links.length).toBeGreaterThan(0);
    expect(years.links.length).toBeLessThanOrEqual(11);
    for (const l of years.links) {
      expect(l.startingPrice).toBeLessThanOrEqual(l.avgPrice);
      expect(l.avgPrice).toBeLessThanOrEqual(l.maxPrice);
      expect(l.link).toMatch(/^\/cars-for-sale\//);
    }
    const trims = await crawlLinksService("trims", new URL("http://localhost/x?makeCode=TOYOTA&modelCode=CAMRY"));
    expect(trims.links.length).toBeGreaterThan(0);
    expect((await crawlLinksService("trims", new URL("http://localhost/x"))).links).toEqual([]);
  });

  it("gives model info for a year", async () => {
    const r = await modelInfoService(new URL("http://localhost/x?makeCode=TOYOTA&modelCode=CAMRY&startYear=2024&numRecords=1"));
    expect(r.modelInfo).toHaveLength(1);
    expect(r.modelInfo[0]!.year).toBe(2024);
    expect(r.modelInfo[0]!.trims.length).toBeGreaterThan(1);
  });
});
