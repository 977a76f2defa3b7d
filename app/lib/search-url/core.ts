// URL <-> state: parsing a path + query into a normalised state and serialising it back (see ../search-url.ts).
import { DEFAULT_SORT, LEGACY_BRAND_PAGE_SIZE, LEGACY_MAKE_MODEL_MAX, PAGE_SIZE } from "../constants.ts";
import { parseSearchQuery, type InvalidParam, type SearchQuery, type SearchQueryInput } from "../search-query.ts";
import { normalizeQueryZip } from "../zip.ts";
import type { ParsedSearchUrl, SearchState, SearchUrlContext } from "./types.ts";
import { BASE_URL, CODE, CONDITION_SETS, MODEL_REASONS, cmp, show, sortedUnique, type BaseCondition } from "./common.ts";
import { conditionSet, listingTypesOf, parsePath, pathOf, type PathLevel, type PathLevels } from "./path.ts";

// =============================================================================================
// Parsing

export type Params = Map<string, string[]>;

/** Parameter names read, besides `modelCodeList|{MAKE}`. */
export const KNOWN_PARAMS = new Set([
  "zip",
  "city",
  "state",
  "searchRadius",
  "marketExtension",
  "listingType",
  "makeCode",
  "makeCodeList",
  "makeCode1",
  "makeCode2",
  "makeCode3",
  "excludeMakeCode",
  "modelCode",
  "modelCodeList",
  "modelCode1",
  "modelCode2",
  "modelCode3",
  "trimCode",
  "trimCodeList",
  "seriesCode",
  "packages",
  "vehicleStyleCode",
  "bodyStyleSubtypeCode",
  "suvSubtypeCode",
  "vanSubtypeCode",
  "sedanSubtypeCode",
  "startYear",
  "endYear",
  "yearRange",
  "minPrice",
  "maxPrice",
  "maxMonthlyCost",
  "mileage",
  "mpgRange",
  "electricMileRange",
  "fuelTypeGroup",
  "driveGroup",
  "extColorSimple",
  "intColorSimple",
  "engineCode",
  "doorCode",
  "transmissionCode",
  "cylinders",
  "truckBedLength",
  "truckCabSize",
  "featureCode",
  "vehicleHistoryType",
  "homeServices",
  "dealType",
  "sellerType",
  "vehicleUseType",
  "moneyBackGuarantee",
  "experience",
  "isSponsorship",
  "showcaseOwnerId",
  "keyword",
  "expired",
  "sortBy",
  "firstRecord",
  "numRecords",
]);
/**
 * The legacy search-parameter transformer's names, read as the canonical ones (the URL is then
 * rewritten with a 301): "zip becomes searchZip, makeCodeList becomes makeCodes, sortBy becomes
 * sort; comma-separated values split into arrays".
 */
export const LEGACY_PARAM_NAMES: ReadonlyMap<string, string> = new Map([
  ["searchZip", "zip"],
  ["makeCodes", "makeCodeList"],
  ["sort", "sortBy"],
]);
/** Read and thrown away (spec: "lastExec and mmt are dropped"). */
export const DROPPED_PARAMS = new Set(["lastExec", "mmt"]);
export const PER_MAKE_MODELS = "modelCodeList|";
export const MAKE_PARAMS = ["makeCode", "makeCodeList", "makeCode1", "makeCode2", "makeCode3"] as const;
export const MODEL_PARAMS = ["modelCode", "modelCodeList", "modelCode1", "modelCode2", "modelCode3"] as const;
export const TRIM_PARAMS = ["trimCode", "trimCodeList"] as const;

/** Simple list parameters: query name -> SearchQuery field. */
export const LIST_PARAMS = [
  ["sellerType", "sellerTypes"],
  ["vehicleStyleCode", "vehicleStyleCodes"],
  ["bodyStyleSubtypeCode", "bodyStyleSubtypeCodes"],
  ["seriesCode", "seriesCodes"],
  ["packages", "packages"],
  ["fuelTypeGroup", "fuelTypeGroups"],
  ["driveGroup", "driveGroups"],
  ["extColorSimple", "extColors"],
  ["intColorSimple", "intColors"],
  ["transmissionCode", "transmissionCodes"],
  ["engineCode", "engineCodes"],
  ["cylinders", "cylinders"],
  ["doorCode", "doorCodes"],
  ["truckBedLength", "truckBedLengths"],
  ["truckCabSize", "truckCabSizes"],
  ["featureCode", "featureCodes"],
  ["vehicleHistoryType", "vehicleHistoryTypes"],
  ["homeServices", "homeServices"],
  ["dealType", "dealTypes"],
  ["vehicleUseType", "vehicleUseTypes"],
] as const satisfies readonly (readonly [string, keyof SearchQuery])[];

/** SearchQuery field -> query parameter, to report problems under the names the URL used. */
export const FIELD_PARAM: Record<string, string> = {
  makeCodes: "makeCode",
  excludedMakeCodes: "excludeMakeCode",
  models: "modelCode",
  trimCodes: "trimCode",
  listingTypes: "listingType",
  ...Object.fromEntries(LIST_PARAMS.map(([p, f]) => [f, p])),
};

/** "default results per page comes from a feature flag" (ctx.defaultPageSize), else PAGE_SIZE. */
export function defaultPageSize(ctx: SearchUrlContext | undefined): number {
  return ctx?.defaultPageSize ?? PAGE_SIZE;
}

export function collectParams(search: URLSearchParams): Params {
  const out: Params = new Map();
  for (const [name, raw] of search) {
    const v = raw.trim();
    if (v === "") continue;
    const k = LEGACY_PARAM_NAMES.get(name) ?? name;
    const list = out.get(k);
    if (list) list.push(v);
    else out.set(k, [v]);
  }
  return out;
}

/**
 * Splits a model or trim value into its make and the rest. `MAKE|x` (the spec's format) always
 * names a make; `MAKE:x` only when MAKE is a selected or known make, so a trim such as "GR:Sport"
 * stays whole.
 */
export function splitMakeValue(v: string, isMake: (code: string) => boolean): { make?: string; rest: string } {
  const colon = v.indexOf(":");
  const bar = v.indexOf("|");
  const i = colon < 0 ? bar : bar < 0 ? colon : Math.min(colon, bar);
  if (i > 0) {
    const make = v.slice(0, i).trim().toUpperCase();
    const rest = v.slice(i + 1).trim();
    if (v[i] === "|" || (CODE.test(make) && isMake(make))) return { make, rest };
  }
  return { rest: v };
}

export function buildState(path: PathLevels | null, params: Params, ctx: SearchUrlContext | undefined): { state: SearchState; invalid: InvalidParam[] } {
  const invalid: InvalidParam[] = [];
  const report = (name: string, value: string, reason: string) => invalid.push({ name, value: show(value), reason });
  const has = (name: string) => params.has(name);
  const raw = (name: string) => params.get(name) ?? [];
  const list = (name: string): string[] => {
    const values = params.get(name);
    if (!values) return [];
    const out: string[] = [];
    for (const v of values) for (const part of v.split(",")) if (part.trim() !== "") out.push(part.trim());
    return out;
  };
  const first = (name: string): string | undefined => {
    const v = raw(name);
    if (v.length > 1) report(name, v.join(","), "only the first value is used");
    return v[0];
  };
  const input: SearchQueryInput & Record<string, unknown> = {};

  // Condition ----------------------------------------------------------------------------------
  let conditions: BaseCondition[];
  const types = list("listingType").map((s) => s.toUpperCase());
  if (types.length > 0) {
    if (path && path.condition) report("listingType", path.condition, "the listingType parameter replaces the path's condition");
    const set = new Set<BaseCondition>();
    for (const t of types) {
      if (t === "NEW" || t === "USED" || t === "CERTIFIED") set.add(t);
      else if (t === "3P_CERT") {
        if (!types.includes("CERTIFIED")) {
          report("listingType", t, "3P_CERT is treated as USED");
          set.add("USED");
        }
      } else report("listingType", t, "expected NEW, USED, CERTIFIED or 3P_CERT");
    }
    conditions = set.size > 0 ? [...set] : ["USED"];
  } else {
    conditions = path ? [...CONDITION_SETS[path.condition]] : ["USED"];
  }

  // Location -----------------------------------------------------------------------------------
  const zipRaw = first("zip");
  if (zipRaw !== undefined) {
    const zip = normalizeQueryZip(zipRaw);
    if (zip) {
      input.zip = zip;
      if (zip !== zipRaw) report("zip", zipRaw, "cut to 5 characters");
    } else report("zip", zipRaw, "a ZIP code is 5 digits");
  }
  const city = first("city");
  const stateName = first("state");
  if (city !== undefined || stateName !== undefined) {
    const zip = !input.zip && city && stateName ? normalizeQueryZip(ctx?.zipOf?.(city, stateName)) : undefined;
    if (zip) input.zip = zip;
    else
      report(
        city !== undefined ? "city" : "state",
        `${city ?? ""}, ${stateName ?? ""}`,
        input.zip ? "the zip gives the location" : "no ZIP found for this place",
      );
  }
  const radius = first("searchRadius");
  if (radius !== undefined) input.searchRadius = radius;
  const ext = first("marketExtension");
  if (ext !== undefined) input.marketExtension = ext.toLowerCase();

  // Make, model, trim --------------------------------------------------------------------------
  const queryHasMakes = MAKE_PARAMS.some(has);
  const pathMake = path?.make !== undefined && !queryHasMakes ? path.make : undefined;
  if (path?.make !== undefined && queryHasMakes) report("makeCode", path.make, "the makeCode parameter replaces the path's make");
  const perMakeKeys = [...params.keys()].filter((k) => k.startsWith(PER_MAKE_MODELS));
  const queryHasModels = MODEL_PARAMS.some(has) || perMakeKeys.length > 0;
  const pathModel = pathMake !== undefined && path?.model !== undefined && !queryHasModels ? path.model : undefined;
  const queryHasTrims = TRIM_PARAMS.some(has);
  const pathTrim = pathModel !== undefined && path?.trim !== undefined && !queryHasTrims ? path.trim : undefined;

  const makes: string[] = [];
  const pairMake: (string | undefined)[] = [];
  if (pathMake) makes.push(pathMake);
  for (const name of MAKE_PARAMS) {
    const got: string[] = [];
    for (const part of list(name)) {
      const words = part.split(/\s+/).filter(Boolean);
      if (words.length > 1) report(name, part, "a make string is split on spaces");
      got.push(...words.map((w) => w.toUpperCase()));
    }
    const legacy = name.match(/^makeCode(\d)$/);
    if (legacy) pairMake[Number(legacy[1])] = got[0];
    else if (name === "makeCode" && got.length === 1) pairMake[0] = got[0];
    for (const m of got) if (!makes.includes(m)) makes.push(m);
  }
  const validMakes = () => makes.filter((m) => CODE.test(m));
  const isMake = (m: string) => makes.includes(m) || ctx?.makes?.has(m) === true;

  const models: Record<string, string[]> = {};
  const addModel = (make: string, model: string) => {
    const m = model.toUpperCase();
    if (!(models[make] ??= []).includes(m)) models[make].push(m);
  };
  const bare: { code: string; pair?: number; name: string }[] = [];
  if (pathMake && pathModel) addModel(pathMake, pathModel);
  // With the catalogue in the context, a model goes only to a make that has it (Toyota + CIVIC
  // is not a search for a Toyota "CIVIC").
  const knownModels = ctx?.models !== undefined && ctx.models.size > 0 ? ctx.models : null;
  const addKnownModel = (name: string, make: string, model: string) => {
    if (knownModels && !knownModels.has(`${make}|${model.toUpperCase()}`)) report(name, `${make}:${model}`, MODEL_REASONS.notOfThatMake);
    else addModel(make, model);
  };
  for (const key of perMakeKeys) {
    const make = key.slice(PER_MAKE_MODELS.length).trim().toUpperCase();
    for (const v of list(key)) addKnownModel(key, make, v);
  }
  const takeModel = (name: string, v: string, pair: number | undefined) => {
    const { make, rest } = splitMakeValue(v, isMake);
    if (make !== undefined) addKnownModel(name, make, rest);
    else bare.push({ code: rest.toUpperCase(), pair, name });
  };
  for (let n = 1; n <= LEGACY_MAKE_MODEL_MAX; n++) for (const v of list(`modelCode${n}`)) takeModel(`modelCode${n}`, v, n);
  for (const v of list("modelCode")) takeModel("modelCode", v, 0);
  for (const v of list("modelCodeList")) takeModel("modelCodeList", v, undefined);
  // Makes named only by their models count as selected (as in parseSearchQuery); when the search
  // named makes of its own, that is reported (Toyota + Honda Civic searches both).
  const namedMakes = makes.length;
  for (const make of Object.keys(models)) {
    if (makes.includes(make)) continue;
    if (namedMakes > 0) for (const m of models[make]) report("modelCode", `${make}:${m}`, MODEL_REASONS.otherMake);
    makes.push(make);
  }
  for (const b of bare) {
    const candidates = validMakes();
    const owners = ctx?.models ? candidates.filter((m) => ctx.models?.has(`${m}|${b.code}`)) : [];
    // A bare model with no make at all goes to the make(s) that have it, which become selected.
    if (candidates.length === 0 && ctx?.models && (b.pair === undefined || pairMake[b.pair] === undefined)) {
      for (const key of ctx.models.keys()) {
        const bar = key.indexOf("|");
        if (key.slice(bar + 1) === b.code && !owners.includes(key.slice(0, bar))) owners.push(key.slice(0, bar));
      }
      for (const m of owners) if (!makes.includes(m)) makes.push(m);
    }
    const pair = b.pair !== undefined ? pairMake[b.pair] : undefined;
    const known = knownModels !== null;
    const to = owners.length > 0 ? owners : known ? [] : pair && CODE.test(pair) ? [pair] : candidates.length === 1 ? candidates : [];
    if (to.length === 0) {
      report(
        b.name,
        b.code,
        candidates.length === 0 ? "a model needs a make" : known ? MODEL_REASONS.notOfChosenMake : "which make's model? write it as MAKE:MODEL",
      );
    }
    for (const m of to) addModel(m, b.code);
  }
  input.makeCodes = makes;
  input.excludedMakeCodes = list("excludeMakeCode")
    .flatMap((v) => v.split(/\s+/))
    .map((m) => m.toUpperCase());
  input.models = models;

  const trims: string[] = [];
  const trimValues = TRIM_PARAMS.flatMap((n) => list(n));
  if (pathMake && pathTrim !== undefined) trims.push(`${pathMake}|${pathTrim}`);
  for (const v of trimValues) {
    const { make, rest } = splitMakeValue(v, isMake);
    if (make !== undefined) {
      trims.push(`${make}|${rest}`);
      continue;
    }
    const candidates = validMakes();
    let to = candidates.length === 1 ? candidates : [];
    if (to.length === 0 && ctx?.trims) {
      to = candidates.filter((m) => ctx.trims?.(m, models[m] ?? [])?.some((t) => t.toLowerCase() === rest.toLowerCase()));
    }
    if (to.length === 0) report("trimCode", v, candidates.length === 0 ? "a trim needs a make" : "which make's trim? write it as MAKE|Trim");
    for (const m of to) trims.push(`${m}|${rest}`);
  }
  input.trimCodes = trims;

  // Vehicle ------------------------------------------------------------------------------------
  for (const [param, field] of LIST_PARAMS) input[field] = list(param);
  // Engine codes were cylinder counts ("4CYL") before Engine Displacement showed litres: such a
  // link now means the Cylinders filter (and is rewritten with a 301); "ROTARY" is gone.
  const engines = (input.engineCodes as string[] | undefined) ?? [];
  if (engines.some((e) => /^(\d+CYL|ROTARY)$/i.test(e))) {
    const cylinders = [...((input.cylinders as string[] | undefined) ?? [])];
    for (const e of engines) {
      const m = /^(\d+)CYL$/i.exec(e);
      if (m) cylinders.push(m[1]!);
      if (m || /^ROTARY$/i.test(e)) report("engineCode", e, m ? "cylinder counts are the Cylinders filter" : "not an engine displacement");
    }
    input.engineCodes = engines.filter((e) => !/^(\d+CYL|ROTARY)$/i.test(e));
    input.cylinders = cylinders;
  }
  input.bodyStyleSubtypeCodes = ["bodyStyleSubtypeCode", "suvSubtypeCode", "vanSubtypeCode", "sedanSubtypeCode"].flatMap((n) => list(n));
  if (has("vehicleStyleCode") && path?.style) report("vehicleStyleCode", path.style, "the vehicleStyleCode parameter replaces the path's body style");
  if (!has("vehicleStyleCode") && path?.style) input.vehicleStyleCodes = [path.style];

  const yearOf = (v: string | undefined) => (v === undefined || v === "0" ? undefined : v);
  let startYear = yearOf(first("startYear"));
  let endYear = yearOf(first("endYear"));
  const range = first("yearRange");
  if (range !== undefined && startYear === undefined && endYear === undefined) {
    const m = range.match(/^\s*(\d*)\s*-\s*(\d*)\s*$/);
    if (m) {
      startYear = yearOf(m[1] || undefined);
      endYear = yearOf(m[2] || undefined);
    } else report("yearRange", range, "expected start-end");
  }
  if (startYear !== undefined || endYear !== undefined) {
    if (path?.year !== undefined) report("startYear", String(path.year), "the year parameters replace the path's year");
    if (startYear !== undefined) input.startYear = startYear;
    if (endYear !== undefined) input.endYear = endYear;
  } else if (path?.year !== undefined) {
    input.startYear = path.year;
    input.endYear = path.year;
  }
  for (const name of ["minPrice", "maxPrice", "maxMonthlyCost", "mileage", "mpgRange", "electricMileRange", "keyword", "sortBy"] as const) {
    const v = first(name);
    if (v !== undefined) input[name] = v;
  }
  const mbg = first("moneyBackGuarantee");
  if (mbg !== undefined) input.moneyBackGuarantee = mbg.toLowerCase();
  input.experience = list("experience");
  const owners = list("showcaseOwnerId");
  if (owners.length > 1) report("showcaseOwnerId", owners.join(","), "only the first value is kept");
  if (owners.length > 0) input.showcaseOwnerId = owners[0];

  // Paging -------------------------------------------------------------------------------------
  const num = first("numRecords");
  if (num !== undefined) {
    if (Number(num) === LEGACY_BRAND_PAGE_SIZE) report("numRecords", num, `a page size of ${LEGACY_BRAND_PAGE_SIZE} becomes ${PAGE_SIZE}`);
    input.numRecords = Number(num) === LEGACY_BRAND_PAGE_SIZE ? PAGE_SIZE : num;
  } else input.numRecords = defaultPageSize(ctx);
  const firstRecord = first("firstRecord");
  if (firstRecord !== undefined) input.firstRecord = firstRecord;

  // Page extras --------------------------------------------------------------------------------
  let expiredListingId: number | undefined;
  const expired = first("expired");
  if (expired !== undefined) {
    if (/^\d{1,15}$/.test(expired) && Number(expired) > 0) expiredListingId = Number(expired);
    else report("expired", expired, "expected a listing id");
  }
  let isSponsorship = false;
  const sponsorship = first("isSponsorship");
  if (sponsorship !== undefined) {
    const s = sponsorship.toLowerCase();
    if (s === "true" || s === "1" || s === "yes" || s === "on") isSponsorship = true;
    else if (!(s === "false" || s === "0" || s === "no" || s === "off")) report("isSponsorship", sponsorship, "expected a boolean");
  }

  for (const name of params.keys()) {
    if (KNOWN_PARAMS.has(name) || name.startsWith(PER_MAKE_MODELS)) continue;
    report(name, raw(name).join(","), DROPPED_PARAMS.has(name) ? "dropped" : "unknown parameter");
  }

  // The engine's own checks --------------------------------------------------------------------
  const parsed = parseSearchQuery(input);
  for (const p of parsed.invalid) invalid.push({ ...p, name: FIELD_PARAM[p.name] ?? p.name });
  const q = parsed.query;
  q.listingTypes = listingTypesOf(conditions);
  if (ext === undefined) q.marketExtension = ctx?.marketExtensionDefault ?? false;
  if (q.searchRadius !== undefined && (!q.zip || q.searchRadius === 0)) {
    if (q.searchRadius > 0) report("searchRadius", String(q.searchRadius), "a distance needs a zip");
    delete q.searchRadius;
  }
  // parseSearchQuery's price swap can leave a minimum of 0, which means no minimum.
  if (q.minPrice === 0) delete q.minPrice;
  if (ctx?.trims && q.trimCodes.length > 0) {
    const kept: string[] = [];
    for (const code of q.trimCodes) {
      const bar = code.indexOf("|");
      const make = code.slice(0, bar);
      const trim = code.slice(bar + 1);
      const valid = ctx.trims(make, q.models[make] ?? []);
      if (valid === undefined) {
        kept.push(code);
        continue;
      }
      const match = valid.find((t) => t.toLowerCase() === trim.toLowerCase());
      if (match !== undefined) kept.push(`${make}|${match}`);
      else report("trimCode", code, "not a trim of the chosen make and model");
    }
    q.trimCodes = kept;
  }
  // Any firstRecord in the result window is a page: a page trimmed by an inserted card is followed
  // by one that starts where it stopped (app/lib/search-url/links.ts nextPageUrl).
  sortQuery(q);
  const state: SearchState = { query: q, isSponsorship };
  if (expiredListingId !== undefined) state.expiredListingId = expiredListingId;
  return { state, invalid };
}

/** Sorts every list of a query in place (one order per search = one canonical URL). */
export function sortQuery(q: SearchQuery): void {
  q.makeCodes = sortedUnique(q.makeCodes);
  q.excludedMakeCodes = sortedUnique(q.excludedMakeCodes);
  const models: Record<string, string[]> = {};
  for (const make of Object.keys(q.models).sort(cmp)) {
    const list = sortedUnique(q.models[make]);
    if (list.length > 0 && q.makeCodes.includes(make)) models[make] = list;
  }
  q.models = models;
  q.trimCodes = sortedUnique(q.trimCodes);
  for (const [, field] of LIST_PARAMS) {
    const v = q[field] as unknown[];
    (q as unknown as Record<string, unknown>)[field] =
      typeof v[0] === "number" ? [...new Set(v as number[])].sort((a, b) => a - b) : sortedUnique(v as string[]);
  }
  // Both seller types = no seller filter.
  if (q.sellerTypes.length === 2) q.sellerTypes = [];
}

export function toUrl(url: URL | string): URL | null {
  if (url instanceof URL) return url;
  try {
    if (typeof url !== "string") return null;
    if (url.startsWith("/")) return new URL(BASE_URL + url);
    return new URL(url, BASE_URL);
  } catch {
    return null;
  }
}

export function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The request is the canonical URL (percent-encoding aside). */
export function sameAsCanonical(request: URL, canonical: string): boolean {
  const c = new URL(BASE_URL + canonical);
  if (decodedPath(request.pathname) !== decodedPath(c.pathname)) return false;
  const a = [...request.searchParams];
  const b = [...c.searchParams];
  return a.length === b.length && a.every(([k, v], i) => k === b[i][0] && v === b[i][1]);
}

/**
 * Parses a results-page URL (path + query; a full URL or a string starting with "/"). Never
 * throws. Unknown parameters are dropped, bad values dropped and reported, and `redirect` tells
 * the loader to answer 301 with `canonical`.
 */
export function parseSearchUrl(url: URL | string, ctx?: SearchUrlContext): ParsedSearchUrl {
  const u = toUrl(url);
  if (!u) {
    const state = emptySearchState(ctx);
    return { state, canonical: serializeSearchUrl(state, ctx), redirect: false, invalid: [], notFound: true };
  }
  const path = parsePath(u.pathname, ctx);
  const notFound = path === "notFound";
  const { state, invalid } = buildState(notFound ? null : path, collectParams(u.searchParams), ctx);
  const canonical = serializeSearchUrl(state, ctx);
  if (notFound) return { state, canonical, redirect: false, invalid, notFound: true };
  return { state, canonical, redirect: !sameAsCanonical(u, canonical), invalid };
}

/** The state of the bare results page (`/cars-for-sale`: used cars, default sort, first page). */
export function emptySearchState(ctx?: SearchUrlContext): SearchState {
  return buildState(null, new Map(), ctx).state;
}

/**
 * Builds a normalised state from an engine query (or any SearchQueryInput, e.g. a keyword
 * suggestion's `query`). An empty listingTypes means the default USED here.
 */
export function searchStateFromQuery(input: SearchQueryInput, ctx?: SearchUrlContext): SearchState {
  const q = parseSearchQuery(input).query;
  return normalizeSearchState({ query: q, isSponsorship: false }, ctx);
}

/** Runs a (hand-built or edited) state through the parser's rules; a parsed state is a fixed point. */
export function normalizeSearchState(state: SearchState, ctx?: SearchUrlContext): SearchState {
  return buildState(null, paramsOf(flatEntries(state, ctx, true)), ctx).state;
}

export function paramsOf(entries: readonly (readonly [string, string])[]): Params {
  const out: Params = new Map();
  for (const [k, v] of entries) {
    if (v.trim() === "") continue;
    const list = out.get(k);
    if (list) list.push(v.trim());
    else out.set(k, [v.trim()]);
  }
  return out;
}

// =============================================================================================
// Serialising

export function encodeValue(v: string): string {
  return encodeURIComponent(v.toWellFormed()).replace(/%2C/g, ",").replace(/%3A/g, ":").replace(/%20/g, "+");
}

/**
 * The query entries of a state, in canonical order. `flat`: everything (no path), one entry per
 * value and models/trims always `MAKE:x` — the form for hidden inputs and for editing a state.
 * Otherwise: the levels in `omit` are left to the path, lists are comma-joined, and models and
 * trims are bare when the search has one make.
 */
export function flatEntries(state: SearchState, ctx: SearchUrlContext | undefined, flat: boolean, omit: Set<PathLevel> = new Set()): [string, string][] {
  const q = state.query;
  const out: [string, string][] = [];
  const add = (name: string, values: readonly (string | number)[]) => {
    if (values.length === 0) return;
    if (flat) for (const v of values) out.push([name, String(v)]);
    else out.push([name, values.join(",")]);
  };
  const one = (name: string, v: string | number | undefined) => {
    if (v !== undefined) out.push([name, String(v)]);
  };
  const set = conditionSet(q.listingTypes);
  if (!omit.has("condition") && (flat || !(set.length === 1 && set[0] === "USED"))) add("listingType", set);
  one("zip", q.zip);
  one("searchRadius", q.searchRadius);
  if (q.marketExtension !== (ctx?.marketExtensionDefault ?? false)) one("marketExtension", q.marketExtension ? "include" : "off");
  add("sellerType", q.sellerTypes);
  if (!omit.has("style")) add("vehicleStyleCode", q.vehicleStyleCodes);
  add("bodyStyleSubtypeCode", q.bodyStyleSubtypeCodes);
  if (!omit.has("make")) add("makeCode", q.makeCodes);
  add("excludeMakeCode", q.excludedMakeCodes);
  const oneMake = !flat && q.makeCodes.length === 1;
  if (!omit.has("model")) {
    const models: string[] = [];
    for (const make of Object.keys(q.models)) for (const m of q.models[make]) models.push(oneMake ? m : `${make}:${m}`);
    add("modelCode", models);
  }
  add("seriesCode", q.seriesCodes);
  if (!omit.has("trim")) {
    add(
      "trimCode",
      q.trimCodes.map((code) => {
        const bar = code.indexOf("|");
        const trim = code.slice(bar + 1);
        return oneMake && !/[:|]/.test(trim) ? trim : `${code.slice(0, bar)}:${trim}`;
      }),
    );
  }
  add("packages", q.packages);
  if (!omit.has("year")) {
    one("startYear", q.startYear);
    one("endYear", q.endYear);
  }
  one("minPrice", q.minPrice);
  one("maxPrice", q.maxPrice);
  one("maxMonthlyCost", q.maxMonthlyCost);
  one("mileage", q.mileage);
  add("fuelTypeGroup", q.fuelTypeGroups);
  one("mpgRange", q.mpgRange);
  one("electricMileRange", q.electricMileRange);
  add("driveGroup", q.driveGroups);
  add("extColorSimple", q.extColors);
  add("intColorSimple", q.intColors);
  add("transmissionCode", q.transmissionCodes);
  add("engineCode", q.engineCodes);
  add("cylinders", q.cylinders);
  add("doorCode", q.doorCodes);
  add("truckBedLength", q.truckBedLengths);
  add("truckCabSize", q.truckCabSizes);
  add("featureCode", q.featureCodes);
  add("vehicleHistoryType", q.vehicleHistoryTypes);
  add("homeServices", q.homeServices);
  add("dealType", q.dealTypes);
  add("vehicleUseType", q.vehicleUseTypes);
  if (q.moneyBackGuarantee) one("moneyBackGuarantee", "true");
  one("experience", q.experience);
  one("keyword", q.keyword);
  one("showcaseOwnerId", q.showcaseOwnerId);
  if (state.isSponsorship) one("isSponsorship", "true");
  one("expired", state.expiredListingId);
  if (q.sortBy !== DEFAULT_SORT) one("sortBy", q.sortBy);
  if (q.numRecords !== defaultPageSize(ctx)) one("numRecords", q.numRecords);
  if (q.firstRecord !== 0) one("firstRecord", q.firstRecord);
  return out;
}

/**
 * The canonical path + query of a state: the category path for the levels that have one value
 * (docs/search-urls.md), the rest as query parameters in a fixed order with defaults left out.
 * Expects a normalised state (from parseSearchUrl or the helpers here).
 */
export function serializeSearchUrl(state: SearchState, ctx?: SearchUrlContext): string {
  const { path, levels } = pathOf(state, ctx);
  const entries = flatEntries(state, ctx, false, levels);
  if (entries.length === 0) return path;
  return `${path}?${entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeValue(v)}`).join("&")}`;
}

/**
 * Every parameter of a state as separate name/value pairs for `/cars-for-sale` (no path
 * levels): hidden inputs of a GET form that submits to SEARCH_PATH. The loader then 301s to the
 * canonical URL.
 */
export function searchFormEntries(state: SearchState, ctx?: SearchUrlContext): [string, string][] {
  return flatEntries(state, ctx, true);
}
