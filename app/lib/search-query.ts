// The listing search's query and result shapes, shared by server and browser
// (docs/search-urls.md, docs/services.md). A SearchQuery is the normalised form every search engine accepts: codes are
// upper-cased, numbers are whole and in range, unknown values are gone. Turning a URL into a
// SearchQuery is the URL module's job (docs/decisions/003); `parseSearchQuery` is the last
// gate before the engine and never throws: a bad value is dropped and reported.
import {
  DEFAULT_SORT,
  LISTING_TYPES,
  MAX_APR,
  PAYMENT_TERMS,
  PAGE_SIZE,
  SEARCH_RADIUS_CAP,
  SORT_OPTIONS,
  SUPPLEMENTAL_PAGE_SIZE,
  TRUCK_CAB_SIZES,
  type ListingType,
  type SortOption,
} from "./constants.ts";
import { normalizeQueryZip } from "./zip.ts";

// ---------------------------------------------------------------------------------------------
// Vocabulary

export type DealType = "goodprice" | "greatprice";
export const DEAL_TYPES: readonly DealType[] = ["greatprice", "goodprice"];
/** "dealType goodprice, greatprice": goodprice = a good deal rating, greatprice = a great one. */
export const DEAL_TYPE_RATING: Record<DealType, "good" | "great"> = { goodprice: "good", greatprice: "great" };

export type SellerTypeCode = "p" | "d";
export const SELLER_TYPES: readonly SellerTypeCode[] = ["d", "p"];

export type VehicleUseType = "personal" | "commercial";
export const VEHICLE_USE_TYPES: readonly VehicleUseType[] = ["personal", "commercial"];

/**
 * Experiences (spec: "experience (values commercial, best-deals and an automaker buy-online
 * value)"). Each narrows the search like a hidden filter:
 * commercial = commercial-use vehicles, best-deals = good or great deal ratings,
 * buy-online = dealers offering the BUY_ONLINE home service.
 */
export const EXPERIENCES = ["commercial", "best-deals", "buy-online"] as const;
export type Experience = (typeof EXPERIENCES)[number];

/**
 * "include extended delivery": with marketExtension on, listings beyond the radius but within
 * `radiusFactor` times it are included when their dealer offers home delivery. They are flagged
 * `marketExtension` on the hit (the spec's 'ime' tier).
 */
export const MARKET_EXTENSION = { radiusFactor: 2, homeService: "HOME_DELIVERY" } as const;

/** Deepest result reachable by paging (firstRecord + numRecords). */
export const MAX_RESULT_WINDOW = 10_000;
/** Largest page a caller may ask for (supplemental asks for 100). */
export const MAX_NUM_RECORDS = SUPPLEMENTAL_PAGE_SIZE;
/** Longest keyword kept, and how many of its words are used. */
export const KEYWORD_MAX_LENGTH = 100;
export const KEYWORD_MAX_TOKENS = 8;

/** Threshold options of the range facets: each option counts listings at or under (over) it. */
export const PRICE_THRESHOLDS = [5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 35_000, 40_000, 50_000, 60_000, 75_000, 100_000] as const;
export const MILEAGE_THRESHOLDS = [15_000, 30_000, 45_000, 60_000, 75_000, 100_000, 150_000, 200_000] as const;
/** Fuel Economy: combined MPG "N+" (MPGe of electric cars does not count as MPG). */
export const MPG_THRESHOLDS = [20, 25, 30, 35, 40, 50] as const;
/** Electric Mile Range: "N Miles" and more. */
export const ELECTRIC_RANGE_THRESHOLDS = [100, 150, 200, 250, 300] as const;

/** Labels for codes that have no reference table. */
export { LISTING_TYPE_LABELS } from "./listing-types.ts";
export const DRIVE_GROUP_LABELS: Record<string, string> = { AWD4WD: "All Wheel Drive / 4WD", FWD: "Front Wheel Drive", RWD: "Rear Wheel Drive" };
export const TRANSMISSION_LABELS: Record<string, string> = { AUT: "Automatic", MAN: "Manual" };
export const SELLER_TYPE_LABELS: Record<SellerTypeCode, string> = { d: "Dealer", p: "Private Seller" };
export const DEAL_TYPE_LABELS: Record<DealType, string> = { greatprice: "Great Price", goodprice: "Good Price" };
export const VEHICLE_USE_LABELS: Record<VehicleUseType, string> = { personal: "Personal", commercial: "Commercial" };
export const HOME_SERVICE_LABELS: Record<string, string> = {
  BUY_ONLINE: "Buy Online",
  ONLINE_PAPERWORK: "Online Paperwork",
  HOME_DELIVERY: "Home Delivery",
  HOME_TEST_DRIVE: "Home Test Drive",
  VIRTUAL_APPOINTMENT: "Virtual Appointments",
  CONTACTLESS_PICKUP: "Contactless Pickup",
};
export const VEHICLE_HISTORY_LABELS: Record<string, string> = {
  ONE_OWNER: "1 Owner",
  CLEAN_TITLE: "Clean Title",
  NO_ACCIDENTS: "No Accidents Reported",
  PERSONAL_USE: "Personal Use Only",
};
export const TRUCK_BED_LABELS: Record<string, string> = { SHORT: "Short Bed", STANDARD: "Standard Bed", LONG: "Long Bed" };
/** The cab's seats (docs/reference-data.md: regular cab 3, extended 4, crew with buckets 5, with a bench 6). */
export const TRUCK_CAB_LABELS: Record<number, string> = { 3: "3 seats or less", 4: "4 seats", 5: "5 seats", 6: "6 seats" };

/** "Truck cab size options map to 3 or less, 4, 5 and 6": the option a cab size counts under. */
export function truckCabBucket(size: number): number {
  return size <= 3 ? 3 : size >= 6 ? 6 : size;
}

/** "A 3P_CERT listing type is treated as USED": the Condition option a listing type counts under. */
export function conditionOf(listingType: string): string {
  return listingType === "3P_CERT" ? "USED" : listingType;
}

/** Whether a listing of `listingType` matches a listingType selection (USED also matches 3P_CERT). */
export function listingTypeMatches(selected: readonly string[], listingType: string): boolean {
  if (selected.length === 0) return true;
  if (selected.includes(listingType)) return true;
  return listingType === "3P_CERT" && selected.includes("USED");
}

// ---------------------------------------------------------------------------------------------
// The monthly cost's loan terms (app/lib/monthly-cost.ts; kept here so this module stays light)

/** The loan terms a monthly cost is worked out on (docs/decisions/031-monthly-cost.md). */
export interface CostTerms {
  /** Whole dollars down; null: DEFAULT_LOAN's share of each car's price (the default terms). */
  down: number | null;
  /** Months: one of PAYMENT_TERMS. */
  termMonths: number;
  /** Percent, 0 to MAX_APR. */
  apr: number;
}

/** Terms from anything (a query's input, a service's parameters): valid terms, or null. */
export function readCostTerms(v: unknown): CostTerms | null {
  if (!v || typeof v !== "object") return null;
  const t = v as Record<string, unknown>;
  const down = t.down === null ? null : typeof t.down === "number" && Number.isSafeInteger(t.down) && t.down >= 0 && t.down < 1e10 ? t.down : undefined;
  const termMonths = typeof t.termMonths === "number" && (PAYMENT_TERMS as readonly number[]).includes(t.termMonths) ? t.termMonths : undefined;
  const apr = typeof t.apr === "number" && Number.isFinite(t.apr) && t.apr >= 0 && t.apr <= MAX_APR ? t.apr : undefined;
  if (down === undefined || termMonths === undefined || apr === undefined) return null;
  return { down, termMonths, apr };
}

// ---------------------------------------------------------------------------------------------
// The query

export interface SearchQuery {
  /** 5-digit ZIP the search is centred on (distance is measured from it). */
  zip?: string;
  /** Miles; 0 or absent = nationwide; above SEARCH_RADIUS_CAP it is searched as the cap. */
  searchRadius?: number;
  /** "include extended delivery" (see MARKET_EXTENSION). */
  marketExtension: boolean;
  makeCodes: string[];
  /** "Any make except ...": makes left out of the results and of every facet count. */
  excludedMakeCodes: string[];
  /** Model codes per make (`modelCodeList|{make}`); a make without an entry means all its models. */
  models: Record<string, string[]>;
  /** `MAKE|Trim` (the trim part keeps its case); only trims of a selected make are kept. */
  trimCodes: string[];
  seriesCodes: string[];
  packages: string[];
  /** NEW, USED, CERTIFIED, 3P_CERT. USED matches USED and 3P_CERT; 3P_CERT matches only 3P_CERT. */
  listingTypes: ListingType[];
  vehicleStyleCodes: string[];
  /** Subtype codes of every body style (the suv / van / sedan subtype parameters land here too). */
  bodyStyleSubtypeCodes: string[];
  startYear?: number;
  endYear?: number;
  minPrice?: number;
  maxPrice?: number;
  /** Maximum mileage. */
  mileage?: number;
  /** Minimum combined MPG ("N+"). */
  mpgRange?: number;
  fuelTypeGroups: string[];
  driveGroups: string[];
  extColors: string[];
  intColors: string[];
  engineCodes: string[];
  doorCodes: number[];
  transmissionCodes: string[];
  cylinders: number[];
  truckBedLengths: string[];
  /** 3 (= 3 or less), 4, 5, 6. */
  truckCabSizes: number[];
  featureCodes: string[];
  vehicleHistoryTypes: string[];
  homeServices: string[];
  dealTypes: DealType[];
  sellerTypes: SellerTypeCode[];
  /** Minimum electric range in miles. */
  electricMileRange?: number;
  /**
   * Highest monthly cost with fuel, whole dollars (app/lib/monthly-cost.ts): loan payment on
   * `costTerms` + EPA fuel cost / 12. Cars without an EPA fuel cost never match. A condition of
   * its own in both engines: it narrows every facet count and has no count section.
   */
  maxMonthlyCost?: number;
  /**
   * The loan terms of the monthly cost (its filter and the monthlycostASC sort): the shopper's
   * wallet, set by the page from the wallet cookie (never from the URL); absent: the default terms.
   */
  costTerms?: CostTerms;
  vehicleUseTypes: VehicleUseType[];
  moneyBackGuarantee: boolean;
  experience?: Experience;
  showcaseOwnerId?: number;
  keyword?: string;
  sortBy: SortOption;
  firstRecord: number;
  numRecords: number;
}

/** Anything a caller may hand in: each field is checked and coerced by `parseSearchQuery`. */
export type SearchQueryInput = { [K in keyof SearchQuery]?: unknown };

export interface InvalidParam {
  name: string;
  value: string;
  reason: string;
}

export interface ParsedSearchQuery {
  query: SearchQuery;
  /** What was dropped or changed, for the response's invalid query params. */
  invalid: InvalidParam[];
}

export function emptySearchQuery(): SearchQuery {
  return {
    marketExtension: false,
    makeCodes: [],
    excludedMakeCodes: [],
    models: {},
    trimCodes: [],
    seriesCodes: [],
    packages: [],
    listingTypes: [],
    vehicleStyleCodes: [],
    bodyStyleSubtypeCodes: [],
    fuelTypeGroups: [],
    driveGroups: [],
    extColors: [],
    intColors: [],
    engineCodes: [],
    doorCodes: [],
    transmissionCodes: [],
    cylinders: [],
    truckBedLengths: [],
    truckCabSizes: [],
    featureCodes: [],
    vehicleHistoryTypes: [],
    homeServices: [],
    dealTypes: [],
    sellerTypes: [],
    vehicleUseTypes: [],
    moneyBackGuarantee: false,
    sortBy: DEFAULT_SORT,
    firstRecord: 0,
    numRecords: PAGE_SIZE,
  };
}

/** Fills defaults, coerces, clamps and drops bad values. Never throws. */
export function normalizeSearchQuery(input: SearchQueryInput | null | undefined): SearchQuery {
  return parseSearchQuery(input).query;
}

const CODE = /^[A-Z0-9][A-Z0-9_.\-]{0,39}$/; // "." for engine displacements ("2.5L")

function show(v: unknown): string {
  try {
    const s = typeof v === "string" ? v : JSON.stringify(v);
    return (s ?? String(v)).slice(0, 80);
  } catch {
    return String(v).slice(0, 80);
  }
}

/** A list from an array, a single value, or a comma-separated string. */
function listOf(v: unknown): unknown[] {
  if (v === undefined || v === null || v === "") return [];
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === "string" && x.includes(",") ? x.split(",") : [x]));
  if (typeof v === "string") return v.split(",");
  return [v];
}

function wholeNumber(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? Math.trunc(v) : undefined;
  if (typeof v !== "string") return undefined;
  const s = v
    .trim()
    .replace(/[$,\s]/g, "")
    .replace(/\+$/, "");
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  return Math.trunc(Number(s));
}

function booleanOf(v: unknown): boolean | undefined {
  if (typeof v === "boolean") return v;
  if (v === 1 || v === "1" || v === "true" || v === "include" || v === "on" || v === "yes") return true;
  if (v === 0 || v === "0" || v === "false" || v === "off" || v === "no" || v === "" || v === undefined || v === null) return false;
  return undefined;
}

export function parseSearchQuery(input: SearchQueryInput | null | undefined): ParsedSearchQuery {
  const q = emptySearchQuery();
  const invalid: InvalidParam[] = [];
  const src: SearchQueryInput = input && typeof input === "object" ? input : {};
  const bad = (name: string, value: unknown, reason: string) => invalid.push({ name, value: show(value), reason });

  const codes = (name: keyof SearchQuery, upper = true): string[] => {
    const out: string[] = [];
    for (const raw of listOf(src[name])) {
      const s = typeof raw === "string" || typeof raw === "number" ? String(raw).trim() : "";
      const c = upper ? s.toUpperCase() : s;
      if (s === "" && typeof raw === "string") continue;
      if (!CODE.test(c.toUpperCase())) {
        bad(name, raw, "not a code");
        continue;
      }
      if (!out.includes(c)) out.push(c);
    }
    return out;
  };
  const oneOf = <T extends string>(name: keyof SearchQuery, allowed: readonly T[], caseFn: (s: string) => string): T[] => {
    const out: T[] = [];
    for (const raw of listOf(src[name])) {
      const s = typeof raw === "string" ? caseFn(raw.trim()) : "";
      if (!(allowed as readonly string[]).includes(s)) {
        bad(name, raw, `expected one of ${allowed.join(", ")}`);
        continue;
      }
      if (!out.includes(s as T)) out.push(s as T);
    }
    return out;
  };
  const ints = (name: keyof SearchQuery, min: number, max: number): number[] => {
    const out: number[] = [];
    for (const raw of listOf(src[name])) {
      const n = wholeNumber(raw);
      if (n === undefined || n < min || n > max) {
        bad(name, raw, `expected a whole number from ${min} to ${max}`);
        continue;
      }
      if (!out.includes(n)) out.push(n);
    }
    return out;
  };
  const single = (name: keyof SearchQuery, min: number, max: number): number | undefined => {
    const v = src[name];
    if (v === undefined || v === null || v === "") return undefined;
    const first = Array.isArray(v) ? v[0] : v;
    const n = wholeNumber(first);
    if (n === undefined || n < min) {
      bad(name, v, `expected a whole number of at least ${min}`);
      return undefined;
    }
    if (Array.isArray(v) && v.length > 1) bad(name, v, "only the first value is used");
    if (n > max) {
      bad(name, v, `clamped to ${max}`);
      return max;
    }
    return n;
  };
  const flag = (name: keyof SearchQuery): boolean => {
    const v = src[name];
    const b = booleanOf(Array.isArray(v) ? v[0] : v);
    if (b === undefined) {
      bad(name, v, "expected a boolean");
      return false;
    }
    return b;
  };

  // Location
  if (src.zip !== undefined && src.zip !== null && src.zip !== "") {
    const zip = normalizeQueryZip(typeof src.zip === "number" ? String(src.zip).padStart(5, "0") : src.zip);
    if (zip) q.zip = zip;
    else bad("zip", src.zip, "a ZIP code is 5 digits");
  }
  const radius = single("searchRadius", 0, Number.MAX_SAFE_INTEGER);
  if (radius !== undefined) q.searchRadius = Math.min(radius, SEARCH_RADIUS_CAP);
  q.marketExtension = flag("marketExtension");

  // Make, model, trim
  q.makeCodes = codes("makeCodes");
  // A make both chosen and excluded is chosen (the later, explicit choice wins).
  q.excludedMakeCodes = codes("excludedMakeCodes").filter((m) => !q.makeCodes.includes(m));
  const models = src.models;
  if (models && typeof models === "object" && !Array.isArray(models)) {
    for (const [rawMake, rawModels] of Object.entries(models as Record<string, unknown>)) {
      const make = rawMake.trim().toUpperCase();
      if (!CODE.test(make)) {
        bad("models", rawMake, "not a make code");
        continue;
      }
      const list: string[] = [];
      for (const m of listOf(rawModels)) {
        const c = typeof m === "string" || typeof m === "number" ? String(m).trim().toUpperCase() : "";
        if (!CODE.test(c)) {
          bad(`modelCodeList|${make}`, m, "not a model code");
          continue;
        }
        if (!list.includes(c)) list.push(c);
      }
      if (list.length === 0) continue;
      q.models[make] = [...(q.models[make] ?? []), ...list.filter((c) => !(q.models[make] ?? []).includes(c))];
      if (!q.makeCodes.includes(make)) q.makeCodes.push(make);
    }
  } else if (models !== undefined && models !== null && models !== "") {
    bad("models", models, "expected models keyed by make");
  }
  for (const raw of listOf(src.trimCodes)) {
    const s = typeof raw === "string" ? raw.trim() : "";
    const bar = s.indexOf("|");
    const make = bar > 0 ? s.slice(0, bar).trim().toUpperCase() : "";
    const trim = bar > 0 ? s.slice(bar + 1).trim() : "";
    if (!CODE.test(make) || trim === "" || trim.length > 60) {
      bad("trimCodes", raw, "expected make|trim");
      continue;
    }
    if (!q.makeCodes.includes(make)) {
      bad("trimCodes", raw, "the trim's make is not selected");
      continue;
    }
    const code = `${make}|${trim}`;
    if (!q.trimCodes.includes(code)) q.trimCodes.push(code);
  }
  q.seriesCodes = codes("seriesCodes");
  q.packages = codes("packages");

  // Condition and vehicle
  q.listingTypes = oneOf("listingTypes", LISTING_TYPES, (s) => s.toUpperCase());
  q.vehicleStyleCodes = codes("vehicleStyleCodes");
  q.bodyStyleSubtypeCodes = codes("bodyStyleSubtypeCodes");
  const startYear = single("startYear", 1900, 2100);
  const endYear = single("endYear", 1900, 2100);
  if (startYear !== undefined && endYear !== undefined && startYear > endYear) {
    bad("startYear", startYear, "after endYear: swapped");
    q.startYear = endYear;
    q.endYear = startYear;
  } else {
    if (startYear !== undefined) q.startYear = startYear;
    if (endYear !== undefined) q.endYear = endYear;
  }
  const minPrice = single("minPrice", 0, 9_999_999_999);
  const maxPrice = single("maxPrice", 0, 9_999_999_999);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    bad("minPrice", minPrice, "above maxPrice: swapped");
    q.minPrice = maxPrice;
    q.maxPrice = minPrice;
  } else {
    if (minPrice !== undefined && minPrice > 0) q.minPrice = minPrice;
    if (maxPrice !== undefined && maxPrice > 0) q.maxPrice = maxPrice;
    else if (maxPrice === 0) bad("maxPrice", 0, "must be greater than 0");
  }
  const mileage = single("mileage", 0, 10_000_000);
  if (mileage !== undefined) q.mileage = mileage;
  const mpg = single("mpgRange", 1, 1000);
  if (mpg !== undefined) q.mpgRange = mpg;
  q.fuelTypeGroups = codes("fuelTypeGroups");
  q.driveGroups = codes("driveGroups");
  q.extColors = codes("extColors");
  q.intColors = codes("intColors");
  q.engineCodes = codes("engineCodes");
  q.doorCodes = ints("doorCodes", 1, 9);
  q.transmissionCodes = codes("transmissionCodes");
  q.cylinders = ints("cylinders", 1, 24);
  q.truckBedLengths = codes("truckBedLengths");
  q.truckCabSizes = [...new Set(ints("truckCabSizes", 1, 12).map(truckCabBucket))].filter((n) => (TRUCK_CAB_SIZES as readonly number[]).includes(n));
  q.featureCodes = codes("featureCodes");
  q.vehicleHistoryTypes = codes("vehicleHistoryTypes");
  q.homeServices = codes("homeServices");
  q.dealTypes = oneOf("dealTypes", DEAL_TYPES, (s) => s.toLowerCase());
  q.sellerTypes = oneOf("sellerTypes", SELLER_TYPES, (s) => s.toLowerCase());
  const range = single("electricMileRange", 1, 10_000);
  if (range !== undefined) q.electricMileRange = range;
  const monthly = single("maxMonthlyCost", 1, 1_000_000);
  if (monthly !== undefined) q.maxMonthlyCost = monthly;
  if (src.costTerms !== undefined && src.costTerms !== null) {
    const terms = readCostTerms(src.costTerms);
    if (terms) q.costTerms = terms;
    else bad("costTerms", src.costTerms, "expected { down, termMonths, apr }");
  }
  q.vehicleUseTypes = oneOf("vehicleUseTypes", VEHICLE_USE_TYPES, (s) => s.toLowerCase());
  q.moneyBackGuarantee = flag("moneyBackGuarantee");
  const experience = oneOf("experience", EXPERIENCES, (s) => s.toLowerCase());
  if (experience.length > 0) q.experience = experience[0];
  const owner = single("showcaseOwnerId", 1, Number.MAX_SAFE_INTEGER);
  if (owner !== undefined) q.showcaseOwnerId = owner;
  if (src.keyword !== undefined && src.keyword !== null) {
    const raw = Array.isArray(src.keyword) ? src.keyword[0] : src.keyword;
    if (typeof raw === "string") {
      const k = raw.replace(/\s+/g, " ").trim();
      if (k.length > KEYWORD_MAX_LENGTH) bad("keyword", raw, `cut to ${KEYWORD_MAX_LENGTH} characters`);
      const cut = k.slice(0, KEYWORD_MAX_LENGTH).trim();
      if (cut !== "") q.keyword = cut;
    } else {
      bad("keyword", raw, "expected text");
    }
  }

  // Sort and paging
  if (src.sortBy !== undefined && src.sortBy !== null && src.sortBy !== "") {
    const s = typeof src.sortBy === "string" ? src.sortBy.trim() : "";
    const found = SORT_OPTIONS.find((o) => o.toLowerCase() === s.toLowerCase());
    if (found) q.sortBy = found;
    else bad("sortBy", src.sortBy, `expected one of ${SORT_OPTIONS.join(", ")}`);
  }
  const num = single("numRecords", 1, MAX_NUM_RECORDS);
  if (num !== undefined) q.numRecords = num;
  const first = single("firstRecord", 0, Number.MAX_SAFE_INTEGER);
  if (first !== undefined) {
    const maxFirst = MAX_RESULT_WINDOW - q.numRecords;
    if (first > maxFirst) bad("firstRecord", first, `clamped to ${maxFirst}`);
    q.firstRecord = Math.min(first, maxFirst);
  }
  return { query: q, invalid };
}

/** The search radius actually applied (0 = nationwide). */
export function effectiveRadius(q: Pick<SearchQuery, "zip" | "searchRadius">): number {
  if (!q.zip || !q.searchRadius) return 0;
  return Math.min(q.searchRadius, SEARCH_RADIUS_CAP);
}

// ---------------------------------------------------------------------------------------------
// Results

export interface SearchHit {
  id: number;
  /** Miles from the searched ZIP; null when the search has no location. */
  distance: number | null;
  /** Beyond the radius, included by "extended delivery" (market extension). */
  marketExtension: boolean;
}

/** The spec's Option: one value of a filter section with its count. */
export interface FacetOption {
  label: string;
  value: string;
  /** Listings matching this value with the section's own selection removed. */
  count: number;
  selected: boolean;
  /** No listing would match: zero count and not selected. */
  disabled: boolean;
  /** Sub-heading the option sits under (a make for models and trims, a body style for subtypes, a feature group). */
  group?: string;
  moreInfo?: string;
}

/** The spec's Filter: one filter section. */
export interface FacetFilter {
  /** The spec's filter name (makeCodeList, modelCodeList|{make}, fuelTypeGroup ...). */
  name: string;
  label: string;
  /** Shown collapsed when nothing in it is selected. */
  collapsed: boolean;
  /** The selected values, as option values. */
  value: string[];
  options: FacetOption[];
}

export interface SearchStats {
  derivedprice: { min: number; max: number } | null;
  year: { min: number; max: number } | null;
}

export interface SearchLocation {
  zip: string;
  city: string;
  state: string;
  lat: number;
  lon: number;
  /** Miles; 0 = nationwide (distance still measured). */
  radius: number;
  /** Miles reached through market extension (0 when off). */
  extendedRadius: number;
}

export interface SearchResult {
  hits: SearchHit[];
  totalResultCount: number;
  stats: SearchStats;
  /** Every filter section with counts, in the spec's panel order (empty with hideFilters). */
  filters: FacetFilter[];
  location: SearchLocation | null;
  /** The query as searched. */
  query: SearchQuery;
  /** Query values the engine could not use (an unknown ZIP). */
  ignored: InvalidParam[];
  /** Inventory version of the answer (changes with every applied inventory change). */
  version: number;
  tookMs: number;
}

export interface SimilarRequest {
  /** The listing to find alternatives for: gives body style, price and is excluded. */
  listingId?: number;
  bodyStyleCode?: string;
  /** Narrows to one series (the spec's classSeriesCode). */
  classSeriesCode?: string;
  /** Reference price; similar listings are within ±SIMILAR_PRICE_BAND of it. */
  price?: number;
  zip?: string;
  searchRadius?: number;
  listingTypes?: ListingType[];
  dealTypes?: DealType[];
  /** 1 to 25 ids (more are cut to 25). */
  excludedListingIds?: number[];
  numRecords?: number;
}

/** Similar listings are priced within this fraction of the reference price. */
export const SIMILAR_PRICE_BAND = 0.25;

export interface ListResult {
  hits: SearchHit[];
  totalResultCount: number;
  version: number;
}

export interface MileageStatsRequest {
  makeCode?: string;
  modelCode?: string;
  listingTypes?: ListingType[];
}

/** The spec's "Mileage stats" (see docs/search-index.md for each definition). */
export interface MileageStats {
  modelName: string | null;
  /** Listings counted (mileage above 0 and below 250,000). */
  count: number;
  averageMiles: number;
  mileageMax: number;
  mileagePerYearMean: number;
  /** Typical miles per year (15,000) minus mileagePerYearMean. */
  difference: number;
  /** A typical lifetime (12.5 years at 15,000 miles) minus averageMiles. */
  maxDifference: number;
  highestMileageName: string;
  highestMileageCount: number;
  facetStatsCalculate: { name: string; percent: number; count: number }[];
  /** Share of this model's listings under 50,000 miles (percent). */
  percentModel: number;
  /** Share of all listings (same condition) under 50,000 miles (percent). */
  percentAllCar: number;
}

export type KeywordSuggestionType = "make" | "model" | "trim" | "bodyStyle";

export interface KeywordSuggestion {
  type: KeywordSuggestionType;
  label: string;
  makeCode?: string;
  modelCode?: string;
  trimCode?: string;
  bodyStyleCode?: string;
  /** Active listings it leads to. */
  count: number;
  /** The search it leads to (the URL module turns it into the results URL). */
  query: SearchQueryInput;
}
