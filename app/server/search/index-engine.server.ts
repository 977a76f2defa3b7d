// The in-memory index behind the SearchEngine interface, kept current:
// - in-process: every inventory write is announced on `inventoryChanges`; the named ids are
//   re-read from SQL and applied (synchronously on SQLite, so the next search sees the write);
// - across instances and processes: a poller reads `listings.updated_at` past the newest change
//   it has seen (minus an overlap for late commits and clock skew) and new ids, every ~2 s on
//   PostgreSQL; on SQLite every second, and only when `PRAGMA data_version` says another
//   connection (another process: `npm run feed`, a second server) committed since the last look.
import { performance } from "node:perf_hooks";
import type { KeywordSuggestion, ListResult, MileageStats, MileageStatsRequest, SearchQuery, SearchResult, SimilarRequest } from "../../lib/search-query.ts";
import { listingTypeMatches } from "../../lib/search-query.ts";
import type { Database } from "../db/connection.server.ts";
import { inventoryChanges } from "../inventory/changes.server.ts";
import {
  MILEAGE_STATS_BUCKETS,
  ageYears,
  countsForMileageFacts,
  finishMileageStats,
  orderPriceStats,
  planSimilar,
  rankSuggestions,
  supplementalBase,
  type EngineStatus,
  type PriceGroup,
  type PriceStats,
  type PriceStatsRequest,
  type SearchEngine,
  type SearchOptions,
  type SimilarOptions,
  type SuggestionCandidate,
} from "./engine.server.ts";
import { FACET, assembleFilters, facetSpecs, hasModelSelection, modelFacetName, type FacetCounts, type FacetDomains } from "./facets.server.ts";
import { scanIndex } from "./index-query.server.ts";
import { buildKeywordTerms, type KeywordTerm } from "./keyword.server.ts";
import { loadSearchLabels, type SearchLabels } from "./labels.server.ts";
import { ListingIndex } from "./listing-index.server.ts";
import { BUY_ONLINE_EXPERIENCE } from "../../lib/deals.ts";
import { onlineEligibleIds } from "../deals/online-eligible.server.ts";
import { COL, activeIdsByVins, changedAfter, fetchRowsByIds, fetchRowsByIdsSync, idsAfter, loadActiveRowsParallel, maxListingId } from "./rows.server.ts";
import { setKeepingNewest } from "../bounded-map.server.ts";

export interface IndexEngineOptions {
  /**
   * Poll listings.updated_at every N ms for writes by other processes. Default: 2000 on
   * PostgreSQL, 1000 on SQLite (where a tick costs one PRAGMA unless another connection wrote).
   */
  pollIntervalMs?: number | null;
  /** Labels (default: read from the reference tables). */
  labels?: SearchLabels;
  /** Follow in-process inventory changes (default true). */
  followChanges?: boolean;
  log?: (message: string) => void;
}

/** A change may commit a little after its updated_at stamp, and clocks differ a little. */
export const POLL_OVERLAP_MS = 10_000;
const POLL_PAGE = 5_000;
/** Make and model selections whose facet domains are kept per inventory version. */
const SELECTION_DOMAINS_KEPT = 256;

export async function createIndexSearchEngine(db: Database, options: IndexEngineOptions = {}): Promise<IndexSearchEngine> {
  const started = performance.now();
  const labels = options.labels ?? (await loadSearchLabels(db));
  const early: number[] = [];
  let engine: IndexSearchEngine | null = null;
  const unsubscribe =
    options.followChanges === false
      ? () => {}
      : inventoryChanges.on(({ ids }) => {
          if (engine) engine.enqueue(ids);
          else for (const id of ids) early.push(id);
        });
  try {
    // Every id up to this one had committed before the build read the table.
    const idsReadTo = await maxListingId(db);
    const index = await ListingIndex.build((onRows) => loadActiveRowsParallel(db, onRows));
    const buildMs = performance.now() - started;
    engine = new IndexSearchEngine(db, index, labels, buildMs, unsubscribe, options, idsReadTo);
    if (early.length > 0) engine.enqueue(early);
    await engine.flush();
    return engine;
  } catch (e) {
    unsubscribe();
    throw e;
  }
}

export class IndexSearchEngine implements SearchEngine {
  readonly kind = "index" as const;
  readonly db: Database;
  readonly index: ListingIndex;
  readonly labels: SearchLabels;
  readonly builtAt = Date.now();
  readonly buildMs: number;
  #unsubscribe: () => void;
  #pending = new Set<number>();
  #flushing: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #pollMs: number | null;
  #polling = false;
  #lastApplied: number | null = null;
  #terms: { key: string; terms: KeywordTerm[] } | null = null;
  #domains: { version: number; domains: FacetDomains } | null = null;
  #suggestions: { version: number; candidates: SuggestionCandidate[] } | null = null;
  #log: (m: string) => void;
  #closed = false;
  /** The buy-online experience's eligible listing ids, as last read (#prime). */
  #online: Set<number> = new Set();

  constructor(db: Database, index: ListingIndex, labels: SearchLabels, buildMs: number, unsubscribe: () => void, options: IndexEngineOptions, idsReadTo = 0) {
    this.db = db;
    this.index = index;
    this.labels = labels;
    this.buildMs = buildMs;
    this.#readUntil = Math.floor(this.builtAt - buildMs);
    this.#idsReadTo = idsReadTo;
    this.#unsubscribe = unsubscribe;
    this.#log = options.log ?? (() => {});
    this.#pollMs = options.pollIntervalMs === undefined ? (db.dialect === "postgres" ? 2000 : 1000) : options.pollIntervalMs;
    if (this.#pollMs && this.#pollMs > 0) {
      this.#timer = setInterval(() => {
        if (this.#polling || !this.#otherWriters()) return;
        void this.poll().catch((e) => {
          this.#dataVersion = -1; // look again next tick
          this.#log(`search poll failed: ${(e as Error).message}`);
        });
      }, this.#pollMs);
      this.#timer.unref();
    }
  }

  // Freshness --------------------------------------------------------------------------------

  /** Ids whose rows changed; SQLite applies them at once, PostgreSQL on the next tick. */
  enqueue(ids: Iterable<number>): void {
    if (this.#closed) return;
    for (const id of ids) this.#pending.add(id);
    if (this.db.sqlite) {
      if (this.#pending.size === 0) return;
      const list = [...this.#pending];
      this.#pending.clear();
      try {
        this.#applySync(list);
      } catch (e) {
        // Never fail the writer (this runs inside its announcement): retry shortly.
        for (const id of list) this.#pending.add(id);
        this.#log(`search index: applying ${list.length} changes failed, retrying: ${(e as Error).message}`);
        setTimeout(() => this.enqueue([]), 1000).unref();
      }
      return;
    }
    if (!this.#flushing) this.#flushing = this.#drain();
  }

  #applySync(ids: number[]): void {
    for (let i = 0; i < ids.length; i += 5000) {
      const slice = ids.slice(i, i + 5000);
      const rows = fetchRowsByIdsSync(this.db, slice);
      this.#apply(slice, rows);
    }
  }

  #apply(ids: number[], rows: unknown[][]): void {
    const found = new Set(rows.map((r) => Number(r[COL.id])));
    const horizon = this.index.maxUpdatedAt - 2 * POLL_OVERLAP_MS;
    for (const r of rows) {
      const at = Number(r[COL.updatedAt]);
      if (at >= horizon) this.#seen.set(Number(r[COL.id]), at);
    }
    this.index.applyRows(rows);
    this.index.removeIds(ids.filter((id) => !found.has(id)));
    this.#lastApplied = Date.now();
  }

  async #drain(): Promise<void> {
    try {
      while (this.#pending.size > 0 && !this.#closed) {
        const ids = [...this.#pending].slice(0, 5000);
        for (const id of ids) this.#pending.delete(id);
        try {
          const rows = await fetchRowsByIds(this.db, ids);
          this.#apply(ids, rows);
        } catch (e) {
          // The database is unreachable: keep the ids and try again shortly; searches go on
          // answering from the index meanwhile.
          for (const id of ids) this.#pending.add(id);
          this.#log(`search index: reading ${ids.length} changed listings failed: ${(e as Error).message}`);
          if (!this.#closed) setTimeout(() => this.enqueue([]), 1000).unref();
          return;
        }
      }
    } finally {
      this.#flushing = null;
    }
  }

  async flush(): Promise<void> {
    while (this.#flushing) await this.#flushing;
  }

  /**
   * Whether another connection may have written since the last look: always on PostgreSQL; on
   * SQLite when `PRAGMA data_version` moved (it changes on every commit by another connection,
   * never on this connection's own, which inventoryChanges already announced).
   */
  #dataVersion = -1;
  #otherWriters(): boolean {
    const sqlite = this.db.sqlite;
    if (!sqlite) return true;
    try {
      const version = Number((sqlite.prepare("PRAGMA data_version").get() as { data_version: number }).data_version);
      if (version === this.#dataVersion) return false;
      this.#dataVersion = version;
    } catch {
      /* closed or busy: poll anyway */
    }
    return true;
  }

  /** One poll for changes made by other instances (exposed for tests). */
  async poll(): Promise<number> {
    if (this.#polling || this.#closed) return 0;
    this.#polling = true;
    try {
      const ix = this.index;
      const stale: number[] = [];
      const newIds: number[] = [];
      // New ids above the highest read so far (a listing that is not active, such as one sold
      // since, is never in the index, so the index's own highest id would read it every time).
      let after = Math.max(ix.maxId, this.#idsReadTo);
      for (;;) {
        const ids = await idsAfter(this.db, after, POLL_PAGE);
        newIds.push(...ids);
        if (ids.length > 0) after = ids[ids.length - 1]!;
        if (ids.length < POLL_PAGE) break;
      }
      // Changes stamped before the later of the newest change applied and the start of the last
      // completed poll (or of the build), less the overlap, have all been read: scanning from the
      // newest change alone re-read, at every poll, every row of a burst's last seconds (a seed
      // or a feed import) until the next change (docs/search-index.md, Freshness).
      const pollStarted = Date.now();
      let cursor = { updatedAt: Math.max(ix.maxUpdatedAt, this.#readUntil) - POLL_OVERLAP_MS, id: 0 };
      for (;;) {
        const rows = await changedAfter(this.db, cursor, POLL_PAGE);
        for (const r of rows) if (this.#seen.get(r.id) !== r.updatedAt) stale.push(r.id);
        if (rows.length < POLL_PAGE) break;
        const last = rows[rows.length - 1];
        cursor = { updatedAt: last.updatedAt, id: last.id };
      }
      const ids = [...new Set([...newIds, ...stale])];
      for (let i = 0; i < ids.length; i += 5000) {
        const slice = ids.slice(i, i + 5000);
        const rows = await fetchRowsByIds(this.db, slice);
        this.#apply(slice, rows);
      }
      this.#pruneSeen();
      this.#readUntil = pollStarted;
      this.#idsReadTo = after;
      return ids.length;
    } finally {
      this.#polling = false;
    }
  }

  /** Wall-clock time before which every committed change has been read (the build's or the last poll's start). */
  #readUntil: number;
  /** The highest listing id a poll has read. */
  #idsReadTo: number;

  /** updated_at of rows applied lately, so the poll's overlap window does not re-read them. */
  #seen = new Map<number, number>();
  #pruneSeen(): void {
    const horizon = this.index.maxUpdatedAt - 2 * POLL_OVERLAP_MS;
    for (const [id, at] of this.#seen) if (at < horizon) this.#seen.delete(id);
  }

  async #fresh(): Promise<void> {
    if (this.#flushing) await this.flush();
  }

  // Queries ----------------------------------------------------------------------------------

  #keywordTerms(): KeywordTerm[] {
    const ix = this.index;
    const key = [
      ix.makes.size,
      ix.models.size,
      ix.series.size,
      ix.trims.size,
      ix.bodies.size,
      ix.subtypes.size,
      ix.nCfg,
      ix.fuels.size,
      ix.drives.size,
      ix.transmissions.size,
      ix.extColors.size,
      ix.listingTypes.size,
    ].join(",");
    if (this.#terms?.key === key) return this.#terms.terms;
    const years = new Set<number>();
    for (let c = 0; c < ix.nCfg; c++) years.add(ix.cfg.year[c]);
    const terms = buildKeywordTerms(this.labels, {
      makes: ix.makes.values.slice(1),
      models: ix.models.values.slice(1),
      series: ix.series.values.slice(1),
      trims: ix.trims.values.slice(1),
      bodyStyles: ix.bodies.values.slice(1),
      subtypes: ix.subtypes.values.slice(1),
      years,
      fuels: ix.fuels.values.slice(1),
      drives: ix.drives.values.slice(1),
      transmissions: ix.transmissions.values.slice(1),
      extColors: ix.extColors.values.slice(1),
      listingTypes: ix.listingTypes.values.slice(1),
    });
    this.#terms = { key, terms };
    return terms;
  }

  /** Values present in the live inventory per facet (options shown even at zero count). */
  #globalDomains(): FacetDomains {
    const ix = this.index;
    if (this.#domains?.version === ix.version) return this.#domains.domains;
    const sets = new Map<string, Set<string>>();
    const add = (name: string, v: string | number) => {
      if (v === "" || v === 0) return;
      let s = sets.get(name);
      if (!s) sets.set(name, (s = new Set()));
      s.add(String(v));
    };
    const C = ix.cfg;
    for (let c = 0; c < ix.nCfg; c++) {
      if (ix.cfgLive[c] === 0) continue;
      add(FACET.make, ix.makes.values[C.make[c]]);
      add(FACET.year, C.year[c]);
      add(FACET.bodyStyle, ix.bodies.values[C.body[c]]);
      add(FACET.subtype, ix.subtypes.values[C.subtype[c]]);
      add(FACET.fuel, ix.fuels.values[C.fuel[c]]);
      add(FACET.drive, ix.drives.values[C.drive[c]]);
      add(FACET.engine, ix.engines.values[C.engine[c]]);
      add(FACET.transmission, ix.transmissions.values[C.trans[c]]);
      add(FACET.doors, C.doors[c]);
      add(FACET.cylinders, C.cyl[c]);
      add(FACET.truckBed, ix.beds.values[C.bed[c]]);
    }
    const A = ix.app;
    for (let a = 1; a < ix.nApp; a++) {
      if (ix.appLive[a] === 0) continue;
      add(FACET.vehicleUseType, ix.uses.values[A.use[a]]);
      add(FACET.extColor, ix.extColors.values[A.ext[a]]);
      add(FACET.intColor, ix.intColors.values[A.int[a]]);
      add(FACET.seller, ix.sellers.values[A.seller[a]]);
    }
    const bits = (name: string, codes: string[], pick: (t: NonNullable<(typeof ix.totals)[number]>) => Int32Array) => {
      for (const t of ix.totals) {
        if (!t) continue;
        const arr = pick(t);
        for (let b = 0; b < codes.length && b < arr.length; b++) if (arr[b] > 0) add(name, codes[b]);
      }
    };
    bits(FACET.features, ix.features.codes, (t) => t.features);
    bits(FACET.homeServices, ix.homeServices.codes, (t) => t.homeServices);
    bits(FACET.history, ix.history.codes, (t) => t.history);
    const domains: FacetDomains = new Map(sets);
    this.#domains = { version: ix.version, domains };
    return domains;
  }

  /**
   * Domains that depend on the make / model selection (models, series, trims): a pass over every
   * configuration, so kept per inventory version for the last selections asked (ADR 032).
   */
  #domainsFor(q: SearchQuery): FacetDomains {
    const base = this.#globalDomains();
    if (q.makeCodes.length === 0) return base;
    const ix = this.index;
    const withModels = hasModelSelection(q);
    if (this.#selectionDomains.version !== ix.version) this.#selectionDomains = { version: ix.version, kept: new Map() };
    const kept = this.#selectionDomains.kept;
    const key = JSON.stringify([q.makeCodes, withModels ? q.models : null]);
    const hit = kept.get(key);
    if (hit) return hit;
    const out = this.#selectionDomainsOf(q, base, withModels);
    setKeepingNewest(kept, key, out, SELECTION_DOMAINS_KEPT);
    return out;
  }

  #selectionDomains: { version: number; kept: Map<string, FacetDomains> } = { version: -1, kept: new Map() };

  #selectionDomainsOf(q: SearchQuery, base: FacetDomains, withModels: boolean): FacetDomains {
    const ix = this.index;
    const out: FacetDomains = new Map(base);
    const C = ix.cfg;
    const models = new Map<string, Set<string>>(q.makeCodes.map((m) => [m, new Set<string>()]));
    const series = new Set<string>();
    const trims = new Set<string>();
    for (let c = 0; c < ix.nCfg; c++) {
      if (ix.cfgLive[c] === 0) continue;
      const make = ix.makes.values[C.make[c]];
      const set = models.get(make);
      if (!set) continue;
      const key = ix.models.values[C.model[c]];
      const model = key.slice(key.indexOf("|") + 1);
      set.add(model);
      if (C.series[c] > 0) series.add(ix.series.values[C.series[c]]);
      if (withModels && C.trim[c] > 0) {
        const chosen = q.models[make];
        if (!chosen || chosen.length === 0 || chosen.includes(model)) trims.add(ix.trims.values[C.trim[c]]);
      }
    }
    for (const [make, set] of models) out.set(modelFacetName(make), set);
    out.set(FACET.series, series);
    out.set(FACET.trim, trims);
    return out;
  }

  /**
   * Reads what a query's hard conditions need from outside the index before the synchronous scan:
   * the automaker buy-online experience's eligible listings (the eligibility rules, ADR 028).
   */
  async #prime(q: SearchQuery): Promise<void> {
    if (q.experience === BUY_ONLINE_EXPERIENCE.value) this.#online = await onlineEligibleIds(this.db, BUY_ONLINE_EXPERIENCE.makeCode);
  }

  #only(q: SearchQuery): { onlyIds?: Set<number> } {
    return q.experience === BUY_ONLINE_EXPERIENCE.value ? { onlyIds: this.#online } : {};
  }

  /** Synchronous search on the current index (the benchmark calls this directly). */
  searchNow(q: SearchQuery, options: SearchOptions = {}): SearchResult {
    const started = performance.now();
    const facets = options.hideFilters !== true;
    const r = scanIndex(this.index, q, this.#keywordTerms(), {
      now: options.now ?? Date.now(),
      facets,
      keep: q.firstRecord + q.numRecords,
      ...this.#only(q),
    });
    const filters = facets && r.counts ? assembleFilters(q, facetSpecs(q, this.labels), r.counts, this.#domainsFor(q), this.labels) : [];
    return {
      hits: r.hits.slice(q.firstRecord, q.firstRecord + q.numRecords),
      totalResultCount: r.total,
      stats: r.stats,
      filters,
      location: r.location,
      query: q,
      ignored: r.ignored,
      version: this.index.version,
      tookMs: performance.now() - started,
    };
  }

  /** Raw facet counts of a query (value -> count per facet name), for comparisons. */
  facetCounts(q: SearchQuery, now = Date.now()): FacetCounts {
    const r = scanIndex(this.index, q, this.#keywordTerms(), { now, facets: true, keep: 0, ...this.#only(q) });
    const specs = new Set(facetSpecs(q, this.labels).map((s) => s.name));
    return new Map([...(r.counts ?? new Map())].filter(([name]) => specs.has(name)));
  }

  async search(q: SearchQuery, options: SearchOptions = {}): Promise<SearchResult> {
    await this.#fresh();
    await this.#prime(q);
    return this.searchNow(q, options);
  }

  countNow(q: SearchQuery): number {
    return scanIndex(this.index, q, this.#keywordTerms(), { now: Date.now(), facets: false, keep: 0, ...this.#only(q) }).total;
  }

  async count(q: SearchQuery): Promise<number> {
    await this.#fresh();
    await this.#prime(q);
    return this.countNow(q);
  }

  async supplemental(q: SearchQuery, options: { numRecords?: number } = {}): Promise<ListResult> {
    await this.#fresh();
    const numRecords = Math.max(1, Math.min(100, Math.trunc(options.numRecords ?? 100)));
    const base = supplementalBase(q);
    await this.#prime(base);
    const r = scanIndex(this.index, base, this.#keywordTerms(), {
      now: Date.now(),
      facets: false,
      keep: numRecords,
      outsideLocation: true,
      ...this.#only(base),
    });
    if (!r.location || r.location.radius === 0) return { hits: [], totalResultCount: 0, version: this.index.version };
    return { hits: r.hits, totalResultCount: r.total, version: this.index.version };
  }

  async similar(request: SimilarRequest, options: SimilarOptions = {}): Promise<ListResult> {
    await this.#fresh();
    const ix = this.index;
    let ref = null;
    if (request.listingId !== undefined) {
      const slot = ix.slotOf.get(request.listingId);
      if (slot >= 0) {
        const c = ix.slotCfg[slot];
        ref = {
          bodyStyleCode: ix.bodies.values[ix.cfg.body[c]],
          seriesCode: ix.cfg.series[c] > 0 ? ix.series.values[ix.cfg.series[c]] : null,
          price: ix.price[slot],
        };
      }
    }
    const plan = planSimilar(request, ref);
    const r = scanIndex(ix, plan.query, this.#keywordTerms(), {
      now: Date.now(),
      facets: false,
      keep: plan.numRecords,
      excludeIds: plan.exclude,
      count: options.count,
      ...(plan.refPrice !== null ? { sortMode: 10, refPrice: plan.refPrice } : {}),
    });
    return { hits: r.hits, totalResultCount: r.total, version: ix.version };
  }

  async mileageStats(request: MileageStatsRequest, options: { now?: number } = {}): Promise<MileageStats> {
    await this.#fresh();
    const now = options.now ?? Date.now();
    const ix = this.index;
    const make = request.makeCode ? ix.makes.find(request.makeCode) : -2;
    const modelKey = request.modelCode ? (request.makeCode ? `${request.makeCode}|${request.modelCode}` : null) : null;
    // Without a make, a model code matches that code under any make.
    const modelOk = new Uint8Array(ix.models.size);
    let anyModel = false;
    if (request.modelCode) {
      for (let m = 1; m < ix.models.size; m++) {
        const key = ix.models.values[m];
        if (modelKey ? key === modelKey : key.endsWith(`|${request.modelCode}`)) {
          modelOk[m] = 1;
          anyModel = true;
        }
      }
    }
    const sums = this.#mileageByConfig(request.listingTypes ?? [], now);
    const B = MILEAGE_STATS_BUCKETS.length;
    const s = { count: 0, sum: 0, max: 0, perYearSum: 0, buckets: MILEAGE_STATS_BUCKETS.map(() => 0), allCount: sums.allCount, allUnder50k: sums.allUnder50k };
    const C = ix.cfg;
    for (let c = 0; c < sums.count.length; c++) {
      if (sums.count[c] === 0) continue;
      if (make !== -2 && C.make[c] !== make) continue;
      if (request.modelCode && !modelOk[C.model[c]]) continue;
      s.count += sums.count[c];
      s.sum += sums.sum[c];
      if (sums.max[c] > s.max) s.max = sums.max[c];
      s.perYearSum += sums.perYear[c];
      for (let b = 0; b < B; b++) s.buckets[b] += sums.buckets[c * B + b];
    }
    let modelName: string | null = null;
    if (request.modelCode && anyModel) {
      const key = modelKey ?? ix.models.values[modelOk.indexOf(1)];
      modelName = this.labels.models.get(key) ?? request.modelCode;
    } else if (request.makeCode) modelName = this.labels.makes.get(request.makeCode) ?? request.makeCode;
    return finishMileageStats({ modelName, ...s });
  }

  #mileage: { version: number; sums: Map<string, MileageByConfig> } = { version: -1, sums: new Map() };

  async priceStats(request: PriceStatsRequest): Promise<PriceStats> {
    await this.#fresh();
    const ix = this.index;
    const out: PriceStats = { all: null, byYear: [], byTrim: [] };
    const model = ix.models.find(`${request.makeCode}|${request.modelCode}`);
    if (model <= 0 || request.listingTypes.length === 0) return out;
    const sums = this.#pricesByConfig(request.listingTypes);
    const C = ix.cfg;
    const years = new Map<number, PriceGroup>();
    const trims = new Map<number, PriceGroup>();
    const add = (into: PriceGroup | null | undefined, c: number): PriceGroup => {
      if (!into) return { count: sums.count[c], sum: sums.sum[c], min: sums.min[c], max: sums.max[c] };
      into.count += sums.count[c];
      into.sum += sums.sum[c];
      if (sums.min[c] < into.min) into.min = sums.min[c];
      if (sums.max[c] > into.max) into.max = sums.max[c];
      return into;
    };
    for (let c = 0; c < sums.count.length; c++) {
      if (sums.count[c] === 0 || C.model[c] !== model) continue;
      out.all = add(out.all, c);
      years.set(C.year[c], add(years.get(C.year[c]), c));
      if (C.trim[c] > 0) trims.set(C.trim[c], add(trims.get(C.trim[c]), c));
    }
    for (const [year, g] of years) out.byYear.push({ year, ...g });
    // A trim code is the make's code and the trim's name ("FORD|XLT"), the name the trim filter
    // and the price-by-trim links carry (docs/search-urls.md).
    for (const [trim, g] of trims) {
      const code = ix.trims.values[trim];
      out.byTrim.push({ trimName: code.slice(code.indexOf("|") + 1), ...g });
    }
    return orderPriceStats(out);
  }

  #prices: { version: number; sums: Map<string, PricesByConfig> } = { version: -1, sums: new Map() };

  /**
   * Asking-price sums per configuration of the listing types, gathered in one pass over every
   * slot and kept per inventory version: a results page of a make and model shows its prices by
   * year and trim, and the SQL aggregates behind them cost 6-16 ms per make and model at 1M
   * listings, which a long tail of make/model pairs misses in any cache
   * (docs/decisions/032-render-path-at-1m.md).
   */
  #pricesByConfig(listingTypes: readonly string[]): PricesByConfig {
    const ix = this.index;
    if (this.#prices.version !== ix.version) this.#prices = { version: ix.version, sums: new Map() };
    const key = `${[...listingTypes].sort().join(",")}|${ix.nCfg}`;
    const known = this.#prices.sums.get(key);
    if (known) return known;
    const wanted = new Set(listingTypes);
    const typeOk = new Uint8Array(ix.listingTypes.size);
    for (let t = 1; t < ix.listingTypes.size; t++) typeOk[t] = wanted.has(ix.listingTypes.values[t]) ? 1 : 0;
    const N = ix.nCfg;
    const out: PricesByConfig = { count: new Int32Array(N), sum: new Float64Array(N), min: new Float64Array(N), max: new Float64Array(N) };
    const type = ix.app.type;
    const slotApp = ix.slotApp;
    const slotCfg = ix.slotCfg;
    const price = ix.price;
    for (let i = 0; i < ix.n; i++) {
      const a = slotApp[i];
      if (a === 0 || !typeOk[type[a]]) continue;
      const c = slotCfg[i];
      const p = price[i];
      if (out.count[c] === 0) {
        out.min[c] = p;
        out.max[c] = p;
      } else if (p < out.min[c]) out.min[c] = p;
      else if (p > out.max[c]) out.max[c] = p;
      out.count[c]++;
      out.sum[c] += p;
    }
    if (this.#prices.sums.size >= 16) this.#prices.sums.clear();
    this.#prices.sums.set(key, out);
    return out;
  }

  /**
   * Mileage sums per configuration (make, model, year ...) of the listing types, and the counts
   * over every model, gathered in one pass over every slot and kept per inventory version and
   * calendar year: every results page of a make and model asks for its mileage facts, and a pass
   * over the whole index for each was about a twentieth of a results page's CPU at 1M listings
   * (docs/decisions/032-render-path-at-1m.md).
   */
  #mileageByConfig(listingTypes: readonly string[], now: number): MileageByConfig {
    const ix = this.index;
    if (this.#mileage.version !== ix.version) this.#mileage = { version: ix.version, sums: new Map() };
    const key = `${new Date(now).getUTCFullYear()}|${listingTypes.join(",")}|${ix.nCfg}`;
    const known = this.#mileage.sums.get(key);
    if (known) return known;
    const typeOk = new Uint8Array(ix.listingTypes.size);
    for (let t = 1; t < ix.listingTypes.size; t++) typeOk[t] = listingTypeMatches(listingTypes, ix.listingTypes.values[t]) ? 1 : 0;
    const N = ix.nCfg;
    const B = MILEAGE_STATS_BUCKETS.length;
    const out: MileageByConfig = {
      count: new Int32Array(N),
      sum: new Float64Array(N),
      max: new Int32Array(N),
      perYear: new Float64Array(N),
      buckets: new Int32Array(N * B),
      allCount: 0,
      allUnder50k: 0,
    };
    const C = ix.cfg;
    const bucketSize = MILEAGE_STATS_BUCKETS[0].hi;
    for (let i = 0; i < ix.n; i++) {
      const a = ix.slotApp[i];
      if (a === 0 || !typeOk[ix.app.type[a]]) continue;
      const m = ix.mileage[i];
      if (!countsForMileageFacts(m)) continue;
      out.allCount++;
      if (m < bucketSize) out.allUnder50k++;
      const c = ix.slotCfg[i];
      out.count[c]++;
      out.sum[c] += m;
      if (m > out.max[c]) out.max[c] = m;
      out.perYear[c] += m / ageYears(C.year[c], now);
      out.buckets[c * B + Math.floor(m / bucketSize)]++;
    }
    if (this.#mileage.sums.size >= 16) this.#mileage.sums.clear();
    this.#mileage.sums.set(key, out);
    return out;
  }

  #suggestionCandidates(): SuggestionCandidate[] {
    const ix = this.index;
    if (this.#suggestions?.version === ix.version) return this.#suggestions.candidates;
    const C = ix.cfg;
    const makes = new Map<number, number>();
    const models = new Map<number, number>();
    const trims = new Map<number, number>();
    const bodies = new Map<number, number>();
    const bump = (m: Map<number, number>, k: number, v: number) => m.set(k, (m.get(k) ?? 0) + v);
    for (let c = 0; c < ix.nCfg; c++) {
      const live = ix.cfgLive[c];
      if (live === 0) continue;
      bump(makes, C.make[c], live);
      bump(models, C.model[c], live);
      if (C.trim[c] > 0) bump(trims, C.trim[c], live);
      bump(bodies, C.body[c], live);
    }
    const L = this.labels;
    const out: SuggestionCandidate[] = [];
    for (const [id, count] of makes) {
      const code = ix.makes.values[id];
      out.push({ type: "make", label: L.makes.get(code) ?? code, count, makeCode: code });
    }
    for (const [id, count] of models) {
      const key = ix.models.values[id];
      const make = key.slice(0, key.indexOf("|"));
      const model = key.slice(key.indexOf("|") + 1);
      out.push({ type: "model", label: `${L.makes.get(make) ?? make} ${L.models.get(key) ?? model}`, count, makeCode: make, modelCode: model });
    }
    for (const [id, count] of trims) {
      const code = ix.trims.values[id];
      const make = code.slice(0, code.indexOf("|"));
      out.push({ type: "trim", label: `${L.makes.get(make) ?? make} ${code.slice(code.indexOf("|") + 1)}`, count, makeCode: make, trimCode: code });
    }
    for (const [id, count] of bodies) {
      const code = ix.bodies.values[id];
      if (!code) continue;
      out.push({ type: "bodyStyle", label: L.bodyStyles.get(code)?.name ?? code, count, bodyStyleCode: code });
    }
    this.#suggestions = { version: ix.version, candidates: out };
    return out;
  }

  async suggestKeywords(text: string, limit?: number): Promise<KeywordSuggestion[]> {
    await this.#fresh();
    return rankSuggestions(text, this.#suggestionCandidates(), limit);
  }

  activeListingsByVins(vins: string[]): Promise<{ vin: string; id: number }[]> {
    return activeIdsByVins(this.db, vins);
  }

  ownersOf(listingIds: readonly number[]): Promise<Map<number, number>> {
    const ix = this.index;
    const out = new Map<number, number>();
    for (const id of listingIds) {
      const slot = ix.slotOf.get(id);
      if (slot >= 0) out.set(id, ix.owner[slot]);
    }
    return Promise.resolve(out);
  }

  inventoryVersion(): number | null {
    return this.#pending.size > 0 ? null : this.index.version;
  }

  status(): EngineStatus {
    return {
      kind: "index",
      listings: this.index.live,
      version: this.index.version,
      builtAt: this.builtAt,
      buildMs: Math.round(this.buildMs),
      bytes: this.index.bytes(),
      pending: this.#pending.size,
      pollIntervalMs: this.#pollMs,
      lastChangeAppliedAt: this.#lastApplied,
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#unsubscribe();
    if (this.#timer) clearInterval(this.#timer);
    await this.flush().catch(() => {});
  }
}

/** Asking-price count, sum, lowest and highest per configuration id (IndexSearchEngine.priceStats). */
interface PricesByConfig {
  count: Int32Array;
  sum: Float64Array;
  min: Float64Array;
  max: Float64Array;
}

/** Mileage sums per configuration id (IndexSearchEngine.mileageStats). */
interface MileageByConfig {
  count: Int32Array;
  sum: Float64Array;
  max: Int32Array;
  perYear: Float64Array;
  /** MILEAGE_STATS_BUCKETS.length counts per configuration. */
  buckets: Int32Array;
  allCount: number;
  allUnder50k: number;
}
