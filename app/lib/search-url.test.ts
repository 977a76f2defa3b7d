import { effectivePageSize } from "./flags.ts";
import { describe, expect, it } from "vitest";
import { CATEGORY_TABS, PAGE_SIZE, SORT_OPTIONS, TEXT } from "./constants.ts";
import { MAX_RESULT_WINDOW, type SearchQuery } from "./search-query.ts";
import {
  activeCategory,
  addFilter,
  breadcrumbs,
  canonicalLinkUrl,
  categoryTabs,
  categoryUrl,
  chips,
  clearFilters,
  conditionOf,
  emptySearchState,
  expiredBannerText,
  isIndexable,
  nextPageUrl,
  normalizeSearchState,
  pageOf,
  parseSearchUrl,
  previousPageUrl,
  priceLabel,
  removeFilter,
  searchDescription,
  searchFormEntries,
  searchStateFromQuery,
  searchTitle,
  selectedCount,
  serializeSearchUrl,
  slugify,
  withCondition,
  withFilter,
  withoutFilter,
  withPage,
  withSort,
  type SearchState,
  type SearchUrlContext,
} from "./search-url.ts";

// ---------------------------------------------------------------------------------------------
// Fixtures

const MAKES = new Map([
  ["TOYOTA", "Toyota"],
  ["HONDA", "Honda"],
  ["FORD", "Ford"],
  ["MERCEDESBENZ", "Mercedes-Benz"],
  ["MAZDA", "Mazda"],
  ["RAM", "Ram"],
  ["LANDROVER", "Land Rover"],
]);
const MODELS = new Map([
  ["TOYOTA|RAV4", "RAV4"],
  ["TOYOTA|CAMRY", "Camry"],
  ["TOYOTA|TACOMA", "Tacoma"],
  ["HONDA|CRV", "CR-V"],
  ["HONDA|CIVIC", "Civic"],
  ["FORD|F150", "F150 Pickup"],
  ["FORD|TRANSIT", "Transit"],
  ["MERCEDESBENZ|CCLASS", "C-Class"],
  ["MAZDA|3", "3"],
  ["RAM|1500", "1500"],
  ["LANDROVER|RANGEROVERSPORT", "Range Rover Sport"],
]);
const TRIMS: Record<string, string[]> = {
  "TOYOTA|RAV4": ["LE", "XLE", "XLE Premium", "Limited"],
  "TOYOTA|CAMRY": ["LE", "SE", "XSE", "GR:Sport"],
  "TOYOTA|TACOMA": ["SR5", "TRD Off-Road"],
  "HONDA|CRV": ["EX", "EX-L", "Touring"],
  "HONDA|CIVIC": ["LX", "Sport", "Si"],
  "FORD|F150": ["XL", "XLT", "Lariat"],
  "FORD|TRANSIT": ["Cargo Van"],
  "RAM|1500": ["Tradesman", "Big Horn", "R/T"],
};
const PLACES: Record<string, { city: string; state: string }> = {
  "30301": { city: "Atlanta", state: "GA" },
  "10001": { city: "New York", state: "NY" },
};
const ctx: SearchUrlContext = {
  makes: MAKES,
  models: MODELS,
  trims: (make, models) => {
    const keys = Object.keys(TRIMS).filter((k) => k.startsWith(`${make}|`) && (models.length === 0 || models.includes(k.slice(make.length + 1))));
    if (keys.length === 0) return make in { TOYOTA: 1, HONDA: 1, FORD: 1, RAM: 1 } ? [] : undefined;
    return [...new Set(keys.flatMap((k) => TRIMS[k]))];
  },
  bodyStyles: new Map([
    ["SEDAN", { name: "Sedan" }],
    ["SUVCROSS", { name: "SUV / Crossover" }],
    ["TRUCKS", { name: "Truck" }],
    ["VANMV", { name: "Van / Minivan" }],
    ["COUPE", { name: "Coupe" }],
    ["CONVERT", { name: "Convertible" }],
    ["COMMERCIAL", { name: "Commercial" }],
  ]),
  subtypes: new Map([["COMPACTSUV", { name: "Compact SUV" }]]),
  extColors: new Map([["BLACK", { name: "Black" }]]),
  intColors: new Map([["BEIGE", { name: "Beige" }]]),
  features: new Map([["HEATED_SEATS", { name: "Heated Seats" }]]),
  engines: new Map([["3.5L", { name: "3.5L" }]]),
  series: new Map([["3SERIES", "3 Series"]]),
  packages: new Map([["TECH", "Technology Package"]]),
  place: (zip) => PLACES[zip],
  zipOf: (city, state) => (city.toLowerCase() === "atlanta" && state.toUpperCase() === "GA" ? "30301" : undefined),
};

// `null` = no context (a default parameter would turn an explicit undefined into ctx).
type Ctx = SearchUrlContext | null;
const parse = (u: string, c: Ctx = ctx) => parseSearchUrl(u, c ?? undefined);
const canon = (u: string, c: Ctx = ctx) => parse(u, c).canonical;
const stateOf = (u: string, c: Ctx = ctx) => {
  const r = parse(u, c);
  expect(r.notFound).toBeUndefined();
  return r.state;
};
const q = (u: string, c: Ctx = ctx): SearchQuery => stateOf(u, c).query;
const reasons = (u: string, c: Ctx = ctx) => parse(u, c).invalid.map((i) => `${i.name}: ${i.reason}`);

/** Every link the module makes must be canonical: parsing it changes nothing. */
function expectCanonical(href: string, c: Ctx = ctx) {
  const r = parse(href, c);
  expect(r.notFound, href).toBeUndefined();
  expect(r.redirect, `${href} -> ${r.canonical}`).toBe(false);
  expect(r.canonical).toBe(href);
}

// A small seeded PRNG (mulberry32) so random tests are reproducible.
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    some: <T>(xs: readonly T[], max: number): T[] => {
      const n = Math.floor(next() * (max + 1));
      const out: T[] = [];
      for (let i = 0; i < n; i++) out.push(xs[Math.floor(next() * xs.length)]);
      return out;
    },
  };
}

// ---------------------------------------------------------------------------------------------

describe("defaults and the bare results page", () => {
  it("/cars-for-sale is used cars, default sort, first page, and is canonical", () => {
    const r = parse("/cars-for-sale");
    expect(r).toMatchObject({ canonical: "/cars-for-sale", redirect: false, invalid: [] });
    expect(r.state.query.listingTypes).toEqual(["USED"]);
    expect(r.state.query.sortBy).toBe("derivedpriceDESC");
    expect(r.state.query.firstRecord).toBe(0);
    expect(r.state.query.numRecords).toBe(PAGE_SIZE);
    expect(r.state.isSponsorship).toBe(false);
    expect(r.state.expiredListingId).toBeUndefined();
    expect(emptySearchState(ctx)).toEqual(r.state);
  });

  it("accepts full URLs and URL objects; the host does not matter", () => {
    expect(parse("https://www.example.com/cars-for-sale?makeCode=TOYOTA").canonical).toBe("/cars-for-sale/used/toyota");
    expect(parseSearchUrl(new URL("http://localhost:3000/cars-for-sale/used/toyota"), ctx)).toMatchObject({ redirect: false });
  });

  it("defaults never appear in the canonical URL", () => {
    for (const u of [
      "/cars-for-sale?sortBy=derivedpriceDESC",
      "/cars-for-sale?firstRecord=0",
      "/cars-for-sale?numRecords=30",
      "/cars-for-sale?listingType=USED",
      "/cars-for-sale?marketExtension=off",
      "/cars-for-sale?moneyBackGuarantee=false",
      "/cars-for-sale?isSponsorship=false",
      "/cars-for-sale?startYear=0&endYear=0",
      "/cars-for-sale?sortBy=derivedpriceDESC&firstRecord=0&numRecords=30&listingType=USED",
    ]) {
      expect(parse(u)).toMatchObject({ canonical: "/cars-for-sale", redirect: true });
    }
  });

  it("empty form fields are ignored (the home page's form)", () => {
    const r = parse("/cars-for-sale?listingType=USED&makeCode=&modelCode=&zip=");
    expect(r).toMatchObject({ canonical: "/cars-for-sale", redirect: true, invalid: [] });
  });
});

describe("normalisation rules", () => {
  it("ZIP: cut to 5 characters, dropped unless 5 digits; the first of several", () => {
    expect(q("/cars-for-sale?zip=30301").zip).toBe("30301");
    expect(q("/cars-for-sale?zip=30301-1234").zip).toBe("30301");
    expect(canon("/cars-for-sale?zip=303019999")).toBe("/cars-for-sale?zip=30301");
    expect(q("/cars-for-sale?zip=3030").zip).toBeUndefined();
    expect(q("/cars-for-sale?zip=3030a").zip).toBeUndefined();
    expect(q("/cars-for-sale?zip=abcde").zip).toBeUndefined();
    expect(q("/cars-for-sale?zip=+30301").zip).toBe("30301");
    expect(reasons("/cars-for-sale?zip=3030")).toEqual(["zip: a ZIP code is 5 digits"]);
    expect(reasons("/cars-for-sale?zip=30301-1")).toEqual(["zip: cut to 5 characters"]);
    expect(q("/cars-for-sale?zip=10001&zip=30301").zip).toBe("10001");
    expect(reasons("/cars-for-sale?zip=10001&zip=30301")).toEqual(["zip: only the first value is used"]);
  });

  it("city and state give a ZIP only through the context's lookup, else are dropped", () => {
    expect(canon("/cars-for-sale?city=Atlanta&state=GA")).toBe("/cars-for-sale?zip=30301");
    expect(canon("/cars-for-sale?city=Nowhere&state=ZZ")).toBe("/cars-for-sale");
    expect(canon("/cars-for-sale?city=Atlanta&state=GA", null)).toBe("/cars-for-sale");
    expect(canon("/cars-for-sale?zip=10001&city=Atlanta&state=GA")).toBe("/cars-for-sale?zip=10001");
    expect(reasons("/cars-for-sale?zip=10001&city=Atlanta&state=GA")).toEqual(["city: the zip gives the location"]);
  });

  it("search radius: capped at 100, needs a zip, 0 means nationwide (left out)", () => {
    expect(canon("/cars-for-sale?zip=30301&searchRadius=50")).toBe("/cars-for-sale?zip=30301&searchRadius=50");
    expect(canon("/cars-for-sale?zip=30301&searchRadius=500")).toBe("/cars-for-sale?zip=30301&searchRadius=100");
    expect(canon("/cars-for-sale?zip=30301&searchRadius=0")).toBe("/cars-for-sale?zip=30301");
    expect(canon("/cars-for-sale?searchRadius=50")).toBe("/cars-for-sale");
    expect(reasons("/cars-for-sale?searchRadius=50")).toEqual(["searchRadius: a distance needs a zip"]);
    expect(canon("/cars-for-sale?zip=30301&searchRadius=abc")).toBe("/cars-for-sale?zip=30301");
  });

  it("market extension: include/off, written only when not the default", () => {
    expect(q("/cars-for-sale?marketExtension=include").marketExtension).toBe(true);
    expect(canon("/cars-for-sale?marketExtension=include")).toBe("/cars-for-sale?marketExtension=include");
    expect(canon("/cars-for-sale?marketExtension=true")).toBe("/cars-for-sale?marketExtension=include");
    expect(canon("/cars-for-sale?marketExtension=off")).toBe("/cars-for-sale");
    const on: SearchUrlContext = { ...ctx, marketExtensionDefault: true };
    expect(q("/cars-for-sale", on).marketExtension).toBe(true);
    expect(canon("/cars-for-sale?marketExtension=include", on)).toBe("/cars-for-sale");
    expect(canon("/cars-for-sale?marketExtension=off", on)).toBe("/cars-for-sale?marketExtension=off");
    expect(q("/cars-for-sale?marketExtension=off", on).marketExtension).toBe(false);
  });

  it("no listing type means USED; 3P_CERT means USED; CERTIFIED brings 3P_CERT", () => {
    expect(q("/cars-for-sale").listingTypes).toEqual(["USED"]);
    expect(q("/cars-for-sale?listingType=3P_CERT").listingTypes).toEqual(["USED"]);
    expect(reasons("/cars-for-sale?listingType=3P_CERT")).toEqual(["listingType: 3P_CERT is treated as USED"]);
    expect(canon("/cars-for-sale?listingType=3P_CERT")).toBe("/cars-for-sale");
    expect(q("/cars-for-sale?listingType=CERTIFIED").listingTypes).toEqual(["CERTIFIED", "3P_CERT"]);
    expect(q("/cars-for-sale?listingType=CERTIFIED,3P_CERT").listingTypes).toEqual(["CERTIFIED", "3P_CERT"]);
    expect(q("/cars-for-sale?listingType=USED,CERTIFIED").listingTypes).toEqual(["USED", "CERTIFIED"]);
    expect(q("/cars-for-sale?listingType=new").listingTypes).toEqual(["NEW"]);
    expect(q("/cars-for-sale?listingType=NEW&listingType=USED&listingType=CERTIFIED").listingTypes).toEqual(["NEW", "USED", "CERTIFIED"]);
    expect(q("/cars-for-sale?listingType=BOGUS").listingTypes).toEqual(["USED"]);
    expect(reasons("/cars-for-sale?listingType=BOGUS")).toEqual(["listingType: expected NEW, USED, CERTIFIED or 3P_CERT"]);
  });

  it("named conditions go in the path, mixed ones in the query", () => {
    expect(canon("/cars-for-sale?listingType=NEW")).toBe("/cars-for-sale/new");
    expect(canon("/cars-for-sale?listingType=CERTIFIED,3P_CERT")).toBe("/cars-for-sale/certified");
    expect(canon("/cars-for-sale?listingType=NEW,USED,CERTIFIED")).toBe("/cars-for-sale/all");
    expect(canon("/cars-for-sale?listingType=NEW,USED,CERTIFIED,3P_CERT")).toBe("/cars-for-sale/all");
    expect(canon("/cars-for-sale?listingType=USED,NEW")).toBe("/cars-for-sale?listingType=NEW,USED");
    expect(canon("/cars-for-sale?listingType=NEW,CERTIFIED&makeCode=TOYOTA")).toBe("/cars-for-sale?listingType=NEW,CERTIFIED&makeCode=TOYOTA");
  });

  it("a make given as a string is split on spaces and reported", () => {
    expect(q("/cars-for-sale?makeCode=FORD TOYOTA").makeCodes).toEqual(["FORD", "TOYOTA"]);
    expect(q("/cars-for-sale?makeCode=FORD+TOYOTA").makeCodes).toEqual(["FORD", "TOYOTA"]);
    expect(q("/cars-for-sale?makeCode=FORD%20%20TOYOTA").makeCodes).toEqual(["FORD", "TOYOTA"]);
    expect(reasons("/cars-for-sale?makeCode=FORD+TOYOTA")).toEqual(["makeCode: a make string is split on spaces"]);
    expect(canon("/cars-for-sale?makeCode=TOYOTA+FORD")).toBe("/cars-for-sale?makeCode=FORD,TOYOTA");
    expect(q("/cars-for-sale?makeCodeList=HONDA FORD").makeCodes).toEqual(["FORD", "HONDA"]);
  });

  it("comma-separated values split into lists; repeated parameters merge; duplicates go", () => {
    expect(q("/cars-for-sale?makeCode=TOYOTA,HONDA&makeCode=FORD&makeCodeList=TOYOTA").makeCodes).toEqual(["FORD", "HONDA", "TOYOTA"]);
    expect(q("/cars-for-sale?fuelTypeGroup=HYB,ELE&fuelTypeGroup=GSL,ELE").fuelTypeGroups).toEqual(["ELE", "GSL", "HYB"]);
    expect(q("/cars-for-sale?doorCode=4,2,4").doorCodes).toEqual([2, 4]);
    expect(q("/cars-for-sale?cylinders=8,4,6").cylinders).toEqual([4, 6, 8]);
  });

  it("codes are upper-cased, so their case never makes a second URL", () => {
    expect(canon("/cars-for-sale?makeCode=toyota,honda&extColorSimple=black")).toBe("/cars-for-sale?makeCode=HONDA,TOYOTA&extColorSimple=BLACK");
    expect(canon("/cars-for-sale?sortBy=mileageasc")).toBe("/cars-for-sale?sortBy=mileageASC");
  });

  it("the legacy transformer's names searchZip, makeCodes and sort are read as zip, makeCodeList and sortBy, and rewritten", () => {
    const r = parse("/cars-for-sale?searchZip=30301&makeCodes=TOYOTA,HONDA&sort=derivedpriceASC");
    expect(r.state.query.zip).toBe("30301");
    expect(r.state.query.makeCodes).toEqual(["HONDA", "TOYOTA"]);
    expect(r.state.query.sortBy).toBe("derivedpriceASC");
    expect(r.canonical).toBe("/cars-for-sale?zip=30301&makeCode=HONDA,TOYOTA&sortBy=derivedpriceASC");
    expect(r.redirect).toBe(true);
  });

  it("legacy makeCode1-3 / modelCode1-3: up to 3 pairs", () => {
    const r = parse(
      "/cars-for-sale?makeCode1=TOYOTA&modelCode1=RAV4&makeCode2=HONDA&modelCode2=CRV&makeCode3=FORD&modelCode3=F150&makeCode4=MAZDA&modelCode4=3",
    );
    expect(r.state.query.makeCodes).toEqual(["FORD", "HONDA", "TOYOTA"]);
    expect(r.state.query.models).toEqual({ FORD: ["F150"], HONDA: ["CRV"], TOYOTA: ["RAV4"] });
    expect(r.invalid.map((i) => i.name)).toEqual(["makeCode4", "modelCode4"]);
    expect(r.canonical).toBe("/cars-for-sale?makeCode=FORD,HONDA,TOYOTA&modelCode=FORD:F150,HONDA:CRV,TOYOTA:RAV4");
    // Pairs work without a context too: modelCodeN belongs to makeCodeN.
    const bare = parse("/cars-for-sale?makeCode1=AAA&modelCode1=X1&makeCode2=BBB&modelCode2=X2", null);
    expect(bare.state.query.models).toEqual({ AAA: ["X1"], BBB: ["X2"] });
  });

  it("models: bare with one make, MAKE:MODEL or MAKE|MODEL, modelCodeList|{MAKE}", () => {
    expect(q("/cars-for-sale?makeCode=TOYOTA&modelCode=RAV4,CAMRY").models).toEqual({ TOYOTA: ["CAMRY", "RAV4"] });
    expect(q("/cars-for-sale?modelCode=TOYOTA:RAV4").models).toEqual({ TOYOTA: ["RAV4"] });
    expect(q("/cars-for-sale?modelCode=TOYOTA|RAV4").makeCodes).toEqual(["TOYOTA"]);
    expect(q("/cars-for-sale?modelCodeList%7CTOYOTA=RAV4,CAMRY&modelCodeList|HONDA=CRV").models).toEqual({ HONDA: ["CRV"], TOYOTA: ["CAMRY", "RAV4"] });
    // A bare model with several makes: the context says whose it is.
    expect(q("/cars-for-sale?makeCode=TOYOTA,HONDA&modelCode=CRV").models).toEqual({ HONDA: ["CRV"] });
    // Without a context: paired with makeCode when makeCode has one value, else dropped and reported.
    expect(q("/cars-for-sale?makeCode=AAA&makeCodeList=BBB&modelCode=X", null).models).toEqual({ AAA: ["X"] });
    expect(q("/cars-for-sale?makeCode=AAA,BBB&modelCode=X", null).models).toEqual({});
    expect(reasons("/cars-for-sale?makeCode=AAA,BBB&modelCode=X", null)).toEqual(["modelCode: which make's model? write it as MAKE:MODEL"]);
    // A bare model with no make goes to the make that has it (the context knows).
    expect(reasons("/cars-for-sale?modelCode=RAV4")).toEqual([]);
    expect(q("/cars-for-sale?modelCode=RAV4").models).toEqual({ TOYOTA: ["RAV4"] });
    expect(canon("/cars-for-sale?modelCode=RAV4")).toBe("/cars-for-sale/used/toyota/rav4");
    // A model the chosen make does not have is dropped (the make stays), not searched as that make's.
    expect(q("/cars-for-sale?makeCode=TOYOTA&modelCode=CIVIC").models).toEqual({});
    expect(reasons("/cars-for-sale?makeCode=TOYOTA&modelCode=CIVIC")).toEqual(["modelCode: not a model of the chosen make"]);
    expect(canon("/cars-for-sale?makeCode=TOYOTA&modelCode=TOYOTA:CIVIC")).toBe("/cars-for-sale/used/toyota");
    // Without a context it cannot be placed: dropped and reported.
    expect(reasons("/cars-for-sale?modelCode=RAV4", null)).toEqual(["modelCode: a model needs a make"]);
    // Canonical: bare with one make, prefixed with several.
    expect(canon("/cars-for-sale?makeCode=TOYOTA&modelCode=TOYOTA:RAV4,TOYOTA:CAMRY")).toBe("/cars-for-sale/used/toyota?modelCode=CAMRY,RAV4");
    expect(canon("/cars-for-sale?modelCode=HONDA:CRV&modelCode=TOYOTA:RAV4")).toBe("/cars-for-sale?makeCode=HONDA,TOYOTA&modelCode=HONDA:CRV,TOYOTA:RAV4");
  });

  it("trimCode: MAKE|trim, kept only for a selected make, filtered to valid trims with a lookup", () => {
    expect(q("/cars-for-sale?makeCode=TOYOTA&modelCode=RAV4&trimCode=TOYOTA|XLE").trimCodes).toEqual(["TOYOTA|XLE"]);
    expect(q("/cars-for-sale?makeCode=TOYOTA&modelCode=RAV4&trimCode=xle").trimCodes).toEqual(["TOYOTA|XLE"]);
    // Not a RAV4 trim (a Camry one): dropped.
    expect(q("/cars-for-sale?makeCode=TOYOTA&modelCode=RAV4&trimCode=TOYOTA|XSE").trimCodes).toEqual([]);
    expect(reasons("/cars-for-sale?makeCode=TOYOTA&modelCode=RAV4&trimCode=TOYOTA|XSE")).toEqual(["trimCode: not a trim of the chosen make and model"]);
    // No model: any trim of the make.
    expect(q("/cars-for-sale?makeCode=TOYOTA&trimCode=TOYOTA|XSE").trimCodes).toEqual(["TOYOTA|XSE"]);
    // The trim's make not selected: dropped.
    expect(q("/cars-for-sale?makeCode=TOYOTA&trimCode=HONDA|EX").trimCodes).toEqual([]);
    // Without a lookup: kept when its make is selected.
    expect(q("/cars-for-sale?makeCode=AAA&trimCode=AAA|Whatever", null).trimCodes).toEqual(["AAA|Whatever"]);
    expect(q("/cars-for-sale?makeCode=AAA&trimCode=BBB|Whatever", null).trimCodes).toEqual([]);
    // A trim whose name has a colon stays whole.
    expect(q("/cars-for-sale?makeCode=TOYOTA&modelCode=CAMRY&trimCode=GR:Sport").trimCodes).toEqual(["TOYOTA|GR:Sport"]);
    expect(canon("/cars-for-sale?makeCode=TOYOTA&modelCode=CAMRY,RAV4&trimCode=TOYOTA|GR:Sport")).toBe(
      "/cars-for-sale/used/toyota?modelCode=CAMRY,RAV4&trimCode=TOYOTA:GR:Sport",
    );
    // trimCodeList (the facet's name) is read too.
    expect(q("/cars-for-sale?makeCode=HONDA&trimCodeList=HONDA|EX-L").trimCodes).toEqual(["HONDA|EX-L"]);
  });

  it("showcaseOwnerId keeps only the first value", () => {
    expect(q("/cars-for-sale?showcaseOwnerId=12&showcaseOwnerId=34").showcaseOwnerId).toBe(12);
    expect(q("/cars-for-sale?showcaseOwnerId=56,78").showcaseOwnerId).toBe(56);
    expect(canon("/cars-for-sale?showcaseOwnerId=12&showcaseOwnerId=34")).toBe("/cars-for-sale?showcaseOwnerId=12");
    expect(reasons("/cars-for-sale?showcaseOwnerId=12&showcaseOwnerId=34")).toEqual(["showcaseOwnerId: only the first value is kept"]);
  });

  it("lastExec and mmt are dropped; unknown parameters are dropped", () => {
    const r = parse("/cars-for-sale?lastExec=123&mmt=[TOYOTA]&utm_source=x&clickType=spotlight&makeCode=TOYOTA");
    expect(r.canonical).toBe("/cars-for-sale/used/toyota");
    expect(r.redirect).toBe(true);
    expect(r.invalid).toEqual([
      { name: "lastExec", value: "123", reason: "dropped" },
      { name: "mmt", value: "[TOYOTA]", reason: "dropped" },
      { name: "utm_source", value: "x", reason: "unknown parameter" },
      { name: "clickType", value: "spotlight", reason: "unknown parameter" },
    ]);
  });

  it("suv / van / sedan subtype codes fold into bodyStyleSubtypeCode", () => {
    const r = parse("/cars-for-sale?suvSubtypeCode=COMPACTSUV&vanSubtypeCode=MINIVAN&sedanSubtypeCode=MIDSIZESEDAN&bodyStyleSubtypeCode=CARGOVAN");
    expect(r.state.query.bodyStyleSubtypeCodes).toEqual(["CARGOVAN", "COMPACTSUV", "MIDSIZESEDAN", "MINIVAN"]);
    expect(r.canonical).toBe("/cars-for-sale?bodyStyleSubtypeCode=CARGOVAN,COMPACTSUV,MIDSIZESEDAN,MINIVAN");
  });

  it("years: 0 is Any, swapped when reversed, yearRange read, a single year is a path level", () => {
    expect(canon("/cars-for-sale?startYear=0&endYear=2020")).toBe("/cars-for-sale?endYear=2020");
    expect(canon("/cars-for-sale?startYear=2022&endYear=2018")).toBe("/cars-for-sale?startYear=2018&endYear=2022");
    expect(canon("/cars-for-sale?yearRange=2018-2020")).toBe("/cars-for-sale?startYear=2018&endYear=2020");
    expect(canon("/cars-for-sale?yearRange=2018-")).toBe("/cars-for-sale?startYear=2018");
    expect(canon("/cars-for-sale?startYear=2020&endYear=2020")).toBe("/cars-for-sale/used/2020");
    expect(canon("/cars-for-sale?startYear=1850")).toBe("/cars-for-sale");
  });

  it("prices: $ and thousands separators read, swapped when reversed, max 0 dropped", () => {
    expect(canon("/cars-for-sale?minPrice=$10,000&maxPrice=20%2C000")).toBe("/cars-for-sale?minPrice=10000&maxPrice=20000");
    expect(canon("/cars-for-sale?minPrice=30000&maxPrice=20000")).toBe("/cars-for-sale?minPrice=20000&maxPrice=30000");
    expect(canon("/cars-for-sale?maxPrice=0")).toBe("/cars-for-sale");
    expect(canon("/cars-for-sale?minPrice=0")).toBe("/cars-for-sale");
    expect(canon("/cars-for-sale?minPrice=abc")).toBe("/cars-for-sale");
  });

  it("paging: the default page size comes from the context (the defaultPageSize flag)", () => {
    const flagged = { ...ctx, defaultPageSize: 40 };
    expect(q("/cars-for-sale", flagged).numRecords).toBe(40);
    expect(canon("/cars-for-sale?numRecords=40", flagged)).toBe("/cars-for-sale");
    expect(canon("/cars-for-sale?numRecords=30", flagged)).toBe("/cars-for-sale?numRecords=30");
    expect(q("/cars-for-sale", { ...ctx, defaultPageSize: effectivePageSize({ defaultPageSize: 25 }) }).numRecords).toBe(30);
  });

  it("paging: numRecords 30 default, 25 becomes 30, firstRecord anywhere in the window", () => {
    expect(canon("/cars-for-sale?numRecords=25")).toBe("/cars-for-sale");
    expect(canon("/cars-for-sale?numRecords=60")).toBe("/cars-for-sale?numRecords=60");
    expect(canon("/cars-for-sale?firstRecord=30")).toBe("/cars-for-sale?firstRecord=30");
    // A page after a trimmed one starts where that one stopped (docs/placements.md).
    expect(canon("/cars-for-sale?firstRecord=28")).toBe("/cars-for-sale?firstRecord=28");
    expect(canon("/cars-for-sale?firstRecord=-5")).toBe("/cars-for-sale");
    expect(canon("/cars-for-sale?firstRecord=999999")).toBe(`/cars-for-sale?firstRecord=${MAX_RESULT_WINDOW - PAGE_SIZE}`);
  });

  it("the next page starts where a trimmed page stopped; the page before ends where this one starts", () => {
    const first = emptySearchState(ctx);
    // The first page showed 28 of its 30 (a boost and the vehicle highlight trimmed two).
    expect(nextPageUrl(first, 500, ctx, 28)).toBe("/cars-for-sale?firstRecord=28");
    const second = stateOf("/cars-for-sale?firstRecord=28");
    expect(pageOf(second)).toBe(2);
    expect(nextPageUrl(second, 500, ctx)).toBe("/cars-for-sale?firstRecord=58");
    expect(pageOf(stateOf("/cars-for-sale?firstRecord=58"))).toBe(3);
    expect(previousPageUrl(stateOf("/cars-for-sale?firstRecord=58"), ctx)).toBe("/cars-for-sale?firstRecord=28");
    expect(previousPageUrl(second, ctx)).toBe("/cars-for-sale");
    expect(previousPageUrl(first, ctx)).toBeNull();
    // The last results: no next page, whatever was shown.
    expect(nextPageUrl(second, 58, ctx)).toBeNull();
    expect(nextPageUrl(second, 59, ctx)).toBe("/cars-for-sale?firstRecord=58");
  });

  it("sort: one of the ten options, default left out", () => {
    for (const s of SORT_OPTIONS) expect(q(`/cars-for-sale?sortBy=${s}`).sortBy).toBe(s);
    expect(canon("/cars-for-sale?sortBy=yearDESC")).toBe("/cars-for-sale?sortBy=yearDESC");
    expect(canon("/cars-for-sale?sortBy=cheapest")).toBe("/cars-for-sale");
  });

  it("keyword: whitespace collapsed, spaces written as +", () => {
    expect(canon("/cars-for-sale?keyword=%20%20heated%20%20seats%20")).toBe("/cars-for-sale?keyword=heated+seats");
    expect(q("/cars-for-sale?keyword=a%2Bb%26c").keyword).toBe("a+b&c");
    expect(canon("/cars-for-sale?keyword=a%2Bb%26c")).toBe("/cars-for-sale?keyword=a%2Bb%26c");
  });

  it("an engine code that was a cylinder count ('4CYL') now means the Cylinders filter, with a 301", () => {
    const r = parse("/cars-for-sale?engineCode=4CYL,3.5L&cylinders=6");
    expect(r.redirect).toBe(true);
    expect(r.canonical).toBe("/cars-for-sale?engineCode=3.5L&cylinders=4,6");
    expect(r.state.query).toMatchObject({ engineCodes: ["3.5L"], cylinders: [4, 6] });
    expect(parse("/cars-for-sale?engineCode=ROTARY").canonical).toBe("/cars-for-sale");
  });

  it("every other filter parameter is read and written", () => {
    const u =
      "/cars-for-sale?sellerType=d&bodyStyleSubtypeCode=COMPACTSUV&makeCode=HONDA,TOYOTA&seriesCode=3SERIES&packages=TECH&mileage=50000&fuelTypeGroup=ELE,HYB" +
      "&mpgRange=30&electricMileRange=200&driveGroup=AWD4WD&extColorSimple=BLACK&intColorSimple=BEIGE&transmissionCode=AUT&engineCode=3.5L&cylinders=6" +
      "&doorCode=4&truckBedLength=SHORT&truckCabSize=4&featureCode=HEATED_SEATS&vehicleHistoryType=ONE_OWNER&homeServices=HOME_DELIVERY&dealType=greatprice" +
      "&vehicleUseType=personal&moneyBackGuarantee=true&experience=best-deals&" +
      "keyword=sunroof&showcaseOwnerId=7&isSponsorship=true&expired=123&sortBy=mileageASC";
    const r = parse(u);
    expect(r.invalid).toEqual([]);
    expect(r.redirect).toBe(false);
    expect(r.canonical).toBe(u);
    expect(r.state.expiredListingId).toBe(123);
    expect(r.state.isSponsorship).toBe(true);
    expect(r.state.query).toMatchObject({
      sellerTypes: ["d"],
      mileage: 50000,
      electricMileRange: 200,
      moneyBackGuarantee: true,
      experience: "best-deals",
      truckCabSizes: [4],
      dealTypes: ["greatprice"],
      vehicleUseTypes: ["personal"],
    });
  });

  it("both seller types mean no seller filter; truck cab sizes bucket", () => {
    expect(canon("/cars-for-sale?sellerType=p,d")).toBe("/cars-for-sale");
    expect(q("/cars-for-sale?truckCabSize=2,3,7").truckCabSizes).toEqual([3, 6]);
  });

  it("the expired banner takes a listing id, not text", () => {
    expect(stateOf("/cars-for-sale?expired=42").expiredListingId).toBe(42);
    expect(stateOf("/cars-for-sale?expired=Toyota%20RAV4").expiredListingId).toBeUndefined();
    expect(reasons("/cars-for-sale?expired=0")).toEqual(["expired: expected a listing id"]);
  });

  it("one canonical URL whatever the parameter order", () => {
    const parts = [
      "zip=30301",
      "makeCode=TOYOTA",
      "modelCode=RAV4",
      "maxPrice=30000",
      "fuelTypeGroup=HYB",
      "sortBy=yearDESC",
      "listingType=NEW",
      "extColorSimple=BLACK",
    ];
    const r = rng(7);
    const first = canon(`/cars-for-sale?${parts.join("&")}`);
    expect(first).toBe("/cars-for-sale/new/toyota/rav4?zip=30301&maxPrice=30000&fuelTypeGroup=HYB&extColorSimple=BLACK&sortBy=yearDESC");
    for (let i = 0; i < 50; i++) {
      const shuffled = [...parts].sort(() => r.next() - 0.5);
      expect(canon(`/cars-for-sale?${shuffled.join("&")}`)).toBe(first);
    }
  });
});

describe("category paths", () => {
  it("the spec's /cars-for-sale/all/{make}/{model}", () => {
    const r = parse("/cars-for-sale/all/toyota/rav4");
    expect(r).toMatchObject({ canonical: "/cars-for-sale/all/toyota/rav4", redirect: false, invalid: [] });
    expect(r.state.query).toMatchObject({ listingTypes: ["NEW", "USED", "CERTIFIED"], makeCodes: ["TOYOTA"], models: { TOYOTA: ["RAV4"] } });
    expect(canon("/cars-for-sale?listingType=NEW,USED,CERTIFIED&makeCode=TOYOTA&modelCode=RAV4")).toBe("/cars-for-sale/all/toyota/rav4");
  });

  it("condition levels: used (the default is the bare path), new, certified, all", () => {
    expect(parse("/cars-for-sale/used")).toMatchObject({ canonical: "/cars-for-sale", redirect: true });
    expect(parse("/cars-for-sale/new")).toMatchObject({ canonical: "/cars-for-sale/new", redirect: false });
    expect(parse("/cars-for-sale/certified").state.query.listingTypes).toEqual(["CERTIFIED", "3P_CERT"]);
    expect(parse("/cars-for-sale/all")).toMatchObject({ canonical: "/cars-for-sale/all", redirect: false });
    expect(parse("/cars-for-sale/used/toyota")).toMatchObject({ canonical: "/cars-for-sale/used/toyota", redirect: false });
    for (const c of ["used", "new", "certified", "all"] as const) expect(conditionOf(stateOf(`/cars-for-sale/${c}`))).toBe(c);
    expect(conditionOf(stateOf("/cars-for-sale?listingType=NEW,USED"))).toBeNull();
  });

  it("the -cars spellings and upper case redirect to the canonical path", () => {
    expect(parse("/cars-for-sale/new-cars/Toyota")).toMatchObject({ canonical: "/cars-for-sale/new/toyota", redirect: true });
    expect(parse("/cars-for-sale/USED/TOYOTA/RAV4")).toMatchObject({ canonical: "/cars-for-sale/used/toyota/rav4", redirect: true });
    expect(parse("/cars-for-sale/")).toMatchObject({ canonical: "/cars-for-sale", redirect: true });
    expect(parse("/cars-for-sale/new/")).toMatchObject({ canonical: "/cars-for-sale/new", redirect: true });
    expect(parse("/cars-for-sale//new")).toMatchObject({ canonical: "/cars-for-sale/new", redirect: true });
  });

  it("slugs come from names; a code spelled as a slug redirects to the name's slug", () => {
    expect(canon("/cars-for-sale?makeCode=MERCEDESBENZ&modelCode=CCLASS&listingType=NEW")).toBe("/cars-for-sale/new/mercedes-benz/c-class");
    expect(parse("/cars-for-sale/new/mercedes-benz/c-class").state.query.models).toEqual({ MERCEDESBENZ: ["CCLASS"] });
    expect(parse("/cars-for-sale/new/mercedesbenz/cclass")).toMatchObject({ canonical: "/cars-for-sale/new/mercedes-benz/c-class", redirect: true });
    expect(canon("/cars-for-sale?makeCode=HONDA&modelCode=CRV")).toBe("/cars-for-sale/used/honda/cr-v");
    expect(canon("/cars-for-sale?makeCode=LANDROVER&modelCode=RANGEROVERSPORT")).toBe("/cars-for-sale/used/land-rover/range-rover-sport");
    expect(canon("/cars-for-sale?makeCode=FORD&modelCode=F150")).toBe("/cars-for-sale/used/ford/f150-pickup");
    expect(slugify("Citroën C4 Cactus")).toBe("citroen-c4-cactus");
    expect(slugify("R/T")).toBe("r-t");
  });

  it("numeric model names are models, not years", () => {
    expect(canon("/cars-for-sale?makeCode=MAZDA&modelCode=3")).toBe("/cars-for-sale/used/mazda/3");
    expect(parse("/cars-for-sale/used/mazda/3").state.query.models).toEqual({ MAZDA: ["3"] });
    expect(canon("/cars-for-sale?makeCode=RAM&modelCode=1500&startYear=2020&endYear=2020")).toBe("/cars-for-sale/used/ram/1500/2020");
    expect(parse("/cars-for-sale/used/ram/1500/2020").state.query).toMatchObject({ models: { RAM: ["1500"] }, startYear: 2020, endYear: 2020 });
  });

  it("body style, make, model, trim and year levels, in that order", () => {
    const u = "/cars-for-sale/new/truck/ram/1500/r-t/2024";
    const r = parse(u);
    expect(r).toMatchObject({ canonical: u, redirect: false, invalid: [] });
    expect(r.state.query).toMatchObject({
      listingTypes: ["NEW"],
      vehicleStyleCodes: ["TRUCKS"],
      makeCodes: ["RAM"],
      models: { RAM: ["1500"] },
      trimCodes: ["RAM|R/T"],
      startYear: 2024,
      endYear: 2024,
    });
    expect(canon("/cars-for-sale?listingType=NEW&vehicleStyleCode=TRUCKS&makeCode=RAM&modelCode=1500&trimCode=RAM|R/T&startYear=2024&endYear=2024")).toBe(u);
    expect(canon("/cars-for-sale/used/suv-crossover")).toBe("/cars-for-sale/used/suv-crossover");
    expect(canon("/cars-for-sale/new/2025")).toBe("/cars-for-sale/new/2025");
    expect(canon("/cars-for-sale/certified/sedan/2022")).toBe("/cars-for-sale/certified/sedan/2022");
    expect(canon("/cars-for-sale/all/toyota/2020")).toBe("/cars-for-sale/all/toyota/2020");
    expect(canon("/cars-for-sale/used/toyota/rav4/xle-premium")).toBe("/cars-for-sale/used/toyota/rav4/xle-premium");
  });

  it("levels with several values stay in the query", () => {
    expect(canon("/cars-for-sale?makeCode=TOYOTA,HONDA&listingType=NEW")).toBe("/cars-for-sale/new?makeCode=HONDA,TOYOTA");
    expect(canon("/cars-for-sale?vehicleStyleCode=SEDAN,COUPE")).toBe("/cars-for-sale?vehicleStyleCode=COUPE,SEDAN");
    expect(canon("/cars-for-sale?makeCode=TOYOTA&modelCode=RAV4&trimCode=LE,XLE")).toBe("/cars-for-sale/used/toyota/rav4?trimCode=LE,XLE");
    expect(canon("/cars-for-sale?startYear=2019&endYear=2020")).toBe("/cars-for-sale?startYear=2019&endYear=2020");
    expect(canon("/cars-for-sale?listingType=NEW,USED&makeCode=TOYOTA&modelCode=RAV4")).toBe(
      "/cars-for-sale?listingType=NEW,USED&makeCode=TOYOTA&modelCode=RAV4",
    );
  });

  it("without a context, codes are the slugs", () => {
    expect(canon("/cars-for-sale?makeCode=MERCEDESBENZ&modelCode=CCLASS", null)).toBe("/cars-for-sale/used/mercedesbenz/cclass");
    expect(parse("/cars-for-sale/used/mercedesbenz/cclass", null).state.query.models).toEqual({ MERCEDESBENZ: ["CCLASS"] });
    expect(parse("/cars-for-sale/new/suv-crossover/anymake/anymodel/2021", null)).toMatchObject({ redirect: false, invalid: [] });
    // No trim lookup: trims stay in the query.
    expect(canon("/cars-for-sale?makeCode=TOYOTA&modelCode=RAV4&trimCode=XLE", null)).toBe("/cars-for-sale/used/toyota/rav4?trimCode=XLE");
    expect(parse("/cars-for-sale/used/toyota/rav4/xle", null).notFound).toBe(true);
  });

  it("unknown path segments are a 404, never a guess", () => {
    for (const u of [
      "/cars-for-sale/foo",
      "/cars-for-sale/toyota",
      "/cars-for-sale/used/tesler",
      "/cars-for-sale/used/toyota/civic",
      "/cars-for-sale/used/toyota/rav4/platinum",
      "/cars-for-sale/used/toyota/rav4/2020/extra",
      "/cars-for-sale/used/2020/toyota",
      "/cars-for-sale/used/toyota/suv-crossover",
      "/cars-for-sale/vehicle/123",
      "/cars-for-sale/used/%E0%A4%A",
      "/cars-for-sale/constructor",
      "/cars-for-sale/__proto__",
      "/cars-for-salefoo",
      "/somewhere-else",
      "/",
    ]) {
      const r = parse(u);
      expect(r.notFound, u).toBe(true);
      expect(r.redirect, u).toBe(false);
    }
    expect(parse("/cars-for-sale/used/toyota/rav4/2020/extra", null).notFound).toBe(true);
  });

  it("a query parameter replaces the path's level (and the levels under it)", () => {
    expect(canon("/cars-for-sale/new/toyota/rav4?makeCode=HONDA")).toBe("/cars-for-sale/new/honda");
    expect(canon("/cars-for-sale/new/toyota/rav4?modelCode=CAMRY")).toBe("/cars-for-sale/new/toyota/camry");
    expect(canon("/cars-for-sale/new/toyota/rav4/xle?trimCode=LE")).toBe("/cars-for-sale/new/toyota/rav4/le");
    expect(canon("/cars-for-sale/new/toyota?listingType=USED")).toBe("/cars-for-sale/used/toyota");
    expect(canon("/cars-for-sale/new/2020?startYear=2018")).toBe("/cars-for-sale/new?startYear=2018");
    expect(canon("/cars-for-sale/new/sedan?vehicleStyleCode=COUPE")).toBe("/cars-for-sale/new/coupe");
    expect(reasons("/cars-for-sale/new/toyota?makeCode=HONDA")).toEqual(["makeCode: the makeCode parameter replaces the path's make"]);
  });

  it("categoryUrl builds sitemap entries", () => {
    expect(categoryUrl({ condition: "all", makeCode: "TOYOTA", modelCode: "RAV4" }, ctx)).toBe("/cars-for-sale/all/toyota/rav4");
    expect(categoryUrl({ makeCode: "HONDA" }, ctx)).toBe("/cars-for-sale/used/honda");
    expect(categoryUrl({ condition: "new", vehicleStyleCode: "SUVCROSS", year: 2025 }, ctx)).toBe("/cars-for-sale/new/suv-crossover/2025");
    expect(categoryUrl({}, ctx)).toBe("/cars-for-sale");
  });
});

describe("301 decisions", () => {
  it("no redirect for the canonical URL, also when only the percent-encoding differs", () => {
    expect(parse("/cars-for-sale?makeCode=HONDA,TOYOTA").redirect).toBe(false);
    expect(parse("/cars-for-sale?makeCode=HONDA%2CTOYOTA").redirect).toBe(false);
    expect(parse("/cars-for-sale?keyword=heated+seats").redirect).toBe(false);
    expect(parse("/cars-for-sale?keyword=heated%20seats").redirect).toBe(false);
    expect(parse("/cars-for-sale?modelCode=HONDA%3ACRV,TOYOTA%3ARAV4&makeCode=HONDA,TOYOTA").redirect).toBe(true); // order
    expect(parse("/cars-for-sale?makeCode=HONDA,TOYOTA&modelCode=HONDA%3ACRV,TOYOTA%3ARAV4").redirect).toBe(false);
  });

  it("redirects whenever the query string is rewritten", () => {
    for (const u of [
      "/cars-for-sale?makeCode=TOYOTA",
      "/cars-for-sale?makeCode=TOYOTA,HONDA",
      "/cars-for-sale?makeCode=HONDA&makeCode=TOYOTA",
      "/cars-for-sale?zip=30301-1234",
      "/cars-for-sale?foo=bar",
      "/cars-for-sale?lastExec=1",
      "/cars-for-sale?listingType=3P_CERT",
      "/cars-for-sale?sortBy=derivedpriceDESC",
      "/cars-for-sale?searchRadius=50&zip=30301",
    ]) {
      expect(parse(u).redirect, u).toBe(true);
    }
  });

  it("the target of a redirect never redirects again", () => {
    for (const u of ["/cars-for-sale?makeCode=TOYOTA&modelCode=RAV4&zip=30301-1&sortBy=yearasc", "/cars-for-sale/NEW-CARS/Mercedesbenz?keyword=+x+"]) {
      const r = parse(u);
      expect(r.redirect).toBe(true);
      expectCanonical(r.canonical);
    }
  });
});

describe("round trip", () => {
  const states: [string, SearchState][] = [
    ["empty", emptySearchState(ctx)],
    ["category", stateOf("/cars-for-sale/new/truck/ram/1500/r-t/2024")],
    [
      "everything",
      stateOf("/cars-for-sale/all?zip=30301&searchRadius=25&marketExtension=include&sellerType=p&keyword=moon+roof&sortBy=distanceASC&firstRecord=60"),
    ],
    ["several makes", stateOf("/cars-for-sale?makeCode=HONDA,TOYOTA&modelCode=HONDA:CRV,TOYOTA:RAV4&trimCode=HONDA:EX,TOYOTA:XLE")],
    ["mixed condition", stateOf("/cars-for-sale?listingType=NEW,CERTIFIED&vehicleStyleCode=SEDAN")],
  ];
  for (const [name, s] of states) {
    it(`parse(serialize(s)) == s: ${name}`, () => {
      const url = serializeSearchUrl(s, ctx);
      const r = parse(url);
      expect(r.state).toEqual(s);
      expect(r.redirect).toBe(false);
      expect(r.invalid).toEqual([]);
    });
  }

  function randomInput(r: ReturnType<typeof rng>, withCtx: boolean): SearchState {
    const makes = withCtx ? [...MAKES.keys()] : ["AAA", "BBB", "C_1", "D-2", "TOYOTA"];
    const models = withCtx ? [...MODELS.keys()] : ["AAA|X1", "AAA|2020", "BBB|Y", "C_1|Z-9", "TOYOTA|RAV4"];
    const query: Partial<SearchQuery> & Record<string, unknown> = {};
    query.listingTypes = r.some(["NEW", "USED", "CERTIFIED", "3P_CERT"] as const, 3);
    query.makeCodes = r.some(makes, 3);
    if (r.chance(0.3)) query.excludedMakeCodes = r.some(makes, 2);
    query.models = {};
    for (const key of r.some(models, 3)) {
      const [make, model] = key.split("|");
      (query.models[make] ??= []).push(model);
    }
    const trimPool = withCtx
      ? Object.entries(TRIMS).flatMap(([k, ts]) => ts.map((t) => `${k.split("|")[0]}|${t}`))
      : ["AAA|Base", "AAA|GR:Sport", "BBB|R/T", "TOYOTA|XLE Premium"];
    query.trimCodes = r.some(trimPool, 2);
    if (r.chance(0.3)) query.vehicleStyleCodes = r.some(["SEDAN", "SUVCROSS", "TRUCKS", "VANMV", "ODD"], 2);
    if (r.chance(0.3)) query.zip = r.pick(["30301", "10001", "94105"]);
    if (r.chance(0.3)) query.searchRadius = r.pick([0, 10, 25, 50, 100, 250]);
    query.marketExtension = r.chance(0.2);
    if (r.chance(0.3)) query.startYear = r.int(2005, 2026);
    if (r.chance(0.3)) query.endYear = r.chance(0.5) ? query.startYear : r.int(2005, 2026);
    if (r.chance(0.3)) query.minPrice = r.int(0, 60) * 1000;
    if (r.chance(0.3)) query.maxPrice = r.int(0, 90) * 1000;
    if (r.chance(0.2)) query.mileage = r.pick([15000, 30000, 100000]);
    if (r.chance(0.2)) query.mpgRange = r.pick([20, 30, 40]);
    if (r.chance(0.2)) query.electricMileRange = r.pick([100, 200, 300]);
    if (r.chance(0.2)) query.maxMonthlyCost = r.pick([300, 450, 1000]);
    query.fuelTypeGroups = r.some(["ELE", "GSL", "HYB", "PHEV", "DSL"], 2);
    query.driveGroups = r.some(["AWD4WD", "FWD", "RWD"], 2);
    query.extColors = r.some(["BLACK", "WHITE", "RED"], 2);
    query.intColors = r.some(["BEIGE", "BLACK"], 1);
    query.engineCodes = r.some(["2.0L", "3.5L", "ELECTRIC"], 2);
    query.doorCodes = r.some([2, 4, 5], 2);
    query.transmissionCodes = r.some(["AUT", "MAN"], 1);
    query.cylinders = r.some([4, 6, 8], 2);
    query.truckBedLengths = r.some(["SHORT", "LONG"], 1);
    query.truckCabSizes = r.some([2, 3, 4, 5, 6, 8], 2);
    query.featureCodes = r.some(["HEATED_SEATS", "SUNROOF", "NAV"], 2);
    query.vehicleHistoryTypes = r.some(["ONE_OWNER", "CLEAN_TITLE"], 1);
    query.homeServices = r.some(["BUY_ONLINE", "HOME_DELIVERY"], 2);
    query.dealTypes = r.some(["goodprice", "greatprice"] as const, 2);
    query.sellerTypes = r.some(["d", "p"] as const, 2);
    query.vehicleUseTypes = r.some(["personal", "commercial"] as const, 1);
    query.seriesCodes = r.some(["3SERIES", "XMODELS"], 1);
    query.packages = r.some(["TECH", "SPORT"], 1);
    query.bodyStyleSubtypeCodes = r.some(["COMPACTSUV", "MINIVAN"], 1);
    query.moneyBackGuarantee = r.chance(0.1);
    if (r.chance(0.2)) query.experience = r.pick(["commercial", "best-deals", "buy-online"] as const);
    if (r.chance(0.2)) query.keyword = r.pick(["heated seats", "4x4 & tow", "café, crème", "a+b=c?#", "ünïcødé 🚗", "100%"]);
    if (r.chance(0.1)) query.showcaseOwnerId = r.int(1, 99999);
    if (r.chance(0.3)) query.sortBy = r.pick(SORT_OPTIONS);
    if (r.chance(0.2)) query.numRecords = r.pick([30, 60, 100]);
    if (r.chance(0.3)) query.firstRecord = r.int(0, 400);
    const state = { query: query as SearchQuery, isSponsorship: r.chance(0.1) } as SearchState;
    if (r.chance(0.1)) state.expiredListingId = r.int(1, 1e6);
    return state;
  }

  for (const withCtx of [true, false]) {
    it(`random states ${withCtx ? "with" : "without"} a context: parse(serialize(s)) == s, and s is a fixed point`, () => {
      const c = withCtx ? ctx : undefined;
      const r = rng(withCtx ? 1 : 2);
      for (let i = 0; i < 1500; i++) {
        const raw = randomInput(r, withCtx);
        // Fill in what a hand-built state may leave out, then normalise.
        const s = normalizeSearchState({ ...raw, query: { ...emptySearchState(c).query, ...raw.query } }, c);
        const url = serializeSearchUrl(s, c);
        const back = parseSearchUrl(url, c);
        expect(back.notFound, url).toBeUndefined();
        expect(back.state, url).toEqual(s);
        expect(back.redirect, url).toBe(false);
        expect(back.invalid, url).toEqual([]);
        expect(normalizeSearchState(s, c)).toEqual(s);
        // The flat form (a GET form to /cars-for-sale) means the same search.
        const form = new URLSearchParams(searchFormEntries(s, c));
        expect(parseSearchUrl(`/cars-for-sale?${form}`, c).state, url).toEqual(s);
      }
    });
  }

  it("searchStateFromQuery: an engine query (e.g. a keyword suggestion's) to a state and URL", () => {
    const s = searchStateFromQuery({ makeCodes: ["TOYOTA"], models: { TOYOTA: ["RAV4"] }, listingTypes: ["NEW"] }, ctx);
    expect(serializeSearchUrl(s, ctx)).toBe("/cars-for-sale/new/toyota/rav4");
    expect(searchStateFromQuery({}, ctx)).toEqual(emptySearchState(ctx));
  });
});

describe("garbage never throws and always lands on a stable canonical URL", () => {
  const names = [
    "zip",
    "city",
    "state",
    "searchRadius",
    "makeCode",
    "makeCode1",
    "makeCode2",
    "makeCode3",
    "makeCode4",
    "makeCodeList",
    "modelCode",
    "modelCode1",
    "modelCode2",
    "modelCodeList",
    "modelCodeList|TOYOTA",
    "modelCodeList|",
    "trimCode",
    "listingType",
    "vehicleStyleCode",
    "startYear",
    "endYear",
    "yearRange",
    "minPrice",
    "maxPrice",
    "maxMonthlyCost",
    "mileage",
    "mpgRange",
    "fuelTypeGroup",
    "driveGroup",
    "extColorSimple",
    "intColorSimple",
    "engineCode",
    "doorCode",
    "sortBy",
    "firstRecord",
    "numRecords",
    "marketExtension",
    "experience",
    "isSponsorship",
    "electricMileRange",
    "bodyStyleSubtypeCode",
    "suvSubtypeCode",
    "sellerType",
    "showcaseOwnerId",
    "lastExec",
    "mmt",
    "keyword",
    "expired",
    "cylinders",
    "truckCabSize",
    "dealType",
    "homeServices",
    "__proto__",
    "constructor",
    "toString",
    "",
    "%",
    "a b",
  ];
  const values = [
    "",
    " ",
    "TOYOTA",
    "toyota honda",
    "RAV4",
    "TOYOTA:RAV4",
    "TOYOTA|XLE",
    "|",
    ":",
    "|||",
    ",,,",
    "NEW",
    "3P_CERT",
    "certified",
    "30301",
    "30301-1234",
    "-1",
    "0",
    "1e9",
    "99999999999999999999",
    "NaN",
    "Infinity",
    "$10,000",
    "2020",
    "2020-2018",
    "include",
    "off",
    "true",
    "p",
    "d",
    "greatprice",
    "commercial",
    "%",
    "%%",
    "%E0%A4%A",
    "%00",
    "%F0%9F%9A%97",
    "🚗",
    "<script>",
    "a&b",
    "a=b",
    "a+b",
    "GR:Sport",
    "constructor",
    "__proto__",
    "x".repeat(300),
  ];
  const segments = [
    "used",
    "new",
    "certified",
    "all",
    "new-cars",
    "toyota",
    "rav4",
    "xle",
    "2020",
    "suv-crossover",
    "truck",
    "ram",
    "1500",
    "r-t",
    "foo",
    "%",
    "%2F",
    "..",
    ".",
    "__proto__",
    "TOYOTA",
    "",
  ];

  for (const withCtx of [true, false]) {
    it(`5,000 random URLs ${withCtx ? "with" : "without"} a context`, () => {
      const c = withCtx ? ctx : undefined;
      const r = rng(withCtx ? 11 : 12);
      for (let i = 0; i < 5000; i++) {
        const path = `/cars-for-sale${r
          .some(segments, 5)
          .map((s) => `/${s}`)
          .join("")}`;
        const query = r
          .some(names, 8)
          .map((n) => `${r.chance(0.5) ? encodeURIComponent(n) : n}=${r.chance(0.3) ? encodeURIComponent(r.pick(values)) : r.pick(values)}`)
          .join(r.chance(0.9) ? "&" : "&&");
        const url = r.chance(0.1) ? `${path}?${query}#frag` : `${path}?${query}`;
        let res: ReturnType<typeof parseSearchUrl> | undefined;
        expect(() => {
          res = parseSearchUrl(url, c);
        }, url).not.toThrow();
        const got = res as ReturnType<typeof parseSearchUrl>;
        const again = parseSearchUrl(got.canonical, c);
        expect(again.notFound, `${url} -> ${got.canonical}`).toBeUndefined();
        expect(again.redirect, `${url} -> ${got.canonical} -> ${again.canonical}`).toBe(false);
        expect(again.state).toEqual(got.state);
        // Every link made from garbage is canonical too.
        expect(() => {
          chips(got.state, c);
          breadcrumbs(got.state, c);
          categoryTabs(got.state, c);
          searchTitle(got.state, c);
          nextPageUrl(got.state, 5000, c);
        }, url).not.toThrow();
      }
    });
  }

  it("random bytes as a whole URL", () => {
    const r = rng(99);
    for (let i = 0; i < 3000; i++) {
      let s = "";
      const n = r.int(0, 60);
      for (let j = 0; j < n; j++) s += String.fromCharCode(r.chance(0.8) ? r.int(32, 126) : r.int(0, 0xffff));
      const u = r.chance(0.5) ? `/cars-for-sale?${s}` : s;
      expect(() => parseSearchUrl(u, ctx), JSON.stringify(u)).not.toThrow();
      const res = parseSearchUrl(u, ctx);
      if (!res.notFound) expect(parseSearchUrl(res.canonical, ctx).redirect).toBe(false);
    }
    expect(parseSearchUrl("", ctx).notFound).toBe(true);
    expect(parseSearchUrl("http://[bad", ctx).notFound).toBe(true);
    expect(parseSearchUrl(undefined as unknown as string, ctx).notFound).toBe(true);
  });

  it("serialising a hand-built state with odd text does not throw", () => {
    const s = emptySearchState(ctx);
    s.query.keyword = "lone \uD800 surrogate";
    expect(() => serializeSearchUrl(s, ctx)).not.toThrow();
  });
});

describe("breadcrumbs", () => {
  const labels = (u: string, c: Ctx = ctx) => breadcrumbs(stateOf(u, c), c ?? undefined).map((b) => b.label);

  it("every level in the spec's order with the spec's labels, each link dropping the later levels", () => {
    const s = stateOf(
      "/cars-for-sale/used/suv-crossover/toyota/rav4/xle/2020?zip=30301&sellerType=p&minPrice=10000&maxPrice=30000&" +
        "fuelTypeGroup=HYB&mpgRange=35&electricMileRange=40&extColorSimple=BLACK&sortBy=yearDESC&firstRecord=30",
    );
    expect(breadcrumbs(s, ctx)).toEqual([
      { label: "Home", href: "/" },
      { label: "Used Cars for Sale", href: "/cars-for-sale" },
      { label: "Atlanta, GA", href: "/cars-for-sale?zip=30301" },
      { label: "By Owner", href: "/cars-for-sale?zip=30301&sellerType=p" },
      { label: "SUV / Crossover", href: "/cars-for-sale/used/suv-crossover?zip=30301&sellerType=p" },
      { label: "Toyota", href: "/cars-for-sale/used/suv-crossover/toyota?zip=30301&sellerType=p" },
      { label: "RAV4", href: "/cars-for-sale/used/suv-crossover/toyota/rav4?zip=30301&sellerType=p" },
      { label: "XLE", href: "/cars-for-sale/used/suv-crossover/toyota/rav4/xle?zip=30301&sellerType=p" },
      { label: "2020", href: "/cars-for-sale/used/suv-crossover/toyota/rav4/xle/2020?zip=30301&sellerType=p" },
      {
        label: "Between $10,000 - $30,000",
        href: "/cars-for-sale/used/suv-crossover/toyota/rav4/xle/2020?zip=30301&sellerType=p&minPrice=10000&maxPrice=30000",
      },
      {
        label: "Hybrid",
        href: "/cars-for-sale/used/suv-crossover/toyota/rav4/xle/2020?zip=30301&sellerType=p&minPrice=10000&maxPrice=30000&fuelTypeGroup=HYB",
      },
      {
        label: "35+",
        href: "/cars-for-sale/used/suv-crossover/toyota/rav4/xle/2020?zip=30301&sellerType=p&minPrice=10000&maxPrice=30000&fuelTypeGroup=HYB&mpgRange=35",
      },
      {
        label: "40 Miles",
        href:
          "/cars-for-sale/used/suv-crossover/toyota/rav4/xle/2020?zip=30301&sellerType=p&" +
          "minPrice=10000&maxPrice=30000&fuelTypeGroup=HYB&mpgRange=35&electricMileRange=40",
      },
    ]);
    for (const c of breadcrumbs(s, ctx)) if (c.href !== "/") expectCanonical(c.href);
  });

  it("page crumb names the condition; commercial experience has its own page and a condition crumb", () => {
    expect(labels("/cars-for-sale")).toEqual(["Home", "Used Cars for Sale"]);
    expect(labels("/cars-for-sale/new")).toEqual(["Home", "New Cars for Sale"]);
    expect(labels("/cars-for-sale/certified")).toEqual(["Home", "Certified Cars for Sale"]);
    expect(labels("/cars-for-sale/all")).toEqual(["Home", "All Cars for Sale"]);
    expect(labels("/cars-for-sale?listingType=NEW,USED")).toEqual(["Home", "New & Used Cars for Sale"]);
    const b = breadcrumbs(stateOf("/cars-for-sale/new/truck?experience=commercial"), ctx);
    expect(b).toEqual([
      { label: "Home", href: "/" },
      { label: "Commercial Vehicles for Sale", href: "/cars-for-sale?experience=commercial" },
      { label: "New", href: "/cars-for-sale/new?experience=commercial" },
      { label: "Commercial Truck", href: "/cars-for-sale/new/truck?experience=commercial" },
    ]);
  });

  it("commercial body style: 'Commercial X', 'Van / Minivan' shortened to 'Van'", () => {
    expect(labels("/cars-for-sale/used/van-minivan?experience=commercial")).toEqual(["Home", "Commercial Vehicles for Sale", "Used", "Commercial Van"]);
    expect(labels("/cars-for-sale/used/van-minivan")).toEqual(["Home", "Used Cars for Sale", "Van / Minivan"]);
    expect(labels("/cars-for-sale/used/commercial?experience=commercial")).toEqual(["Home", "Commercial Vehicles for Sale", "Used", "Commercial"]);
  });

  it("owner: 'By Owner' for p, 'Dealer' otherwise; location 'city, state' or the ZIP", () => {
    expect(labels("/cars-for-sale?sellerType=p")).toEqual(["Home", "Used Cars for Sale", "By Owner"]);
    expect(labels("/cars-for-sale?sellerType=d")).toEqual(["Home", "Used Cars for Sale", "Dealer"]);
    expect(labels("/cars-for-sale?zip=10001")).toEqual(["Home", "Used Cars for Sale", "New York, NY"]);
    expect(labels("/cars-for-sale?zip=94105")).toEqual(["Home", "Used Cars for Sale", "94105"]);
  });

  it("price: 'Over X', 'Under X', 'Between X - Y'", () => {
    expect(labels("/cars-for-sale/new?minPrice=20000")).toEqual(["Home", "New Cars for Sale", "Over $20,000"]);
    expect(labels("/cars-for-sale/new?maxPrice=1500000")).toEqual(["Home", "New Cars for Sale", "Under $1,500,000"]);
    expect(priceLabel(5000, 7500)).toBe("Between $5,000 - $7,500");
    expect(priceLabel(undefined, undefined)).toBeNull();
  });

  it("year: only a single year; hidden on used with two crumbs", () => {
    expect(labels("/cars-for-sale/used/2020")).toEqual(["Home", "Used Cars for Sale"]);
    expect(labels("/cars-for-sale/new/2020")).toEqual(["Home", "New Cars for Sale", "2020"]);
    expect(labels("/cars-for-sale/all/2020")).toEqual(["Home", "All Cars for Sale", "2020"]);
    expect(labels("/cars-for-sale/used/toyota/2020")).toEqual(["Home", "Used Cars for Sale", "Toyota", "2020"]);
    expect(labels("/cars-for-sale/used/2020?zip=30301")).toEqual(["Home", "Used Cars for Sale", "Atlanta, GA", "2020"]);
    expect(labels("/cars-for-sale/new?startYear=2019&endYear=2020")).toEqual(["Home", "New Cars for Sale"]);
  });

  it("levels with several values get no crumb, but stay in later crumbs' links", () => {
    const b = breadcrumbs(stateOf("/cars-for-sale?makeCode=HONDA,TOYOTA&maxPrice=20000"), ctx);
    expect(b.map((x) => x.label)).toEqual(["Home", "Used Cars for Sale", "Under $20,000"]);
    expect(b[2].href).toBe("/cars-for-sale?makeCode=HONDA,TOYOTA&maxPrice=20000");
    expect(labels("/cars-for-sale?fuelTypeGroup=ELE,HYB")).toEqual(["Home", "Used Cars for Sale"]);
    expect(labels("/cars-for-sale/used/toyota?modelCode=CAMRY,RAV4")).toEqual(["Home", "Used Cars for Sale", "Toyota"]);
  });

  it("uses codes when there are no names", () => {
    expect(labels("/cars-for-sale/used/toyota/rav4", null)).toEqual(["Home", "Used Cars for Sale", "Toyota", "RAV4"]);
  });
});

describe("excluded makes (excludeMakeCode)", () => {
  it("parses, sorts and writes them after the makes, and a chosen make wins over its exclusion", () => {
    expect(canon("/cars-for-sale?excludeMakeCode=nissan,FORD&excludeMakeCode=NISSAN")).toBe("/cars-for-sale?excludeMakeCode=FORD,NISSAN");
    expect(canon("/cars-for-sale?vehicleStyleCode=SUVCROSS&excludeMakeCode=NISSAN&sortBy=yearDESC")).toBe(
      "/cars-for-sale/used/suv-crossover?excludeMakeCode=NISSAN&sortBy=yearDESC",
    );
    expect(canon("/cars-for-sale?makeCode=TOYOTA&excludeMakeCode=TOYOTA,HONDA")).toBe("/cars-for-sale/used/toyota?excludeMakeCode=HONDA");
    expect(stateOf("/cars-for-sale?excludeMakeCode=NISSAN").query.excludedMakeCodes).toEqual(["NISSAN"]);
  });

  it("shows a 'Not Make' chip that removes just that exclusion", () => {
    const s = stateOf("/cars-for-sale?excludeMakeCode=HONDA,TOYOTA");
    const list = chips(s, ctx).filter((c) => c.name === "excludeMakeCode");
    expect(list.map((c) => c.label)).toEqual(["Not Honda", "Not Toyota"]);
    expect(list[1].removeHref).toBe("/cars-for-sale?excludeMakeCode=HONDA");
  });
});

describe("the monthly cost (maxMonthlyCost, sortBy=monthlycostASC)", () => {
  it("round-trips the ceiling in canonical order, whole dollars, and the 'Lowest monthly cost' sort", () => {
    expect(canon("/cars-for-sale?sortBy=monthlycostasc&maxMonthlyCost=$450&makeCode=TOYOTA")).toBe(
      "/cars-for-sale/used/toyota?maxMonthlyCost=450&sortBy=monthlycostASC",
    );
    expect(canon("/cars-for-sale?mileage=30000&maxMonthlyCost=500&maxPrice=30000")).toBe("/cars-for-sale?maxPrice=30000&maxMonthlyCost=500&mileage=30000");
    const s = stateOf("/cars-for-sale?maxMonthlyCost=450&sortBy=monthlycostASC");
    expect(s.query.maxMonthlyCost).toBe(450);
    expect(s.query.sortBy).toBe("monthlycostASC");
    expect(parseSearchUrl(serializeSearchUrl(s, ctx), ctx)).toMatchObject({ state: s, redirect: false, invalid: [] });
    // The loan terms come from the wallet cookie, never from the address.
    expect(s.query.costTerms).toBeUndefined();
    expect(canon("/cars-for-sale?costTerms=1")).toBe("/cars-for-sale");
  });

  it("drops a ceiling that is not a whole number of dollars above 0", () => {
    for (const bad of ["abc", "0", "-5", "1e3"]) {
      const p = parseSearchUrl(`/cars-for-sale?maxMonthlyCost=${bad}`, ctx);
      expect(p.state.query.maxMonthlyCost, bad).toBeUndefined();
      expect(p.canonical).toBe("/cars-for-sale");
      expect(p.invalid.map((i) => i.name)).toContain("maxMonthlyCost");
    }
    expect(stateOf("/cars-for-sale?maxMonthlyCost=449.99").query.maxMonthlyCost).toBe(449);
  });

  it("shows a chip that removes it (and keeps the sort), and Clear Filters drops it", () => {
    const s = stateOf("/cars-for-sale/used/toyota?maxMonthlyCost=500&sortBy=monthlycostASC");
    const chip = chips(s, ctx).find((c) => c.name === "maxMonthlyCost")!;
    expect(chip.label).toBe("Under $500/mo. with fuel");
    expect(chip.removeHref).toBe("/cars-for-sale/used/toyota?sortBy=monthlycostASC");
    expect(withFilter(s, "maxMonthlyCost", 400, ctx)).toBe("/cars-for-sale/used/toyota?maxMonthlyCost=400&sortBy=monthlycostASC");
    expect(clearFilters(s, ctx)).toBe("/cars-for-sale?sortBy=monthlycostASC");
  });
});

describe("chips", () => {
  it("a chip for every selected value, each removing just that value", () => {
    const s = stateOf(
      "/cars-for-sale/new?makeCode=HONDA,TOYOTA&modelCode=HONDA:CRV,TOYOTA:RAV4&trimCode=TOYOTA:XLE&extColorSimple=BLACK&intColorSimple=BEIGE" +
        "&featureCode=HEATED_SEATS&startYear=2018&minPrice=10000&maxPrice=20000&mileage=50000&" +
        "mpgRange=30&keyword=sunroof&experience=best-deals&zip=30301&sortBy=yearDESC",
    );
    const list = chips(s, ctx);
    expect(list.map((c) => [c.name, c.value, c.label])).toEqual([
      ["listingType", "NEW", "New"],
      ["makeCode", "HONDA", "Honda"],
      ["makeCode", "TOYOTA", "Toyota"],
      ["modelCode", "HONDA|CRV", "CR-V"],
      ["modelCode", "TOYOTA|RAV4", "RAV4"],
      ["trimCode", "TOYOTA|XLE", "XLE"],
      ["year", "2018-", "2018 & Newer"],
      ["price", "10000-20000", "Between $10,000 - $20,000"],
      ["mileage", "50000", "Under 50,000 Miles"],
      ["mpgRange", "30", "30+ MPG"],
      ["extColorSimple", "BLACK", "Black"],
      ["intColorSimple", "BEIGE", "Beige Interior"],
      ["featureCode", "HEATED_SEATS", "Heated Seats"],
      ["experience", "best-deals", "Best Deals"],
      ["keyword", "sunroof", "“sunroof”"],
    ]);
    expect(selectedCount(s, ctx)).toBe(list.length);
    for (const c of list) expectCanonical(c.removeHref);
    const href = (name: string, value: string) => list.find((c) => c.name === name && c.value === value)?.removeHref;
    // Removing the only non-default condition returns to Used.
    expect(stateOf(href("listingType", "NEW") as string).query.listingTypes).toEqual(["USED"]);
    // A make takes its models and trims with it.
    expect(stateOf(href("makeCode", "TOYOTA") as string).query).toMatchObject({ makeCodes: ["HONDA"], models: { HONDA: ["CRV"] }, trimCodes: [] });
    expect(stateOf(href("modelCode", "HONDA|CRV") as string).query.models).toEqual({ TOYOTA: ["RAV4"] });
    // Price and year chips clear both bounds.
    expect(stateOf(href("price", "10000-20000") as string).query).not.toHaveProperty("minPrice");
    expect(stateOf(href("price", "10000-20000") as string).query).not.toHaveProperty("maxPrice");
    expect(stateOf(href("year", "2018-") as string).query).not.toHaveProperty("startYear");
    // Sort and location survive, paging resets.
    for (const c of list) expect(stateOf(c.removeHref).query).toMatchObject({ sortBy: "yearDESC", zip: "30301", firstRecord: 0 });
  });

  it("the default Used condition, location, sort and paging are not chips", () => {
    expect(chips(stateOf("/cars-for-sale?zip=30301&searchRadius=50&sortBy=yearDESC&firstRecord=60&marketExtension=include"), ctx)).toEqual([]);
    expect(selectedCount(emptySearchState(ctx), ctx)).toBe(0);
  });

  it("a truck cab size chip says its unit", () => {
    expect(chips(stateOf("/cars-for-sale?truckCabSize=3,5"), ctx).map((c) => c.label)).toEqual(["Cab Size 3 seats or less", "Cab Size 5 seats"]);
  });

  it("certified is one chip; a mixed condition has one per condition", () => {
    expect(chips(stateOf("/cars-for-sale/certified"), ctx).map((c) => c.label)).toEqual(["Certified"]);
    const mixed = chips(stateOf("/cars-for-sale?listingType=NEW,USED"), ctx);
    expect(mixed.map((c) => c.label)).toEqual(["New", "Used"]);
    expect(mixed[0].removeHref).toBe("/cars-for-sale");
    expect(mixed[1].removeHref).toBe("/cars-for-sale/new");
  });

  it("chip links keep the category path when a level keeps one value", () => {
    const s = stateOf("/cars-for-sale/used/toyota?modelCode=CAMRY,RAV4");
    const byModel = chips(s, ctx).filter((c) => c.name === "modelCode");
    expect(byModel.map((c) => c.removeHref)).toEqual(["/cars-for-sale/used/toyota/rav4", "/cars-for-sale/used/toyota/camry"]);
  });
});

describe("editing helpers", () => {
  const s = stateOf("/cars-for-sale/used/toyota?zip=30301&sortBy=yearDESC&firstRecord=90&expired=7");

  it("withFilter adds a value (lists) or sets it (single values), dropping paging and the banner", () => {
    expect(withFilter(s, "modelCode", "TOYOTA|RAV4", ctx)).toBe("/cars-for-sale/used/toyota/rav4?zip=30301&sortBy=yearDESC");
    expect(withFilter(s, "modelCode", "RAV4", ctx)).toBe("/cars-for-sale/used/toyota/rav4?zip=30301&sortBy=yearDESC");
    expect(withFilter(s, "makeCode", "HONDA", ctx)).toBe("/cars-for-sale?zip=30301&makeCode=HONDA,TOYOTA&sortBy=yearDESC");
    expect(withFilter(s, "maxPrice", 20000, ctx)).toBe("/cars-for-sale/used/toyota?zip=30301&maxPrice=20000&sortBy=yearDESC");
    expect(withFilter(s, "zip", "10001", ctx)).toBe("/cars-for-sale/used/toyota?zip=10001&sortBy=yearDESC");
    expect(withFilter(s, "year", "2021", ctx)).toBe("/cars-for-sale/used/toyota/2021?zip=30301&sortBy=yearDESC");
    expect(withFilter(s, "year", "2019-2021", ctx)).toBe("/cars-for-sale/used/toyota?zip=30301&startYear=2019&endYear=2021&sortBy=yearDESC");
    expect(withFilter(s, "listingType", "NEW", ctx)).toBe("/cars-for-sale?listingType=NEW,USED&zip=30301&makeCode=TOYOTA&sortBy=yearDESC");
    expect(withFilter(s, "price", "5000-9000", ctx)).toBe("/cars-for-sale/used/toyota?zip=30301&minPrice=5000&maxPrice=9000&sortBy=yearDESC");
  });

  it("withFilter takes the facet engine's filter names", () => {
    expect(withFilter(s, "modelCodeList|TOYOTA", "CAMRY", ctx)).toBe("/cars-for-sale/used/toyota/camry?zip=30301&sortBy=yearDESC");
    expect(withFilter(s, "makeCodeList", "FORD", ctx)).toBe("/cars-for-sale?zip=30301&makeCode=FORD,TOYOTA&sortBy=yearDESC");
    expect(withFilter(s, "yearRange", "2024", ctx)).toBe("/cars-for-sale/used/toyota/2024?zip=30301&sortBy=yearDESC");
    expect(withFilter(s, "trimCodeList", "TOYOTA|LE", ctx)).toBe("/cars-for-sale/used/toyota?zip=30301&trimCode=LE&sortBy=yearDESC");
    expect(withFilter(s, "suvSubtypeCode", "COMPACTSUV", ctx)).toBe("/cars-for-sale/used/toyota?zip=30301&bodyStyleSubtypeCode=COMPACTSUV&sortBy=yearDESC");
    const m = stateOf("/cars-for-sale/used/toyota/camry");
    expect(withoutFilter(m, "modelCodeList|TOYOTA", "CAMRY", ctx)).toBe("/cars-for-sale/used/toyota");
  });

  it("withoutFilter removes one value or the whole filter", () => {
    const t = stateOf("/cars-for-sale?makeCode=HONDA,TOYOTA&fuelTypeGroup=ELE,HYB&zip=30301&searchRadius=50&minPrice=1000");
    expect(withoutFilter(t, "fuelTypeGroup", "ELE", ctx)).toBe(
      "/cars-for-sale?zip=30301&searchRadius=50&makeCode=HONDA,TOYOTA&minPrice=1000&fuelTypeGroup=HYB",
    );
    expect(withoutFilter(t, "fuelTypeGroup", undefined, ctx)).toBe("/cars-for-sale?zip=30301&searchRadius=50&makeCode=HONDA,TOYOTA&minPrice=1000");
    expect(withoutFilter(t, "makeCode", "HONDA", ctx)).toBe("/cars-for-sale/used/toyota?zip=30301&searchRadius=50&minPrice=1000&fuelTypeGroup=ELE,HYB");
    expect(withoutFilter(t, "zip", undefined, ctx)).toBe("/cars-for-sale?makeCode=HONDA,TOYOTA&minPrice=1000&fuelTypeGroup=ELE,HYB");
    expect(withoutFilter(t, "minPrice", undefined, ctx)).toBe("/cars-for-sale?zip=30301&searchRadius=50&makeCode=HONDA,TOYOTA&fuelTypeGroup=ELE,HYB");
    expect(removeFilter(t, "makeCode", undefined, ctx).query.makeCodes).toEqual([]);
  });

  it("addFilter / removeFilter return normalised states", () => {
    const a = addFilter(s, "fuelTypeGroup", "ELE", ctx);
    expect(normalizeSearchState(a, ctx)).toEqual(a);
    expect(removeFilter(a, "fuelTypeGroup", "ele", ctx).query.fuelTypeGroups).toEqual([]);
  });

  it("withSort resets paging; withCondition replaces the condition", () => {
    expect(withSort(s, "mileageASC", ctx)).toBe("/cars-for-sale/used/toyota?zip=30301&sortBy=mileageASC");
    expect(withSort(s, "derivedpriceDESC", ctx)).toBe("/cars-for-sale/used/toyota?zip=30301");
    expect(withCondition(s, "new", ctx)).toBe("/cars-for-sale/new/toyota?zip=30301&sortBy=yearDESC");
    expect(withCondition(s, "all", ctx)).toBe("/cars-for-sale/all/toyota?zip=30301&sortBy=yearDESC");
    expect(withCondition(stateOf("/cars-for-sale/new"), "used", ctx)).toBe("/cars-for-sale");
  });

  it("clearFilters keeps location, condition, experience and sort", () => {
    const t = stateOf(
      "/cars-for-sale/new/suv-crossover/toyota/rav4?zip=30301&searchRadius=25&marketExtension=include&" +
        "experience=commercial&maxPrice=5000&keyword=x&sortBy=yearASC&firstRecord=30&expired=3",
    );
    expect(clearFilters(t, ctx)).toBe("/cars-for-sale/new?zip=30301&searchRadius=25&marketExtension=include&experience=commercial&sortBy=yearASC");
    expect(clearFilters(emptySearchState(ctx), ctx)).toBe("/cars-for-sale");
  });
});

describe("pagination", () => {
  it("next page = floor(loaded / 30) + 1, a real link, stopping at the total", () => {
    let s = stateOf("/cars-for-sale/used/toyota?sortBy=yearDESC");
    const seen: string[] = [];
    for (;;) {
      const next = nextPageUrl(s, 100, ctx);
      if (!next) break;
      seen.push(next);
      expectCanonical(next);
      s = stateOf(next);
    }
    expect(seen).toEqual([
      "/cars-for-sale/used/toyota?sortBy=yearDESC&firstRecord=30",
      "/cars-for-sale/used/toyota?sortBy=yearDESC&firstRecord=60",
      "/cars-for-sale/used/toyota?sortBy=yearDESC&firstRecord=90",
    ]);
    expect(pageOf(s)).toBe(4);
    expect(nextPageUrl(emptySearchState(ctx), 30, ctx)).toBeNull();
    expect(nextPageUrl(emptySearchState(ctx), 31, ctx)).toBe("/cars-for-sale?firstRecord=30");
    expect(nextPageUrl(emptySearchState(ctx), 0, ctx)).toBeNull();
  });

  it("stops at the result window", () => {
    const last = Math.floor((MAX_RESULT_WINDOW - PAGE_SIZE) / PAGE_SIZE) * PAGE_SIZE;
    const s = stateOf(`/cars-for-sale?firstRecord=${last - PAGE_SIZE}`);
    expect(nextPageUrl(s, 1_000_000, ctx)).toBe(`/cars-for-sale?firstRecord=${last}`);
    expect(nextPageUrl(stateOf(`/cars-for-sale?firstRecord=${last}`), 1_000_000, ctx)).toBeNull();
    expect(withPage(s, last / PAGE_SIZE + 2, ctx)).toBeNull();
  });

  it("withPage and previousPageUrl", () => {
    const s = stateOf("/cars-for-sale/new?firstRecord=60&expired=1");
    expect(withPage(s, 1, ctx)).toBe("/cars-for-sale/new");
    expect(withPage(s, 5, ctx)).toBe("/cars-for-sale/new?firstRecord=120");
    expect(withPage(s, 0, ctx)).toBeNull();
    expect(withPage(s, 1.5, ctx)).toBeNull();
    expect(previousPageUrl(s, ctx)).toBe("/cars-for-sale/new?firstRecord=30");
    expect(previousPageUrl(stateOf("/cars-for-sale"), ctx)).toBeNull();
    const big = stateOf("/cars-for-sale?numRecords=60&firstRecord=60");
    expect(nextPageUrl(big, 1000, ctx)).toBe("/cars-for-sale?numRecords=60&firstRecord=120");
  });
});

describe("category tabs", () => {
  it("five tabs from CATEGORY_TABS, All Results selected by default", () => {
    const tabs = categoryTabs(stateOf("/cars-for-sale/used/toyota?zip=30301&firstRecord=30"), ctx);
    expect(tabs.map((t) => t.label)).toEqual(CATEGORY_TABS.map((t) => t.label));
    expect(tabs.map((t) => [t.id, t.selected, t.href])).toEqual([
      ["all", true, "/cars-for-sale/used/toyota?zip=30301"],
      ["best-deals", false, "/cars-for-sale/used/toyota?zip=30301&dealType=goodprice,greatprice"],
      ["buy-online", false, "/cars-for-sale/used/toyota?zip=30301&homeServices=BUY_ONLINE"],
      ["by-owner", false, "/cars-for-sale/used/toyota?zip=30301&sellerType=p"],
      ["certified", false, "/cars-for-sale/certified/toyota?zip=30301"],
    ]);
    for (const t of tabs) expectCanonical(t.href);
  });

  it("each tab's values select it; choosing a tab replaces the category values", () => {
    for (const tab of CATEGORY_TABS) {
      const href = categoryTabs(stateOf("/cars-for-sale/used/toyota"), ctx).find((t) => t.id === tab.id)?.href as string;
      const s = stateOf(href);
      expect(activeCategory(s)).toBe(tab.id);
      const tabs = categoryTabs(s, ctx);
      expect(tabs.filter((t) => t.selected).map((t) => t.id)).toEqual([tab.id]);
      // From any tab, every other tab's link selects that tab only.
      for (const t of tabs) expect(activeCategory(stateOf(t.href))).toBe(t.id);
    }
  });

  it("leaving Certified Used returns to Used; other filters of the same parameter stay", () => {
    const cert = stateOf("/cars-for-sale/certified?homeServices=HOME_DELIVERY,BUY_ONLINE&dealType=greatprice");
    expect(activeCategory(cert)).toBe("buy-online"); // first matching tab wins
    const all = categoryTabs(cert, ctx)[0];
    expect(all.href).toBe("/cars-for-sale?homeServices=HOME_DELIVERY&dealType=greatprice");
    expect(activeCategory(stateOf("/cars-for-sale/certified"))).toBe("certified");
  });

  it("removing the tab's value (a chip) resets to All Results", () => {
    const s = stateOf("/cars-for-sale?dealType=goodprice,greatprice");
    expect(activeCategory(s)).toBe("best-deals");
    const chip = chips(s, ctx).find((c) => c.value === "greatprice");
    expect(activeCategory(stateOf(chip?.removeHref as string))).toBe("all");
    expect(activeCategory(stateOf(withoutFilter(stateOf("/cars-for-sale?sellerType=p"), "sellerType", "p", ctx)))).toBe("all");
  });
});

describe("SEO helpers", () => {
  it("title and description from the search", () => {
    expect(searchTitle(stateOf("/cars-for-sale/used/toyota/rav4?zip=30301"), ctx)).toBe("Used Toyota RAV4 for Sale near Atlanta, GA");
    expect(searchTitle(emptySearchState(ctx), ctx)).toBe("Used Cars for Sale");
    expect(searchTitle(stateOf("/cars-for-sale/all/honda"), ctx)).toBe("Honda Cars for Sale");
    expect(searchTitle(stateOf("/cars-for-sale/new/suv-crossover/2025"), ctx)).toBe("New 2025 SUVs for Sale");
    // A body style page of a model has its own title, not its model page's.
    expect(searchTitle(stateOf("/cars-for-sale/new/truck/ram/1500/r-t/2024"), ctx)).toBe("New 2024 Ram 1500 R/T Truck for Sale");
    expect(searchTitle(stateOf("/cars-for-sale/new/ram/1500/r-t/2024"), ctx)).toBe("New 2024 Ram 1500 R/T for Sale");
    expect(searchTitle(stateOf("/cars-for-sale?experience=commercial&zip=94105"), ctx)).toBe("Used Commercial Vehicles for Sale near 94105");
    expect(searchTitle(stateOf("/cars-for-sale?listingType=NEW,USED"), ctx)).toBe("New & Used Cars for Sale");
    expect(searchDescription(stateOf("/cars-for-sale/used/toyota/rav4?zip=30301"), ctx, 1234)).toBe(
      "Shop 1,234 used Toyota RAV4 for sale near Atlanta, GA on Forecourt. Compare " +
        "prices, deal ratings, mileage and features from dealers and private sellers.",
    );
  });

  it("canonical link drops the expired banner; only clean category pages are indexable", () => {
    const s = stateOf("/cars-for-sale/used/toyota/rav4?expired=99");
    expect(canonicalLinkUrl(s, ctx)).toBe("/cars-for-sale/used/toyota/rav4");
    expect(isIndexable(s, ctx)).toBe(true);
    expect(isIndexable(stateOf("/cars-for-sale/used/toyota/rav4?maxPrice=20000"), ctx)).toBe(false);
    expect(isIndexable(stateOf("/cars-for-sale/used/toyota/rav4?firstRecord=30"), ctx)).toBe(false);
    expect(isIndexable(emptySearchState(ctx), ctx)).toBe(true);
  });

  it("expired banner text", () => {
    expect(expiredBannerText(stateOf("/cars-for-sale/used/toyota/rav4?expired=5"), ctx)).toBe(TEXT.expiredListing("Toyota RAV4"));
    expect(expiredBannerText(stateOf("/cars-for-sale/used/toyota?expired=5"), ctx)).toBe(TEXT.expiredListing("Toyota"));
    expect(expiredBannerText(stateOf("/cars-for-sale?expired=5"), ctx)).toBe(TEXT.expiredListing("vehicle"));
    expect(expiredBannerText(stateOf("/cars-for-sale?expired=5"), ctx, "2019 Honda Civic")).toBe(TEXT.expiredListing("2019 Honda Civic"));
    expect(expiredBannerText(stateOf("/cars-for-sale/used/toyota"), ctx)).toBeNull();
  });
});
