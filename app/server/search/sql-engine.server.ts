// The SQL reference implementation of the search semantics, on SQLite and PostgreSQL. It is
// the yardstick the index is tested and benchmarked against: straightforward SQL, one
// GROUP BY per filter section (each with every other section's filter applied), so it is
// slow on large inventories by design (6.7 s for 12 facets at 1M rows when measured; docs/search-index.md).
// Options it lists: values with a count, the fixed ones and the selected ones (the index also
// lists zero-count values present in the inventory).
import { BUY_ONLINE_EXPERIENCE } from "../../lib/deals.ts";
import { sql, type RawBuilder } from "kysely";
import {
  DEAL_TYPE_RATING,
  ELECTRIC_RANGE_THRESHOLDS,
  HOME_SERVICE_LABELS,
  MARKET_EXTENSION,
  MILEAGE_THRESHOLDS,
  MPG_THRESHOLDS,
  PRICE_THRESHOLDS,
  VEHICLE_HISTORY_LABELS,
  type KeywordSuggestion,
  type ListResult,
  type MileageStats,
  type MileageStatsRequest,
  type SearchHit,
  type SearchLocation,
  type SearchQuery,
  type SearchResult,
  type SimilarRequest,
} from "../../lib/search-query.ts";
import { DEFAULT_SORT } from "../../lib/constants.ts";
import type { Database } from "../db/connection.server.ts";
import {
  MILEAGE_STATS_BUCKETS,
  ageYears,
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
import { F, FACET, activeFilters, assembleFilters, facetSpecs, type FacetCounts, type FacetSpec, type FilterId } from "./facets.server.ts";
import { boundingBox, milesFrom, resolveLocation } from "./geo.server.ts";
import { buildKeywordTerms, resolveKeyword, type KeywordField } from "./keyword.server.ts";
import { loadSearchLabels, type SearchLabels } from "./labels.server.ts";
import { DAY_MS, RELEVANCE_DEAL_POINTS, RELEVANCE_DISTANCE_POINTS, RELEVANCE_FRESHNESS_POINTS } from "./relevance.server.ts";
import { activeIdsByVins } from "./rows.server.ts";
import { onlineEligibleIds } from "../deals/online-eligible.server.ts";
import { costPlan } from "../../lib/monthly-cost.ts";

type Cond = RawBuilder<unknown>;

const TRUE: Cond = sql`1 = 1`;
const FALSE: Cond = sql`1 = 0`;

function and(conds: Cond[]): Cond {
  if (conds.length === 0) return TRUE;
  return sql`(${sql.join(conds, sql` AND `)})`;
}
function or(conds: Cond[]): Cond {
  if (conds.length === 0) return FALSE;
  return sql`(${sql.join(conds, sql` OR `)})`;
}
function inList(column: string, values: readonly (string | number)[]): Cond {
  if (values.length === 0) return FALSE;
  return sql`${sql.ref(column)} IN (${sql.join(values.map((v) => sql`${v}`))})`;
}
/** `,CODE,` inside a code list column; LIKE with `_` escaped. */
function hasCode(column: string, code: string): Cond {
  const pattern = `%,${code.replace(/[!%_]/g, (m) => `!${m}`)},%`;
  return sql`${sql.ref(column)} LIKE ${pattern} ESCAPE '!'`;
}
function hasAnyCode(column: string, codes: readonly string[]): Cond {
  return or(codes.map((c) => hasCode(column, c)));
}

const CAB_BUCKET = sql`(CASE WHEN truck_cab_size <= 3 THEN 3 WHEN truck_cab_size >= 6 THEN 6 ELSE truck_cab_size END)`;
const TO_RAD = Math.PI / 180;

export interface SqlEngineOptions {
  labels?: SearchLabels;
}

export async function createSqlSearchEngine(db: Database, options: SqlEngineOptions = {}): Promise<SqlSearchEngine> {
  const labels = options.labels ?? (await loadSearchLabels(db));
  return new SqlSearchEngine(db, labels);
}

interface Compiled {
  location: SearchLocation | null;
  ignored: SearchResult["ignored"];
  hard: Cond[];
  filters: Map<FilterId, Cond>;
  distance: Cond | null;
}

export class SqlSearchEngine implements SearchEngine {
  readonly kind = "sql" as const;
  readonly db: Database;
  readonly labels: SearchLabels;
  readonly builtAt = Date.now();

  constructor(db: Database, labels: SearchLabels) {
    this.db = db;
    this.labels = labels;
    // SQLite: the distance is the same JavaScript function the index uses.
    db.sqlite?.function("forecourt_miles", { deterministic: true }, (lat0, lon0, lat, lon) => milesFrom(Number(lat0), Number(lon0), Number(lat), Number(lon)));
  }

  #distanceExpr(lat0: number, lon0: number): Cond {
    if (this.db.sqlite) return sql`forecourt_miles(${lat0}, ${lon0}, lat, lon)`;
    // PostgreSQL: the same haversine as app/lib/zip.ts, step for step.
    const lat = sql`CAST(${lat0} AS double precision)`;
    const lon = sql`CAST(${lon0} AS double precision)`;
    const rad = sql`CAST(${TO_RAD} AS double precision)`;
    return sql`(2 * 3958.8 * asin(least(1, sqrt(power(sin((lat - ${lat}) * ${rad} / 2), 2) + cos(${lat}
      * ${rad}) * cos(lat * ${rad}) * power(sin((lon - ${lon}) * ${rad} / 2), 2)))))`;
  }

  /**
   * A listing's monthly cost with fuel (app/lib/monthly-cost.ts planPayment + fuelMonthly) in the
   * same floating-point steps as the index: (financed × a) ÷ b + 0.5, floored, plus the fuel cost
   * a month in whole-number arithmetic. NULL without an EPA fuel cost.
   */
  #costExpr(q: SearchQuery): Cond {
    const plan = costPlan(q.costTerms);
    const pg = this.db.dialect === "postgres";
    const real = pg ? sql.raw("double precision") : sql.raw("REAL");
    const financed =
      plan.down === null
        ? pg
          ? sql`(sale_price - (CAST(sale_price AS bigint) * ${sql.lit(plan.downPercent)} + 50) / 100)`
          : sql`(sale_price - (sale_price * ${sql.lit(plan.downPercent)} + 50) / 100)`
        : sql`(CASE WHEN sale_price > ${plan.down} THEN sale_price - ${plan.down} ELSE 0 END)`;
    const x = sql`(${financed} * CAST(${plan.a} AS ${real})) / CAST(${plan.b} AS ${real}) + 0.5`;
    // SQLite's CAST to INTEGER truncates (x is positive: that is floor); PostgreSQL's rounds.
    const payment = pg ? sql`floor(${x})` : sql`CAST(${x} AS INTEGER)`;
    return sql`(${payment} + (annual_fuel_cost + 6) / 12)`;
  }

  #termsCache: ReturnType<typeof buildKeywordTerms> | null = null;

  /** Forget the cached keyword vocabulary (after inventory changes that add new codes). */
  invalidate(): void {
    this.#termsCache = null;
  }

  async #terms() {
    this.#termsCache ??= await this.#loadTerms();
    return this.#termsCache;
  }

  async #loadTerms() {
    const rows = await sql<{
      make_code: string;
      model_code: string;
      series_code: string | null;
      trim_code: string | null;
      body_style_code: string;
      body_subtype_code: string | null;
      year: number;
      fuel_type_group: string;
      drive_group: string;
      transmission_code: string;
      ext_color_simple: string;
      listing_type: string;
    }>`
      SELECT DISTINCT make_code, model_code, series_code, trim_code, body_style_code, body_subtype_code, year,
        fuel_type_group, drive_group, transmission_code, ext_color_simple, listing_type
      FROM listings WHERE status = 'active'`.execute(this.db.kysely);
    const set = (f: (r: (typeof rows.rows)[number]) => string | number | null) =>
      new Set(rows.rows.map(f).filter((v): v is string | number => v !== null && v !== ""));
    return buildKeywordTerms(this.labels, {
      makes: set((r) => r.make_code) as Set<string>,
      models: set((r) => `${r.make_code}|${r.model_code}`) as Set<string>,
      series: set((r) => r.series_code) as Set<string>,
      trims: set((r) => r.trim_code) as Set<string>,
      bodyStyles: set((r) => r.body_style_code) as Set<string>,
      subtypes: set((r) => r.body_subtype_code) as Set<string>,
      years: new Set(rows.rows.map((r) => Number(r.year))),
      fuels: set((r) => r.fuel_type_group) as Set<string>,
      drives: set((r) => r.drive_group) as Set<string>,
      transmissions: set((r) => r.transmission_code) as Set<string>,
      extColors: set((r) => r.ext_color_simple) as Set<string>,
      listingTypes: set((r) => r.listing_type) as Set<string>,
    });
  }

  async #compile(q: SearchQuery, extra: { excludeIds?: Set<number>; outside?: boolean } = {}): Promise<Compiled> {
    const { location, ignored } = resolveLocation(q);
    const hard: Cond[] = [sql`status = 'active'`];
    const filters = new Map<FilterId, Cond>();
    const active = activeFilters(q);
    const set = (f: FilterId, c: Cond) => {
      if (active.has(f)) filters.set(f, c);
    };
    set(
      F.MM,
      or(
        q.makeCodes.map((m) => {
          const models = q.models[m];
          return models && models.length > 0 ? and([sql`make_code = ${m}`, inList("model_code", models)]) : sql`make_code = ${m}`;
        }),
      ),
    );
    set(F.SERIES, inList("series_code", q.seriesCodes));
    set(F.TRIM, inList("trim_code", q.trimCodes));
    set(F.YEAR, and([...(q.startYear !== undefined ? [sql`year >= ${q.startYear}`] : []), ...(q.endYear !== undefined ? [sql`year <= ${q.endYear}`] : [])]));
    set(F.BODY, inList("body_style_code", q.vehicleStyleCodes));
    set(F.SUBTYPE, inList("body_subtype_code", q.bodyStyleSubtypeCodes));
    set(F.FUEL, inList("fuel_type_group", q.fuelTypeGroups));
    set(F.DRIVE, inList("drive_group", q.driveGroups));
    set(F.ENGINE, inList("engine_code", q.engineCodes));
    set(F.TRANS, inList("transmission_code", q.transmissionCodes));
    set(F.DOORS, inList("doors", q.doorCodes));
    set(F.CYL, inList("cylinders", q.cylinders));
    set(F.MPG, sql`(is_mpge = 0 AND mpg_combined >= ${q.mpgRange ?? 0})`);
    set(F.ERANGE, sql`(electric_range >= ${q.electricMileRange ?? 0})`);
    set(F.BED, inList("truck_bed_length", q.truckBedLengths));
    set(F.CAB, q.truckCabSizes.length ? sql`(truck_cab_size > 0 AND ${CAB_BUCKET} IN (${sql.join(q.truckCabSizes.map((n) => sql`${n}`))}))` : FALSE);
    const types = new Set<string>(q.listingTypes);
    if (types.has("USED")) types.add("3P_CERT");
    set(F.LTYPE, inList("listing_type", [...types]));
    set(F.EXT, inList("ext_color_simple", q.extColors));
    set(F.INT, inList("int_color_simple", q.intColors));
    set(F.SELLER, inList("seller_type", q.sellerTypes));
    set(
      F.DEAL,
      inList(
        "deal_rating",
        q.dealTypes.map((d) => DEAL_TYPE_RATING[d]),
      ),
    );
    set(F.USE, inList("vehicle_use_type", q.vehicleUseTypes));
    set(F.MBG, sql`money_back_guarantee = 1`);
    set(
      F.PRICE,
      and([...(q.minPrice !== undefined ? [sql`sale_price >= ${q.minPrice}`] : []), ...(q.maxPrice !== undefined ? [sql`sale_price <= ${q.maxPrice}`] : [])]),
    );
    set(F.MILEAGE, sql`mileage <= ${q.mileage ?? 0}`);
    set(F.FEATURES, hasAnyCode("features", q.featureCodes));
    set(F.PACKAGES, hasAnyCode("packages", q.packages));
    set(F.HOME, hasAnyCode("home_services", q.homeServices));
    set(F.HISTORY, hasAnyCode("vehicle_history", q.vehicleHistoryTypes));

    // Hard conditions.
    if (q.keyword) {
      const kw = resolveKeyword(q.keyword, await this.#terms());
      const column: Record<Exclude<KeywordField, "feature">, Cond> = {
        make: sql`make_code`,
        model: sql`(make_code || '|' || model_code)`,
        series: sql`series_code`,
        trim: sql`trim_code`,
        bodyStyle: sql`body_style_code`,
        subtype: sql`body_subtype_code`,
        year: sql`year`,
        fuel: sql`fuel_type_group`,
        drive: sql`drive_group`,
        transmission: sql`transmission_code`,
        extColor: sql`ext_color_simple`,
        condition: sql`listing_type`,
      };
      for (const byField of kw.matches) {
        const alternatives: Cond[] = [];
        for (const [field, codes] of byField) {
          const values = field === "year" ? [...codes].map(Number) : [...codes];
          alternatives.push(sql`${column[field]} IN (${sql.join(values.map((v) => sql`${v}`))})`);
        }
        hard.push(or(alternatives));
      }
      // Words naming features: the listing has one of the features each names.
      for (const codes of kw.features) hard.push(hasAnyCode("features", codes));
    }
    if (q.showcaseOwnerId !== undefined) hard.push(sql`owner_id = ${q.showcaseOwnerId}`);
    // The monthly cost with fuel: a condition of its own (no count section; docs/decisions/031-monthly-cost.md).
    if (q.maxMonthlyCost !== undefined) hard.push(sql`(annual_fuel_cost IS NOT NULL AND ${this.#costExpr(q)} <= ${q.maxMonthlyCost})`);
    if (q.excludedMakeCodes.length > 0) hard.push(sql`make_code NOT IN (${sql.join(q.excludedMakeCodes.map((m) => sql`${m}`))})`);
    if (q.experience === "commercial") hard.push(sql`vehicle_use_type = 'commercial'`);
    if (q.experience === "best-deals") hard.push(sql`deal_rating IN ('great', 'good')`);
    // The automaker buy-online experience: that automaker's listings that pass every eligibility
    // rule (ADR 028; the same set the index engine applies).
    if (q.experience === BUY_ONLINE_EXPERIENCE.value) {
      const ids = [...(await onlineEligibleIds(this.db, BUY_ONLINE_EXPERIENCE.makeCode))];
      hard.push(sql`make_code = ${BUY_ONLINE_EXPERIENCE.makeCode}`);
      hard.push(ids.length === 0 ? FALSE : this.db.sqlite ? sql`id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))` : sql`id = ANY(${ids}::bigint[])`);
    }
    if (extra.excludeIds && extra.excludeIds.size > 0) hard.push(sql`id NOT IN (${sql.join([...extra.excludeIds].map((v) => sql`${v}`))})`);
    let distance: Cond | null = null;
    if (location) {
      distance = this.#distanceExpr(location.lat, location.lon);
      if (location.radius > 0) {
        const outer = Math.max(location.radius, location.extendedRadius);
        const box = boundingBox(location.lat, location.lon, outer);
        const within = or([
          sql`${distance} <= ${location.radius}`,
          ...(location.extendedRadius > 0
            ? [and([sql`${distance} <= ${location.extendedRadius}`, hasCode("home_services", MARKET_EXTENSION.homeService)])]
            : []),
        ]);
        const inside = and([sql`lat BETWEEN ${box.latMin} AND ${box.latMax}`, sql`lon BETWEEN ${box.lonMin} AND ${box.lonMax}`, within]);
        hard.push(extra.outside ? sql`NOT ${inside}` : inside);
      }
    }
    return { location, ignored, hard, filters, distance };
  }

  #where(c: Compiled, except?: FilterId): Cond {
    const conds = [...c.hard];
    for (const [f, cond] of c.filters) if (f !== except) conds.push(cond);
    return and(conds);
  }

  #order(q: SearchQuery, c: Compiled, now: number, refPrice?: number): Cond {
    if (refPrice !== undefined)
      return c.distance ? sql`abs(sale_price - ${refPrice}) ASC, ${c.distance} ASC, id ASC` : sql`abs(sale_price - ${refPrice}) ASC, id ASC`;
    let sort = q.sortBy;
    if (sort === "distanceASC" && !c.distance) sort = DEFAULT_SORT;
    switch (sort) {
      case "derivedpriceASC":
        return sql`sale_price ASC, id ASC`;
      case "derivedpriceDESC":
        return sql`sale_price DESC, id ASC`;
      case "distanceASC":
        return sql`${c.distance} ASC, id ASC`;
      case "datelistedASC":
        return sql`date_listed ASC, id ASC`;
      case "datelistedDESC":
        return sql`date_listed DESC, id ASC`;
      case "mileageASC":
        return sql`mileage ASC, id ASC`;
      case "mileageDESC":
        return sql`mileage DESC, id ASC`;
      case "yearASC":
        return sql`year ASC, id ASC`;
      case "yearDESC":
        return sql`year DESC, id ASC`;
      case "monthlycostASC":
        // Cars without an EPA fuel cost last, by price.
        return sql`(CASE WHEN annual_fuel_cost IS NULL THEN 1 ELSE 0 END) ASC, (CASE WHEN
          annual_fuel_cost IS NULL THEN sale_price ELSE ${this.#costExpr(q)} END) ASC, id ASC`;
      default: {
        const D = RELEVANCE_DEAL_POINTS;
        const deal = sql`(CASE deal_rating WHEN 'great' THEN ${sql.lit(D.great)} WHEN 'good' THEN ${sql.lit(D.good)} WHEN
          'fair' THEN ${sql.lit(D.fair)} WHEN 'high' THEN ${sql.lit(D.high)} ELSE ${sql.lit(D.none)} END)`;
        const fresh = sql`(CASE ${sql.join(
          RELEVANCE_FRESHNESS_POINTS.map(([days, points]) => sql`WHEN date_listed > ${now - days * DAY_MS} THEN ${sql.lit(points)}`),
          sql` `,
        )} ELSE 0 END)`;
        const near = c.distance
          ? sql`(CASE ${sql.join(
              RELEVANCE_DISTANCE_POINTS.map(([miles, points]) => sql`WHEN ${c.distance} <= ${miles} THEN ${sql.lit(points)}`),
              sql` `,
            )} ELSE 0 END)`
          : sql`0`;
        return sql`(${deal} + ${fresh} + ${near}) DESC, date_listed DESC, id ASC`;
      }
    }
  }

  async #page(c: Compiled, order: Cond, limit: number, offset: number): Promise<SearchHit[]> {
    const rows = await sql<{ id: number; distance: number | null }>`
      SELECT id, ${c.distance ?? sql`NULL`} AS distance FROM listings WHERE ${this.#where(c)}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(this.db.kysely);
    return rows.rows.map((r) => {
      const distance = r.distance === null ? null : Number(r.distance);
      return {
        id: Number(r.id),
        distance,
        marketExtension: c.location !== null && c.location.radius > 0 && distance !== null && distance > c.location.radius,
      };
    });
  }

  /** Facet counts only (the benchmark times this part against the index). */
  async facetCounts(q: SearchQuery, specs?: FacetSpec[]): Promise<FacetCounts> {
    return this.#facetCounts(q, await this.#compile(q), specs ?? facetSpecs(q, this.labels));
  }

  async #facetCounts(q: SearchQuery, c: Compiled, specs: FacetSpec[]): Promise<FacetCounts> {
    const counts: FacetCounts = new Map();
    const kysely = this.db.kysely;
    const groupBy = async (name: string, expr: Cond, where: Cond, map?: (v: string) => string | null) => {
      const r = await sql<{ v: string | number | null; n: number }>`
        SELECT ${expr} AS v, COUNT(*) AS n FROM listings WHERE ${where} GROUP BY ${expr}`.execute(kysely);
      const m = new Map<string, number>();
      for (const row of r.rows) {
        if (row.v === null || row.v === "") continue;
        const key = map ? map(String(row.v)) : String(row.v);
        if (key !== null) m.set(key, (m.get(key) ?? 0) + Number(row.n));
      }
      counts.set(name, m);
    };
    const sums = async (name: string, cases: [string, Cond][], where: Cond) => {
      const r = await sql<Record<string, number | null>>`
        SELECT ${sql.join(cases.map(([, cond], i) => sql`SUM(CASE WHEN ${cond} THEN 1 ELSE 0 END) AS ${sql.ref(`c${i}`)}`))}
        FROM listings WHERE ${where}`.execute(kysely);
      const row = r.rows[0] ?? {};
      counts.set(name, new Map(cases.map(([value], i) => [value, Number(row[`c${i}`] ?? 0)])));
    };
    const codesFor = (known: Iterable<string>, selected: string[]) => [...new Set([...known, ...selected])];
    for (const spec of specs) {
      const where = this.#where(c, spec.filter);
      switch (spec.name) {
        case FACET.vehicleUseType:
          await groupBy(spec.name, sql`vehicle_use_type`, where);
          break;
        case FACET.moneyBackGuarantee:
          await sums(spec.name, [["true", sql`money_back_guarantee = 1`]], where);
          break;
        case FACET.year:
          await groupBy(spec.name, sql`year`, where);
          break;
        case FACET.listingType:
          await groupBy(spec.name, sql`listing_type`, where);
          break;
        case FACET.drive:
          await groupBy(spec.name, sql`drive_group`, where);
          break;
        case FACET.price:
          await sums(
            spec.name,
            PRICE_THRESHOLDS.map((t) => [String(t), sql`sale_price <= ${t}`]),
            where,
          );
          break;
        case FACET.mileage:
          await sums(
            spec.name,
            MILEAGE_THRESHOLDS.map((t) => [String(t), sql`mileage <= ${t}`]),
            where,
          );
          break;
        case FACET.bodyStyle:
          await groupBy(spec.name, sql`body_style_code`, where);
          break;
        case FACET.subtype:
          await groupBy(spec.name, sql`body_subtype_code`, where);
          break;
        case FACET.truckBed:
          await groupBy(spec.name, sql`truck_bed_length`, where);
          break;
        case FACET.truckCab:
          await groupBy(spec.name, CAB_BUCKET, and([where, sql`truck_cab_size > 0`]));
          break;
        case FACET.fuel:
          await groupBy(spec.name, sql`fuel_type_group`, where);
          break;
        case FACET.mpg:
          await sums(
            spec.name,
            MPG_THRESHOLDS.map((t) => [String(t), sql`is_mpge = 0 AND mpg_combined >= ${t}`]),
            where,
          );
          break;
        case FACET.electricRange:
          await sums(
            spec.name,
            ELECTRIC_RANGE_THRESHOLDS.map((t) => [String(t), sql`electric_range >= ${t}`]),
            where,
          );
          break;
        case FACET.make:
          await groupBy(spec.name, sql`make_code`, where);
          break;
        case FACET.series:
          await groupBy(spec.name, sql`series_code`, where);
          break;
        case FACET.trim:
          await groupBy(spec.name, sql`trim_code`, where);
          break;
        case FACET.packages:
          await sums(
            spec.name,
            codesFor(this.labels.packages.keys(), q.packages).map((code) => [code, hasCode("packages", code)]),
            where,
          );
          break;
        case FACET.extColor:
          await groupBy(spec.name, sql`ext_color_simple`, where);
          break;
        case FACET.intColor:
          await groupBy(spec.name, sql`int_color_simple`, where);
          break;
        case FACET.transmission:
          await groupBy(spec.name, sql`transmission_code`, where);
          break;
        case FACET.engine:
          await groupBy(spec.name, sql`engine_code`, where);
          break;
        case FACET.history:
          await sums(
            spec.name,
            codesFor(Object.keys(VEHICLE_HISTORY_LABELS), q.vehicleHistoryTypes).map((code) => [code, hasCode("vehicle_history", code)]),
            where,
          );
          break;
        case FACET.homeServices:
          await sums(
            spec.name,
            codesFor(Object.keys(HOME_SERVICE_LABELS), q.homeServices).map((code) => [code, hasCode("home_services", code)]),
            where,
          );
          break;
        case FACET.features:
          await sums(
            spec.name,
            codesFor(this.labels.features.keys(), q.featureCodes).map((code) => [code, hasCode("features", code)]),
            where,
          );
          break;
        case FACET.cylinders:
          await groupBy(spec.name, sql`cylinders`, where);
          break;
        case FACET.deal:
          await groupBy(spec.name, sql`deal_rating`, where, (v) => (v === "great" ? "greatprice" : v === "good" ? "goodprice" : null));
          break;
        case FACET.doors:
          await groupBy(spec.name, sql`doors`, where);
          break;
        case FACET.seller:
          await groupBy(spec.name, sql`seller_type`, where);
          break;
        default:
          if (spec.make) await groupBy(spec.name, sql`model_code`, and([where, sql`make_code = ${spec.make}`]));
      }
    }
    return counts;
  }

  async search(q: SearchQuery, options: SearchOptions = {}): Promise<SearchResult> {
    const started = performance.now();
    const now = options.now ?? Date.now();
    const c = await this.#compile(q);
    const where = this.#where(c);
    const agg = await sql<{ n: number; pmin: number | null; pmax: number | null; ymin: number | null; ymax: number | null }>`
      SELECT COUNT(*) AS n, MIN(sale_price) AS pmin, MAX(sale_price) AS pmax, MIN(year) AS ymin, MAX(year) AS ymax
      FROM listings WHERE ${where}`.execute(this.db.kysely);
    const a = agg.rows[0];
    const total = Number(a?.n ?? 0);
    const hits = await this.#page(c, this.#order(q, c, now), q.numRecords, q.firstRecord);
    const specs = facetSpecs(q, this.labels);
    const filters = options.hideFilters ? [] : assembleFilters(q, specs, await this.#facetCounts(q, c, specs), null, this.labels);
    return {
      hits,
      totalResultCount: total,
      stats: {
        derivedprice: total > 0 ? { min: Number(a.pmin), max: Number(a.pmax) } : null,
        year: total > 0 ? { min: Number(a.ymin), max: Number(a.ymax) } : null,
      },
      filters,
      location: c.location,
      query: q,
      ignored: c.ignored,
      version: 0,
      tookMs: performance.now() - started,
    };
  }

  async count(q: SearchQuery): Promise<number> {
    const c = await this.#compile(q);
    const r = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM listings WHERE ${this.#where(c)}`.execute(this.db.kysely);
    return Number(r.rows[0]?.n ?? 0);
  }

  async supplemental(q: SearchQuery, options: { numRecords?: number } = {}): Promise<ListResult> {
    const numRecords = Math.max(1, Math.min(100, Math.trunc(options.numRecords ?? 100)));
    const base = supplementalBase(q);
    const c = await this.#compile(base, { outside: true });
    if (!c.location || c.location.radius === 0) return { hits: [], totalResultCount: 0, version: 0 };
    const r = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM listings WHERE ${this.#where(c)}`.execute(this.db.kysely);
    const hits = await this.#page(c, this.#order(base, c, Date.now()), numRecords, 0);
    return { hits, totalResultCount: Number(r.rows[0]?.n ?? 0), version: 0 };
  }

  async similar(request: SimilarRequest, options: SimilarOptions = {}): Promise<ListResult> {
    let ref = null;
    if (request.listingId !== undefined) {
      const row = await this.db.kysely
        .selectFrom("listings")
        .select(["body_style_code", "series_code", "sale_price"])
        .where("id", "=", request.listingId)
        .where("status", "=", "active")
        .executeTakeFirst();
      if (row) ref = { bodyStyleCode: row.body_style_code, seriesCode: row.series_code, price: Number(row.sale_price) };
    }
    const plan = planSimilar(request, ref);
    const c = await this.#compile(plan.query, { excludeIds: plan.exclude });
    const hits = await this.#page(c, this.#order(plan.query, c, Date.now(), plan.refPrice ?? undefined), plan.numRecords, 0);
    if (options.count === false) return { hits, totalResultCount: hits.length, version: 0 };
    const r = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM listings WHERE ${this.#where(c)}`.execute(this.db.kysely);
    return { hits, totalResultCount: Number(r.rows[0]?.n ?? 0), version: 0 };
  }

  async mileageStats(request: MileageStatsRequest, options: { now?: number } = {}): Promise<MileageStats> {
    const now = options.now ?? Date.now();
    const types = new Set<string>(request.listingTypes ?? []);
    if (types.has("USED")) types.add("3P_CERT");
    const base = and([sql`status = 'active'`, sql`mileage > 0`, sql`mileage < 250000`, ...(types.size ? [inList("listing_type", [...types])] : [])]);
    const model = and([
      ...(request.makeCode ? [sql`make_code = ${request.makeCode}`] : []),
      ...(request.modelCode ? [sql`model_code = ${request.modelCode}`] : []),
    ]);
    const r = await sql<Record<string, number | null>>`
      SELECT COUNT(*) AS all_count,
        SUM(CASE WHEN mileage < ${MILEAGE_STATS_BUCKETS[0].hi} THEN 1 ELSE 0 END) AS all_under,
        SUM(CASE WHEN ${model} THEN 1 ELSE 0 END) AS n,
        SUM(CASE WHEN ${model} THEN mileage ELSE 0 END) AS total,
        MAX(CASE WHEN ${model} THEN mileage ELSE 0 END) AS maxm,
        ${sql.join(
          MILEAGE_STATS_BUCKETS.map(
            (b, i) => sql`SUM(CASE WHEN ${model} AND mileage >= ${b.lo} AND mileage < ${b.hi} THEN 1 ELSE 0 END) AS ${sql.ref(`b${i}`)}`,
          ),
        )}
      FROM listings WHERE ${base}`.execute(this.db.kysely);
    const row = r.rows[0] ?? {};
    // Miles per year needs each listing's age: read the model's (mileage, year) pairs.
    const pairs = await sql<{ mileage: number; year: number }>`SELECT mileage, year FROM listings WHERE ${base} AND ${model} ORDER BY id`.execute(
      this.db.kysely,
    );
    let perYearSum = 0;
    for (const p of pairs.rows) perYearSum += Number(p.mileage) / ageYears(Number(p.year), now);
    let modelName: string | null = null;
    if (request.modelCode && Number(row.n ?? 0) > 0) {
      const key = request.makeCode
        ? `${request.makeCode}|${request.modelCode}`
        : [...this.labels.models.keys()].find((k) => k.endsWith(`|${request.modelCode}`));
      modelName = (key && this.labels.models.get(key)) ?? request.modelCode;
    } else if (request.makeCode) modelName = this.labels.makes.get(request.makeCode) ?? request.makeCode;
    return finishMileageStats({
      modelName,
      count: Number(row.n ?? 0),
      sum: Number(row.total ?? 0),
      max: Number(row.maxm ?? 0),
      perYearSum,
      buckets: MILEAGE_STATS_BUCKETS.map((_, i) => Number(row[`b${i}`] ?? 0)),
      allCount: Number(row.all_count ?? 0),
      allUnder50k: Number(row.all_under ?? 0),
    });
  }

  async priceStats(request: PriceStatsRequest): Promise<PriceStats> {
    const out: PriceStats = { all: null, byYear: [], byTrim: [] };
    if (request.listingTypes.length === 0) return out;
    // One pass grouped by (year, trim name), rolled up here: the same groups the index makes.
    const r = await sql<{ year: number; trim_name: string | null; n: number; total: number; lo: number; hi: number }>`
      SELECT year, trim_name, COUNT(*) AS n, SUM(sale_price) AS total, MIN(sale_price) AS lo, MAX(sale_price) AS hi
      FROM listings
      WHERE status = 'active' AND make_code = ${request.makeCode} AND model_code = ${request.modelCode}
        AND ${inList("listing_type", [...request.listingTypes])}
      GROUP BY year, trim_name`.execute(this.db.kysely);
    const years = new Map<number, PriceGroup>();
    const trims = new Map<string, PriceGroup>();
    const add = (into: PriceGroup | null | undefined, g: PriceGroup): PriceGroup => {
      if (!into) return { ...g };
      into.count += g.count;
      into.sum += g.sum;
      into.min = Math.min(into.min, g.min);
      into.max = Math.max(into.max, g.max);
      return into;
    };
    for (const row of r.rows) {
      const g = { count: Number(row.n), sum: Number(row.total), min: Number(row.lo), max: Number(row.hi) };
      out.all = add(out.all, g);
      years.set(Number(row.year), add(years.get(Number(row.year)), g));
      if (row.trim_name !== null) trims.set(row.trim_name, add(trims.get(row.trim_name), g));
    }
    for (const [year, g] of years) out.byYear.push({ year, ...g });
    for (const [trimName, g] of trims) out.byTrim.push({ trimName, ...g });
    return orderPriceStats(out);
  }

  async suggestKeywords(text: string, limit?: number): Promise<KeywordSuggestion[]> {
    const k = this.db.kysely;
    const L = this.labels;
    const out: SuggestionCandidate[] = [];
    const makes = await sql<{ make_code: string; n: number }>`SELECT make_code, COUNT(*) AS n FROM listings WHERE status = 'active' GROUP BY make_code`.execute(
      k,
    );
    for (const r of makes.rows) out.push({ type: "make", label: L.makes.get(r.make_code) ?? r.make_code, count: Number(r.n), makeCode: r.make_code });
    const models = await sql<{
      make_code: string;
      model_code: string;
      n: number;
    }>`SELECT make_code, model_code, COUNT(*) AS n FROM listings WHERE status = 'active' GROUP BY make_code, model_code`.execute(k);
    for (const r of models.rows) {
      out.push({
        type: "model",
        label: `${L.makes.get(r.make_code) ?? r.make_code} ${L.models.get(`${r.make_code}|${r.model_code}`) ?? r.model_code}`,
        count: Number(r.n),
        makeCode: r.make_code,
        modelCode: r.model_code,
      });
    }
    const trims = await sql<{
      trim_code: string;
      n: number;
    }>`SELECT trim_code, COUNT(*) AS n FROM listings WHERE status = 'active' AND trim_code IS NOT NULL GROUP BY trim_code`.execute(k);
    for (const r of trims.rows) {
      const make = r.trim_code.slice(0, r.trim_code.indexOf("|"));
      out.push({
        type: "trim",
        label: `${L.makes.get(make) ?? make} ${r.trim_code.slice(r.trim_code.indexOf("|") + 1)}`,
        count: Number(r.n),
        makeCode: make,
        trimCode: r.trim_code,
      });
    }
    const bodies = await sql<{
      body_style_code: string;
      n: number;
    }>`SELECT body_style_code, COUNT(*) AS n FROM listings WHERE status = 'active' GROUP BY body_style_code`.execute(k);
    for (const r of bodies.rows)
      out.push({
        type: "bodyStyle",
        label: L.bodyStyles.get(r.body_style_code)?.name ?? r.body_style_code,
        count: Number(r.n),
        bodyStyleCode: r.body_style_code,
      });
    return rankSuggestions(text, out, limit);
  }

  activeListingsByVins(vins: string[]): Promise<{ vin: string; id: number }[]> {
    return activeIdsByVins(this.db, vins);
  }

  async ownersOf(listingIds: readonly number[]): Promise<Map<number, number>> {
    if (listingIds.length === 0) return new Map();
    const rows = await this.db.kysely
      .selectFrom("listings")
      .select(["id", "owner_id"])
      .where("id", "in", [...listingIds])
      .execute();
    return new Map(rows.map((r) => [Number(r.id), Number(r.owner_id)]));
  }

  async flush(): Promise<void> {}

  /** SQL reads are always current but carry no version: nothing may be cached on them. */
  inventoryVersion(): number | null {
    return null;
  }

  status(): EngineStatus {
    return { kind: "sql", listings: 0, version: 0, builtAt: this.builtAt, buildMs: 0, bytes: 0, pending: 0, pollIntervalMs: null, lastChangeAppliedAt: null };
  }

  async close(): Promise<void> {}
}
