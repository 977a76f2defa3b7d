// Filter sections: which filter each facet belongs to, which sections a query shows, their
// labels and orders, and the assembly of engine counts into the spec's Filter / Option shapes.
// Both engines produce raw counts keyed by facet name and option value; everything a shopper
// reads (labels, order, selected, disabled) is decided here, once.
import { FUEL_TYPE_ORDER, FUEL_TYPE_LABELS, TRUCK_CAB_SIZES } from "../../lib/constants.ts";
import {
  DEAL_TYPE_LABELS,
  DEAL_TYPES,
  DRIVE_GROUP_LABELS,
  ELECTRIC_RANGE_THRESHOLDS,
  HOME_SERVICE_LABELS,
  LISTING_TYPE_LABELS,
  MILEAGE_THRESHOLDS,
  MPG_THRESHOLDS,
  PRICE_THRESHOLDS,
  SELLER_TYPE_LABELS,
  TRANSMISSION_LABELS,
  TRUCK_BED_LABELS,
  TRUCK_CAB_LABELS,
  VEHICLE_HISTORY_LABELS,
  VEHICLE_USE_LABELS,
  type FacetFilter,
  type FacetOption,
  type SearchQuery,
} from "../../lib/search-query.ts";
import { humanizeCode, type SearchLabels } from "./labels.server.ts";
import { formatInt, formatPrice } from "../../lib/format.ts";

/**
 * Filter ids. A row "fails" a filter when the query selects something in that section and the
 * row matches none of it. Ids 1-16 depend only on the vehicle configuration, 17-23 on the
 * listing's appearance and seller, 24-29 on the single listing.
 */
export const F = {
  MM: 1,
  SERIES: 2,
  TRIM: 3,
  YEAR: 4,
  BODY: 5,
  SUBTYPE: 6,
  FUEL: 7,
  DRIVE: 8,
  ENGINE: 9,
  TRANS: 10,
  DOORS: 11,
  CYL: 12,
  MPG: 13,
  ERANGE: 14,
  BED: 15,
  CAB: 16,
  LTYPE: 17,
  EXT: 18,
  INT: 19,
  SELLER: 20,
  DEAL: 21,
  USE: 22,
  MBG: 23,
  PRICE: 24,
  MILEAGE: 25,
  FEATURES: 26,
  PACKAGES: 27,
  HOME: 28,
  HISTORY: 29,
} as const;
export type FilterId = (typeof F)[keyof typeof F];
export const LAST_CONFIG_FILTER = 16;
export const LAST_APPEARANCE_FILTER = 23;
/** State of a row failing two filters or a hard (facet-less) condition: counted nowhere. */
export const HARD = 255;

/** Which filters a query selects something in. */
export function activeFilters(q: SearchQuery): Set<FilterId> {
  const s = new Set<FilterId>();
  if (q.makeCodes.length > 0) s.add(F.MM);
  if (q.seriesCodes.length > 0) s.add(F.SERIES);
  if (q.trimCodes.length > 0) s.add(F.TRIM);
  if (q.startYear !== undefined || q.endYear !== undefined) s.add(F.YEAR);
  if (q.vehicleStyleCodes.length > 0) s.add(F.BODY);
  if (q.bodyStyleSubtypeCodes.length > 0) s.add(F.SUBTYPE);
  if (q.fuelTypeGroups.length > 0) s.add(F.FUEL);
  if (q.driveGroups.length > 0) s.add(F.DRIVE);
  if (q.engineCodes.length > 0) s.add(F.ENGINE);
  if (q.transmissionCodes.length > 0) s.add(F.TRANS);
  if (q.doorCodes.length > 0) s.add(F.DOORS);
  if (q.cylinders.length > 0) s.add(F.CYL);
  if (q.mpgRange !== undefined) s.add(F.MPG);
  if (q.electricMileRange !== undefined) s.add(F.ERANGE);
  if (q.truckBedLengths.length > 0) s.add(F.BED);
  if (q.truckCabSizes.length > 0) s.add(F.CAB);
  if (q.listingTypes.length > 0) s.add(F.LTYPE);
  if (q.extColors.length > 0) s.add(F.EXT);
  if (q.intColors.length > 0) s.add(F.INT);
  if (q.sellerTypes.length > 0) s.add(F.SELLER);
  if (q.dealTypes.length > 0) s.add(F.DEAL);
  if (q.vehicleUseTypes.length > 0) s.add(F.USE);
  if (q.moneyBackGuarantee) s.add(F.MBG);
  if (q.minPrice !== undefined || q.maxPrice !== undefined) s.add(F.PRICE);
  if (q.mileage !== undefined) s.add(F.MILEAGE);
  if (q.featureCodes.length > 0) s.add(F.FEATURES);
  if (q.packages.length > 0) s.add(F.PACKAGES);
  if (q.homeServices.length > 0) s.add(F.HOME);
  if (q.vehicleHistoryTypes.length > 0) s.add(F.HISTORY);
  return s;
}

export type FacetCounts = Map<string, Map<string, number>>;
/** Values known to exist in the inventory, per facet (so zero-count options can be shown). */
export type FacetDomains = Map<string, Iterable<string>>;

export interface FacetSpec {
  name: string;
  label: string;
  filter: FilterId;
  /** For modelCodeList|{make}: the make. */
  make?: string;
}

export const FACET = {
  vehicleUseType: "vehicleUseType",
  moneyBackGuarantee: "moneyBackGuarantee",
  year: "yearRange",
  listingType: "listingType",
  drive: "driveGroup",
  price: "maxPrice",
  mileage: "mileage",
  bodyStyle: "vehicleStyleCode",
  subtype: "bodyStyleSubtypeCode",
  truckBed: "truckBedLength",
  truckCab: "truckCabSize",
  fuel: "fuelTypeGroup",
  mpg: "mpgRange",
  electricRange: "electricMileRange",
  make: "makeCodeList",
  series: "seriesCode",
  trim: "trimCodeList",
  packages: "packages",
  extColor: "extColorSimple",
  intColor: "intColorSimple",
  transmission: "transmissionCode",
  engine: "engineCode",
  history: "vehicleHistoryType",
  homeServices: "homeServices",
  features: "featureCode",
  cylinders: "cylinders",
  deal: "dealType",
  doors: "doorCode",
  seller: "sellerType",
} as const;

export function modelFacetName(make: string): string {
  return `modelCodeList|${make}`;
}

/** True when some selected make narrows to models (the trim and package sections then show). */
export function hasModelSelection(q: SearchQuery): boolean {
  return Object.values(q.models).some((m) => m.length > 0);
}

/** The filter sections a query shows, in the spec's panel order. */
export function facetSpecs(q: SearchQuery, labels: SearchLabels): FacetSpec[] {
  const specs: FacetSpec[] = [
    { name: FACET.vehicleUseType, label: "Vehicle Use Type", filter: F.USE },
    { name: FACET.moneyBackGuarantee, label: "Money Back Guarantee", filter: F.MBG },
    { name: FACET.year, label: "Year", filter: F.YEAR },
    { name: FACET.listingType, label: "Condition", filter: F.LTYPE },
    { name: FACET.drive, label: "Drive Type", filter: F.DRIVE },
    { name: FACET.price, label: "Price", filter: F.PRICE },
    { name: FACET.mileage, label: "Mileage", filter: F.MILEAGE },
    { name: FACET.bodyStyle, label: "Body Style", filter: F.BODY },
    { name: FACET.subtype, label: "Body Style Type", filter: F.SUBTYPE },
    { name: FACET.truckBed, label: "Truck Bed Length", filter: F.BED },
    { name: FACET.truckCab, label: "Truck Cab Size", filter: F.CAB },
    { name: FACET.fuel, label: "Fuel Type", filter: F.FUEL },
    { name: FACET.mpg, label: "Fuel Economy", filter: F.MPG },
    { name: FACET.electricRange, label: "Electric Mile Range", filter: F.ERANGE },
    { name: FACET.make, label: "Make", filter: F.MM },
  ];
  for (const make of q.makeCodes) {
    specs.push({ name: modelFacetName(make), label: `${labels.makes.get(make) ?? humanizeCode(make)} Models`, filter: F.MM, make });
  }
  if (q.makeCodes.length > 0) specs.push({ name: FACET.series, label: "Series", filter: F.SERIES });
  if (hasModelSelection(q)) {
    specs.push({ name: FACET.trim, label: "Trim", filter: F.TRIM });
    specs.push({ name: FACET.packages, label: "Packages", filter: F.PACKAGES });
  }
  specs.push(
    { name: FACET.extColor, label: "Exterior Color", filter: F.EXT },
    { name: FACET.intColor, label: "Interior Color", filter: F.INT },
    { name: FACET.transmission, label: "Transmission", filter: F.TRANS },
    { name: FACET.engine, label: "Engine Displacement", filter: F.ENGINE },
    { name: FACET.history, label: "Vehicle History", filter: F.HISTORY },
    { name: FACET.homeServices, label: "Dealer Home Services", filter: F.HOME },
    { name: FACET.features, label: "Features", filter: F.FEATURES },
    { name: FACET.cylinders, label: "Cylinders", filter: F.CYL },
    { name: FACET.deal, label: "Best Deals", filter: F.DEAL },
    { name: FACET.doors, label: "Doors", filter: F.DOORS },
    { name: FACET.seller, label: "Seller Type", filter: F.SELLER },
  );
  return specs;
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** The selected values of a section, as option values. */
export function selectedValues(q: SearchQuery, spec: FacetSpec): string[] {
  switch (spec.name) {
    case FACET.vehicleUseType:
      return q.vehicleUseTypes;
    case FACET.moneyBackGuarantee:
      return q.moneyBackGuarantee ? ["true"] : [];
    case FACET.year: {
      if (q.startYear === undefined && q.endYear === undefined) return [];
      return [`${q.startYear ?? ""}-${q.endYear ?? ""}`];
    }
    case FACET.listingType:
      return q.listingTypes;
    case FACET.drive:
      return q.driveGroups;
    case FACET.price:
      return q.maxPrice !== undefined ? [String(q.maxPrice)] : [];
    case FACET.mileage:
      return q.mileage !== undefined ? [String(q.mileage)] : [];
    case FACET.bodyStyle:
      return q.vehicleStyleCodes;
    case FACET.subtype:
      return q.bodyStyleSubtypeCodes;
    case FACET.truckBed:
      return q.truckBedLengths;
    case FACET.truckCab:
      return q.truckCabSizes.map(String);
    case FACET.fuel:
      return q.fuelTypeGroups;
    case FACET.mpg:
      return q.mpgRange !== undefined ? [String(q.mpgRange)] : [];
    case FACET.electricRange:
      return q.electricMileRange !== undefined ? [String(q.electricMileRange)] : [];
    case FACET.make:
      return q.makeCodes;
    case FACET.series:
      return q.seriesCodes;
    case FACET.trim:
      return q.trimCodes;
    case FACET.packages:
      return q.packages;
    case FACET.extColor:
      return q.extColors;
    case FACET.intColor:
      return q.intColors;
    case FACET.transmission:
      return q.transmissionCodes;
    case FACET.engine:
      return q.engineCodes;
    case FACET.history:
      return q.vehicleHistoryTypes;
    case FACET.homeServices:
      return q.homeServices;
    case FACET.features:
      return q.featureCodes;
    case FACET.cylinders:
      return q.cylinders.map(String);
    case FACET.deal:
      return q.dealTypes;
    case FACET.doors:
      return q.doorCodes.map(String);
    case FACET.seller:
      return q.sellerTypes;
    default:
      return spec.make ? (q.models[spec.make] ?? []) : [];
  }
}

function isOptionSelected(q: SearchQuery, spec: FacetSpec, value: string, selected: string[]): boolean {
  if (spec.name === FACET.year) {
    const y = Number(value);
    if (q.startYear === undefined && q.endYear === undefined) return false;
    return y >= (q.startYear ?? -Infinity) && y <= (q.endYear ?? Infinity);
  }
  return selected.includes(value);
}

interface OptionMeta {
  label: string;
  /** Sort keys, compared in order. */
  order: (string | number)[];
  group?: string;
}

function fixedOrder(keys: readonly string[], value: string): number {
  const i = keys.indexOf(value);
  return i < 0 ? keys.length : i;
}

function metaFor(spec: FacetSpec, value: string, labels: SearchLabels): OptionMeta {
  switch (spec.name) {
    case FACET.vehicleUseType:
      return { label: VEHICLE_USE_LABELS[value as "personal"] ?? humanizeCode(value), order: [fixedOrder(Object.keys(VEHICLE_USE_LABELS), value), value] };
    case FACET.moneyBackGuarantee:
      return { label: "Money Back Guarantee", order: [0] };
    case FACET.year:
      return { label: value, order: [-Number(value)] };
    case FACET.listingType:
      return { label: LISTING_TYPE_LABELS[value] ?? humanizeCode(value), order: [fixedOrder(["NEW", "USED", "CERTIFIED", "3P_CERT"], value), value] };
    case FACET.drive:
      return { label: DRIVE_GROUP_LABELS[value] ?? value, order: [fixedOrder(Object.keys(DRIVE_GROUP_LABELS), value), value] };
    case FACET.price:
      return { label: `Under ${formatPrice(Number(value))}`, order: [Number(value)] };
    case FACET.mileage:
      return { label: `Under ${formatInt(Number(value))} miles`, order: [Number(value)] };
    case FACET.bodyStyle: {
      const b = labels.bodyStyles.get(value);
      return { label: b?.name ?? humanizeCode(value), order: [b?.sort ?? 1e6, value] };
    }
    case FACET.subtype: {
      const s = labels.subtypes.get(value);
      const body = s ? labels.bodyStyles.get(s.bodyStyle) : undefined;
      return { label: s?.name ?? humanizeCode(value), order: [body?.sort ?? 1e6, s?.sort ?? 1e6, value], group: s?.bodyStyle };
    }
    case FACET.truckBed:
      return { label: TRUCK_BED_LABELS[value] ?? humanizeCode(value), order: [fixedOrder(Object.keys(TRUCK_BED_LABELS), value), value] };
    case FACET.truckCab:
      return { label: TRUCK_CAB_LABELS[Number(value)] ?? value, order: [Number(value)] };
    case FACET.fuel:
      return { label: FUEL_TYPE_LABELS[value] ?? humanizeCode(value), order: [fixedOrder(FUEL_TYPE_ORDER, value), FUEL_TYPE_LABELS[value] ?? value] };
    case FACET.mpg:
      return { label: `${value}+ MPG`, order: [Number(value)] };
    case FACET.electricRange:
      return { label: `${value}+ Miles`, order: [Number(value)] };
    case FACET.make:
      return { label: labels.makes.get(value) ?? humanizeCode(value), order: [labels.makes.get(value) ?? value] };
    case FACET.series:
      return { label: labels.series.get(value) ?? humanizeCode(value), order: [labels.series.get(value) ?? value] };
    case FACET.trim: {
      const bar = value.indexOf("|");
      return { label: value.slice(bar + 1), order: [value.slice(0, bar), value.slice(bar + 1)], group: value.slice(0, bar) };
    }
    case FACET.packages:
      return { label: labels.packages.get(value) ?? humanizeCode(value), order: [labels.packages.get(value) ?? value] };
    case FACET.extColor:
    case FACET.intColor: {
      const c = (spec.name === FACET.extColor ? labels.extColors : labels.intColors).get(value);
      return { label: c?.name ?? humanizeCode(value), order: [c?.sort ?? 1e6, value] };
    }
    case FACET.transmission:
      return { label: TRANSMISSION_LABELS[value] ?? humanizeCode(value), order: [fixedOrder(Object.keys(TRANSMISSION_LABELS), value), value] };
    case FACET.engine: {
      const e = labels.engines.get(value);
      return { label: e?.name ?? humanizeCode(value), order: [e?.sort ?? 1e6, value] };
    }
    case FACET.history:
      return { label: VEHICLE_HISTORY_LABELS[value] ?? humanizeCode(value), order: [fixedOrder(Object.keys(VEHICLE_HISTORY_LABELS), value), value] };
    case FACET.homeServices:
      return { label: HOME_SERVICE_LABELS[value] ?? humanizeCode(value), order: [fixedOrder(Object.keys(HOME_SERVICE_LABELS), value), value] };
    case FACET.features: {
      const f = labels.features.get(value);
      return { label: f?.name ?? humanizeCode(value), order: [f?.sort ?? 1e6, value], group: f?.group };
    }
    case FACET.cylinders:
      return { label: `${value} Cylinders`, order: [Number(value)] };
    case FACET.deal:
      return { label: DEAL_TYPE_LABELS[value as "goodprice"] ?? value, order: [fixedOrder(DEAL_TYPES, value)] };
    case FACET.doors:
      return { label: `${value} Doors`, order: [Number(value)] };
    case FACET.seller:
      return { label: SELLER_TYPE_LABELS[value as "p"] ?? value, order: [fixedOrder(Object.keys(SELLER_TYPE_LABELS), value)] };
    default: {
      const make = spec.make ?? "";
      return { label: labels.models.get(`${make}|${value}`) ?? value, order: [labels.models.get(`${make}|${value}`) ?? value], group: make };
    }
  }
}

/**
 * metaFor is pure in (section, value, labels): labels and orders are worked out once, kept per
 * section and value (two lookups, no key string made per option: a page reads a thousand-odd).
 */
const metaCache = new WeakMap<SearchLabels, { size: number; bySection: Map<string, Map<string, OptionMeta>> }>();
function cachedMeta(spec: FacetSpec, value: string, labels: SearchLabels): OptionMeta {
  let cache = metaCache.get(labels);
  if (!cache) metaCache.set(labels, (cache = { size: 0, bySection: new Map() }));
  let section = cache.bySection.get(spec.name);
  if (!section) cache.bySection.set(spec.name, (section = new Map()));
  let meta = section.get(value);
  if (!meta) {
    meta = metaFor(spec, value, labels);
    if (cache.size < 50_000) {
      section.set(value, meta);
      cache.size++;
    }
  }
  return meta;
}

function compareOrder(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (typeof x === "number" && typeof y === "number") return x - y;
    const c = collator.compare(String(x), String(y));
    if (c !== 0) return c;
  }
  return 0;
}

/** Option values that always exist for a section whatever the inventory. */
function fixedDomain(spec: FacetSpec): string[] | null {
  switch (spec.name) {
    case FACET.price:
      return PRICE_THRESHOLDS.map(String);
    case FACET.mileage:
      return MILEAGE_THRESHOLDS.map(String);
    case FACET.mpg:
      return MPG_THRESHOLDS.map(String);
    case FACET.electricRange:
      return ELECTRIC_RANGE_THRESHOLDS.map(String);
    case FACET.truckCab:
      return TRUCK_CAB_SIZES.map(String);
    case FACET.listingType:
      return ["NEW", "USED", "CERTIFIED"];
    case FACET.deal:
      return [...DEAL_TYPES];
    case FACET.moneyBackGuarantee:
      return ["true"];
    default:
      return null;
  }
}

/**
 * Builds the sections from counts. `counts` holds, per facet, the number of listings per value
 * with that section's own selection removed; for listingType it is per raw listing type (the
 * Used option adds 3P_CERT in). `domains` adds values known to exist with zero count.
 */
export function assembleFilters(q: SearchQuery, specs: FacetSpec[], counts: FacetCounts, domains: FacetDomains | null, labels: SearchLabels): FacetFilter[] {
  const out: FacetFilter[] = [];
  for (const spec of specs) {
    const selected = selectedValues(q, spec);
    const raw = counts.get(spec.name) ?? new Map<string, number>();
    const values = new Set<string>(fixedDomain(spec) ?? []);
    const domain = domains?.get(spec.name);
    if (domain) for (const v of domain) values.add(v);
    for (const [v, n] of raw) if (n > 0) values.add(v);
    let countOf = (v: string) => raw.get(v) ?? 0;
    if (spec.name === FACET.listingType) {
      values.delete("3P_CERT");
      if (selected.includes("3P_CERT")) values.add("3P_CERT");
      countOf = (v) => (raw.get(v) ?? 0) + (v === "USED" ? (raw.get("3P_CERT") ?? 0) : 0);
    } else if (spec.name === FACET.year) {
      // The year section offers years; its selection is a range.
    } else if (!fixedDomain(spec) || spec.name === FACET.truckCab) {
      for (const v of selected) values.add(v);
    }
    const options: (FacetOption & { _order: (string | number)[] })[] = [];
    for (const value of values) {
      const meta = cachedMeta(spec, value, labels);
      const count = countOf(value);
      const isSelected = isOptionSelected(q, spec, value, selected);
      const option: FacetOption & { _order: (string | number)[] } = {
        label: meta.label,
        value,
        count,
        selected: isSelected,
        disabled: count === 0 && !isSelected,
        _order: meta.order,
      };
      if (meta.group !== undefined) option.group = meta.group;
      options.push(option);
    }
    options.sort((a, b) => compareOrder(a._order, b._order));
    out.push({
      name: spec.name,
      label: spec.label,
      collapsed: selected.length === 0,
      value: selected,
      options: options.map(({ _order, ...o }) => o),
    });
  }
  return out;
}
