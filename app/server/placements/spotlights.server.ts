// The spotlight and new-car boost services (docs/placements.md): the paid-placement tiers and the
// boost as JSON routes, which the results page calls through the breaker layer.
// - `GET /rest/lsc/listing/spotlight/premiumresults` and `/rest/lsc/listing/spotlight/results`
//   (`listingTier` featured or standard): the search's matches whose dealer holds that tier
//   (`dealer_placements`, set by an operator), in the search's order, `numSpotlights` of them
//   (defaults 3 premium, 6 featured, 6 standard), drawn from the 200 matches from `firstRecord` on;
//   `spotlightPage` (1-based) rotates the list so each page of results gets its own.
// - `GET /rest/lsc/listing/spotlight/vehiclehighlight` (`numSpotlights` 10,
//   `includeExtendedVehicleHighlights`): the same matches of dealers holding any tier that carry a
//   vehicle highlight from a real signal (highlights.server.ts), strongest first: price drops this
//   week (largest first); with the extended highlights also views in the last 7 days (most first)
//   and cars new on the site (newest first).
// - `GET /rest/lsc/newcarboost/listing` (`makeCode`, `modelCode`, `trimCode`, `seriesCode`, `zip`,
//   `firstRecord` 0, `numRecords` 2): new cars of the searched make and model from dealers holding a
//   placement, nearest first (the boost is a paid product like the spotlights).
import { BOOST_LISTINGS_REQUESTED, HIGHLIGHT_SPOTLIGHTS_REQUESTED, SPOTLIGHT_COUNTS } from "../../lib/constants.ts";
import { emptySearchQuery, type SearchHit, type SearchQuery } from "../../lib/search-query.ts";
import { getDatabase } from "../db/connection.server.ts";
import { isPlacementTier, placementsOf, type PlacementTier } from "../inventory/placements.server.ts";
import { getSearchEngine } from "../search/search.server.ts";
import { hydrate, serviceSearchQuery } from "../services/listing-service.server.ts";
import { vehicleHighlights, type VehicleHighlight } from "./highlights.server.ts";
import { setKeepingNewest } from "../bounded-map.server.ts";

/** How many of the search's first matches the tiers are drawn from. */
export const SPOTLIGHT_POOL = 200;
export const SPOTLIGHTS_MAX = 20;
const OWN_PARAMS = ["numSpotlights", "listingTier", "spotlightPage", "includeExtendedVehicleHighlights"];

export interface SpotlightRequest {
  tier: PlacementTier;
  numSpotlights: number;
  /** 1-based page of results the spotlights are for. */
  spotlightPage: number;
  /** Dealers left out (the showcase's dealer on the results page). */
  excludeOwnerId?: number;
}

export interface HighlightSpotlightRequest {
  numSpotlights: number;
  spotlightPage: number;
  /** Views and new listings too (without it: price drops only). */
  includeExtendedVehicleHighlights: boolean;
  excludeOwnerId?: number;
}

/**
 * A page asks for its spotlights three times (premium, featured, standard) and its highlights once,
 * each the same search: the pool's hits are kept per inventory version and search (the same inputs
 * give the same hits), so one search serves them all (ADR 032). The placements are read once per
 * request (placementsOf): an operator's change shows from the next page on.
 */
const POOL_MEMO_ENTRIES = 64;
const poolMemo = new Map<string, Promise<SearchHit[]>>();

function poolHits(engine: Awaited<ReturnType<typeof getSearchEngine>>, query: SearchQuery): Promise<SearchHit[]> {
  const search = () => engine.search({ ...query, numRecords: SPOTLIGHT_POOL }, { hideFilters: true }).then((r) => r.hits);
  const version = engine.inventoryVersion();
  if (version === null) return search();
  const key = `${version}|${JSON.stringify(query)}`;
  const kept = poolMemo.get(key);
  if (kept) return kept;
  const hits = search();
  keepPool(key, hits);
  return hits;
}

function keepPool(key: string, hits: Promise<SearchHit[]>): void {
  setKeepingNewest(poolMemo, key, hits, POOL_MEMO_ENTRIES);
  hits.catch(() => poolMemo.delete(key));
}

/**
 * The results page's own search already holds the pool its spotlights are drawn from next: it
 * asks for SPOTLIGHT_POOL results beyond the page (app/routes/results/extras.server.ts). Those
 * hits are kept as the pool of `query` (the search from the end of the page) when they are the
 * whole pool, or every match left, and of the inventory version the engine is at: the spotlight
 * calls then search nothing (ADR 032).
 */
export async function keepSpotlightPool(query: SearchQuery, hits: SearchHit[], answered: { version: number; totalResultCount: number }): Promise<void> {
  const engine = await getSearchEngine();
  if (engine.inventoryVersion() !== answered.version) return;
  if (hits.length < SPOTLIGHT_POOL && query.firstRecord + hits.length < answered.totalResultCount) return;
  keepPool(`${answered.version}|${JSON.stringify(query)}`, Promise.resolve(hits.slice(0, SPOTLIGHT_POOL)));
}

/** The search's SPOTLIGHT_POOL matches from `query.firstRecord` on, with their dealers' placements. */
async function spotlightPool(query: SearchQuery) {
  const engine = await getSearchEngine();
  const result = { hits: await poolHits(engine, query) };
  const placements = await placementsOf(
    await getDatabase(),
    result.hits.map((h) => h.id),
    engine,
  );
  return { hits: result.hits, placements };
}

/** `spotlightPage` turns the list so each page gets the next ones. */
function rotate<T>(list: T[], page: number, per: number): T[] {
  if (list.length === 0) return [];
  const start = ((page - 1) * per) % list.length;
  return [...list.slice(start), ...list.slice(0, start)].slice(0, per);
}

/**
 * The spotlights of a search: its matches of dealers holding the tier, among the SPOTLIGHT_POOL
 * matches from `query.firstRecord` on (the results page asks from the end of its page, so a page's
 * own results stay its own).
 */
export async function spotlightHits(query: SearchQuery, req: SpotlightRequest): Promise<SearchHit[]> {
  const { hits, placements } = await spotlightPool(query);
  const matching = hits.filter((h) => {
    const p = placements.get(h.id);
    return p?.tier === req.tier && p.ownerId !== req.excludeOwnerId;
  });
  return rotate(matching, req.spotlightPage, req.numSpotlights);
}

const HIGHLIGHT_RANK: Record<VehicleHighlight["urgencyDriverType"], number> = { PRICE_DROP: 0, VIEWS: 1, NEW_LISTING: 2 };

/** Strongest first: the larger drop, the more views, the newer listing; then the search's order. */
function byUrgency(a: VehicleHighlight, b: VehicleHighlight): number {
  const t = HIGHLIGHT_RANK[a.urgencyDriverType] - HIGHLIGHT_RANK[b.urgencyDriverType];
  if (t !== 0) return t;
  return a.urgencyDriverType === "NEW_LISTING" ? a.urgencyDriverValue - b.urgencyDriverValue : b.urgencyDriverValue - a.urgencyDriverValue;
}

/** The spec's spotlight vehicle highlight call: spotlights (any tier) with a real highlight, strongest first. */
export async function highlightSpotlightHits(
  query: SearchQuery,
  req: HighlightSpotlightRequest,
  now = Date.now(),
): Promise<(SearchHit & { vehicleHighlight: VehicleHighlight })[]> {
  const { hits, placements } = await spotlightPool(query);
  const placed = hits.filter((h) => {
    const p = placements.get(h.id);
    return p !== undefined && p.ownerId !== req.excludeOwnerId;
  });
  const highlights = await vehicleHighlights(
    await getDatabase(),
    placed.map((h) => h.id),
    now,
  );
  const order = new Map(placed.map((h, i) => [h.id, i]));
  const matching = placed
    .flatMap((h) => {
      const v = highlights.get(h.id);
      return v && (req.includeExtendedVehicleHighlights || v.urgencyDriverType === "PRICE_DROP") ? [{ ...h, vehicleHighlight: v }] : [];
    })
    .sort((a, b) => byUrgency(a.vehicleHighlight, b.vehicleHighlight) || order.get(a.id)! - order.get(b.id)!);
  return rotate(matching, req.spotlightPage, req.numSpotlights);
}

function intParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const raw = url.searchParams.get(name);
  const n = raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : fallback;
  return Math.min(max, Math.max(min, n));
}

export function spotlightRequestOf(url: URL, premium: boolean): SpotlightRequest {
  const asked = url.searchParams.get("listingTier");
  const tier: PlacementTier = premium ? "premium" : isPlacementTier(asked) && asked !== "premium" ? asked : "featured";
  const exclude = url.searchParams.get("excludeOwnerId");
  return {
    tier,
    numSpotlights: intParam(url, "numSpotlights", SPOTLIGHT_COUNTS[tier], 1, SPOTLIGHTS_MAX),
    spotlightPage: intParam(url, "spotlightPage", 1, 1, 10_000),
    ...(exclude && /^\d{1,12}$/.test(exclude) ? { excludeOwnerId: Number(exclude) } : {}),
  };
}

/** The JSON routes. */
export async function spotlightService(url: URL, premium: boolean) {
  const req = spotlightRequestOf(url, premium);
  const { query, invalid } = await serviceSearchQuery(searchPart(url));
  const hits = await spotlightHits(query, req);
  const { listings, owners } = await hydrate(hits);
  return {
    spotlights: listings,
    owners,
    listingTier: req.tier,
    numSpotlights: req.numSpotlights,
    spotlightPage: req.spotlightPage,
    invalidQueryParams: invalid,
  };
}

/** The search's own parameters of a spotlight URL. */
function searchPart(url: URL): URL {
  const search = new URL(url);
  for (const k of [...OWN_PARAMS, "excludeOwnerId"]) search.searchParams.delete(k);
  return search;
}

export function highlightRequestOf(url: URL): HighlightSpotlightRequest {
  const exclude = url.searchParams.get("excludeOwnerId");
  const extended = url.searchParams.get("includeExtendedVehicleHighlights");
  return {
    numSpotlights: intParam(url, "numSpotlights", HIGHLIGHT_SPOTLIGHTS_REQUESTED, 1, SPOTLIGHTS_MAX),
    spotlightPage: intParam(url, "spotlightPage", 1, 1, 10_000),
    includeExtendedVehicleHighlights: extended === "true" || extended === "1",
    ...(exclude && /^\d{1,12}$/.test(exclude) ? { excludeOwnerId: Number(exclude) } : {}),
  };
}

/** GET /rest/lsc/listing/spotlight/vehiclehighlight: each spotlight with its `vehicleHighlight`. */
export async function highlightSpotlightService(url: URL) {
  const req = highlightRequestOf(url);
  const { query, invalid } = await serviceSearchQuery(searchPart(url));
  const hits = await highlightSpotlightHits(query, req);
  const { listings, owners } = await hydrate(hits);
  return {
    spotlights: listings,
    owners,
    numSpotlights: req.numSpotlights,
    spotlightPage: req.spotlightPage,
    includeExtendedVehicleHighlights: req.includeExtendedVehicleHighlights,
    invalidQueryParams: invalid,
  };
}

/** The boost's search: new cars of the searched make (and model, trim, series), nearest first. */
export function boostQueryOf(input: {
  makeCodes: string[];
  models: Record<string, string[]>;
  trimCodes: string[];
  seriesCodes: string[];
  zip?: string;
  searchRadius?: number;
  firstRecord: number;
  numRecords: number;
}): SearchQuery {
  const b = emptySearchQuery();
  b.makeCodes = [...input.makeCodes];
  b.models = { ...input.models };
  b.trimCodes = [...input.trimCodes];
  b.seriesCodes = [...input.seriesCodes];
  if (input.zip) b.zip = input.zip;
  if (input.searchRadius !== undefined) b.searchRadius = input.searchRadius;
  b.listingTypes = ["NEW"];
  b.sortBy = input.zip ? "distanceASC" : "relevance";
  b.firstRecord = input.firstRecord;
  b.numRecords = input.numRecords;
  return b;
}

/**
 * The boost's listings: new cars of the boost query from dealers holding a placement (the
 * operator's `dealer_placements`, as for the spotlights and the showcase), in the query's order,
 * from its `firstRecord` (0 on the results page), `numRecords` of them.
 */
export async function newCarBoostHits(q: SearchQuery): Promise<SearchHit[]> {
  if (q.makeCodes.length === 0) return [];
  const { hits, placements } = await spotlightPool({ ...q, firstRecord: 0 });
  return hits.filter((h) => placements.has(h.id)).slice(q.firstRecord, q.firstRecord + q.numRecords);
}

export async function newCarBoostService(url: URL) {
  const { query, invalid } = await serviceSearchQuery(
    new URL(`http://x/?${new URLSearchParams([...url.searchParams].filter(([k]) => k !== "firstRecord" && k !== "numRecords"))}`),
  );
  const q = boostQueryOf({
    ...query,
    firstRecord: intParam(url, "firstRecord", 0, 0, 1000),
    numRecords: intParam(url, "numRecords", BOOST_LISTINGS_REQUESTED, 1, 20),
  });
  const { listings, owners } = await hydrate(await newCarBoostHits(q));
  return { listings, owners, invalidQueryParams: invalid };
}
