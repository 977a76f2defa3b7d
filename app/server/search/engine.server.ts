// The search engine interface (so another engine could replace the in-memory index), and the
// service semantics both implementations share: similar listings, supplemental results,
// mileage stats and keyword suggestions are defined here once.
import { MILEAGE_BUCKET_50K, MILEAGE_CEILING, MILEAGE_FACTS_YEARS, MILES_PER_YEAR, SIMILAR_PAGE_SIZE, EXCLUDED_IDS_MAX } from "../../lib/constants.ts";
import {
  MAX_NUM_RECORDS,
  SIMILAR_PRICE_BAND,
  emptySearchQuery,
  normalizeSearchQuery,
  type KeywordSuggestion,
  type KeywordSuggestionType,
  type ListResult,
  type MileageStats,
  type MileageStatsRequest,
  type SearchQuery,
  type SearchResult,
  type SimilarRequest,
} from "../../lib/search-query.ts";
import { keywordTokens, termKeys } from "./keyword.server.ts";
import { formatInt } from "../../lib/format.ts";

export interface SearchOptions {
  /** The instant relevance's freshness is measured from (default: now). */
  now?: number;
  /** Skip the facet counts (the spec's hideFilters). */
  hideFilters?: boolean;
}

export interface SimilarOptions {
  /** Count every similar car (default true); false skips the count, which costs more than the page. */
  count?: boolean;
}

export interface EngineStatus {
  kind: "index" | "sql";
  /** Active listings searchable. */
  listings: number;
  /** Inventory version (bumped by every applied change). */
  version: number;
  builtAt: number;
  buildMs: number;
  /** Memory held by the index's arrays (0 for SQL). */
  bytes: number;
  /** Changes announced but not applied yet. */
  pending: number;
  /** Multi-instance poll interval, or null when not polling. */
  pollIntervalMs: number | null;
  lastChangeAppliedAt: number | null;
}

export interface SearchEngine {
  readonly kind: "index" | "sql";
  /** Results page: the sorted page, total, stats and every filter section with counts. */
  search(query: SearchQuery, options?: SearchOptions): Promise<SearchResult>;
  /** totalResultCount only. */
  count(query: SearchQuery): Promise<number>;
  /** The query's matches just outside its area (same filters, nationwide, nearest first). */
  supplemental(query: SearchQuery, options?: { numRecords?: number }): Promise<ListResult>;
  /**
   * Alternatives to a listing: same body style (and series when asked), near its price. With
   * `count: false` (the pages, which show only the cars) totalResultCount is just the hits' number.
   */
  similar(request: SimilarRequest, options?: SimilarOptions): Promise<ListResult>;
  mileageStats(request: MileageStatsRequest, options?: { now?: number }): Promise<MileageStats>;
  /** Asking prices of a make and model's active listings of the types: in all, by model year and by trim. */
  priceStats(request: PriceStatsRequest): Promise<PriceStats>;
  /** Type-ahead: makes, models, trims and body styles matching the text, with codes. */
  suggestKeywords(text: string, limit?: number): Promise<KeywordSuggestion[]>;
  /** Active listings among the VINs (the spec's "active listings by vins"). */
  activeListingsByVins(vins: string[]): Promise<{ vin: string; id: number }[]>;
  /** The dealer (owner id) of each listing it knows (the index from memory, sold ones too). */
  ownersOf(listingIds: readonly number[]): Promise<Map<number, number>>;
  /** Resolves once every change announced so far is searchable. */
  flush(): Promise<void>;
  status(): EngineStatus;
  /**
   * The inventory version results are read from, or null while changes are still being applied
   * (or when the engine has no version): the page cache keys on it.
   */
  inventoryVersion(): number | null;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Price stats (the results page's Pricing tab and model summary, /rest/lsc/crawl/*)

export interface PriceStatsRequest {
  makeCode: string;
  modelCode: string;
  /** Listing types as stored (USED does not include 3P_CERT here: the caller lists both). */
  listingTypes: readonly string[];
}

/** Count, sum, lowest and highest asking price of a group of listings. */
export interface PriceGroup {
  count: number;
  sum: number;
  min: number;
  max: number;
}

export interface PriceStats {
  all: PriceGroup | null;
  /** Newest model year first. */
  byYear: (PriceGroup & { year: number })[];
  /** Listings with a trim name, by name in code-unit order. */
  byTrim: (PriceGroup & { trimName: string })[];
}

/** The average asking price as the services show it (whole dollars). */
export function averagePrice(g: PriceGroup): number {
  return Math.round(g.sum / g.count);
}

/** Orders a price-stats answer the same way whichever engine made it. */
export function orderPriceStats(s: PriceStats): PriceStats {
  s.byYear.sort((a, b) => b.year - a.year);
  s.byTrim.sort((a, b) => (a.trimName < b.trimName ? -1 : a.trimName > b.trimName ? 1 : 0));
  return s;
}

// ---------------------------------------------------------------------------------------------
// Similar listings

export interface SimilarPlan {
  query: SearchQuery;
  /** Closest price first when known; else nearest (with a ZIP) or newest. */
  refPrice: number | null;
  exclude: Set<number>;
  numRecords: number;
}

/** What the reference listing contributes (looked up by the engine). */
export interface SimilarReference {
  bodyStyleCode: string;
  seriesCode: string | null;
  price: number;
}

export function planSimilar(request: SimilarRequest, ref: SimilarReference | null): SimilarPlan {
  const exclude = new Set<number>();
  for (const id of request.excludedListingIds ?? []) {
    if (Number.isInteger(id) && id > 0 && exclude.size < EXCLUDED_IDS_MAX) exclude.add(id);
  }
  if (request.listingId !== undefined) exclude.add(request.listingId);
  const bodyStyle = request.bodyStyleCode ?? ref?.bodyStyleCode;
  const price = request.price ?? ref?.price ?? null;
  const query = normalizeSearchQuery({
    zip: request.zip,
    searchRadius: request.searchRadius,
    vehicleStyleCodes: bodyStyle ? [bodyStyle] : [],
    seriesCodes: request.classSeriesCode ? [request.classSeriesCode] : [],
    listingTypes: request.listingTypes ?? [],
    dealTypes: request.dealTypes ?? [],
    minPrice: price !== null && price > 0 ? Math.floor(price * (1 - SIMILAR_PRICE_BAND)) : undefined,
    maxPrice: price !== null && price > 0 ? Math.ceil(price * (1 + SIMILAR_PRICE_BAND)) : undefined,
    sortBy: price !== null && price > 0 ? "derivedpriceASC" : request.zip ? "distanceASC" : "datelistedDESC",
  });
  const numRecords = Math.min(MAX_NUM_RECORDS, Math.max(1, Math.trunc(request.numRecords ?? SIMILAR_PAGE_SIZE)));
  query.numRecords = numRecords;
  return { query, refPrice: price !== null && price > 0 ? price : null, exclude, numRecords };
}

// ---------------------------------------------------------------------------------------------
// Mileage stats

export const MILEAGE_STATS_BUCKETS = Array.from({ length: MILEAGE_CEILING / MILEAGE_BUCKET_50K }, (_, i) => {
  const lo = i * MILEAGE_BUCKET_50K;
  const hi = lo + MILEAGE_BUCKET_50K;
  return { lo, hi, name: `${formatInt(lo)} - ${formatInt(hi)} miles` };
});

/** Mileage counts only above 0 and below the ceiling ("Mileage facts count only values above 0 and below 250000"). */
export function countsForMileageFacts(mileage: number): boolean {
  return mileage > 0 && mileage < MILEAGE_CEILING;
}

/** Age used for miles per year: calendar years since the model year, at least 1. */
export function ageYears(modelYear: number, now: number): number {
  return Math.max(1, new Date(now).getUTCFullYear() - modelYear);
}

/** Raw sums an engine gathers; `finishMileageStats` turns them into the spec's fields. */
export interface MileageSums {
  modelName: string | null;
  count: number;
  sum: number;
  max: number;
  perYearSum: number;
  buckets: number[];
  allCount: number;
  allUnder50k: number;
}

export function finishMileageStats(s: MileageSums): MileageStats {
  const pct = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : 0);
  const averageMiles = s.count > 0 ? Math.round(s.sum / s.count) : 0;
  const mileagePerYearMean = s.count > 0 ? Math.round(s.perYearSum / s.count) : 0;
  let top = 0;
  for (let i = 1; i < s.buckets.length; i++) if (s.buckets[i] > s.buckets[top]) top = i;
  return {
    modelName: s.modelName,
    count: s.count,
    averageMiles,
    mileageMax: s.max,
    mileagePerYearMean,
    difference: s.count > 0 ? MILES_PER_YEAR - mileagePerYearMean : 0,
    maxDifference: s.count > 0 ? Math.round(MILES_PER_YEAR * MILEAGE_FACTS_YEARS) - averageMiles : 0,
    highestMileageName: MILEAGE_STATS_BUCKETS[top].name,
    highestMileageCount: s.buckets[top] ?? 0,
    facetStatsCalculate: MILEAGE_STATS_BUCKETS.map((b, i) => ({ name: b.name, count: s.buckets[i] ?? 0, percent: pct(s.buckets[i] ?? 0, s.count) })),
    percentModel: pct(s.buckets[0] ?? 0, s.count),
    percentAllCar: pct(s.allUnder50k, s.allCount),
  };
}

// ---------------------------------------------------------------------------------------------
// Keyword suggestions

export interface SuggestionCandidate {
  type: KeywordSuggestionType;
  label: string;
  count: number;
  makeCode?: string;
  modelCode?: string;
  trimCode?: string;
  bodyStyleCode?: string;
}

const TYPE_RANK: Record<KeywordSuggestionType, number> = { make: 0, model: 1, bodyStyle: 2, trim: 3 };

export const SUGGESTION_LIMIT = 10;

/**
 * Every word of the text must start a word of the suggestion's label (make name included for
 * models and trims); suggestions whose label starts with the text come first, then makes,
 * models, body styles, trims, then the most listings.
 */
export function rankSuggestions(text: string, candidates: SuggestionCandidate[], limit = SUGGESTION_LIMIT): KeywordSuggestion[] {
  const tokens = keywordTokens(text);
  if (tokens.length === 0) return [];
  const folded = tokens.join(" ");
  const norm = (v: string) =>
    v
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  const scored: { c: SuggestionCandidate; prefix: boolean }[] = [];
  for (const c of candidates) {
    if (c.count <= 0) continue;
    const keys = termKeys([c.label], c.type === "make" ? c.makeCode : c.type === "model" ? c.modelCode : c.type === "bodyStyle" ? c.bodyStyleCode : undefined);
    if (!tokens.every((t) => keys.some((k) => k.startsWith(t)))) continue;
    scored.push({ c, prefix: norm(c.label).startsWith(folded) });
  }
  scored.sort(
    (a, b) => Number(b.prefix) - Number(a.prefix) || TYPE_RANK[a.c.type] - TYPE_RANK[b.c.type] || b.c.count - a.c.count || a.c.label.localeCompare(b.c.label),
  );
  return scored.slice(0, Math.max(1, Math.min(limit, 50))).map(({ c }) => {
    const s: KeywordSuggestion = { type: c.type, label: c.label, count: c.count, query: {} };
    if (c.makeCode) s.makeCode = c.makeCode;
    if (c.modelCode) s.modelCode = c.modelCode;
    if (c.trimCode) s.trimCode = c.trimCode;
    if (c.bodyStyleCode) s.bodyStyleCode = c.bodyStyleCode;
    if (c.type === "make") s.query = { makeCodes: [c.makeCode] };
    else if (c.type === "model") s.query = { makeCodes: [c.makeCode], models: { [c.makeCode!]: [c.modelCode] } };
    else if (c.type === "trim") s.query = { makeCodes: [c.makeCode], trimCodes: [c.trimCode] };
    else s.query = { vehicleStyleCodes: [c.bodyStyleCode] };
    return s;
  });
}

/** The query of a supplemental search: same filters, no location filter. */
export function supplementalBase(query: SearchQuery): SearchQuery {
  return { ...query, firstRecord: 0, sortBy: "distanceASC" };
}

export { emptySearchQuery };
