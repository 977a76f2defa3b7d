// Query execution on the ListingIndex: the total, the stats, every facet's counts and the
// sorted page of one search, from slot bitsets and a few tight passes over the results.
//
// The facet rule: a slot failing none of the selected filters counts toward every facet (and
// is a result); a slot failing exactly one filter counts only toward that filter's own facet
// (each section shows its alternatives as if its own selection were removed); a slot failing
// two or more counts nowhere. Conditions without a facet (location, keyword, experience,
// showcase owner) simply drop the slot.
//
// How it is computed (docs/search-index.md):
// - Config-level filters are decided once per config (cfgState: 0 passes, a filter id when it
//   fails exactly that one, HARD otherwise); appearance-level filters once per appearance tuple.
// - Bitsets over slots: CP (config passes every config filter), AP (appearance passes every
//   appearance filter, OR/AND of per-value postings), R[j] (slot-level filters: price and
//   mileage from bucket postings, code lists from code postings), Hd (live and hard conditions).
//   Results = CP & AP & Hd & R[*]; "fails only j" = CP & AP & Hd & R[all but j] & ~R[j].
// - Per-config counts are popcounts over the config's contiguous slot range; per-appearance
//   counts and slot-level facets are counted over the listed slots; both are rolled up to the
//   facet values at the end (rollup()).
// - The landing query (no filter but the condition) takes its counts from running totals and
//   its page from presorted orders, touching almost no slot.
import { BUY_ONLINE_EXPERIENCE } from "../../lib/deals.ts";
import { DEFAULT_SORT, type SortOption } from "../../lib/constants.ts";
import {
  DEAL_TYPE_RATING,
  ELECTRIC_RANGE_THRESHOLDS,
  MARKET_EXTENSION,
  MILEAGE_THRESHOLDS,
  MPG_THRESHOLDS,
  PRICE_THRESHOLDS,
  listingTypeMatches,
  truckCabBucket,
  type InvalidParam,
  type SearchHit,
  type SearchLocation,
  type SearchQuery,
  type SearchStats,
} from "../../lib/search-query.ts";
import { F, FACET, HARD, LAST_CONFIG_FILTER, activeFilters, hasModelSelection, modelFacetName, type FacetCounts, type FilterId } from "./facets.server.ts";
import { andInto, copyInto, orOf, popcount32, popcountAndRange, setRange, wordsFor } from "./bitset.server.ts";
import { CELL_CHECK, CELL_MASK, CELL_SHIFT, cellGrid, milesFrom, resolveLocation } from "./geo.server.ts";
import { resolveKeyword, type KeywordTerm } from "./keyword.server.ts";
import type { Dict, ListingIndex } from "./listing-index.server.ts";
import { DAY_MS, RELEVANCE_DEAL_POINTS, RELEVANCE_DISTANCE_POINTS, RELEVANCE_FRESHNESS_POINTS, RELEVANCE_SCORE_SCALE } from "./relevance.server.ts";
import { costPlan, planPayment, type CostPlan } from "../../lib/monthly-cost.ts";
import { setKeepingNewest } from "../bounded-map.server.ts";

const SORT_MODE: Record<SortOption, number> = {
  derivedpriceASC: 0,
  derivedpriceDESC: 1,
  distanceASC: 2,
  datelistedASC: 3,
  datelistedDESC: 4,
  mileageASC: 5,
  mileageDESC: 6,
  yearASC: 7,
  yearDESC: 8,
  relevance: 9,
  monthlycostASC: 11,
};
/** The 'Lowest monthly cost' sort (docs/decisions/031-monthly-cost.md). */
const SORT_MONTHLY = 11;
/** Sort key of a car without an EPA fuel cost: after every monthly cost, then by price. */
const NO_COST_KEY = 2 ** 50;

/** What the monthly cost's sort keys and filter need: the loan plan and each config's fuel a month. */
interface CostKeys {
  plan: CostPlan;
  /** ListingIndex.cfgFuelMonthly: -1 without an EPA fuel cost. */
  fm: Int32Array;
}

/** A slot's monthly cost as a sort key (cars without one after all others, by price). */
function costKey(cost: CostKeys, ix: ListingIndex, s: number): number {
  const fm = cost.fm[ix.slotCfg[s]];
  const price = ix.price[s];
  return fm < 0 ? NO_COST_KEY + price : planPayment(cost.plan, price) + fm;
}

/** The highest whole-dollar price whose payment on the plan stays within `budget` (-1: none); payments rise with the price. */
function priceCeiling(plan: CostPlan, budget: number): number {
  if (budget < 0) return -1;
  let lo = 0;
  let hi = 2 ** 40;
  if (planPayment(plan, hi) <= budget) return hi;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (planPayment(plan, mid) <= budget) lo = mid;
    else hi = mid;
  }
  return lo;
}
/** Similar listings: closest price first, then distance. */
const SORT_SIMILAR = 10;

export interface ScanOptions {
  now: number;
  /** Compute facet counts (false for count-only and list queries). */
  facets: boolean;
  /** Page window to keep in order (firstRecord + numRecords); 0 keeps none. */
  keep: number;
  /** Override of the query's sort (similar listings). */
  sortMode?: number;
  /** Reference price for SORT_SIMILAR. */
  refPrice?: number;
  /** Ids that never match (similar listings' exclusions). */
  excludeIds?: Set<number>;
  /**
   * Only these ids can match: the automaker buy-online experience's listings that pass the
   * eligibility rules (app/server/deals/online-eligible.server.ts), given by the engine.
   */
  onlyIds?: Set<number>;
  /** Keep the slots OUTSIDE the searched area instead (supplemental results). */
  outsideLocation?: boolean;
  /**
   * false: similar cars (SORT_SIMILAR) without their count, walked from the price order; `total`
   * is then only the page's length and `stats` empty.
   */
  count?: boolean;
}

export interface ScanResult {
  total: number;
  stats: SearchStats;
  /** The kept window, best first. */
  hits: SearchHit[];
  counts: FacetCounts | null;
  location: SearchLocation | null;
  ignored: InvalidParam[];
}

// ---------------------------------------------------------------------------------------------
// Top-k: a max-heap on (key, key2, id) holding the best `k` so far (root = worst kept).

class TopK {
  readonly k: number;
  size = 0;
  readonly key: Float64Array;
  readonly key2: Float64Array;
  readonly ids: Int32Array;
  readonly slots: Int32Array;
  constructor(k: number) {
    this.k = k;
    this.key = new Float64Array(k);
    this.key2 = new Float64Array(k);
    this.ids = new Int32Array(k);
    this.slots = new Int32Array(k);
  }
  #worse(i: number, j: number): boolean {
    const a = this.key[i];
    const b = this.key[j];
    if (a !== b) return a > b;
    const a2 = this.key2[i];
    const b2 = this.key2[j];
    if (a2 !== b2) return a2 > b2;
    return this.ids[i] > this.ids[j];
  }
  /** Whether (key, key2, id) would enter the heap. */
  accepts(key: number, key2: number, id: number): boolean {
    if (this.size < this.k) return this.k > 0;
    const wk = this.key[0];
    if (key !== wk) return key < wk;
    const wk2 = this.key2[0];
    if (key2 !== wk2) return key2 < wk2;
    return id < this.ids[0];
  }
  offer(key: number, key2: number, id: number, slot: number): void {
    let i: number;
    if (this.size < this.k) {
      i = this.size++;
      this.#set(i, key, key2, id, slot);
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!this.#worse(i, p)) break;
        this.#swap(i, p);
        i = p;
      }
      return;
    }
    this.#set(0, key, key2, id, slot);
    i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.size && this.#worse(l, m)) m = l;
      if (r < this.size && this.#worse(r, m)) m = r;
      if (m === i) break;
      this.#swap(i, m);
      i = m;
    }
  }
  #set(i: number, key: number, key2: number, id: number, slot: number) {
    this.key[i] = key;
    this.key2[i] = key2;
    this.ids[i] = id;
    this.slots[i] = slot;
  }
  #swap(i: number, j: number) {
    const k = this.key[i],
      k2 = this.key2[i],
      id = this.ids[i],
      s = this.slots[i];
    this.key[i] = this.key[j];
    this.key2[i] = this.key2[j];
    this.ids[i] = this.ids[j];
    this.slots[i] = this.slots[j];
    this.key[j] = k;
    this.key2[j] = k2;
    this.ids[j] = id;
    this.slots[j] = s;
  }
  /** Kept entries, best first. */
  sorted(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort((i, j) => (this.#worse(i, j) ? 1 : this.#worse(j, i) ? -1 : 0));
    return order;
  }
}

// ---------------------------------------------------------------------------------------------
// Compiling a query

function okTable(dict: Dict, selected: readonly string[]): Uint8Array {
  const t = new Uint8Array(dict.size);
  for (const v of selected) {
    const id = dict.find(v);
    if (id > 0) t[id] = 1;
  }
  return t;
}

interface Plan {
  active: Set<FilterId>;
  cfgState: Uint8Array;
  /** Keyword tokens a config leaves for the appearance to match. */
  cfgNeed: Uint8Array;
  appState: Uint8Array;
  appTok: Uint8Array;
  keywordOn: boolean;
  /** Keyword words naming only features: per word, the feature codes (one of them must be present). */
  keywordFeatures: string[][];
  /** No appearance filter, no slot filter and no slot-level hard condition. */
  location: SearchLocation | null;
  ignored: InvalidParam[];
}

function compile(ix: ListingIndex, q: SearchQuery, terms: readonly KeywordTerm[]): Plan {
  const active = activeFilters(q);
  const nCfg = ix.nCfg;
  const nApp = ix.nApp;
  const { location, ignored } = resolveLocation(q);

  // Config-level lookups.
  const modelOk = new Uint8Array(ix.models.size);
  if (active.has(F.MM)) {
    for (let m = 1; m < ix.models.size; m++) {
      const key = ix.models.values[m];
      const bar = key.indexOf("|");
      const make = key.slice(0, bar);
      if (!q.makeCodes.includes(make)) continue;
      const chosen = q.models[make];
      modelOk[m] = !chosen || chosen.length === 0 || chosen.includes(key.slice(bar + 1)) ? 1 : 0;
    }
  }
  const seriesOk = okTable(ix.series, q.seriesCodes);
  const trimOk = okTable(ix.trims, q.trimCodes);
  const bodyOk = okTable(ix.bodies, q.vehicleStyleCodes);
  const subOk = okTable(ix.subtypes, q.bodyStyleSubtypeCodes);
  const fuelOk = okTable(ix.fuels, q.fuelTypeGroups);
  const driveOk = okTable(ix.drives, q.driveGroups);
  const engineOk = okTable(ix.engines, q.engineCodes);
  const transOk = okTable(ix.transmissions, q.transmissionCodes);
  const bedOk = okTable(ix.beds, q.truckBedLengths);
  const y0 = q.startYear ?? -Infinity;
  const y1 = q.endYear ?? Infinity;
  const mpgMin = q.mpgRange ?? 0;
  const rangeMin = q.electricMileRange ?? 0;

  // Keyword: per token, the matching codes of each field, as bit tables per dictionary.
  const kw = resolveKeyword(q.keyword, terms);
  const tokenCount = kw.tokens.length;
  const all = (1 << tokenCount) - 1;
  const tables = {
    make: new Uint8Array(ix.makes.size),
    model: new Uint8Array(ix.models.size),
    series: new Uint8Array(ix.series.size),
    trim: new Uint8Array(ix.trims.size),
    bodyStyle: new Uint8Array(ix.bodies.size),
    subtype: new Uint8Array(ix.subtypes.size),
    fuel: new Uint8Array(ix.fuels.size),
    drive: new Uint8Array(ix.drives.size),
    transmission: new Uint8Array(ix.transmissions.size),
    extColor: new Uint8Array(ix.extColors.size),
    condition: new Uint8Array(ix.listingTypes.size),
  };
  const dictOf = {
    make: ix.makes,
    model: ix.models,
    series: ix.series,
    trim: ix.trims,
    bodyStyle: ix.bodies,
    subtype: ix.subtypes,
    fuel: ix.fuels,
    drive: ix.drives,
    transmission: ix.transmissions,
    extColor: ix.extColors,
    condition: ix.listingTypes,
  };
  const yearTok = new Map<number, number>();
  kw.matches.forEach((byField, t) => {
    for (const [field, codes] of byField) {
      if (field === "year") {
        for (const y of codes) yearTok.set(Number(y), (yearTok.get(Number(y)) ?? 0) | (1 << t));
        continue;
      }
      const table = tables[field];
      const dict = dictOf[field];
      for (const code of codes) {
        const id = dict.find(code);
        if (id > 0) table[id] |= 1 << t;
      }
    }
  });

  // Appearance states.
  const appState = new Uint8Array(nApp);
  const appTok = new Uint8Array(nApp);
  appState[0] = HARD;
  const typeOk = new Uint8Array(ix.listingTypes.size);
  for (let t = 1; t < ix.listingTypes.size; t++) typeOk[t] = listingTypeMatches(q.listingTypes, ix.listingTypes.values[t]) ? 1 : 0;
  const extOk = okTable(ix.extColors, q.extColors);
  const intOk = okTable(ix.intColors, q.intColors);
  const sellerOk = okTable(ix.sellers, q.sellerTypes);
  const dealOk = okTable(
    ix.deals,
    q.dealTypes.map((d) => DEAL_TYPE_RATING[d]),
  );
  const useOk = okTable(ix.uses, q.vehicleUseTypes);
  const great = ix.deals.find("great");
  const good = ix.deals.find("good");
  const commercial = ix.uses.find("commercial");
  const A = ix.app;
  let appTokUnion = 0;
  const aType = A.type,
    aExt = A.ext,
    aInt = A.int,
    aSeller = A.seller,
    aDeal = A.deal,
    aUse = A.use,
    aMbg = A.mbg;
  const onType = active.has(F.LTYPE),
    onExt = active.has(F.EXT),
    onInt = active.has(F.INT),
    onSeller = active.has(F.SELLER);
  const onDeal = active.has(F.DEAL),
    onUse = active.has(F.USE),
    onMbg = active.has(F.MBG);
  for (let a = 1; a < nApp; a++) {
    let st = 0;
    if (onType && !typeOk[aType[a]]) st = F.LTYPE;
    if (onExt && !extOk[aExt[a]]) st = st === 0 ? F.EXT : HARD;
    if (onInt && !intOk[aInt[a]]) st = st === 0 ? F.INT : HARD;
    if (onSeller && !sellerOk[aSeller[a]]) st = st === 0 ? F.SELLER : HARD;
    if (onDeal && !dealOk[aDeal[a]]) st = st === 0 ? F.DEAL : HARD;
    if (onUse && !useOk[aUse[a]]) st = st === 0 ? F.USE : HARD;
    if (onMbg && aMbg[a] !== 1) st = st === 0 ? F.MBG : HARD;
    if (q.experience === "commercial" && aUse[a] !== commercial) st = HARD;
    if (q.experience === "best-deals" && aDeal[a] !== great && aDeal[a] !== good) st = HARD;
    if (ix.appLive[a] === 0) st = HARD;
    appState[a] = st;
    if (tokenCount > 0) {
      const tok = tables.extColor[aExt[a]] | tables.condition[aType[a]];
      appTok[a] = tok;
      if (st !== HARD) appTokUnion |= tok;
    }
  }

  // Config states.
  const cfgState = new Uint8Array(nCfg);
  const cfgNeed = new Uint8Array(nCfg);
  const C = ix.cfg;
  const has = (f: FilterId) => active.has(f);
  const on = {
    mm: has(F.MM),
    series: has(F.SERIES),
    trim: has(F.TRIM),
    year: has(F.YEAR),
    body: has(F.BODY),
    sub: has(F.SUBTYPE),
    fuel: has(F.FUEL),
    drive: has(F.DRIVE),
    engine: has(F.ENGINE),
    trans: has(F.TRANS),
    doors: has(F.DOORS),
    cyl: has(F.CYL),
    mpg: has(F.MPG),
    erange: has(F.ERANGE),
    bed: has(F.BED),
    cab: has(F.CAB),
  };
  const cModel = C.model,
    cSeries = C.series,
    cTrim = C.trim,
    cYear = C.year,
    cBody = C.body,
    cSub = C.subtype;
  const cFuel = C.fuel,
    cDrive = C.drive,
    cEngine = C.engine,
    cTrans = C.trans,
    cDoors = C.doors,
    cCyl = C.cyl;
  const cMpg = C.mpg,
    cRange = C.erange,
    cBed = C.bed,
    cCab = C.cab,
    cMake = C.make;
  const live = ix.cfgLive;
  const doorOk = new Uint8Array(64);
  for (const d of q.doorCodes) if (d >= 0 && d < 64) doorOk[d] = 1;
  const cylOk = new Uint8Array(64);
  for (const d of q.cylinders) if (d > 0 && d < 64) cylOk[d] = 1;
  const cabOk = new Uint8Array(8);
  for (const d of q.truckCabSizes) if (d > 0 && d < 8) cabOk[d] = 1;
  const makeExcluded = okTable(ix.makes, q.excludedMakeCodes);
  const anyExcluded = q.excludedMakeCodes.length > 0;
  // The automaker buy-online experience keeps that automaker's listings only (ADR 028); its
  // eligibility rules are applied per slot below (opts.onlyIds).
  const automakerOnly = q.experience === "buy-online" ? okTable(ix.makes, [BUY_ONLINE_EXPERIENCE.makeCode]) : null;
  const yearTokens = new Int32Array(512);
  for (const [y, m] of yearTok) if (y >= 1800 && y < 2312) yearTokens[y - 1800] = m;
  for (let c = 0; c < nCfg; c++) {
    if (live[c] === 0) {
      cfgState[c] = HARD;
      continue;
    }
    let st = 0;
    if ((anyExcluded && makeExcluded[cMake[c]]) || (automakerOnly && !automakerOnly[cMake[c]])) {
      cfgState[c] = HARD;
      continue;
    }
    if (on.mm && !modelOk[cModel[c]]) st = F.MM;
    if (on.series && !seriesOk[cSeries[c]]) st = st === 0 ? F.SERIES : HARD;
    if (on.trim && !trimOk[cTrim[c]]) st = st === 0 ? F.TRIM : HARD;
    if (on.year && (cYear[c] < y0 || cYear[c] > y1)) st = st === 0 ? F.YEAR : HARD;
    if (on.body && !bodyOk[cBody[c]]) st = st === 0 ? F.BODY : HARD;
    if (on.sub && !subOk[cSub[c]]) st = st === 0 ? F.SUBTYPE : HARD;
    if (on.fuel && !fuelOk[cFuel[c]]) st = st === 0 ? F.FUEL : HARD;
    if (on.drive && !driveOk[cDrive[c]]) st = st === 0 ? F.DRIVE : HARD;
    if (on.engine && !engineOk[cEngine[c]]) st = st === 0 ? F.ENGINE : HARD;
    if (on.trans && !transOk[cTrans[c]]) st = st === 0 ? F.TRANS : HARD;
    if (on.doors && !doorOk[cDoors[c] & 63]) st = st === 0 ? F.DOORS : HARD;
    if (on.cyl && (cCyl[c] === 0 || !cylOk[cCyl[c] & 63])) st = st === 0 ? F.CYL : HARD;
    if (on.mpg && (cMpg[c] === 0 || cMpg[c] < mpgMin)) st = st === 0 ? F.MPG : HARD;
    if (on.erange && (cRange[c] === 0 || cRange[c] < rangeMin)) st = st === 0 ? F.ERANGE : HARD;
    if (on.bed && !bedOk[cBed[c]]) st = st === 0 ? F.BED : HARD;
    if (on.cab && (cCab[c] === 0 || !cabOk[truckCabBucket(cCab[c])])) st = st === 0 ? F.CAB : HARD;
    if (tokenCount > 0 && st !== HARD) {
      const y = cYear[c] - 1800;
      const tok =
        tables.make[cMake[c]] |
        tables.model[cModel[c]] |
        tables.series[cSeries[c]] |
        tables.trim[cTrim[c]] |
        tables.bodyStyle[cBody[c]] |
        tables.subtype[cSub[c]] |
        tables.fuel[cFuel[c]] |
        tables.drive[cDrive[c]] |
        tables.transmission[cTrans[c]] |
        (y >= 0 && y < 512 ? yearTokens[y] : 0);
      const need = all & ~tok;
      if ((need & ~appTokUnion) !== 0) st = HARD;
      else cfgNeed[c] = need;
    }
    cfgState[c] = st;
  }

  return {
    active,
    cfgState,
    cfgNeed,
    appState,
    appTok,
    keywordOn: tokenCount > 0,
    keywordFeatures: kw.features,
    location,
    ignored,
  };
}

// ---------------------------------------------------------------------------------------------
// The scan

/**
 * Compiled plans of the index's current version, by query without its page, sort and showcase
 * dealer (which compile does not read): a results page's search, its supplemental search (the
 * same filters nearest first) and its dealer showcase (the same filters, one dealer) evaluate
 * every configuration and appearance once between them (ADR 032). Plans are only read.
 */
const planMemo = new WeakMap<ListingIndex, { version: number; terms: readonly KeywordTerm[]; plans: Map<string, Plan> }>();
const PLANS_KEPT = 64;

function compiled(ix: ListingIndex, q: SearchQuery, terms: readonly KeywordTerm[]): Plan {
  let memo = planMemo.get(ix);
  if (!memo || memo.version !== ix.version || memo.terms !== terms) planMemo.set(ix, (memo = { version: ix.version, terms, plans: new Map() }));
  const { firstRecord: _f, numRecords: _n, sortBy: _s, showcaseOwnerId: _o, ...filters } = q;
  const key = JSON.stringify(filters);
  let plan = memo.plans.get(key);
  if (!plan) {
    plan = compile(ix, q, terms);
    setKeepingNewest(memo.plans, key, plan, PLANS_KEPT);
  }
  return { ...plan, location: plan.location && { ...plan.location }, ignored: [...plan.ignored] };
}

export function scanIndex(ix: ListingIndex, q: SearchQuery, terms: readonly KeywordTerm[], opts: ScanOptions): ScanResult {
  const plan = compiled(ix, q, terms);
  const { cfgState, cfgNeed, appState, appTok, location, active } = plan;
  const nCfg = ix.nCfg;
  const nApp = ix.nApp;
  const n = ix.n;
  const W = wordsFor(n);
  const facetsOn = opts.facets;
  const fast = isLandingQuery(q, plan, opts);
  const countFacets = facetsOn && !fast;
  const P = ix.post;
  let scratchNo = 0;
  const scratch = () => ix.scratch(scratchNo++);

  // Sort.
  let mode = opts.sortMode ?? SORT_MODE[q.sortBy] ?? SORT_MODE[DEFAULT_SORT];
  if (mode === SORT_MODE.distanceASC && !location) mode = SORT_MODE[DEFAULT_SORT];
  const refPrice = opts.refPrice ?? 0;
  let heap = new TopK(Math.max(0, opts.keep));
  const needDist = location !== null && (mode === SORT_MODE.distanceASC || mode === SORT_MODE.relevance || mode === SORT_SIMILAR);
  const now = opts.now;
  const fresh = RELEVANCE_FRESHNESS_POINTS.map(([days, points]) => [now - days * DAY_MS, points] as const);
  const appDealPts = new Float64Array(nApp);
  if (mode === SORT_MODE.relevance) {
    for (let a = 1; a < nApp; a++) {
      const r = ix.deals.values[ix.app.deal[a]];
      appDealPts[a] =
        r === "great"
          ? RELEVANCE_DEAL_POINTS.great
          : r === "good"
            ? RELEVANCE_DEAL_POINTS.good
            : r === "fair"
              ? RELEVANCE_DEAL_POINTS.fair
              : r === "high"
                ? RELEVANCE_DEAL_POINTS.high
                : RELEVANCE_DEAL_POINTS.none;
    }
  }
  const lat0 = location?.lat ?? 0;
  const lon0 = location?.lon ?? 0;
  const cost: CostKeys | null = mode === SORT_MONTHLY || q.maxMonthlyCost !== undefined ? { plan: costPlan(q.costTerms), fm: ix.cfgFuelMonthly } : null;

  // AP: slots passing every appearance filter (from the per-value postings).
  const appParts: Uint32Array[] = [];
  const postingsOf = (list: Uint32Array[], dict: Dict, values: readonly string[]) =>
    values
      .map((v) => dict.find(v))
      .filter((id) => id > 0)
      .map((id) => ix.posting(list, id));
  if (active.has(F.LTYPE)) {
    const types: string[] = [];
    for (let t = 1; t < ix.listingTypes.size; t++) if (listingTypeMatches(q.listingTypes, ix.listingTypes.values[t])) types.push(ix.listingTypes.values[t]);
    appParts.push(orOf(scratch(), postingsOf(P.type, ix.listingTypes, types), W));
  }
  if (active.has(F.EXT)) appParts.push(orOf(scratch(), postingsOf(P.ext, ix.extColors, q.extColors), W));
  if (active.has(F.INT)) appParts.push(orOf(scratch(), postingsOf(P.int, ix.intColors, q.intColors), W));
  if (active.has(F.SELLER)) appParts.push(orOf(scratch(), postingsOf(P.seller, ix.sellers, q.sellerTypes), W));
  if (active.has(F.DEAL))
    appParts.push(
      orOf(
        scratch(),
        postingsOf(
          P.deal,
          ix.deals,
          q.dealTypes.map((d) => DEAL_TYPE_RATING[d]),
        ),
        W,
      ),
    );
  if (active.has(F.USE)) appParts.push(orOf(scratch(), postingsOf(P.use, ix.uses, q.vehicleUseTypes), W));
  if (active.has(F.MBG)) appParts.push(ix.posting(P.mbg, 1));
  let AP = ix.liveBits;
  if (appParts.length > 0) {
    AP = scratch();
    copyInto(AP, appParts[0], W);
    for (let k = 1; k < appParts.length; k++) andInto(AP, appParts[k], W);
  }

  // Hd: live slots passing the hard conditions (no facet of their own).
  const Hd = scratch();
  copyInto(Hd, ix.liveBits, W);
  if (q.experience === "commercial") andInto(Hd, orOf(scratch(), postingsOf(P.use, ix.uses, ["commercial"]), W), W);
  if (q.experience === "best-deals") andInto(Hd, orOf(scratch(), postingsOf(P.deal, ix.deals, ["great", "good"]), W), W);
  if (q.experience === "buy-online") {
    // The automaker's listings that pass every eligibility rule (ADR 028): none when not given.
    const only = scratch();
    only.fill(0);
    for (const id of opts.onlyIds ?? []) {
      const slot = ix.slotOf.get(id);
      if (slot >= 0) only[slot >>> 5] |= 1 << (slot & 31);
    }
    andInto(Hd, only, W);
  }
  if (opts.excludeIds) {
    for (const id of opts.excludeIds) {
      const slot = ix.slotOf.get(id);
      if (slot >= 0) Hd[slot >>> 5] &= ~(1 << (slot & 31));
    }
  }
  if (location !== null && location.radius > 0) {
    applyLocation(ix, Hd, location, opts.outsideLocation === true, W, scratch);
  }
  if (plan.keywordOn) applyKeyword(ix, Hd, cfgState, cfgNeed, appTok, W, scratch);
  for (const codes of plan.keywordFeatures) andInto(Hd, orOf(scratch(), codePostings(ix, P.features, ix.features.ids, codes), W), W);
  if (cost && q.maxMonthlyCost !== undefined) applyMonthlyCost(ix, Hd, cfgState, cost, q.maxMonthlyCost, W, scratch);

  // CP: slots whose configuration passes every config-level filter.
  let CP = ix.liveBits;
  // Excluded makes are a config-level hard condition.
  let anyCfgFilter = plan.keywordOn || q.excludedMakeCodes.length > 0 || q.experience === "buy-online";
  for (const f of active) if (f <= LAST_CONFIG_FILTER) anyCfgFilter = true;
  if (anyCfgFilter) {
    CP = scratch();
    CP.fill(0, 0, W);
    const start = ix.cfgStart;
    const end = ix.cfgEnd;
    for (let c = 0; c < nCfg; c++) if (cfgState[c] === 0) setRange(CP, start[c], end[c]);
    const slotCfg = ix.slotCfg;
    for (let i = ix.sortedEnd; i < n; i++) if (cfgState[slotCfg[i]] === 0) CP[i >>> 5] |= 1 << (i & 31);
  }

  // The showcase's dealer (showcaseOwnerId) is checked slot by slot, so last, on the fewest slots:
  // without facets only the slots passing every config and appearance filter can still be results
  // (the per-config counts below look at those configs' slots only, and AND with AP).
  if (q.showcaseOwnerId !== undefined) {
    const owners = ix.owner;
    const ownerId = q.showcaseOwnerId;
    const narrow = !countFacets;
    for (let w = 0; w < W; w++) {
      let m = narrow ? Hd[w] & CP[w] & AP[w] : Hd[w];
      let keep = 0;
      while (m !== 0) {
        const low = m & -m;
        if (owners[(w << 5) + 31 - Math.clz32(low)] === ownerId) keep |= low;
        m ^= low;
      }
      Hd[w] = keep;
    }
  }

  // Similar cars without their count (the pages show only the cars): walk the price order outward
  // from the reference price instead of listing every car of the price band (ADR 032).
  const slotFilter = active.has(F.MILEAGE) || active.has(F.FEATURES) || active.has(F.PACKAGES) || active.has(F.HOME) || active.has(F.HISTORY);
  if (mode === SORT_SIMILAR && opts.count === false && !facetsOn && heap.k > 0 && refPrice > 0 && ix.orders?.priceExact && !slotFilter) {
    const pass = CP === ix.liveBits && AP === ix.liveBits ? Hd : and3(scratch(), CP, AP, Hd, W);
    similarWalk(ix, pass, heap, refPrice, q.minPrice ?? -Infinity, q.maxPrice ?? Infinity, needDist, lat0, lon0);
    const hits = pageOf(heap, ix, location);
    return { total: hits.length, stats: { derivedprice: null, year: null }, hits, counts: null, location, ignored: plan.ignored };
  }

  // A range filter checks slot by slot only the slots that can still be results: every use of R[j]
  // is AND-ed with Hd, and without facets also with CP, so slots outside those need no check.
  const within = countFacets || CP === ix.liveBits ? Hd : andOf(scratch(), Hd, CP, W);
  // Slot-level filters: R[j] = slots passing filter rowIds[j].
  const rowIds: FilterId[] = [];
  const R: Uint32Array[] = [];
  if (active.has(F.PRICE)) {
    rowIds.push(F.PRICE);
    R.push(rangeBits(scratch(), within, P.priceBucket, ix.price, PRICE_THRESHOLDS, q.minPrice ?? -Infinity, q.maxPrice ?? Infinity, W));
  }
  if (active.has(F.MILEAGE)) {
    rowIds.push(F.MILEAGE);
    R.push(rangeBits(scratch(), within, P.mileageBucket, ix.mileage, MILEAGE_THRESHOLDS, -Infinity, q.mileage ?? Infinity, W));
  }
  if (active.has(F.FEATURES)) {
    rowIds.push(F.FEATURES);
    R.push(orOf(scratch(), codePostings(ix, P.features, ix.features.ids, q.featureCodes), W));
  }
  if (active.has(F.PACKAGES)) {
    rowIds.push(F.PACKAGES);
    R.push(orOf(scratch(), codePostings(ix, P.packages, ix.packages.ids, q.packages), W));
  }
  if (active.has(F.HOME)) {
    rowIds.push(F.HOME);
    R.push(orOf(scratch(), codePostings(ix, P.homeServices, ix.homeServices.ids, q.homeServices), W));
  }
  if (active.has(F.HISTORY)) {
    rowIds.push(F.HISTORY);
    R.push(orOf(scratch(), codePostings(ix, P.history, ix.history.ids, q.vehicleHistoryTypes), W));
  }
  // X: hard conditions and every slot-level filter. EX[j]: the same without filter j.
  let X = Hd;
  if (R.length > 0) {
    X = scratch();
    copyInto(X, Hd, W);
    for (const r of R) andInto(X, r, W);
  }
  const EX: Uint32Array[] = [];
  if (countFacets && R.length > 0) {
    // Prefix and suffix intersections: EX[j] = Hd & R[0..j-1] & R[j+1..].
    const m = R.length;
    const pre: Uint32Array[] = [Hd];
    for (let j = 1; j < m; j++) {
      const b = scratch();
      copyInto(b, pre[j - 1], W);
      andInto(b, R[j - 1], W);
      pre.push(b);
    }
    let suf: Uint32Array | null = null;
    for (let j = m - 1; j >= 0; j--) {
      const e = scratch();
      copyInto(e, pre[j], W);
      if (suf) andInto(e, suf, W);
      EX[j] = e;
      if (j > 0) {
        const next = scratch();
        if (suf) {
          copyInto(next, suf, W);
          andInto(next, R[j], W);
        } else copyInto(next, R[j], W);
        suf = next;
      }
    }
  }

  // Accumulators.
  const appHits = ix.zeroedCounts(0, nApp);
  const priceH = new Int32Array(PRICE_THRESHOLDS.length + 1);
  const mileH = new Int32Array(MILEAGE_THRESHOLDS.length + 1);
  const featH = new Int32Array(Math.max(2, ix.featX.words.length) * 32);
  const pkgH = new Int32Array(ix.pkg.words.length * 32);
  const hsH = new Int32Array(ix.hs.words.length * 32);
  const histH = new Int32Array(ix.hist.words.length * 32);
  const countPackages = countFacets && hasModelSelection(q);
  const slotCfg = ix.slotCfg;
  const cfgYear = ix.cfg.year;
  // Multi-valued facets: features by byte slices of their two words, the small code sets
  // (packages, home services, history) by their low byte as a whole; rolled up to codes below.
  const extrasHits = ix.zeroedCounts(1, ix.nExtras);
  const pkgMasks = new Int32Array(256);
  const hsMasks = new Int32Array(256);
  const histMasks = new Int32Array(256);
  const countSets = (l: Int32Array, len: number, feat: boolean, pkg: boolean, hs: boolean, hist: boolean) => {
    if (feat) {
      countByI32(l, len, ix.slotExtras, extrasHits);
    }
    if (pkg) {
      countPackagesCols(l, len, ix.pkg.words[0], pkgMasks, pkgH);
      for (let w = 1; w < ix.pkg.words.length; w++) countBitsOfList(l, len, ix.pkg.words[w], pkgH, w * 32);
    }
    if (hs) {
      countSmallCols(l, len, ix.small, 16, hsMasks);
      if (ix.homeServices.codes.length > 8) countHighBits(l, len, ix.hs.words[0], hsH);
      for (let w = 1; w < ix.hs.words.length; w++) countBitsOfList(l, len, ix.hs.words[w], hsH, w * 32);
    }
    if (hist) {
      countSmallCols(l, len, ix.small, 24, histMasks);
      if (ix.history.codes.length > 8) countHighBits(l, len, ix.hist.words[0], histH);
      for (let w = 1; w < ix.hist.words.length; w++) countBitsOfList(l, len, ix.hist.words[w], histH, w * 32);
    }
  };

  // The landing query walks the presorted orders instead of listing its (many) results.
  const walkable =
    fast && ix.orders !== null && (mode === 0 || mode === 1 ? ix.orders.priceExact : mode === SORT_MONTHLY ? ix.orders.fuel !== null : mode !== 2 && mode <= 9);
  const list = ix.slotList(0);
  let total = 0;
  let pmin = Infinity;
  let pmax = -Infinity;
  if (walkable) {
    total = popcountWords(AP, W);
    if (total > 0) {
      const range = landingPriceRange(ix, AP, -Infinity, Infinity, Infinity) ?? [minOfBits(ix, AP, W), maxOfBits(ix, AP, W)];
      pmin = range[0];
      pmax = range[1];
      if (heap.k > 0) landingTop(ix, AP, heap, mode, appDealPts, fresh, needDist, lat0, lon0, undefined, undefined, cost);
    }
  } else total = collectAnd3(CP, AP, X, W, list);
  // Any other result set can use the orders too when walking one is cheaper than reading every
  // result's key (about k / density steps against one read per result): then the page and the
  // price range come from the orders, tested against the results bitset.
  const orderable =
    ix.orders !== null && (mode === 0 || mode === 1 ? ix.orders.priceExact : mode === SORT_MONTHLY ? ix.orders.fuel !== null : mode !== 2 && mode <= 9);
  // (Relevance near a ZIP is left to the per-result path: its distance points keep the
  // newest-first walk from stopping early.)
  let walkResults = !walkable && orderable && !(mode === 9 && needDist) && total > 0 && heap.k * n < total * total * 2;
  if (walkResults) {
    // A walk longer than reading every result's key (filters correlated with the sort, say) is
    // abandoned for the per-result path.
    const results = CP === ix.liveBits && AP === ix.liveBits ? X : and3(scratch(), CP, AP, X, W);
    const minP = q.minPrice ?? -Infinity;
    const maxP = q.maxPrice ?? Infinity;
    const bounds: [number, number] =
      mode <= 1
        ? [minP, maxP]
        : mode === 5 || mode === 6
          ? [-Infinity, q.mileage ?? Infinity]
          : mode === 7 || mode === 8
            ? [q.startYear ?? -Infinity, q.endYear ?? Infinity]
            : [-Infinity, Infinity];
    const range = landingPriceRange(ix, results, minP, maxP, total);
    if (range && (heap.k === 0 || landingTop(ix, results, heap, mode, appDealPts, fresh, needDist, lat0, lon0, bounds, total, cost))) {
      pmin = range[0];
      pmax = range[1];
    } else {
      walkResults = false;
      heap = new TopK(heap.k);
    }
  }
  // Per-config hits: slots of the config passing every non-config filter. Without a config
  // filter every such slot is a result, so small result sets are counted per config in the same
  // pass as the other counts; otherwise a popcount over each config's contiguous range (below).
  const cfgHits = ix.zeroedCounts(2, nCfg);
  const cfgBaseHits = ix.zeroedCounts(3, nCfg);
  const byList = !fast && !anyCfgFilter && total * 8 < n;
  // Sort keys that are a plain field of the slot come out of the same pass as the counts.
  const plainKey = mode <= 1 ? mode + 1 : (mode >= 3 && mode <= 8) || mode === SORT_MONTHLY ? mode : 0;
  const keys = ix.keyList();
  const range = new Float64Array(2);
  if (total > 0 && !walkable) {
    if (countFacets) {
      countResultsCols(
        list,
        total,
        ix,
        appHits,
        priceH,
        mileH,
        extrasHits,
        hsMasks,
        histMasks,
        walkResults ? -1 : plainKey,
        keys,
        range,
        byList ? cfgHits : null,
        cost,
      );
      countSets(list, total, false, countPackages, false, false);
      if (ix.homeServices.codes.length > 8) countHighBits(list, total, ix.hs.words[0], hsH);
      for (let w = 1; w < ix.hs.words.length; w++) countBitsOfList(list, total, ix.hs.words[w], hsH, w * 32);
      if (ix.history.codes.length > 8) countHighBits(list, total, ix.hist.words[0], histH);
      for (let w = 1; w < ix.hist.words.length; w++) countBitsOfList(list, total, ix.hist.words[w], histH, w * 32);
    } else if (!walkResults) {
      range[0] = minOfList(list, total, ix.price);
      range[1] = maxOfList(list, total, ix.price);
      if (plainKey !== 0) keysFromColumns(list, total, ix, plainKey, keys, cost);
    }
    if (!walkResults) {
      pmin = range[0];
      pmax = range[1];
    }
  }
  if (heap.k > 0 && total > 0 && !walkable && !walkResults) {
    if (plainKey !== 0) topByKeys(heap, list, total, keys, ix.id);
    else if (mode === 2) topByDistance(heap, list, total, ix, lat0, lon0);
    else if (mode === 9) topByRelevance(heap, list, total, ix, appDealPts, fresh, needDist, lat0, lon0);
    else topBySimilarity(heap, list, total, ix, refPrice, needDist, lat0, lon0);
  }
  if (byList && total > 0) {
    if (!countFacets) countByI32(list, total, slotCfg, cfgHits);
    // Common features count for sorted slots only: the list is in slot order, so the overflow
    // slots are its tail.
    cfgBaseHits.set(cfgHits);
    const sorted = ix.sortedEnd;
    for (let k = total - 1; k >= 0 && list[k] >= sorted; k--) cfgBaseHits[slotCfg[list[k]]]--;
  }
  if (countFacets) {
    // Slots failing only appearance filters: counted per appearance (the rollup keeps single failures).
    const only = ix.slotList(1);
    if (AP !== ix.liveBits) {
      const n1 = collectAndNot(CP, X, AP, W, only);
      countByI32(only, n1, ix.slotApp, appHits);
    }
    // Slots failing exactly one slot-level filter: counted in that filter's facet only.
    for (let j = 0; j < EX.length; j++) {
      const nj = collectOnly(CP, AP, EX[j], X, W, only);
      if (nj === 0) continue;
      const f = rowIds[j];
      if (f === F.PRICE) countSmallCols(only, nj, ix.small, 0, priceH);
      else if (f === F.MILEAGE) countSmallCols(only, nj, ix.small, 8, mileH);
      else countSets(only, nj, f === F.FEATURES, f === F.PACKAGES && countPackages, f === F.HOME, f === F.HISTORY);
      if (f === F.FEATURES && byList) {
        const sorted = ix.sortedEnd;
        for (let k = 0; k < nj; k++) if (only[k] < sorted) cfgBaseHits[slotCfg[only[k]]]++;
      }
    }
  }
  if (countFacets) {
    rollExtras(ix, extrasHits, featH);
    rollMasks(pkgMasks, pkgH);
    rollMasks(hsMasks, hsH);
    rollMasks(histMasks, histH);
  }

  // Per-config hits: slots of the config passing every non-config filter (a popcount over its
  // contiguous range), for configs that pass or fail exactly one config-level filter.
  if (byList) {
    // counted above
  } else if (!fast && (countFacets || total > 0)) {
    const AX = AP === ix.liveBits ? X : andOf(scratch(), AP, X, W);
    const featIdx = rowIds.indexOf(F.FEATURES);
    const AF = featIdx >= 0 && countFacets ? andOf(scratch(), AP, EX[featIdx], W) : AX;
    const start = ix.cfgStart;
    const end = ix.cfgEnd;
    for (let c = 0; c < nCfg; c++) {
      const st = cfgState[c];
      if (st === HARD || (st !== 0 && !countFacets)) continue;
      const s0 = start[c];
      const e0 = end[c];
      if (s0 === e0) continue;
      cfgHits[c] = popcountRange(AX, s0, e0);
      if (st === 0 && countFacets) cfgBaseHits[c] = AF === AX ? cfgHits[c] : popcountRange(AF, s0, e0);
    }
    for (let i = ix.sortedEnd; i < n; i++) {
      if ((AX[i >>> 5] & (1 << (i & 31))) === 0) continue;
      const c = slotCfg[i];
      if (cfgState[c] !== HARD) cfgHits[c]++;
    }
  }

  const hits = pageOf(heap, ix, location);

  let counts: FacetCounts | null = null;
  let yearMin = Infinity;
  let yearMax = -Infinity;
  if (fast) {
    const passing = landingTypes(ix, q);
    for (const t of passing) {
      const tot = ix.totals[t];
      if (!tot) continue;
      for (let c = 0; c < nCfg; c++) cfgHits[c] += tot.cfg[c];
      if (facetsOn) {
        addInto(priceH, tot.price);
        addInto(mileH, tot.mileage);
        addInto(featH, tot.features);
        addInto(pkgH, tot.packages);
        addInto(hsH, tot.homeServices);
        addInto(histH, tot.history);
      }
    }
    if (facetsOn) for (let a = 1; a < nApp; a++) appHits[a] = ix.appLive[a];
  }
  for (let c = 0; c < nCfg; c++) {
    if (cfgHits[c] > 0 && cfgState[c] === 0) {
      if (cfgYear[c] < yearMin) yearMin = cfgYear[c];
      if (cfgYear[c] > yearMax) yearMax = cfgYear[c];
    }
  }
  if (facetsOn) counts = rollup(ix, q, cfgState, cfgHits, fast ? null : cfgBaseHits, appState, appHits, priceH, mileH, featH, pkgH, hsH, histH);
  const stats: SearchStats = {
    derivedprice: total > 0 ? { min: pmin, max: pmax } : null,
    year: total > 0 && yearMin !== Infinity ? { min: yearMin, max: yearMax } : null,
  };
  return { total, stats, hits, counts, location, ignored: plan.ignored };
}

/** The kept window, best first, with each car's distance from the searched place. */
function pageOf(heap: TopK, ix: ListingIndex, location: SearchLocation | null): SearchHit[] {
  const hits: SearchHit[] = [];
  for (const k of heap.sorted()) {
    const slot = heap.slots[k];
    let distance: number | null = null;
    let ime = false;
    if (location) {
      distance = milesFrom(location.lat, location.lon, ix.lat[slot], ix.lon[slot]);
      ime = location.radius > 0 && distance > location.radius;
    }
    hits.push({ id: heap.ids[k], distance, marketExtension: ime });
  }
  return hits;
}

// ---------------------------------------------------------------------------------------------
// Small monomorphic loops over slot lists

/** Slots set in a & b & c, into `out`; returns how many. */
function collectAnd3(a: Uint32Array, b: Uint32Array, c: Uint32Array, W: number, out: Int32Array): number {
  let n = 0;
  for (let w = 0; w < W; w++) {
    let m = a[w] & b[w] & c[w];
    const base = w << 5;
    while (m !== 0) {
      const low = m & -m;
      out[n++] = base + 31 - Math.clz32(low);
      m ^= low;
    }
  }
  return n;
}

/** Slots set in a & b but not in c. */
function collectAndNot(a: Uint32Array, b: Uint32Array, not: Uint32Array, W: number, out: Int32Array): number {
  let n = 0;
  for (let w = 0; w < W; w++) {
    let m = a[w] & b[w] & ~not[w];
    const base = w << 5;
    while (m !== 0) {
      const low = m & -m;
      out[n++] = base + 31 - Math.clz32(low);
      m ^= low;
    }
  }
  return n;
}

/** Slots set in cp & ap & ex but not in x (failing exactly the filter ex leaves out). */
function collectOnly(cp: Uint32Array, ap: Uint32Array, ex: Uint32Array, x: Uint32Array, W: number, out: Int32Array): number {
  let n = 0;
  for (let w = 0; w < W; w++) {
    let m = cp[w] & ap[w] & ex[w] & ~x[w];
    const base = w << 5;
    while (m !== 0) {
      const low = m & -m;
      out[n++] = base + 31 - Math.clz32(low);
      m ^= low;
    }
  }
  return n;
}

function countByI32(list: Int32Array, n: number, keys: Int32Array, counts: Int32Array): void {
  for (let k = 0; k < n; k++) counts[keys[list[k]]]++;
}

/** countResults over the columns (for dense lists). */
function countResultsCols(
  list: Int32Array,
  n: number,
  ix: ListingIndex,
  appHits: Int32Array,
  priceH: Int32Array,
  mileH: Int32Array,
  extrasHits: Int32Array,
  hsMasks: Int32Array,
  histMasks: Int32Array,
  plainKey: number,
  keys: Float64Array,
  range: Float64Array,
  cfgHits: Int32Array | null,
  cost: CostKeys | null,
): void {
  const slotApp = ix.slotApp;
  const smallCol = ix.small;
  const extras = ix.slotExtras;
  const price = ix.price;
  const slotCfg = ix.slotCfg;
  if (plainKey < 0) {
    countResultsOnly(list, n, ix, appHits, priceH, mileH, extrasHits, hsMasks, histMasks, cfgHits);
    return;
  }
  const priceSign = plainKey === 1 ? 1 : plainKey === 2 ? -1 : 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 0; k < n; k++) {
    const s = list[k];
    const p = price[s];
    if (p < lo) lo = p;
    if (p > hi) hi = p;
    if (priceSign !== 0) keys[k] = priceSign * p;
    if (cfgHits !== null) cfgHits[slotCfg[s]]++;
    appHits[slotApp[s]]++;
    const small = smallCol[s];
    priceH[small & 255]++;
    mileH[(small >>> 8) & 255]++;
    hsMasks[(small >>> 16) & 255]++;
    histMasks[small >>> 24]++;
    extrasHits[extras[s]]++;
  }
  range[0] = lo;
  range[1] = hi;
  if (plainKey > 2) keysFromColumns(list, n, ix, plainKey, keys, cost);
}

/** countResultsCols without the price range and sort keys (the orders give those). */
function countResultsOnly(
  list: Int32Array,
  n: number,
  ix: ListingIndex,
  appHits: Int32Array,
  priceH: Int32Array,
  mileH: Int32Array,
  extrasHits: Int32Array,
  hsMasks: Int32Array,
  histMasks: Int32Array,
  cfgHits: Int32Array | null,
): void {
  const slotApp = ix.slotApp;
  const smallCol = ix.small;
  const extras = ix.slotExtras;
  const slotCfg = ix.slotCfg;
  for (let k = 0; k < n; k++) {
    const s = list[k];
    appHits[slotApp[s]]++;
    const small = smallCol[s];
    priceH[small & 255]++;
    mileH[(small >>> 8) & 255]++;
    hsMasks[(small >>> 16) & 255]++;
    histMasks[small >>> 24]++;
    extrasHits[extras[s]]++;
    if (cfgHits !== null) cfgHits[slotCfg[s]]++;
  }
}

/** Plain sort keys of the listed slots, from the column that holds them. */
function keysFromColumns(list: Int32Array, n: number, ix: ListingIndex, plainKey: number, keys: Float64Array, cost: CostKeys | null): void {
  if (plainKey === SORT_MONTHLY) {
    for (let k = 0; k < n; k++) keys[k] = costKey(cost!, ix, list[k]);
  } else if (plainKey <= 2) {
    const sign = plainKey === 1 ? 1 : -1;
    const price = ix.price;
    for (let k = 0; k < n; k++) keys[k] = sign * price[list[k]];
  } else if (plainKey <= 4) {
    const sign = plainKey === 3 ? 1 : -1;
    const dates = ix.dateListed;
    for (let k = 0; k < n; k++) keys[k] = sign * dates[list[k]];
  } else if (plainKey <= 6) {
    const sign = plainKey === 5 ? 1 : -1;
    const mileage = ix.mileage;
    for (let k = 0; k < n; k++) keys[k] = sign * mileage[list[k]];
  } else {
    const sign = plainKey === 7 ? 1 : -1;
    const slotCfg = ix.slotCfg;
    const years = ix.cfg.year;
    for (let k = 0; k < n; k++) keys[k] = sign * years[slotCfg[list[k]]];
  }
}

function countSmallCols(list: Int32Array, n: number, small: Int32Array, shift: number, counts: Int32Array): void {
  for (let k = 0; k < n; k++) counts[(small[list[k]] >>> shift) & 255]++;
}

function countPackagesCols(list: Int32Array, n: number, pk: Uint32Array, masks: Int32Array, counts: Int32Array): void {
  for (let k = 0; k < n; k++) {
    const v = pk[list[k]];
    masks[v & 255]++;
    let b = v & ~255;
    while (b !== 0) {
      const l = b & -b;
      counts[31 - Math.clz32(l)]++;
      b ^= l;
    }
  }
}

/** Top-k over precomputed keys (sequential), ids fetched only for keys that could enter. */
function topByKeys(heap: TopK, list: Int32Array, n: number, keys: Float64Array, ids: Int32Array): void {
  let wk = Infinity;
  let wi = 0;
  let full = false;
  for (let k = 0; k < n; k++) {
    const key = keys[k];
    if (full && key > wk) continue;
    const slot = list[k];
    const id = ids[slot];
    if (full && key === wk && id > wi) continue;
    heap.offer(key, 0, id, slot);
    if (heap.size === heap.k) {
      full = true;
      wk = heap.key[0];
      wi = heap.ids[0];
    }
  }
}

/** Counts bits 8-31 of one word (the low byte goes through a mask histogram). */
function countHighBits(list: Int32Array, n: number, words: Uint32Array, counts: Int32Array): void {
  for (let k = 0; k < n; k++) {
    let b = words[list[k]] & ~255;
    while (b !== 0) {
      const l = b & -b;
      counts[31 - Math.clz32(l)]++;
      b ^= l;
    }
  }
}

/** Feature counts from per-extras-id counts: each id's stored feature words, times its count. */
function rollExtras(ix: ListingIndex, hits: Int32Array, counts: Int32Array): void {
  const words = ix.extrasWords;
  const nw = Math.min(words.length, ix.featX.words.length);
  for (let id = 0; id < hits.length; id++) {
    const c = hits[id];
    if (c === 0) continue;
    for (let w = 0; w < nw; w++) {
      let m = words[w][id];
      while (m !== 0) {
        const low = m & -m;
        counts[w * 32 + 31 - Math.clz32(low)] += c;
        m ^= low;
      }
    }
  }
}

function rollSlices(h: Int32Array, counts: Int32Array): void {
  for (let slice = 0; slice < 8; slice++) {
    for (let byte = 1; byte < 256; byte++) {
      const c = h[slice * 256 + byte];
      if (c === 0) continue;
      let m = byte;
      while (m !== 0) {
        const low = m & -m;
        counts[slice * 8 + 31 - Math.clz32(low)] += c;
        m ^= low;
      }
    }
  }
}

function rollMasks(masks: Int32Array, counts: Int32Array): void {
  for (let m0 = 1; m0 < 256; m0++) {
    const c = masks[m0];
    if (c === 0) continue;
    let m = m0;
    while (m !== 0) {
      const low = m & -m;
      counts[31 - Math.clz32(low)] += c;
      m ^= low;
    }
  }
}

function countBitsOfList(list: Int32Array, n: number, words: Uint32Array, counts: Int32Array, offset: number): void {
  const top = offset + 31;
  for (let k = 0; k < n; k++) {
    let b = words[list[k]];
    while (b !== 0) {
      const l = b & -b;
      counts[top - Math.clz32(l)]++;
      b ^= l;
    }
  }
}

function minOfBits(ix: ListingIndex, bits: Uint32Array, W: number): number {
  let v = Infinity;
  for (let w = 0; w < W; w++) {
    let m = bits[w];
    while (m !== 0) {
      const low = m & -m;
      m ^= low;
      const x = ix.price[(w << 5) + 31 - Math.clz32(low)];
      if (x < v) v = x;
    }
  }
  return v;
}

function maxOfBits(ix: ListingIndex, bits: Uint32Array, W: number): number {
  let v = -Infinity;
  for (let w = 0; w < W; w++) {
    let m = bits[w];
    while (m !== 0) {
      const low = m & -m;
      m ^= low;
      const x = ix.price[(w << 5) + 31 - Math.clz32(low)];
      if (x > v) v = x;
    }
  }
  return v;
}

function popcountWords(bits: Uint32Array, W: number): number {
  let n = 0;
  for (let w = 0; w < W; w++) if (bits[w] !== 0) n += popcount32(bits[w]);
  return n;
}

const has = (bits: Uint32Array, i: number) => (bits[i >>> 5] & (1 << (i & 31))) !== 0;

/** Slots outside the presorted orders: changed in place since the last re-clustering, or new. */
function landingExtras(ix: ListingIndex, pass: Uint32Array): number[] {
  const out: number[] = [];
  for (const s of ix.dirtyList) if (has(pass, s)) out.push(s);
  for (let s = ix.sortedEnd; s < ix.n; s++) if (has(pass, s)) out.push(s);
  return out;
}

/** The key a slot was sorted under in an order (dirty slots keep theirs in dirtyKeys). */
function sortedKey(ix: ListingIndex, which: "price" | "date" | "mileage" | "year", s: number): number {
  const old = ix.dirtyKeys.size > 0 ? ix.dirtyKeys.get(s) : undefined;
  switch (which) {
    case "price":
      return old ? old[0] : ix.price[s];
    case "date":
      return ix.dateListed[s];
    case "mileage":
      return old ? old[1] : ix.mileage[s];
    default:
      return ix.cfg.year[ix.slotCfg[s]];
  }
}

/** First position of an order whose key is >= key (order.length when none). */
function lowerBound(ix: ListingIndex, order: Int32Array, which: "price" | "date" | "mileage" | "year", key: number, hi = order.length): number {
  let lo = 0;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sortedKey(ix, which, order[mid]) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First position of an order whose key is > key. */
function upperBound(ix: ListingIndex, order: Int32Array, which: "price" | "date" | "mileage" | "year", key: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sortedKey(ix, which, order[mid]) <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Lowest and highest price among the passing slots, from the ends of the price order (starting
 * at the price filter's bounds). Null when that takes more than `budget` steps.
 */
function landingPriceRange(ix: ListingIndex, pass: Uint32Array, minPrice: number, maxPrice: number, budget: number): [number, number] | null {
  const order = ix.orders!.price;
  const dirty = ix.dirtyBits;
  const price = ix.price;
  let lo = Infinity;
  let hi = -Infinity;
  if (!ix.orders!.priceExact) return null;
  let steps = 0;
  const first = minPrice > -Infinity ? lowerBound(ix, order, "price", minPrice) : 0;
  for (let k = first; k < order.length; k++) {
    if (++steps > budget) return null;
    const s = order[k];
    if (has(pass, s) && !has(dirty, s)) {
      lo = price[s];
      break;
    }
  }
  const last = maxPrice < Infinity ? upperBound(ix, order, "price", maxPrice) - 1 : order.length - 1;
  for (let k = last; k >= 0; k--) {
    if (++steps > budget) return null;
    const s = order[k];
    if (has(pass, s) && !has(dirty, s)) {
      hi = price[s];
      break;
    }
  }
  for (const s of landingExtras(ix, pass)) {
    if (price[s] < lo) lo = price[s];
    if (price[s] > hi) hi = price[s];
  }
  return [lo, hi];
}

/**
 * Top-k of the landing query from the presorted orders: walk from the best end until k slots
 * (and every slot tied with the k-th) are taken; relevance walks newest first and stops once
 * no older listing could still score into the page.
 */
function landingTop(
  ix: ListingIndex,
  pass: Uint32Array,
  heap: TopK,
  mode: number,
  appDealPts: Float64Array,
  fresh: (readonly [number, number])[],
  withDistance: boolean,
  lat0: number,
  lon0: number,
  bounds: readonly [number, number] = [-Infinity, Infinity],
  budget = Infinity,
  cost: CostKeys | null = null,
): boolean {
  let steps = 0;
  const o = ix.orders!;
  const dirty = ix.dirtyBits;
  const years = ix.cfg.year;
  const price = ix.price;
  const dates = ix.dateListed;
  const mileage = ix.mileage;
  const slotCfg = ix.slotCfg;
  const ids = ix.id;
  const freshAt = new Float64Array(fresh.map((f) => f[0]));
  const freshPts = new Float64Array(fresh.map((f) => f[1]));
  const keyOf = (s: number): number => {
    switch (mode) {
      case 0:
        return price[s];
      case 1:
        return -price[s];
      case 3:
        return dates[s];
      case 4:
        return -dates[s];
      case 5:
        return mileage[s];
      case 6:
        return -mileage[s];
      case 7:
        return years[slotCfg[s]];
      case 8:
        return -years[slotCfg[s]];
      case SORT_MONTHLY:
        return costKey(cost!, ix, s);
      default:
        return relevanceKey(ix, s, appDealPts, freshAt, freshPts, withDistance, lat0, lon0);
    }
  };
  const offer = (s: number) => {
    const key = keyOf(s);
    const id = ids[s];
    if (heap.accepts(key, 0, id)) heap.offer(key, 0, id, s);
  };
  const need = heap.k;
  if (mode === SORT_MONTHLY) {
    // A merge of the fuel groups (ListingIndex.orders.fuel): within a group the cost rises with
    // the price, so the cheapest head of all groups is the next car; stop once no head can still
    // enter the page (ties on cost go by id, so an equal head is still offered).
    const f = o.fuel!;
    const groups = f.fm.length;
    const pos = f.starts.slice(0, groups);
    const head = new Float64Array(groups);
    const advance = (g: number): boolean => {
      const end = f.starts[g + 1];
      let k = pos[g];
      while (k < end) {
        if (++steps > budget) return false;
        const s = f.slots[k];
        if (has(pass, s) && !has(dirty, s)) break;
        k++;
      }
      pos[g] = k;
      head[g] = k < end ? costKey(cost!, ix, f.slots[k]) : Infinity;
      return true;
    };
    for (let g = 0; g < groups; g++) if (!advance(g)) return false;
    for (;;) {
      let best = -1;
      let bestKey = Infinity;
      for (let g = 0; g < groups; g++) {
        if (head[g] < bestKey) {
          bestKey = head[g];
          best = g;
        }
      }
      if (best < 0 || (heap.size === need && bestKey > heap.key[0])) break;
      offer(f.slots[pos[best]]);
      pos[best]++;
      if (!advance(best)) return false;
    }
  } else if (mode === 9) {
    const order = o.date;
    const maxDeal = Math.max(...Object.values(RELEVANCE_DEAL_POINTS));
    const maxNear = withDistance ? Math.max(...RELEVANCE_DISTANCE_POINTS.map((d) => d[1])) : 0;
    for (let k = order.length - 1; k >= 0; k--) {
      if (++steps > budget) return false;
      const s = order[k];
      if (!has(pass, s) || has(dirty, s)) continue;
      if (heap.size === need) {
        const d = dates[s];
        let bestFresh = 0;
        for (const [at, pts] of fresh) {
          if (d > at) {
            bestFresh = pts;
            break;
          }
        }
        const best = -((maxDeal + bestFresh + maxNear) * RELEVANCE_SCORE_SCALE + d);
        if (best > heap.key[0]) break;
        // This slot's own ceiling (its deal points, full distance points) before measuring it.
        const own = -((appDealPts[ix.slotApp[s]] + bestFresh + maxNear) * RELEVANCE_SCORE_SCALE + d);
        if (own > heap.key[0]) continue;
      }
      offer(s);
    }
  } else {
    const order = mode <= 1 ? o.price : mode <= 4 ? o.date : mode <= 6 ? o.mileage : o.year;
    const which = mode <= 1 ? "price" : mode <= 4 ? "date" : mode <= 6 ? "mileage" : "year";
    const ascending = mode === 0 || mode === 3 || mode === 5 || mode === 7;
    let taken = 0;
    if (ascending) {
      // (key, id) ascending: the first k passing slots (from the filter's lower bound) are the page.
      for (let j = bounds[0] > -Infinity ? lowerBound(ix, order, which, bounds[0]) : 0; j < order.length && taken < need; j++) {
        if (++steps > budget) return false;
        const s = order[j];
        if (!has(pass, s) || has(dirty, s)) continue;
        offer(s);
        taken++;
      }
    } else {
      // Key descending, ties by id ascending: take whole groups of equal keys from the top (the
      // filter's upper bound), each walked forward (lower ids first).
      let p = bounds[1] < Infinity ? upperBound(ix, order, which, bounds[1]) - 1 : order.length - 1;
      while (p >= 0 && taken < need) {
        const key = sortedKey(ix, which, order[p]);
        // The group's start: a few steps back, or a binary search for long groups (years).
        let lo = p;
        let back = 0;
        while (lo > 0 && back < 32 && sortedKey(ix, which, order[lo - 1]) === key) {
          lo--;
          back++;
        }
        if (back === 32) lo = lowerBound(ix, order, which, key, lo);
        for (let j = lo; j <= p && taken < need; j++) {
          if (++steps > budget) return false;
          const s = order[j];
          if (!has(pass, s) || has(dirty, s)) continue;
          offer(s);
          taken++;
        }
        steps += p - lo + 1 - Math.min(p - lo + 1, need);
        p = lo - 1;
      }
    }
  }
  for (const s of landingExtras(ix, pass)) offer(s);
  return true;
}

/**
 * Similar cars from the price order: from the reference price outward, the nearer price first,
 * inside the band [minPrice, maxPrice]; stops once both next prices are further from it than the
 * widest gap kept (an equal gap is still offered: distance, then id, order ties). Slots changed
 * since the order was built are offered by their current price afterwards, as landingTop does.
 */
function similarWalk(
  ix: ListingIndex,
  pass: Uint32Array,
  heap: TopK,
  ref: number,
  minPrice: number,
  maxPrice: number,
  withDistance: boolean,
  lat0: number,
  lon0: number,
): void {
  const order = ix.orders!.price;
  const dirty = ix.dirtyBits;
  const price = ix.price;
  const ids = ix.id;
  const offer = (s: number) => {
    const key = Math.abs(price[s] - ref);
    if (heap.size === heap.k && key > heap.key[0]) return;
    const key2 = withDistance ? milesFrom(lat0, lon0, ix.lat[s], ix.lon[s]) : 0;
    if (heap.accepts(key, key2, ids[s])) heap.offer(key, key2, ids[s], s);
  };
  const first = minPrice > -Infinity ? lowerBound(ix, order, "price", minPrice) : 0;
  const end = maxPrice < Infinity ? upperBound(ix, order, "price", maxPrice) : order.length;
  let up = Math.min(end, Math.max(first, lowerBound(ix, order, "price", ref)));
  let down = up - 1;
  for (;;) {
    const gapUp = up < end ? sortedKey(ix, "price", order[up]) - ref : Infinity;
    const gapDown = down >= first ? ref - sortedKey(ix, "price", order[down]) : Infinity;
    const gap = gapUp <= gapDown ? gapUp : gapDown;
    if (gap === Infinity || (heap.size === heap.k && gap > heap.key[0])) break;
    const s = gapUp <= gapDown ? order[up++] : order[down--];
    if (has(pass, s) && !has(dirty, s)) offer(s);
  }
  for (const s of landingExtras(ix, pass)) if (price[s] >= minPrice && price[s] <= maxPrice) offer(s);
}

function topByDistance(heap: TopK, list: Int32Array, n: number, ix: ListingIndex, lat0: number, lon0: number): void {
  const lats = ix.lat;
  const lons = ix.lon;
  const ids = ix.id;
  let wk = Infinity;
  let wi = 0;
  let full = false;
  // A distance is at least its latitude's part (R x the latitude difference in radians): once the
  // page is full, a slot whose latitude alone puts it beyond the farthest kept (with a relative
  // guard of 1e-9) is passed over without the exact formula.
  let latLimit = Infinity;
  for (let k = 0; k < n; k++) {
    const slot = list[k];
    const lat = lats[slot];
    if (full && Math.abs(lat - lat0) > latLimit) continue;
    const key = milesFrom(lat0, lon0, lat, lons[slot]);
    if (full && key > wk) continue;
    const id = ids[slot];
    if (full && key === wk && id > wi) continue;
    heap.offer(key, 0, id, slot);
    if (heap.size === heap.k) {
      full = true;
      wk = heap.key[0];
      wi = heap.ids[0];
      latLimit = ((wk * (1 + 1e-9)) / EARTH_RADIUS_MILES / TO_RAD) * (1 + 1e-9);
    }
  }
}

/** Relevance (relevance.server.ts) of a slot as a sortable key: lower is better. */
function relevanceKey(
  ix: ListingIndex,
  slot: number,
  appDealPts: Float64Array,
  freshAt: Float64Array,
  freshPts: Float64Array,
  withDistance: boolean,
  lat0: number,
  lon0: number,
): number {
  const d = ix.dateListed[slot];
  let score = appDealPts[ix.slotApp[slot]];
  for (let j = 0; j < freshAt.length; j++) {
    if (d > freshAt[j]) {
      score += freshPts[j];
      break;
    }
  }
  if (withDistance) {
    const dist = milesFrom(lat0, lon0, ix.lat[slot], ix.lon[slot]);
    for (let j = 0; j < RELEVANCE_DISTANCE_POINTS.length; j++) {
      if (dist <= RELEVANCE_DISTANCE_POINTS[j][0]) {
        score += RELEVANCE_DISTANCE_POINTS[j][1];
        break;
      }
    }
  }
  return -(score * RELEVANCE_SCORE_SCALE + d);
}

function topByRelevance(
  heap: TopK,
  list: Int32Array,
  n: number,
  ix: ListingIndex,
  appDealPts: Float64Array,
  fresh: (readonly [number, number])[],
  withDistance: boolean,
  lat0: number,
  lon0: number,
): void {
  const freshAt = new Float64Array(fresh.map((f) => f[0]));
  const freshPts = new Float64Array(fresh.map((f) => f[1]));
  const ids = ix.id;
  let wk = Infinity;
  let wi = 0;
  let full = false;
  for (let k = 0; k < n; k++) {
    const slot = list[k];
    const key = relevanceKey(ix, slot, appDealPts, freshAt, freshPts, withDistance, lat0, lon0);
    if (full && key > wk) continue;
    const id = ids[slot];
    if (full && key === wk && id > wi) continue;
    heap.offer(key, 0, id, slot);
    if (heap.size === heap.k) {
      full = true;
      wk = heap.key[0];
      wi = heap.ids[0];
    }
  }
}

function topBySimilarity(heap: TopK, list: Int32Array, n: number, ix: ListingIndex, refPrice: number, withDistance: boolean, lat0: number, lon0: number): void {
  for (let k = 0; k < n; k++) {
    const slot = list[k];
    const key = Math.abs(ix.price[slot] - refPrice);
    // The distance only orders equal price gaps: a gap wider than the widest kept needs none.
    if (heap.size === heap.k && (heap.k === 0 || key > heap.key[0])) continue;
    const key2 = withDistance ? milesFrom(lat0, lon0, ix.lat[slot], ix.lon[slot]) : 0;
    const id = ix.id[slot];
    if (heap.accepts(key, key2, id)) heap.offer(key, key2, id, slot);
  }
}

function minOfList(list: Int32Array, n: number, values: Float64Array): number {
  let v = Infinity;
  for (let k = 0; k < n; k++) {
    const x = values[list[k]];
    if (x < v) v = x;
  }
  return v;
}

function maxOfList(list: Int32Array, n: number, values: Float64Array): number {
  let v = -Infinity;
  for (let k = 0; k < n; k++) {
    const x = values[list[k]];
    if (x > v) v = x;
  }
  return v;
}

function and3(dst: Uint32Array, a: Uint32Array, b: Uint32Array, c: Uint32Array, n: number): Uint32Array {
  for (let w = 0; w < n; w++) dst[w] = a[w] & b[w] & c[w];
  return dst;
}

function andOf(dst: Uint32Array, a: Uint32Array, b: Uint32Array, n: number): Uint32Array {
  for (let w = 0; w < n; w++) dst[w] = a[w] & b[w];
  return dst;
}

function popcountRange(bits: Uint32Array, start: number, end: number): number {
  return popcountAndRange(bits, bits, start, end);
}

/** Postings of the given codes of a multi-valued column (unknown codes match nothing). */
function codePostings(ix: ListingIndex, list: Uint32Array[], ids: Map<string, number>, codes: readonly string[]): Uint32Array[] {
  const out: Uint32Array[] = [];
  for (const code of codes) {
    const bit = ids.get(code);
    if (bit !== undefined) out.push(ix.posting(list, bit));
  }
  return out;
}

/**
 * Slots whose value lies in [lo, hi], from per-bucket postings: buckets wholly inside are
 * OR-ed in; only the (at most two) buckets straddling a bound are checked slot by slot, and there
 * only the slots in `within` (the caller ANDs the result with `within`, so the rest do not matter).
 */
function rangeBits(
  out: Uint32Array,
  within: Uint32Array,
  buckets: Uint32Array[],
  values: ArrayLike<number>,
  thresholds: readonly number[],
  lo: number,
  hi: number,
  W: number,
): Uint32Array {
  out.fill(0, 0, W);
  for (let b = 0; b <= thresholds.length; b++) {
    const lower = b === 0 ? -Infinity : thresholds[b - 1];
    const upper = b === thresholds.length ? Infinity : thresholds[b];
    if (upper < lo || lower >= hi) continue;
    const post = buckets[b];
    if (!post) continue;
    if (lower >= lo && upper <= hi) {
      for (let w = 0; w < W; w++) out[w] |= post[w];
      continue;
    }
    for (let w = 0; w < W; w++) {
      let m = post[w] & within[w];
      let keep = 0;
      while (m !== 0) {
        const low = m & -m;
        const v = values[(w << 5) + 31 - Math.clz32(low)];
        if (v >= lo && v <= hi) keep |= low;
        m ^= low;
      }
      out[w] |= keep;
    }
  }
  return out;
}

/** Keeps in `bits` only the slots inside (or, for supplemental, outside) the searched area. */
const TO_RAD = Math.PI / 180;
const EARTH_RADIUS_MILES = 3958.8;

function applyLocation(ix: ListingIndex, bits: Uint32Array, location: SearchLocation, outside: boolean, W: number, scratch: () => Uint32Array): void {
  const radius = location.radius;
  const extRadius = location.extendedRadius;
  const outer = Math.max(radius, extRadius);
  const grid = cellGrid(location.lat, location.lon, radius, outer);
  const { r0, c0, nr, nc } = grid;
  const g = grid.grid;
  const lats = ix.lat;
  const lons = ix.lon;
  const deliveryBit = ix.homeServices.ids.get(MARKET_EXTENSION.homeService) ?? -1;
  const deliveryWord = deliveryBit >= 0 && deliveryBit >>> 5 < ix.hs.words.length ? ix.hs.words[deliveryBit >>> 5] : null;
  const deliveryMask = deliveryBit >= 0 ? 1 << (deliveryBit & 31) : 0;
  const lat0 = location.lat;
  const lon0 = location.lon;
  const cosLat0 = Math.cos(lat0 * TO_RAD);
  // distance = 2R asin(sqrt(a)) increases with a: a below aRadius is surely inside the radius,
  // above aOuter surely outside the outer radius (a relative guard of 1e-9 each side); only
  // slots in between get the exact formula, so every decision is the exact formula's.
  const aOf = (miles: number) => Math.sin(Math.min(Math.PI / 2, miles / (2 * EARTH_RADIUS_MILES))) ** 2;
  const aRadius = aOf(radius) * (1 - 1e-9);
  const aOuter = aOf(outer) * (1 + 1e-9);
  const within = (i: number): boolean => {
    const lat = lats[i];
    const sLat = Math.sin(((lat - lat0) * TO_RAD) / 2);
    const sLon = Math.sin(((lons[i] - lon0) * TO_RAD) / 2);
    const a = sLat * sLat + cosLat0 * Math.cos(lat * TO_RAD) * sLon * sLon;
    if (a > aOuter) return false;
    if (a < aRadius) return true;
    const d = milesFrom(lat0, lon0, lat, lons[i]);
    return d <= radius || (d <= extRadius && deliveryWord !== null && (deliveryWord[i] & deliveryMask) !== 0);
  };
  // Slots in the cells the area touches: whole cells inside the radius are taken as they are.
  const inside = scratch();
  inside.fill(0, 0, W);
  const slots = ix.cellSlots;
  const starts = ix.cellStarts;
  for (let r = 0; r < nr; r++) {
    for (let c = 0; c < nc; c++) {
      const state = g[r * nc + c];
      if (state === 0) continue;
      const k = ix.cellIndex(((r0 + r) << CELL_SHIFT) | (c0 + c));
      if (k < 0) continue;
      const end = starts[k + 1];
      if (state === CELL_CHECK) {
        for (let j = starts[k]; j < end; j++) {
          const i = slots[j];
          if (within(i)) inside[i >>> 5] |= 1 << (i & 31);
        }
      } else {
        for (let j = starts[k]; j < end; j++) {
          const i = slots[j];
          inside[i >>> 5] |= 1 << (i & 31);
        }
      }
    }
  }
  // Overflow slots are not in the cell lists.
  const cells = ix.cell;
  for (let i = ix.sortedEnd; i < ix.n; i++) {
    if ((bits[i >>> 5] & (1 << (i & 31))) === 0) continue;
    const cl = cells[i];
    const rr = (cl >>> CELL_SHIFT) - r0;
    const cc = (cl & CELL_MASK) - c0;
    if (rr < 0 || rr >= nr || cc < 0 || cc >= nc) continue;
    const state = g[rr * nc + cc];
    if (state === 0 || (state === CELL_CHECK && !within(i))) continue;
    inside[i >>> 5] |= 1 << (i & 31);
  }
  if (outside) for (let w = 0; w < W; w++) bits[w] &= ~inside[w];
  else andInto(bits, inside, W);
}

/** Keeps in `bits` only the slots matching every keyword token (config terms or appearance terms). */
function applyKeyword(
  ix: ListingIndex,
  bits: Uint32Array,
  cfgState: Uint8Array,
  cfgNeed: Uint8Array,
  appTok: Uint8Array,
  W: number,
  scratch: () => Uint32Array,
): void {
  const kw = scratch();
  kw.fill(0, 0, W);
  const start = ix.cfgStart;
  const end = ix.cfgEnd;
  const slotApp = ix.slotApp;
  const slotCfg = ix.slotCfg;
  for (let c = 0; c < ix.nCfg; c++) {
    if (cfgState[c] === HARD) continue;
    const need = cfgNeed[c];
    if (need === 0) setRange(kw, start[c], end[c]);
    else for (let i = start[c]; i < end[c]; i++) if ((appTok[slotApp[i]] & need) === need) kw[i >>> 5] |= 1 << (i & 31);
  }
  for (let i = ix.sortedEnd; i < ix.n; i++) {
    const c = slotCfg[i];
    if (cfgState[c] === HARD) continue;
    const need = cfgNeed[c];
    if ((appTok[slotApp[i]] & need) === need) kw[i >>> 5] |= 1 << (i & 31);
  }
  andInto(bits, kw, W);
}

/**
 * Keeps in `bits` only the slots whose monthly cost is at most `max` (cars without an EPA fuel
 * cost never). Per config the fuel is fixed, so the condition is a price ceiling, found once per
 * distinct fuel cost; a config's slots are one contiguous range compared against it.
 */
function applyMonthlyCost(ix: ListingIndex, bits: Uint32Array, cfgState: Uint8Array, cost: CostKeys, max: number, W: number, scratch: () => Uint32Array): void {
  const keep = scratch();
  keep.fill(0, 0, W);
  const { plan, fm } = cost;
  const ceilings = new Map<number, number>();
  const price = ix.price;
  const start = ix.cfgStart;
  const end = ix.cfgEnd;
  for (let c = 0; c < ix.nCfg; c++) {
    const f = fm[c];
    if (f < 0 || cfgState[c] === HARD) continue;
    const s0 = start[c];
    const e0 = end[c];
    if (s0 === e0) continue;
    let ceil = ceilings.get(f);
    if (ceil === undefined) ceilings.set(f, (ceil = priceCeiling(plan, max - f)));
    if (ceil < 0) continue;
    for (let i = s0; i < e0; i++) {
      const p = price[i];
      // Prices are whole dollars; one that is not is decided by its own payment.
      if (p <= ceil || (p < ceil + 1 && planPayment(plan, p) + f <= max)) keep[i >>> 5] |= 1 << (i & 31);
    }
  }
  const slotCfg = ix.slotCfg;
  for (let i = ix.sortedEnd; i < ix.n; i++) {
    const c = slotCfg[i];
    const f = fm[c];
    if (f >= 0 && cfgState[c] !== HARD && planPayment(plan, price[i]) + f <= max) keep[i >>> 5] |= 1 << (i & 31);
  }
  andInto(bits, keep, W);
}

function addInto(target: Int32Array, source: Int32Array): void {
  const n = Math.min(target.length, source.length);
  for (let i = 0; i < n; i++) target[i] += source[i];
}

/** No filter but the condition, nothing slot-level: every count comes from the running totals. */
function isLandingQuery(q: SearchQuery, plan: Plan, opts: ScanOptions): boolean {
  if (opts.excludeIds || opts.onlyIds || opts.outsideLocation || opts.sortMode !== undefined) return false;
  for (const f of plan.active) if (f !== F.LTYPE) return false;
  if (
    plan.keywordOn ||
    plan.keywordFeatures.length > 0 ||
    q.showcaseOwnerId !== undefined ||
    q.experience !== undefined ||
    q.excludedMakeCodes.length > 0 ||
    q.maxMonthlyCost !== undefined
  )
    return false;
  if (plan.location && plan.location.radius > 0) return false;
  return true;
}

/** Listing type ids whose slots pass the condition filter. */
function landingTypes(ix: ListingIndex, q: SearchQuery): number[] {
  const out: number[] = [];
  for (let t = 1; t < ix.listingTypes.size; t++) if (listingTypeMatches(q.listingTypes, ix.listingTypes.values[t])) out.push(t);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Turning per-config / per-appearance hits into counts per facet value

function rollup(
  ix: ListingIndex,
  q: SearchQuery,
  cfgState: Uint8Array,
  cfgHits: Int32Array,
  cfgBaseHits: Int32Array | null,
  appState: Uint8Array,
  appHits: Int32Array,
  priceH: Int32Array,
  mileH: Int32Array,
  featH: Int32Array,
  pkgH: Int32Array,
  hsH: Int32Array,
  histH: Int32Array,
): FacetCounts {
  const C = ix.cfg;
  const make = new Int32Array(ix.makes.size);
  const model = new Int32Array(ix.models.size);
  const series = new Int32Array(ix.series.size);
  const trim = new Int32Array(ix.trims.size);
  const body = new Int32Array(ix.bodies.size);
  const sub = new Int32Array(ix.subtypes.size);
  const fuel = new Int32Array(ix.fuels.size);
  const drive = new Int32Array(ix.drives.size);
  const engine = new Int32Array(ix.engines.size);
  const trans = new Int32Array(ix.transmissions.size);
  const bed = new Int32Array(ix.beds.size);
  const years = new Int32Array(512);
  const doors = new Int32Array(64);
  const cyl = new Int32Array(64);
  const cab = new Int32Array(8);
  const mpgReach = new Int32Array(MPG_THRESHOLDS.length + 1);
  const rangeReach = new Int32Array(ELECTRIC_RANGE_THRESHOLDS.length + 1);
  const fw = Math.max(2, ix.featX.words.length);
  const cMake = C.make,
    cModel = C.model,
    cSeries = C.series,
    cTrim = C.trim,
    cYear = C.year,
    cBody = C.body,
    cSub = C.subtype;
  const cFuel = C.fuel,
    cDrive = C.drive,
    cEngine = C.engine,
    cTrans = C.trans,
    cDoors = C.doors,
    cCyl = C.cyl;
  const cBed = C.bed,
    cCab = C.cab,
    mpgR = ix.cfgMpgReach,
    rangeR = ix.cfgRangeReach;
  const yearIx = (y: number) => Math.min(511, Math.max(0, y - 1800));
  const baseSlices = new Int32Array(8 * 256);
  const base0 = ix.cfgBase[0];
  const base1 = ix.cfgBase[1];
  for (let c = 0; c < ix.nCfg; c++) {
    const h = cfgHits[c];
    const bh = cfgBaseHits ? cfgBaseHits[c] : 0;
    if (h === 0 && bh === 0) continue;
    const st = cfgState[c];
    if (st === 0) {
      if (bh > 0) {
        const a = base0[c];
        const b = base1[c];
        baseSlices[a & 255] += bh;
        baseSlices[256 + ((a >>> 8) & 255)] += bh;
        baseSlices[512 + ((a >>> 16) & 255)] += bh;
        baseSlices[768 + (a >>> 24)] += bh;
        baseSlices[1024 + (b & 255)] += bh;
        baseSlices[1280 + ((b >>> 8) & 255)] += bh;
        baseSlices[1536 + ((b >>> 16) & 255)] += bh;
        baseSlices[1792 + (b >>> 24)] += bh;
        for (let w = 2; w < fw; w++) countBitsTimes(featH, w, ix.cfgBase[w][c], bh);
      }
      make[cMake[c]] += h;
      model[cModel[c]] += h;
      series[cSeries[c]] += h;
      trim[cTrim[c]] += h;
      years[yearIx(cYear[c])] += h;
      body[cBody[c]] += h;
      sub[cSub[c]] += h;
      fuel[cFuel[c]] += h;
      drive[cDrive[c]] += h;
      engine[cEngine[c]] += h;
      trans[cTrans[c]] += h;
      doors[cDoors[c] & 63] += h;
      cyl[cCyl[c] & 63] += h;
      mpgReach[mpgR[c]] += h;
      rangeReach[rangeR[c]] += h;
      bed[cBed[c]] += h;
      if (cCab[c] > 0) cab[truckCabBucket(cCab[c])] += h;
      continue;
    }
    switch (st) {
      case F.MM:
        make[cMake[c]] += h;
        model[cModel[c]] += h;
        break;
      case F.SERIES:
        series[cSeries[c]] += h;
        break;
      case F.TRIM:
        trim[cTrim[c]] += h;
        break;
      case F.YEAR:
        years[yearIx(cYear[c])] += h;
        break;
      case F.BODY:
        body[cBody[c]] += h;
        break;
      case F.SUBTYPE:
        sub[cSub[c]] += h;
        break;
      case F.FUEL:
        fuel[cFuel[c]] += h;
        break;
      case F.DRIVE:
        drive[cDrive[c]] += h;
        break;
      case F.ENGINE:
        engine[cEngine[c]] += h;
        break;
      case F.TRANS:
        trans[cTrans[c]] += h;
        break;
      case F.DOORS:
        doors[cDoors[c] & 63] += h;
        break;
      case F.CYL:
        cyl[cCyl[c] & 63] += h;
        break;
      case F.MPG:
        mpgReach[mpgR[c]] += h;
        break;
      case F.ERANGE:
        rangeReach[rangeR[c]] += h;
        break;
      case F.BED:
        bed[cBed[c]] += h;
        break;
      case F.CAB:
        if (cCab[c] > 0) cab[truckCabBucket(cCab[c])] += h;
        break;
    }
  }
  rollSlices(baseSlices, featH);
  const A = ix.app;
  const type = new Int32Array(ix.listingTypes.size);
  const ext = new Int32Array(ix.extColors.size);
  const int = new Int32Array(ix.intColors.size);
  const seller = new Int32Array(ix.sellers.size);
  const deal = new Int32Array(ix.deals.size);
  const use = new Int32Array(ix.uses.size);
  let mbg = 0;
  for (let a = 1; a < ix.nApp; a++) {
    const h = appHits[a];
    if (h === 0) continue;
    const st = appState[a];
    if (st === HARD) continue;
    if (st === 0 || st === F.LTYPE) type[A.type[a]] += h;
    if (st === 0 || st === F.EXT) ext[A.ext[a]] += h;
    if (st === 0 || st === F.INT) int[A.int[a]] += h;
    if (st === 0 || st === F.SELLER) seller[A.seller[a]] += h;
    if (st === 0 || st === F.DEAL) deal[A.deal[a]] += h;
    if (st === 0 || st === F.USE) use[A.use[a]] += h;
    if ((st === 0 || st === F.MBG) && A.mbg[a] === 1) mbg += h;
  }

  const counts: FacetCounts = new Map();
  const fromDict = (name: string, dict: Dict, arr: Int32Array, map?: (v: string) => string | null) => {
    const m = new Map<string, number>();
    for (let id = 1; id < dict.size; id++) {
      if (arr[id] === 0) continue;
      const v = map ? map(dict.values[id]) : dict.values[id];
      if (v !== null) m.set(v, (m.get(v) ?? 0) + arr[id]);
    }
    counts.set(name, m);
  };
  const fromArray = (name: string, src: Int32Array, offset = 0) => {
    const m = new Map<string, number>();
    for (let k = 1; k < src.length; k++) if (src[k] > 0) m.set(String(k + offset), src[k]);
    counts.set(name, m);
  };
  const fromBits = (name: string, codes: string[], arr: Int32Array) => {
    const m = new Map<string, number>();
    for (let b = 0; b < codes.length && b < arr.length; b++) if (arr[b] > 0) m.set(codes[b], arr[b]);
    counts.set(name, m);
  };
  const cumulativeAtMost = (thresholds: readonly number[], h: Int32Array) => {
    const m = new Map<string, number>();
    let run = 0;
    thresholds.forEach((t, j) => {
      run += h[j];
      m.set(String(t), run);
    });
    return m;
  };
  const cumulativeAtLeast = (thresholds: readonly number[], reach: Int32Array) => {
    const m = new Map<string, number>();
    thresholds.forEach((t, j) => {
      let sum = 0;
      for (let r = j + 1; r < reach.length; r++) sum += reach[r];
      m.set(String(t), sum);
    });
    return m;
  };

  fromDict(FACET.vehicleUseType, ix.uses, use);
  counts.set(FACET.moneyBackGuarantee, new Map([["true", mbg]]));
  fromArray(FACET.year, years, 1800);
  fromDict(FACET.listingType, ix.listingTypes, type);
  fromDict(FACET.drive, ix.drives, drive);
  counts.set(FACET.price, cumulativeAtMost(PRICE_THRESHOLDS, priceH));
  counts.set(FACET.mileage, cumulativeAtMost(MILEAGE_THRESHOLDS, mileH));
  fromDict(FACET.bodyStyle, ix.bodies, body);
  fromDict(FACET.subtype, ix.subtypes, sub);
  fromDict(FACET.truckBed, ix.beds, bed);
  fromArray(FACET.truckCab, cab);
  fromDict(FACET.fuel, ix.fuels, fuel);
  counts.set(FACET.mpg, cumulativeAtLeast(MPG_THRESHOLDS, mpgReach));
  counts.set(FACET.electricRange, cumulativeAtLeast(ELECTRIC_RANGE_THRESHOLDS, rangeReach));
  fromDict(FACET.make, ix.makes, make);
  for (const mk of q.makeCodes) {
    fromDict(modelFacetName(mk), ix.models, model, (v) => (v.startsWith(`${mk}|`) ? v.slice(mk.length + 1) : null));
  }
  fromDict(FACET.series, ix.series, series);
  fromDict(FACET.trim, ix.trims, trim);
  fromBits(FACET.packages, ix.packages.codes, pkgH);
  fromDict(FACET.extColor, ix.extColors, ext);
  fromDict(FACET.intColor, ix.intColors, int);
  fromDict(FACET.transmission, ix.transmissions, trans);
  fromDict(FACET.engine, ix.engines, engine);
  fromBits(FACET.history, ix.history.codes, histH);
  fromBits(FACET.homeServices, ix.homeServices.codes, hsH);
  fromBits(FACET.features, ix.features.codes, featH);
  fromArray(FACET.cylinders, cyl);
  fromDict(FACET.deal, ix.deals, deal, (v) => (v === "great" ? "greatprice" : v === "good" ? "goodprice" : null));
  fromArray(FACET.doors, doors);
  fromDict(FACET.seller, ix.sellers, seller);
  return counts;
}

function countBitsTimes(counts: Int32Array, word: number, bits: number, times: number): void {
  let m = bits;
  while (m !== 0) {
    const low = m & -m;
    counts[word * 32 + 31 - Math.clz32(low)] += times;
    m ^= low;
  }
}
