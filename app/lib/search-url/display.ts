// What the page shows from a state: labels, breadcrumbs, chips, title, description, canonical and robots (see ../search-url.ts).
import { FUEL_TYPE_LABELS, TEXT } from "../constants.ts";
import { formatInt, formatPrice } from "../format.ts";
import { PATHS } from "../routes.ts";
import { MONTHLY_COST_TEXT } from "../monthly-cost.ts";
import {
  DEAL_TYPE_LABELS,
  DRIVE_GROUP_LABELS,
  HOME_SERVICE_LABELS,
  LISTING_TYPE_LABELS,
  SELLER_TYPE_LABELS,
  TRANSMISSION_LABELS,
  TRUCK_BED_LABELS,
  TRUCK_CAB_LABELS,
  VEHICLE_HISTORY_LABELS,
  VEHICLE_USE_LABELS,
} from "../search-query.ts";
import type { Condition, Crumb, NameMap, SearchChip, SearchState, SearchUrlContext } from "./types.ts";
import { BODY_STYLE_PLURALS, CONDITION_NAMES, CONDITION_PAGE_NAMES, CONDITION_SETS, EXPERIENCE_LABELS, humanize, nameIn } from "./common.ts";
import { bodyStyleTable, conditionOf, conditionSet } from "./path.ts";
import { serializeSearchUrl } from "./core.ts";
import { editable, fromEntries, withoutFilter } from "./links.ts";

// =============================================================================================
// Labels

export function makeName(code: string, ctx: SearchUrlContext | undefined): string {
  return nameIn(ctx?.makes, code) ?? humanize(code);
}
export function modelName(make: string, code: string, ctx: SearchUrlContext | undefined): string {
  return nameIn(ctx?.models, `${make}|${code}`) ?? code;
}
export function styleName(code: string, ctx: SearchUrlContext | undefined): string {
  return nameIn(bodyStyleTable(ctx), code) ?? humanize(code);
}

/** 'Over X', 'Under X' or 'Between X - Y' ($ with thousands separators). */
export function priceLabel(minPrice: number | undefined, maxPrice: number | undefined): string | null {
  if (minPrice !== undefined && maxPrice !== undefined) return `Between ${formatPrice(minPrice)} - ${formatPrice(maxPrice)}`;
  if (minPrice !== undefined) return `Over ${formatPrice(minPrice)}`;
  if (maxPrice !== undefined) return `Under ${formatPrice(maxPrice)}`;
  return null;
}

export function yearLabel(start: number | undefined, end: number | undefined): string | null {
  if (start !== undefined && end !== undefined) return start === end ? String(start) : `${start} - ${end}`;
  if (start !== undefined) return `${start} & Newer`;
  if (end !== undefined) return `${end} & Older`;
  return null;
}

/** 'Used', 'New', 'Certified', 'All' or e.g. 'New & Used' for a mixed selection. */
export function conditionName(state: SearchState): string {
  const c = conditionOf(state);
  if (c) return CONDITION_PAGE_NAMES[c];
  return conditionSet(state.query.listingTypes)
    .map((x) => CONDITION_NAMES[x])
    .join(" & ");
}

export function placeLabel(zip: string, ctx: SearchUrlContext | undefined): string {
  const p = ctx?.place?.(zip);
  return p ? `${p.city}, ${p.state}` : zip;
}

// =============================================================================================
// Breadcrumbs

export const CRUMB_LEVELS = ["page", "location", "owner", "condition", "style", "make", "model", "trim", "year", "price", "fuel", "mpg", "range"] as const;
export type CrumbLevel = (typeof CRUMB_LEVELS)[number];

/** The state with only the crumb levels up to `level` (sort, paging and other filters dropped). */
export function upToLevel(state: SearchState, level: CrumbLevel, ctx: SearchUrlContext | undefined): SearchState {
  const depth = CRUMB_LEVELS.indexOf(level);
  const keep = (l: CrumbLevel) => CRUMB_LEVELS.indexOf(l) <= depth;
  const commercial = state.query.experience === "commercial";
  const entries = editable(state, ctx).filter(([k]) => {
    switch (k) {
      case "experience":
        return true;
      case "listingType":
        return commercial ? keep("condition") : true;
      case "zip":
      case "searchRadius":
      case "marketExtension":
        return keep("location");
      case "sellerType":
        return keep("owner");
      case "vehicleStyleCode":
        return keep("style");
      case "makeCode":
        return keep("make");
      case "modelCode":
        return keep("model");
      case "trimCode":
        return keep("trim");
      case "startYear":
      case "endYear":
        return keep("year");
      case "minPrice":
      case "maxPrice":
        return keep("price");
      case "fuelTypeGroup":
        return keep("fuel");
      case "mpgRange":
        return keep("mpg");
      case "electricMileRange":
        return keep("range");
      default:
        return false;
    }
  });
  return fromEntries(entries, ctx);
}

/**
 * Breadcrumbs in the spec's order: home, page, location, owner, condition, style, make, model,
 * trim, year, price, fuel type, mpg, electric range. A level gets a crumb when it has one value
 * (a make crumb needs one make, a model crumb one make and one model ...); each crumb links to
 * the search with that level and the ones before it, every later level dropped.
 *
 * The page crumb carries the condition ('Used Cars for Sale'), so the condition level has its
 * own crumb only on the commercial experience, whose page crumb ('Commercial Vehicles for
 * Sale') does not name it. Home links to "/" (the spec's /cars-for-sale home is for an
 * automaker brand, which we are not).
 */
export function breadcrumbs(state: SearchState, ctx?: SearchUrlContext): Crumb[] {
  const q = state.query;
  const commercial = q.experience === "commercial";
  const crumbs: Crumb[] = [{ label: "Home", href: PATHS.home }];
  const push = (level: CrumbLevel, label: string) => crumbs.push({ label, href: serializeSearchUrl(upToLevel(state, level, ctx), ctx) });

  push("page", commercial ? "Commercial Vehicles for Sale" : `${conditionName(state)} Cars for Sale`);
  if (q.zip) push("location", placeLabel(q.zip, ctx));
  if (q.sellerTypes.length === 1) push("owner", q.sellerTypes[0] === "p" ? "By Owner" : "Dealer");
  const condition = conditionOf(state);
  if (commercial && condition && condition !== "all") push("condition", CONDITION_PAGE_NAMES[condition]);
  if (q.vehicleStyleCodes.length === 1) {
    const name = styleName(q.vehicleStyleCodes[0], ctx);
    const short = name === "Van / Minivan" ? "Van" : name;
    push("style", commercial && !/^commercial\b/i.test(short) ? `Commercial ${short}` : name);
  }
  const make = q.makeCodes.length === 1 ? q.makeCodes[0] : undefined;
  if (make) push("make", makeName(make, ctx));
  const models = make ? (q.models[make] ?? []) : [];
  if (make && models.length === 1) {
    push("model", modelName(make, models[0], ctx));
    if (q.trimCodes.length === 1 && q.trimCodes[0].startsWith(`${make}|`)) push("trim", q.trimCodes[0].slice(make.length + 1));
  }
  // "On the used condition with two crumbs the 'year' crumb is hidden": read literally, when the
  // search is for used cars and the trail before the year is just two crumbs (Home and 'Used
  // Cars for Sale'), no year crumb is added — a year alone is not a used-car category worth a
  // crumb; with a location, make, style ... before it the year crumb shows.
  if (q.startYear !== undefined && q.startYear === q.endYear && !(condition === "used" && crumbs.length === 2)) {
    push("year", String(q.startYear));
  }
  const price = priceLabel(q.minPrice, q.maxPrice);
  if (price) push("price", price);
  const fuel = q.fuelTypeGroups.length === 1 ? q.fuelTypeGroups[0] : undefined;
  if (fuel) push("fuel", Object.hasOwn(FUEL_TYPE_LABELS, fuel) ? FUEL_TYPE_LABELS[fuel] : humanize(fuel));
  if (q.mpgRange !== undefined) push("mpg", `${q.mpgRange}+`);
  if (q.electricMileRange !== undefined) push("range", `${q.electricMileRange} Miles`);
  return crumbs;
}

// =============================================================================================
// Chips

export function chipValues(state: SearchState, ctx: SearchUrlContext | undefined): { name: string; value: string; label: string }[] {
  const q = state.query;
  const out: { name: string; value: string; label: string }[] = [];
  const each = (name: string, values: readonly (string | number)[], label: (v: string) => string) => {
    for (const v of values) out.push({ name, value: String(v), label: label(String(v)) });
  };
  const from = (table: Record<string, string>) => (v: string) => (Object.hasOwn(table, v) ? table[v] : humanize(v));
  const named = (map: NameMap | undefined) => (v: string) => nameIn(map, v) ?? humanize(v);

  if (conditionOf(state) !== "used") each("listingType", conditionSet(q.listingTypes), (v) => LISTING_TYPE_LABELS[v] ?? v);
  each("sellerType", q.sellerTypes, from(SELLER_TYPE_LABELS));
  each("vehicleStyleCode", q.vehicleStyleCodes, (v) => styleName(v, ctx));
  each("bodyStyleSubtypeCode", q.bodyStyleSubtypeCodes, named(ctx?.subtypes));
  each("makeCode", q.makeCodes, (v) => makeName(v, ctx));
  each("excludeMakeCode", q.excludedMakeCodes, (v) => `Not ${makeName(v, ctx)}`);
  for (const make of Object.keys(q.models))
    each(
      "modelCode",
      q.models[make].map((m) => `${make}|${m}`),
      (v) => modelName(make, v.slice(make.length + 1), ctx),
    );
  each("seriesCode", q.seriesCodes, named(ctx?.series));
  each("trimCode", q.trimCodes, (v) => v.slice(v.indexOf("|") + 1));
  each("packages", q.packages, named(ctx?.packages));
  const years = yearLabel(q.startYear, q.endYear);
  if (years) out.push({ name: "year", value: `${q.startYear ?? ""}-${q.endYear ?? ""}`, label: years });
  const price = priceLabel(q.minPrice, q.maxPrice);
  if (price) out.push({ name: "price", value: `${q.minPrice ?? ""}-${q.maxPrice ?? ""}`, label: price });
  if (q.maxMonthlyCost !== undefined) out.push({ name: "maxMonthlyCost", value: String(q.maxMonthlyCost), label: MONTHLY_COST_TEXT.chip(q.maxMonthlyCost) });
  if (q.mileage !== undefined) out.push({ name: "mileage", value: String(q.mileage), label: `Under ${formatInt(q.mileage)} Miles` });
  each("fuelTypeGroup", q.fuelTypeGroups, from(FUEL_TYPE_LABELS));
  if (q.mpgRange !== undefined) out.push({ name: "mpgRange", value: String(q.mpgRange), label: `${q.mpgRange}+ MPG` });
  if (q.electricMileRange !== undefined)
    out.push({ name: "electricMileRange", value: String(q.electricMileRange), label: `${q.electricMileRange}+ Miles Range` });
  each("driveGroup", q.driveGroups, from(DRIVE_GROUP_LABELS));
  each("extColorSimple", q.extColors, named(ctx?.extColors));
  each("intColorSimple", q.intColors, (v) => `${nameIn(ctx?.intColors, v) ?? humanize(v)} Interior`);
  each("transmissionCode", q.transmissionCodes, from(TRANSMISSION_LABELS));
  each("engineCode", q.engineCodes, named(ctx?.engines));
  each("cylinders", q.cylinders, (v) => `${v} Cylinders`);
  each("doorCode", q.doorCodes, (v) => `${v} Doors`);
  each("truckBedLength", q.truckBedLengths, from(TRUCK_BED_LABELS));
  each("truckCabSize", q.truckCabSizes, (v) => `Cab Size ${TRUCK_CAB_LABELS[Number(v)] ?? v}`);
  each("featureCode", q.featureCodes, named(ctx?.features));
  each("vehicleHistoryType", q.vehicleHistoryTypes, from(VEHICLE_HISTORY_LABELS));
  each("homeServices", q.homeServices, from(HOME_SERVICE_LABELS));
  each("dealType", q.dealTypes, from(DEAL_TYPE_LABELS));
  each("vehicleUseType", q.vehicleUseTypes, from(VEHICLE_USE_LABELS));
  if (q.moneyBackGuarantee) out.push({ name: "moneyBackGuarantee", value: "true", label: "Money Back Guarantee" });
  if (q.experience) out.push({ name: "experience", value: q.experience, label: EXPERIENCE_LABELS[q.experience] });
  if (q.keyword) out.push({ name: "keyword", value: q.keyword, label: `“${q.keyword}”` });
  return out;
}

/**
 * A chip for every selected value (location, sort and paging are not chips; neither is the
 * default Used condition), each with the link that removes it. A price or year chip clears
 * both bounds; a make chip takes its models and trims.
 */
export function chips(state: SearchState, ctx?: SearchUrlContext): SearchChip[] {
  return chipValues(state, ctx).map((c) => ({ ...c, removeHref: withoutFilter(state, c.name, c.value, ctx) }));
}

/** How many chips a state shows (the filter button's count). */
export function selectedCount(state: SearchState, ctx?: SearchUrlContext): number {
  return chipValues(state, ctx).length;
}

// =============================================================================================
// SEO

export function subjectOf(state: SearchState, ctx: SearchUrlContext | undefined): string {
  const q = state.query;
  const parts: string[] = [];
  if (q.startYear !== undefined && q.startYear === q.endYear) parts.push(String(q.startYear));
  const make = q.makeCodes.length === 1 ? q.makeCodes[0] : undefined;
  const models = make ? (q.models[make] ?? []) : [];
  if (make) parts.push(makeName(make, ctx));
  if (make && models.length === 1) {
    parts.push(modelName(make, models[0], ctx));
    if (q.trimCodes.length === 1 && q.trimCodes[0].startsWith(`${make}|`)) parts.push(q.trimCodes[0].slice(make.length + 1));
    // A body style of the model is a page of its own ("Used Honda Civic Hatchback"), not a twin
    // of the model's page.
    if (q.vehicleStyleCodes.length === 1) parts.push(styleName(q.vehicleStyleCodes[0], ctx));
  } else if (q.experience === "commercial") {
    parts.push("Commercial Vehicles");
  } else if (q.vehicleStyleCodes.length === 1) {
    const code = q.vehicleStyleCodes[0];
    parts.push(BODY_STYLE_PLURALS[code] ?? `${styleName(code, ctx)}s`);
  } else {
    parts.push("Cars");
  }
  return parts.join(" ");
}

export function conditionWord(state: SearchState): string {
  const c = conditionOf(state);
  return c === "all" ? "" : conditionName(state);
}

/** Page title, e.g. "Used Toyota RAV4 for Sale near Atlanta, GA" (no site name). */
export function searchTitle(state: SearchState, ctx?: SearchUrlContext): string {
  const near = state.query.zip ? ` near ${placeLabel(state.query.zip, ctx)}` : "";
  return `${[conditionWord(state), subjectOf(state, ctx)].filter(Boolean).join(" ")} for Sale${near}`;
}

/** Meta description; `total` adds the number of matches. */
export function searchDescription(state: SearchState, ctx?: SearchUrlContext, total?: number): string {
  const near = state.query.zip ? ` near ${placeLabel(state.query.zip, ctx)}` : "";
  const cond = conditionWord(state).toLowerCase();
  const count = total !== undefined ? `${formatInt(total)} ` : "";
  const subject = [cond, subjectOf(state, ctx)].filter(Boolean).join(" ");
  return `Shop ${count}${subject} for sale${near} on Forecourt. Compare prices, deal ratings, mileage and features from dealers and private sellers.`;
}

/** The `<link rel="canonical">` URL: the canonical URL without the expired-listing banner. */
export function canonicalLinkUrl(state: SearchState, ctx?: SearchUrlContext): string {
  const s = { ...state };
  delete s.expiredListingId;
  return serializeSearchUrl(s, ctx);
}

/**
 * Index only category pages: a canonical URL with no query string (the first page of a
 * condition / body style / make / model / trim / year path). Filter combinations, locations,
 * keywords, sorts and later pages get noindex (links are still followed).
 */
export function isIndexable(state: SearchState, ctx?: SearchUrlContext): boolean {
  return !canonicalLinkUrl(state, ctx).includes("?");
}

/** A category page URL, e.g. for the sitemap: categoryUrl({ condition: "all", makeCode: "TOYOTA", modelCode: "RAV4" }). */
export function categoryUrl(
  parts: { condition?: Condition; vehicleStyleCode?: string; makeCode?: string; modelCode?: string; year?: number },
  ctx?: SearchUrlContext,
): string {
  const entries: [string, string][] = [];
  for (const c of CONDITION_SETS[parts.condition ?? "used"]) entries.push(["listingType", c]);
  if (parts.vehicleStyleCode) entries.push(["vehicleStyleCode", parts.vehicleStyleCode]);
  if (parts.makeCode) entries.push(["makeCode", parts.makeCode]);
  if (parts.makeCode && parts.modelCode) entries.push(["modelCode", `${parts.makeCode}:${parts.modelCode}`]);
  if (parts.year !== undefined) entries.push(["startYear", String(parts.year)], ["endYear", String(parts.year)]);
  return serializeSearchUrl(fromEntries(entries, ctx), ctx);
}

/**
 * The expired-listing banner text for a state that has `expired`, else null. `vehicle` (e.g.
 * the sold listing's "2019 Toyota RAV4", looked up by the loader) wins; otherwise the search's
 * single make and model, otherwise "vehicle".
 */
export function expiredBannerText(state: SearchState, ctx?: SearchUrlContext, vehicle?: string): string | null {
  if (state.expiredListingId === undefined) return null;
  if (vehicle) return TEXT.expiredListing(vehicle);
  const q = state.query;
  const make = q.makeCodes.length === 1 ? q.makeCodes[0] : undefined;
  const models = make ? (q.models[make] ?? []) : [];
  const name = make ? [makeName(make, ctx), models.length === 1 ? modelName(make, models[0], ctx) : ""].filter(Boolean).join(" ") : "vehicle";
  return TEXT.expiredListing(name);
}
