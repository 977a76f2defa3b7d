// The spec's listing services (docs/services.md), as plain functions over the search engine
// and the database. Resource routes under app/routes/rest.* expose them as JSON. Every input is
// validated: a bad parameter is dropped and listed in `invalidQueryParams`, never a 500.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  LISTING_TYPES,
  MODEL_YEARS_LIST_LENGTH,
  PRICING_YEARS_MAX,
  SIMILAR_PAGE_SIZE,
  SUPPLEMENTAL_PAGE_SIZE,
  EXCLUDED_IDS_MAX,
  FUEL_TYPE_LABELS,
  FUEL_TYPE_ORDER,
  type ListingType,
} from "../../lib/constants.ts";
import type { InvalidParam, SearchHit, SearchQuery } from "../../lib/search-query.ts";
import { DRIVE_GROUP_LABELS, KEYWORD_MAX_LENGTH, LISTING_TYPE_LABELS, MILEAGE_THRESHOLDS, PRICE_THRESHOLDS } from "../../lib/search-query.ts";
import { categoryUrl, chips, parseSearchUrl, searchStateFromQuery, serializeSearchUrl } from "../../lib/search-url.ts";
import { getDatabase } from "../db/connection.server.ts";
import { loadListingSummaries } from "../listings/summaries.server.ts";
import { lookupZip } from "../reference/zip.server.ts";
import { getSearchEngine } from "../search/search.server.ts";
import { averagePrice } from "../search/engine.server.ts";
import { ownersJson, toListingJson } from "./listing-json.server.ts";
import { vehicleHighlights } from "../placements/highlights.server.ts";
import { getSearchPageContext, getSearchUrlContext } from "./url-context.server.ts";
import { plainWordsUrl } from "../search/plain-words.server.ts";
import { PLAIN_WORDS_LEAD } from "../../lib/plain-words.ts";
import { PATHS } from "../../lib/routes.ts";
import { readCostTerms } from "../../lib/monthly-cost.ts";
import { formatInt } from "../../lib/format.ts";

/** The monthly cost's loan terms on the wire (SearchQuery.costTerms; the default terms when absent). */
export const COST_TERM_PARAMS = ["costDown", "costTerm", "costApr"] as const;

/** Parameters the listing service accepts that are not search filters (docs/services.md). */
const SERVICE_PARAMS = new Set([
  "channel",
  "vhrProviders",
  "relevanceConfig",
  "collapseFilters",
  "supplemental",
  "hideFilters",
  "vin",
  "psid",
  "siomid",
  "includeVehicleHighlights",
  "ignorePriority",
  // The shopper's loan terms of the monthly cost (decision 031): whole dollars down, months, APR.
  ...COST_TERM_PARAMS,
]);

export interface ServiceSearchParse {
  query: SearchQuery;
  invalid: InvalidParam[];
}

/** Reads a service request's search filters through the one URL module (ADR 003). */
export async function serviceSearchQuery(url: URL): Promise<ServiceSearchParse> {
  const params = new URLSearchParams();
  for (const [k, v] of url.searchParams) if (!SERVICE_PARAMS.has(k)) params.append(k, v);
  const ctx = await getSearchUrlContext();
  const parsed = parseSearchUrl(`http://service/cars-for-sale?${params.toString()}`, ctx);
  const invalid = [...parsed.invalid];
  const query = parsed.state.query;
  const [down, term, apr] = COST_TERM_PARAMS.map((k) => url.searchParams.get(k));
  if (down !== null || term !== null || apr !== null) {
    const terms = readCostTerms({ down: Number(down), termMonths: Number(term), apr: Number(apr) });
    if (terms && down !== "" && term !== "" && apr !== "") query.costTerms = terms;
    else invalid.push({ name: "costDown", value: `${down ?? ""}:${term ?? ""}:${apr ?? ""}`.slice(0, 80), reason: "expected costDown, costTerm and costApr" });
  }
  return { query, invalid };
}

export async function hydrate(hits: SearchHit[]) {
  const db = await getDatabase();
  const summaries = await loadListingSummaries(
    db,
    hits.map((h) => h.id),
  );
  const byId = new Map(summaries.map((s) => [s.id, s]));
  const rows: { summary: (typeof summaries)[number]; distance: number | null; marketExtension: boolean }[] = [];
  for (const h of hits) {
    const summary = byId.get(h.id);
    if (summary) rows.push({ summary, distance: h.distance, marketExtension: h.marketExtension });
  }
  // The spec's `vehicleHighlight`, only for a listing with a real signal (docs/placements.md).
  const highlights = await vehicleHighlights(
    db,
    rows.map((r) => r.summary.id),
    Date.now(),
    new Map(rows.map((r) => [r.summary.id, r.summary.dateListed])),
  );
  return {
    listings: rows.map((r) => {
      const json = toListingJson(r.summary, r.distance, r.marketExtension);
      const highlight = highlights.get(r.summary.id);
      return highlight ? { ...json, vehicleHighlight: highlight } : json;
    }),
    owners: ownersJson(rows),
  };
}

function flag(url: URL, name: string): boolean {
  const v = url.searchParams.get(name);
  return v === "true" || v === "1";
}

/** GET /rest/lsc/listing: search, supplemental search, or active listings by VINs. */
export async function listingService(url: URL) {
  const requestId = randomUUID();
  const vins = url.searchParams
    .getAll("vin")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim().toUpperCase())
    .filter(Boolean);
  const engine = await getSearchEngine();
  if (vins.length > 0) {
    const valid = vins.filter((v) => /^[A-HJ-NPR-Z0-9]{17}$/.test(v)).slice(0, 100);
    const invalid: InvalidParam[] = vins.filter((v) => !valid.includes(v)).map((v) => ({ name: "vin", value: v.slice(0, 40), reason: "not a VIN" }));
    const found = await engine.activeListingsByVins(valid);
    const { listings, owners } = await hydrate(found.map((f) => ({ id: f.id, distance: null, marketExtension: false })));
    return { listings, owners, totalResultCount: listings.length, requestParams: { requestId }, invalidQueryParams: invalid };
  }
  const { query, invalid } = await serviceSearchQuery(url);
  if (flag(url, "supplemental")) {
    const supplemental = await engine.supplemental(query, { numRecords: SUPPLEMENTAL_PAGE_SIZE });
    const { listings, owners } = await hydrate(supplemental.hits);
    return {
      listings,
      owners,
      totalResultCount: supplemental.totalResultCount,
      requestParams: { requestId, supplemental: true },
      invalidQueryParams: invalid,
    };
  }
  const hideFilters = flag(url, "hideFilters") || url.searchParams.get("collapseFilters") === "true";
  const result = await engine.search(query, { hideFilters });
  const { listings, owners } = await hydrate(result.hits);
  return {
    listings,
    owners,
    totalResultCount: result.totalResultCount,
    stats: result.stats,
    filters: hideFilters ? [] : result.filters,
    location: result.location,
    requestParams: { requestId, filterByCategory: null, firstRecord: query.firstRecord, numRecords: query.numRecords, sortBy: query.sortBy },
    invalidQueryParams: [...invalid, ...result.ignored],
  };
}

/** GET /rest/lsc/listing/count: the count of the query (the spec adds searchRadius 0 and dealType greatprice). */
export async function countService(url: URL) {
  const { query, invalid } = await serviceSearchQuery(url);
  const engine = await getSearchEngine();
  return { count: await engine.count(query), invalidQueryParams: invalid };
}

const idList = z
  .string()
  .transform((s) => s.split(",").map((part) => Number(part.trim())))
  .pipe(z.array(z.number().int().positive()));

/** GET /rest/lsc/listing/similar */
export async function similarService(url: URL) {
  const p = url.searchParams;
  const invalid: InvalidParam[] = [];
  const num = (name: string, min: number, max: number): number | undefined => {
    const raw = p.get(name);
    if (raw === null || raw === "") return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) {
      invalid.push({ name, value: raw.slice(0, 40), reason: `expected a whole number of at least ${min}` });
      return undefined;
    }
    return Math.min(n, max);
  };
  const excludedRaw = p.getAll("excludedListingId").join(",");
  let excluded: number[] = [];
  if (excludedRaw) {
    const parsed = idList.safeParse(excludedRaw);
    if (!parsed.success) invalid.push({ name: "excludedListingId", value: excludedRaw.slice(0, 80), reason: "expected listing ids" });
    // "The excluded listing ids list is sent only with 1 to 25 entries."
    else if (parsed.data.length > EXCLUDED_IDS_MAX) {
      invalid.push({
        name: "excludedListingId",
        value: String(parsed.data.length),
        reason: `at most ${EXCLUDED_IDS_MAX}: the first ${EXCLUDED_IDS_MAX} are used`,
      });
      excluded = parsed.data.slice(0, EXCLUDED_IDS_MAX);
    } else excluded = parsed.data;
  }
  const zipRaw = p.get("zip");
  const zip = zipRaw && lookupZip(zipRaw.slice(0, 5)) ? zipRaw.slice(0, 5) : undefined;
  if (zipRaw && !zip) invalid.push({ name: "zip", value: zipRaw.slice(0, 20), reason: "not a US ZIP" });
  const code = (name: string) => {
    const v = p.get(name)?.trim().toUpperCase();
    if (!v) return undefined;
    if (!/^[A-Z0-9_\-]{1,40}$/.test(v)) {
      invalid.push({ name, value: v.slice(0, 40), reason: "not a code" });
      return undefined;
    }
    return v;
  };
  const listingId = num("listingId", 1, Number.MAX_SAFE_INTEGER) ?? excluded[0];
  const engine = await getSearchEngine();
  const result = await engine.similar({
    listingId,
    bodyStyleCode: code("bodyStyleCode"),
    classSeriesCode: code("classSeriesCode"),
    zip,
    searchRadius: num("searchRadius", 0, Number.MAX_SAFE_INTEGER),
    excludedListingIds: excluded,
    numRecords: num("numRecords", 1, SUPPLEMENTAL_PAGE_SIZE) ?? SIMILAR_PAGE_SIZE,
  });
  const { listings, owners } = await hydrate(result.hits);
  return { listings, owners, totalResultCount: result.totalResultCount, invalidQueryParams: invalid };
}

/** GET /rest/lsc/marketplace/suggested/keywords/{text} */
export async function suggestedKeywordsService(text: string) {
  const clean = text.replace(/\s+/g, " ").trim().slice(0, KEYWORD_MAX_LENGTH);
  if (!clean) return { suggestions: [] };
  const [engine, { labels, ctx }] = await Promise.all([getSearchEngine(), getSearchPageContext()]);
  const found = await engine.suggestKeywords(clean);
  // The plain-words reading of the text comes first when it names more than a keyword
  // (docs/search-urls.md "Plain words").
  const reading: { type: string; label: string; count: number; makeCode: null; modelCode: null; trimCode: null; bodyStyleCode: null; contentUrl: string }[] =
    [];
  const words = plainWordsUrl(clean, new URL(`http://x${PATHS.search}`), labels, ctx);
  if (words.reading.understood) {
    const state = parseSearchUrl(words.url, ctx).state;
    const parts = chips(state, ctx).map((c) => c.label);
    if (parts.length > 0) {
      const count = await engine.count(state.query);
      reading.push({
        type: "plainWords",
        label: `${PLAIN_WORDS_LEAD} ${parts.join(" · ")}`,
        count,
        makeCode: null,
        modelCode: null,
        trimCode: null,
        bodyStyleCode: null,
        contentUrl: words.url,
      });
    }
  }
  return {
    suggestions: [
      ...reading,
      ...found.map((s) => ({
        type: s.type,
        label: s.label,
        count: s.count,
        makeCode: s.makeCode ?? null,
        modelCode: s.modelCode ?? null,
        trimCode: s.trimCode ?? null,
        bodyStyleCode: s.bodyStyleCode ?? null,
        contentUrl: serializeSearchUrl(searchStateFromQuery(s.query, ctx), ctx),
      })),
    ],
  };
}

const codeParam = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_\-]{1,40}$/);

/** GET /cars-for-sale/searchoptions/packages (makeCode, modelCode, trimCode) */
export async function packagesService(url: URL) {
  const make = codeParam.safeParse(url.searchParams.get("makeCode") ?? "");
  const model = codeParam.safeParse(url.searchParams.get("modelCode") ?? "");
  const trimRaw = url.searchParams.get("trimCode") ?? "";
  const trimName = trimRaw.includes("|") ? trimRaw.slice(trimRaw.indexOf("|") + 1).trim() : trimRaw.trim();
  if (!make.success || !model.success) {
    return { results: { packageNames: [] }, invalidQueryParams: [{ name: "makeCode/modelCode", value: "", reason: "a make and a model are required" }] };
  }
  const db = await getDatabase();
  let q = db.kysely
    .selectFrom("ref_packages as p")
    .innerJoin("ref_trims as t", "t.id", "p.trim_id")
    .select(["p.code", "p.name", "t.year", "t.trim_name"])
    .where("t.make_code", "=", make.data)
    .where("t.model_code", "=", model.data);
  if (trimName) q = q.where("t.trim_name", "=", trimName);
  const rows = await q.orderBy("t.year", "desc").execute();
  const newest = rows[0]?.year;
  const seen = new Set<string>();
  const packageNames: { name: string; code: string }[] = [];
  for (const r of rows) {
    if (r.year !== newest || seen.has(r.code)) continue;
    seen.add(r.code);
    packageNames.push({ name: r.name, code: r.code });
  }
  return { results: { packageNames } };
}

const REFERENCE_NAMES = [
  "make",
  "model",
  "series",
  "trim",
  "years",
  "mileageRanges",
  "priceRanges",
  "bodystyles",
  "features",
  "colors",
  "engines",
  "fuelTypes",
  "driveTypes",
  "listingTypes",
] as const;
export type ReferenceName = (typeof REFERENCE_NAMES)[number];

export function isReferenceName(name: string): name is ReferenceName {
  return (REFERENCE_NAMES as readonly string[]).includes(name);
}

/** Reference data lookup by name: `{ payload: [...] }` of items with name and code. */
export async function referenceService(name: ReferenceName, url: URL) {
  const db = await getDatabase();
  const k = db.kysely;
  const make = codeParam.safeParse(url.searchParams.get("makeCode") ?? "");
  const model = codeParam.safeParse(url.searchParams.get("modelCode") ?? "");
  switch (name) {
    case "make":
      return { payload: (await k.selectFrom("ref_makes").select(["code", "name"]).orderBy("name").execute()).map((r) => ({ name: r.name, code: r.code })) };
    case "model": {
      let q = k.selectFrom("ref_models").select(["make_code", "code", "name", "series_code", "first_year", "last_year"]);
      if (make.success) q = q.where("make_code", "=", make.data);
      const rows = await q.orderBy("make_code").orderBy("name").execute();
      return {
        payload: rows.map((r) => ({
          name: r.name,
          code: r.code,
          makeCode: r.make_code,
          seriesCode: r.series_code,
          years: { min: r.first_year, max: r.last_year },
        })),
      };
    }
    case "series": {
      let q = k.selectFrom("ref_series").select(["make_code", "code", "name"]);
      if (make.success) q = q.where("make_code", "=", make.data);
      return { payload: (await q.orderBy("name").execute()).map((r) => ({ name: r.name, code: r.code, makeCode: r.make_code })) };
    }
    case "trim": {
      if (!make.success) return { payload: [] };
      let q = k.selectFrom("ref_trims").select(["trim_name", "trim_code", "model_code"]).where("make_code", "=", make.data);
      if (model.success) q = q.where("model_code", "=", model.data);
      const rows = await q.distinct().orderBy("model_code").orderBy("trim_name").execute();
      return { payload: rows.map((r) => ({ name: r.trim_name, code: r.trim_code, modelCode: r.model_code })) };
    }
    case "years": {
      let q = k.selectFrom("ref_trims").select("year").distinct();
      if (make.success) q = q.where("make_code", "=", make.data);
      if (model.success) q = q.where("model_code", "=", model.data);
      const rows = await q.orderBy("year", "desc").execute();
      return { payload: rows.map((r) => ({ name: String(r.year), code: String(r.year) })) };
    }
    case "mileageRanges":
      return { payload: MILEAGE_THRESHOLDS.map((m) => ({ name: `Under ${formatInt(m)} miles`, code: String(m) })) };
    case "priceRanges":
      return { payload: PRICE_THRESHOLDS.map((m) => ({ name: `Under $${formatInt(m)}`, code: String(m) })) };
    case "bodystyles": {
      const [styles, subtypes] = await Promise.all([
        k.selectFrom("ref_body_styles").select(["code", "name"]).orderBy("sort").execute(),
        k.selectFrom("ref_body_subtypes").select(["code", "name", "body_style_code"]).orderBy("sort").execute(),
      ]);
      return {
        payload: styles.map((s) => ({
          name: s.name,
          code: s.code,
          bodyStyleSubTypes: subtypes.filter((t) => t.body_style_code === s.code).map((t) => ({ name: t.name, subtypeCode: t.code })),
        })),
      };
    }
    case "features":
      return {
        payload: (await k.selectFrom("ref_features").select(["code", "name", "display_group"]).orderBy("sort").execute()).map((r) => ({
          name: r.name,
          code: r.code,
          displayGroup: r.display_group,
        })),
      };
    case "colors":
      return {
        payload: (await k.selectFrom("ref_colors").select(["kind", "code", "name", "hex"]).orderBy("kind").orderBy("sort").execute()).map((r) => ({
          name: r.name,
          code: r.code,
          category: r.kind === "ext" ? "exterior" : "interior",
          hex: r.hex,
        })),
      };
    case "engines":
      return { payload: (await k.selectFrom("ref_engines").select(["code", "name"]).orderBy("sort").execute()).map((r) => ({ name: r.name, code: r.code })) };
    case "fuelTypes":
      return { payload: FUEL_TYPE_ORDER.map((c) => ({ name: FUEL_TYPE_LABELS[c], code: c })) };
    case "driveTypes":
      return { payload: Object.entries(DRIVE_GROUP_LABELS).map(([code, n]) => ({ name: n, code })) };
    case "listingTypes":
      return { payload: LISTING_TYPES.map((c) => ({ name: LISTING_TYPE_LABELS[c] ?? c, code: c })) };
  }
}

/** ZIP lookup: city and state; also the validation the ZIP filter uses. */
export function zipService(zip: string) {
  const place = lookupZip(zip);
  return place ? { zip: place.zip, city: place.city, state: place.state } : null;
}

function listingTypesParam(raw: string | null): ListingType[] {
  const v = (raw ?? "").toUpperCase();
  if (v === "NEW") return ["NEW"];
  if (v === "CERTIFIED") return ["CERTIFIED"];
  return ["USED", "3P_CERT"];
}

/** GET /rest/lsc/crawl/stats/mileage (modelCode, listingType; makeCode optional) */
export async function mileageStatsService(url: URL) {
  const make = codeParam.safeParse(url.searchParams.get("makeCode") ?? "");
  const model = codeParam.safeParse(url.searchParams.get("modelCode") ?? "");
  const engine = await getSearchEngine();
  return engine.mileageStats({
    makeCode: make.success ? make.data : undefined,
    modelCode: model.success ? model.data : undefined,
    listingTypes: listingTypesParam(url.searchParams.get("listingType")),
  });
}

export type CrawlKind = "modelyears" | "newmodelyears" | "trims" | "newtrims";

/** Price-by-year / price-by-trim links for a make and model (spec "Price-by-year/trim entry"). */
export async function crawlLinksService(kind: CrawlKind, url: URL) {
  const make = codeParam.safeParse(url.searchParams.get("makeCode") ?? "");
  const model = codeParam.safeParse(url.searchParams.get("modelCode") ?? "");
  if (!make.success || !model.success) return { links: [] };
  const isNew = kind === "newmodelyears" || kind === "newtrims";
  const byTrim = kind === "trims" || kind === "newtrims";
  const ctx = await getSearchUrlContext();
  const types = isNew ? ["NEW"] : ["USED", "3P_CERT"];
  // From the search engine's per-configuration sums (docs/decisions/032-render-path-at-1m.md).
  const stats = await (await getSearchEngine()).priceStats({ makeCode: make.data, modelCode: model.data, listingTypes: types });
  const condition = isNew ? "new" : "used";
  if (byTrim) {
    return {
      links: stats.byTrim.map((r) => {
        const state = searchStateFromQuery(
          { listingTypes: [isNew ? "NEW" : "USED"], makeCodes: [make.data], models: { [make.data]: [model.data] }, trimCodes: [`${make.data}|${r.trimName}`] },
          ctx,
        );
        return {
          value: r.trimName,
          link: serializeSearchUrl(state, ctx),
          avgPrice: averagePrice(r),
          startingPrice: r.min,
          maxPrice: r.max,
          count: r.count,
        };
      }),
    };
  }
  return {
    links: stats.byYear.slice(0, isNew ? MODEL_YEARS_LIST_LENGTH : PRICING_YEARS_MAX).map((r) => ({
      value: String(r.year),
      link: categoryUrl({ condition, makeCode: make.data, modelCode: model.data, year: r.year }, ctx),
      avgPrice: averagePrice(r),
      startingPrice: r.min,
      maxPrice: r.max,
      count: r.count,
    })),
  };
}

/** GET /rest/lsc/modelinfo/ymm (makeCode, modelCode, startYear, numRecords=1) */
export async function modelInfoService(url: URL) {
  const make = codeParam.safeParse(url.searchParams.get("makeCode") ?? "");
  const model = codeParam.safeParse(url.searchParams.get("modelCode") ?? "");
  const year = z.coerce
    .number()
    .int()
    .min(1990)
    .max(2100)
    .safeParse(url.searchParams.get("startYear") ?? "");
  const num = z.coerce
    .number()
    .int()
    .min(1)
    .max(20)
    .catch(1)
    .parse(url.searchParams.get("numRecords") ?? 1);
  if (!make.success || !model.success) return { modelInfo: [] };
  const db = await getDatabase();
  let q = db.kysely
    .selectFrom("ref_trims as t")
    .innerJoin("ref_makes as mk", "mk.code", "t.make_code")
    .innerJoin("ref_models as md", (j) => j.onRef("md.make_code", "=", "t.make_code").onRef("md.code", "=", "t.model_code"))
    .select([
      "t.year",
      "t.trim_name",
      "t.msrp",
      "t.body_style_code",
      "t.fuel_type_group",
      "t.epa_city",
      "t.epa_hwy",
      "t.electric_range",
      "t.engine",
      "t.drive",
      "mk.name as make_name",
      "md.name as model_name",
    ])
    .where("t.make_code", "=", make.data)
    .where("t.model_code", "=", model.data);
  if (year.success) q = q.where("t.year", "=", year.data);
  const rows = await q.orderBy("t.year", "desc").orderBy("t.trim_rank").execute();
  const years = [...new Set(rows.map((r) => r.year))].slice(0, num);
  return {
    modelInfo: years.map((y) => {
      const trims = rows.filter((r) => r.year === y);
      return {
        year: y,
        make: { code: make.data, name: trims[0]!.make_name },
        model: { code: model.data, name: trims[0]!.model_name },
        msrpRange: { min: Math.min(...trims.map((t) => t.msrp)), max: Math.max(...trims.map((t) => t.msrp)) },
        trims: trims.map((t) => ({
          name: t.trim_name,
          msrp: t.msrp,
          bodyStyleCode: t.body_style_code,
          fuelTypeGroup: t.fuel_type_group,
          epaCity: t.epa_city,
          epaHwy: t.epa_hwy,
          electricRange: t.electric_range,
          engine: t.engine,
          drive: t.drive,
        })),
      };
    }),
  };
}
