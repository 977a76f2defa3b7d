// normalizeSearchQuery / parseSearchQuery (app/lib/search-query.ts): defaults, clamps and
// dropped values, so the engines only ever see a clean query.
import { describe, expect, it } from "vitest";
import { DEFAULT_SORT, PAGE_SIZE, SEARCH_RADIUS_CAP } from "../../lib/constants.ts";
import {
  MAX_RESULT_WINDOW,
  conditionOf,
  effectiveRadius,
  listingTypeMatches,
  normalizeSearchQuery,
  parseSearchQuery,
  truckCabBucket,
} from "../../lib/search-query.ts";
import { keywordTokens, keywordWithout, termKeys, termMatches } from "./keyword.server.ts";

describe("normalizeSearchQuery", () => {
  it("fills the defaults", () => {
    const q = normalizeSearchQuery({});
    expect(q.sortBy).toBe(DEFAULT_SORT);
    expect(q.sortBy).toBe("derivedpriceDESC");
    expect(q.numRecords).toBe(PAGE_SIZE);
    expect(q.firstRecord).toBe(0);
    expect(q.makeCodes).toEqual([]);
    expect(q.marketExtension).toBe(false);
    expect(normalizeSearchQuery(null)).toEqual(q);
    expect(normalizeSearchQuery("nonsense" as never)).toEqual(q);
  });

  it("caps the radius at 100 and keeps 0 as nationwide", () => {
    expect(normalizeSearchQuery({ zip: "30301", searchRadius: 250 }).searchRadius).toBe(SEARCH_RADIUS_CAP);
    expect(normalizeSearchQuery({ zip: "30301", searchRadius: "75" }).searchRadius).toBe(75);
    expect(normalizeSearchQuery({ zip: "30301", searchRadius: 0 }).searchRadius).toBe(0);
    expect(effectiveRadius({ zip: "30301", searchRadius: 500 })).toBe(100);
    expect(effectiveRadius({ searchRadius: 50 })).toBe(0);
  });

  it("cuts a ZIP to 5 characters and drops it unless 5 digits", () => {
    expect(normalizeSearchQuery({ zip: "30301-1234" }).zip).toBe("30301");
    const bad = parseSearchQuery({ zip: "3030" });
    expect(bad.query.zip).toBeUndefined();
    expect(bad.invalid.map((i) => i.name)).toContain("zip");
  });

  it("adds the make of a model selection and keeps models per make", () => {
    const q = normalizeSearchQuery({ models: { toyota: ["camry", "RAV4"] } });
    expect(q.makeCodes).toEqual(["TOYOTA"]);
    expect(q.models).toEqual({ TOYOTA: ["CAMRY", "RAV4"] });
  });

  it("keeps trims only of a selected make, with the trim name's case", () => {
    const r = parseSearchQuery({ makeCodes: ["TOYOTA"], trimCodes: ["toyota|XLE Premium", "HONDA|EX", "nobar"] });
    expect(r.query.trimCodes).toEqual(["TOYOTA|XLE Premium"]);
    expect(r.invalid.filter((i) => i.name === "trimCodes")).toHaveLength(2);
  });

  it("keeps 3P_CERT apart from USED (the Certified Used category) and drops unknown conditions", () => {
    const r = parseSearchQuery({ listingTypes: ["certified", "3P_CERT", "salvage"] });
    expect(r.query.listingTypes).toEqual(["CERTIFIED", "3P_CERT"]);
    expect(r.invalid[0]).toMatchObject({ name: "listingTypes", value: "salvage" });
    expect(listingTypeMatches(["USED"], "3P_CERT")).toBe(true);
    expect(listingTypeMatches(["3P_CERT"], "USED")).toBe(false);
    expect(listingTypeMatches([], "NEW")).toBe(true);
    expect(conditionOf("3P_CERT")).toBe("USED");
  });

  it("swaps reversed year and price ranges, drops a zero maximum price", () => {
    const q = normalizeSearchQuery({ startYear: 2024, endYear: 2019, minPrice: "$30,000", maxPrice: 20000 });
    expect([q.startYear, q.endYear, q.minPrice, q.maxPrice]).toEqual([2019, 2024, 20000, 30000]);
    const zero = parseSearchQuery({ maxPrice: 0 });
    expect(zero.query.maxPrice).toBeUndefined();
    expect(zero.invalid[0].name).toBe("maxPrice");
  });

  it("reads 'N+' fuel economy, cab sizes as buckets, and comma lists", () => {
    const q = normalizeSearchQuery({ mpgRange: "30+", truckCabSizes: [2, 4, 7], extColors: "black,white", doorCodes: ["2", "four"] });
    expect(q.mpgRange).toBe(30);
    expect(q.truckCabSizes).toEqual([3, 4, 6]);
    expect(q.extColors).toEqual(["BLACK", "WHITE"]);
    expect(q.doorCodes).toEqual([2]);
    expect(truckCabBucket(2)).toBe(3);
    expect(truckCabBucket(8)).toBe(6);
  });

  it("keeps paging inside the result window and page sizes up to 100", () => {
    const q = normalizeSearchQuery({ firstRecord: 1_000_000, numRecords: 500 });
    expect(q.numRecords).toBe(100);
    expect(q.firstRecord).toBe(MAX_RESULT_WINDOW - 100);
    const neg = parseSearchQuery({ firstRecord: -5, numRecords: 0 });
    expect(neg.query.firstRecord).toBe(0);
    expect(neg.query.numRecords).toBe(PAGE_SIZE);
    expect(neg.invalid.map((i) => i.name).sort()).toEqual(["firstRecord", "numRecords"]);
  });

  it("drops unknown sorts, deal types, seller types and experiences", () => {
    const r = parseSearchQuery({ sortBy: "cheapest", dealTypes: ["greatprice", "steal"], sellerTypes: ["P", "x"], experience: "vip" });
    expect(r.query.sortBy).toBe(DEFAULT_SORT);
    expect(r.query.dealTypes).toEqual(["greatprice"]);
    expect(r.query.sellerTypes).toEqual(["p"]);
    expect(r.query.experience).toBeUndefined();
    expect(r.invalid.map((i) => i.name).sort()).toEqual(["dealTypes", "experience", "sellerTypes", "sortBy"]);
    expect(normalizeSearchQuery({ sortBy: "MILEAGEasc" }).sortBy).toBe("mileageASC");
  });

  it("trims and cuts the keyword, keeps the first showcase owner", () => {
    const q = normalizeSearchQuery({ keyword: `  red   ${"x".repeat(200)}  `, showcaseOwnerId: ["12", "13"] });
    expect(q.keyword!.length).toBe(100);
    expect(q.keyword!.startsWith("red x")).toBe(true);
    expect(q.showcaseOwnerId).toBe(12);
    expect(normalizeSearchQuery({ keyword: "   " }).keyword).toBeUndefined();
  });

  it("never throws on hostile input", () => {
    const weird = { makeCodes: [{}, null, 3, "<script>"], models: "x", zip: {}, searchRadius: "far", moneyBackGuarantee: "maybe", cylinders: ["NaN"] };
    const r = parseSearchQuery(weird as never);
    expect(r.query.makeCodes).toEqual(["3"]);
    expect(r.invalid.length).toBeGreaterThan(3);
  });
});

describe("keyword matching", () => {
  it("splits words, drops filler words and accents", () => {
    expect(keywordTokens("Used Cars for sale: Škoda Octavia!")).toEqual(["used", "skoda", "octavia"]);
    expect(keywordTokens(undefined)).toEqual([]);
  });

  it("matches word starts, run-together names and codes; years exactly", () => {
    const term = (field: "model" | "year", code: string, names: string[]) => ({ field, code, label: names[0], keys: termKeys(names, code) });
    expect(termMatches(term("model", "HONDA|CRV", ["CR-V"]), "crv")).toBe(true);
    expect(termMatches(term("model", "FORD|F150", ["F-150"]), "f150")).toBe(true);
    expect(termMatches(term("model", "TOYOTA|CAMRY", ["Camry"]), "cam")).toBe(true);
    expect(termMatches(term("model", "TOYOTA|CAMRY", ["Camry"]), "amry")).toBe(false);
    expect(termMatches(term("year", "2020", ["2020"]), "2020")).toBe(true);
    expect(termMatches(term("year", "2020", ["2020"]), "20")).toBe(false);
  });

  it("drops the words a chosen make and model cover, keeping the shopper's other words as typed", () => {
    const toyotaRav4 = [
      { names: ["Toyota"], code: "TOYOTA" },
      { names: ["RAV4"], code: "RAV4" },
    ];
    expect(keywordWithout("rav4", toyotaRav4)).toBe("");
    expect(keywordWithout("Toyota RAV4 for sale", toyotaRav4)).toBe("");
    expect(keywordWithout("toyota rav4 Hybrid  XLE", toyotaRav4)).toBe("Hybrid XLE");
    expect(keywordWithout("rav", toyotaRav4)).toBe("");
    expect(keywordWithout("cr-v blue", [{ names: ["CR-V"], code: "CRV" }])).toBe("blue");
    expect(keywordWithout("cheap rav4", toyotaRav4)).toBe("cheap");
  });
});
