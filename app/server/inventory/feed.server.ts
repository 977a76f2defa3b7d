// Dealer feed importer (format: docs/dealer-feed.md). A feed file is one or more dealers'
// complete inventories. Rows are checked one by one: bad rows are rejected with their row number
// and reasons, good rows are resolved against the reference catalogue (codes and specs come from
// the catalogue trim) and upserted by VIN through the same path as the demo seed. For each
// dealer in the file, its active listings whose VINs are not in the file are marked sold.
import path from "node:path";
import type { Catalog, CatalogMake, CatalogModel, CatalogTrim } from "../../lib/catalog-types.ts";
import type { Database } from "../db/connection.server.ts";
import type { ZipPlace } from "../../lib/zip.ts";
import { safeExternalUrl, sanitizeDealerHtml } from "../../lib/dealer-html.ts";
import { brandProgramViolations, namesBrandProgram } from "../../lib/trust-signals.ts";
import { BRAND_CERTIFIED_PROGRAM } from "../../lib/constants.ts";
import { LISTING_TYPES } from "../../lib/listing-types.ts";
import { lookupZip } from "../reference/zip.server.ts";
import { parseCsv } from "../reference/csv.server.ts";
import { loadCatalog } from "../reference/catalog.server.ts";
import {
  EXTERIOR_COLOR_CODES,
  HOME_SERVICE_CODES,
  VEHICLE_HISTORY_CODES,
  codeList,
  dealRatingFor,
  estimateMarketValue,
  featureList,
  indexCatalog,
  isValidVin,
  listingTitle,
  trimSpecs,
  vinCheckDigit,
  type CatalogIndex,
} from "./generator.server.ts";
import { checkPrices, confirmListings, hideUnconfirmed } from "../listings/listing-checks.server.ts";
import { markVanishedSold, upsertListings, upsertOwners, type ListingInput, type OwnerInput } from "./upsert.server.ts";
import { PHOTO_LIMITS } from "../../lib/photos.ts";
import { classifyPhotoRef } from "../photos/fetch.server.ts";
import { syncListingPhotos } from "../photos/jobs.server.ts";

export type FeedFormat = "csv" | "json";

export interface FeedOptions {
  text: string;
  format: FeedFormat;
  /** Time of the import (epoch ms, default Date.now()). */
  now?: number;
  /** Defaults to the catalogue built from reference-data/epa-vehicles.csv. */
  catalog?: Catalog;
  /** Check the VIN check digit (position 9). Default true. */
  checkVinDigit?: boolean;
  /**
   * Directory of the feed file: photo file paths are relative to it. Without it (a feed given as
   * text) only http(s) photo URLs are taken.
   */
  baseDir?: string | null;
}

/** A photo reference left out at import time (the row itself is imported). */
export interface FeedPhotoIssue {
  row: number;
  vin: string;
  /** The reference as given, or "61-75" for the photos past the per-vehicle limit. */
  photo: string;
  reason: string;
}

export interface FeedRejection {
  /** CSV: the record's row counting the header as row 1. JSON: the vehicle's 1-based position in the file. */
  row: number;
  vin?: string;
  reason: string;
}

export interface FeedWarning {
  row: number;
  vin?: string;
  message: string;
}

export interface FeedSummary {
  /** Vehicle rows read. */
  rows: number;
  accepted: number;
  rejected: FeedRejection[];
  /** Accepted rows with values that were ignored (unknown feature or package names ...). */
  warnings: FeedWarning[];
  inserted: number;
  updated: number;
  priceChanges: number;
  /** Active listings of the file's dealers whose VINs were not in the file. */
  markedSold: number;
  /** Distinct dealers in the file. */
  dealers: number;
  /**
   * Photo references of the accepted rows (docs/photos.md): queued for the photo runner, kept as
   * they were, ready at once (a URL processed before), removed, and the ones left out with why.
   */
  photos: { queued: number; kept: number; known: number; removed: number; skipped: FeedPhotoIssue[] };
  /** Ids of the accepted rows' listings (for the photo report after the photo jobs ran). */
  listingIds: number[];
  /**
   * Accepted rows held for an operator before they show: a price far below its market
   * (docs/decisions/030-no-stale-or-bait-listings.md), with why.
   */
  held: FeedHeld[];
  /** Held listings of this feed let through again: their price is no longer far below. */
  released: number;
  /** Feed listings (of any dealer) hidden because no feed confirmed them for LISTING_CONFIRM_DAYS. */
  unconfirmed: number;
}

/** A row imported but held for review. */
export interface FeedHeld {
  row: number;
  vin: string;
  reason: string;
}

/** The file itself cannot be used (unreadable JSON / CSV, missing columns). */
export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedParseError";
  }
}

/** Columns every CSV feed must have (JSON rows are checked per row). */
export const REQUIRED_FEED_FIELDS = [
  "dealer_id",
  "dealer_name",
  "dealer_zip",
  "vin",
  "condition",
  "year",
  "make",
  "model",
  "trim",
  "price",
  "exterior_color",
  "interior_color",
] as const;

export const OPTIONAL_FEED_FIELDS = [
  "dealer_phone",
  "dealer_email",
  "dealer_website",
  "dealer_street",
  "dealer_home_services",
  "dealer_rating",
  "dealer_rating_count",
  "dealer_rating_source",
  "dealer_online_buying",
  "mileage",
  "msrp",
  "incentive",
  "features",
  "packages",
  "certified_program",
  "body_style",
  "vehicle_history",
  "vehicle_history_source",
  "vehicle_use_type",
  "money_back_guarantee",
  "special_offer",
  "photo_count",
  "photos",
  "description",
] as const;

const KNOWN_LISTING_TYPES: ReadonlySet<string> = new Set(LISTING_TYPES);
const UPSERT_BATCH = 5000;

type FieldValue = string | number | boolean | null | undefined | (string | number)[];
interface RawRow {
  row: number;
  fields: Record<string, FieldValue>;
}

// ---------------------------------------------------------------------------------------------
// Parsing

function normaliseKey(k: string): string {
  return k
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

function rowsFromCsv(text: string): RawRow[] {
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch (e) {
    throw new FeedParseError(`CSV could not be parsed: ${(e as Error).message}`);
  }
  const header = table[0];
  if (!header) throw new FeedParseError("CSV is empty: expected a header row");
  const keys = header.map(normaliseKey);
  const missing = REQUIRED_FEED_FIELDS.filter((f) => !keys.includes(f));
  if (missing.length > 0) throw new FeedParseError(`CSV header is missing column(s): ${missing.join(", ")}`);
  const out: RawRow[] = [];
  for (let r = 1; r < table.length; r++) {
    const cells = table[r];
    const fields: Record<string, FieldValue> = {};
    keys.forEach((k, i) => (fields[k] = cells[i] ?? ""));
    out.push({ row: r + 1, fields });
  }
  return out;
}

const DEALER_KEYS: Record<string, string> = {
  id: "dealer_id",
  name: "dealer_name",
  zip: "dealer_zip",
  phone: "dealer_phone",
  email: "dealer_email",
  website: "dealer_website",
  street: "dealer_street",
  home_services: "dealer_home_services",
  rating: "dealer_rating",
  rating_count: "dealer_rating_count",
  rating_source: "dealer_rating_source",
  online_buying: "dealer_online_buying",
};

function rowsFromJson(text: string): RawRow[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new FeedParseError(`JSON could not be parsed: ${(e as Error).message}`);
  }
  const out: RawRow[] = [];
  const push = (obj: Record<string, unknown>) => {
    const fields: Record<string, FieldValue> = {};
    for (const [k, v] of Object.entries(obj)) fields[normaliseKey(k)] = v as FieldValue;
    out.push({ row: out.length + 1, fields });
  };
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (Array.isArray(doc)) {
    for (const item of doc) push(isObject(item) ? item : {});
    return out;
  }
  if (isObject(doc) && Array.isArray(doc.dealers)) {
    for (const dealer of doc.dealers) {
      if (!isObject(dealer)) throw new FeedParseError('JSON: every entry of "dealers" must be an object');
      const dealerFields: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(dealer)) {
        if (k === "vehicles") continue;
        const key = normaliseKey(k);
        dealerFields[DEALER_KEYS[key] ?? (key.startsWith("dealer_") ? key : `dealer_${key}`)] = v;
      }
      const vehicles = dealer.vehicles;
      if (!Array.isArray(vehicles)) throw new FeedParseError(`JSON: dealer ${JSON.stringify(dealer.id ?? "?")} has no "vehicles" array`);
      for (const v of vehicles) push({ ...dealerFields, ...(isObject(v) ? v : {}) });
    }
    return out;
  }
  if (isObject(doc) && Array.isArray(doc.rows)) {
    for (const item of doc.rows) push(isObject(item) ? item : {});
    return out;
  }
  throw new FeedParseError('JSON feed must be an array of rows, {"rows": [...]} or {"dealers": [{..., "vehicles": [...]}]}');
}

// ---------------------------------------------------------------------------------------------
// Field helpers

function text(v: FieldValue): string {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return v.join("|");
  return String(v).trim();
}

function list(v: FieldValue): string[] {
  if (Array.isArray(v)) return v.map((x) => String(x).trim()).filter(Boolean);
  return text(v)
    .split(/[|;]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A number from "23,995", "$23995", 23995; null when empty; NaN when not a number. */
function numberOf(v: FieldValue): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : Number.NaN;
  const t = text(v).replace(/[$,\s]/g, "");
  if (t === "") return null;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

function flag(v: FieldValue): boolean {
  if (typeof v === "boolean") return v;
  return /^(1|y|yes|true)$/i.test(text(v));
}

function upperCode(s: string): string {
  return s
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "_");
}

function alnum(s: string): string {
  return s.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

const PRIMARY_COLORS: [RegExp, string][] = [
  [/\bBLACK\b/, "BLACK"],
  [/\bWHITE\b/, "WHITE"],
  [/\bSILVER\b/, "SILVER"],
  [/\bGR[AE]Y\b/, "GRAY"],
  [/\bRED\b/, "RED"],
  [/\bBLUE\b/, "BLUE"],
  [/\bGREEN\b/, "GREEN"],
  [/\bBROWN\b/, "BROWN"],
  [/\bBEIGE\b/, "BEIGE"],
  [/\bTAN\b/, "BEIGE"],
  [/\bGOLD\b/, "GOLD"],
  [/\bORANGE\b/, "ORANGE"],
  [/\bYELLOW\b/, "YELLOW"],
  [/\bPURPLE\b/, "PURPLE"],
];
const COLOR_SYNONYMS: [RegExp, string][] = [
  [/STEEL|GRAPHITE|GUNMETAL|CHARCOAL|SLATE|MAGNETIC|GRANITE|CARBON|ASH/, "GRAY"],
  [/EBONY|OBSIDIAN|ONYX|JET|NOIR/, "BLACK"],
  [/IVORY|SNOW|GLACIER|PEARL|FROST|ALABASTER|CREAM/, "WHITE"],
  [/MAROON|BURGUNDY|RUBY|CRIMSON|CHERRY|SCARLET|WINE/, "RED"],
  [/NAVY|SAPPHIRE|COBALT|AZURE|INDIGO|TEAL/, "BLUE"],
  [/OLIVE|EMERALD|FOREST|LIME|JADE|SAGE/, "GREEN"],
  [/BRONZE|MOCHA|COPPER|CHESTNUT|ESPRESSO|SADDLE|COGNAC|WALNUT|CHOCOLATE/, "BROWN"],
  [/CHAMPAGNE|SAND|KHAKI|DESERT|PARCHMENT|ALMOND|STONE|CAMEL|LATTE/, "BEIGE"],
  [/PLATINUM|CHROME|ALUMINUM|TITANIUM/, "SILVER"],
  [/AMETHYST|PLUM|VIOLET/, "PURPLE"],
];

/** Maps a colour name ("Midnight Black Metallic") or simple code ("BLACK") to a simple code. */
export function simpleColor(name: string, allowed: readonly string[]): string | null {
  const u = name.trim().toUpperCase();
  if (!u) return null;
  if (allowed.includes(u)) return u;
  if (u === "GREY" && allowed.includes("GRAY")) return "GRAY";
  let best: { code: string; at: number } | null = null;
  for (const [re, code] of PRIMARY_COLORS) {
    const m = re.exec(u);
    // Colour nouns come last ("Pearl White", "Midnight Black"): keep the last primary word.
    if (m && allowed.includes(code) && (!best || m.index > best.at)) best = { code, at: m.index };
  }
  if (best) return best.code;
  for (const [re, code] of COLOR_SYNONYMS) if (re.test(u) && allowed.includes(code)) return code;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Catalogue lookups by name

interface FeedLookup {
  index: CatalogIndex;
  makes: Map<string, CatalogMake>;
  models: Map<string, Map<string, CatalogModel>>;
  features: Map<string, string>;
  bodyStyles: Map<string, string>;
  extColors: string[];
  intColors: string[];
}

const lookupCache = new WeakMap<CatalogIndex, FeedLookup>();

function feedLookup(catalog: Catalog, now: number): FeedLookup {
  const index = indexCatalog(catalog, now);
  const hit = lookupCache.get(index);
  if (hit) return hit;
  const makes = new Map<string, CatalogMake>();
  for (const m of catalog.makes) {
    makes.set(alnum(m.name), m);
    makes.set(alnum(m.code), m);
  }
  const models = new Map<string, Map<string, CatalogModel>>();
  for (const m of catalog.models) {
    let byName = models.get(m.makeCode);
    if (!byName) models.set(m.makeCode, (byName = new Map()));
    byName.set(alnum(m.name), m);
    if (!byName.has(alnum(m.code))) byName.set(alnum(m.code), m);
  }
  const features = new Map<string, string>();
  for (const f of catalog.features) {
    features.set(alnum(f.code), f.code);
    features.set(alnum(f.name), f.code);
  }
  const bodyStyles = new Map<string, string>();
  for (const b of catalog.bodyStyles) {
    bodyStyles.set(alnum(b.code), b.code);
    bodyStyles.set(alnum(b.name), b.code);
  }
  const lookup: FeedLookup = {
    index,
    makes,
    models,
    features,
    bodyStyles,
    extColors: catalog.exteriorColors.length > 0 ? catalog.exteriorColors.map((c) => c.code) : [...EXTERIOR_COLOR_CODES],
    intColors: catalog.interiorColors.length > 0 ? catalog.interiorColors.map((c) => c.code) : [...EXTERIOR_COLOR_CODES],
  };
  lookupCache.set(index, lookup);
  return lookup;
}

function findModel(lookup: FeedLookup, makeCode: string, name: string): CatalogModel | null {
  const byName = lookup.models.get(makeCode);
  if (!byName) return null;
  const key = alnum(name);
  const exact = byName.get(key);
  if (exact) return exact;
  // "F-150" for "F150 Pickup": accept a unique model whose name starts with the given one.
  const candidates = new Set<CatalogModel>();
  for (const [k, m] of byName) if (key.length >= 2 && k.startsWith(key)) candidates.add(m);
  return candidates.size === 1 ? [...candidates][0] : null;
}

// ---------------------------------------------------------------------------------------------
// Row validation

interface DealerInfo {
  id: string;
  firstRow: number;
  owner: OwnerInput | null;
  place: ZipPlace | null;
  homeServices: string;
  vins: Set<string>;
  accepted: number;
}

interface Accepted {
  dealerId: string;
  row: number;
  photos: string[];
  listing: Omit<ListingInput, "owner_id" | "zip" | "lat" | "lon" | "home_services">;
}

/** A row's photo references, in order: a JSON array, or one string separated by `|` or line breaks. */
function photoRefs(v: FieldValue): string[] {
  if (Array.isArray(v)) return v.map((x) => String(x).trim()).filter(Boolean);
  return text(v)
    .split(/[|\r\n]+/)
    .map((x) => x.trim())
    .filter(Boolean);
}

/** The references kept (at most PHOTO_LIMITS.perVehicle, each usable), and the ones left out. */
function checkPhotos(row: number, vin: string, refs: string[], baseDir: string | null, issues: FeedPhotoIssue[]): string[] {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    if (seen.has(ref)) {
      issues.push({ row, vin, photo: ref, reason: "the same photo is listed twice for this vehicle" });
      continue;
    }
    seen.add(ref);
    const c = classifyPhotoRef(ref, baseDir);
    if ("error" in c) issues.push({ row, vin, photo: ref, reason: c.error });
    else kept.push(ref);
  }
  if (kept.length > PHOTO_LIMITS.perVehicle) {
    issues.push({
      row,
      vin,
      photo: `${PHOTO_LIMITS.perVehicle + 1}-${kept.length}`,
      reason: `at most ${PHOTO_LIMITS.perVehicle} photos a vehicle: the ones past ${PHOTO_LIMITS.perVehicle} are left out`,
    });
    kept.length = PHOTO_LIMITS.perVehicle;
  }
  return kept;
}

function yearRange(lookup: FeedLookup): { min: number; max: number } {
  return { min: lookup.index.minYear, max: Math.min(lookup.index.maxYear, lookup.index.nowYear + 1) };
}

function validateRow(
  raw: RawRow,
  lookup: FeedLookup,
  now: number,
  checkDigit: boolean,
  warnings: FeedWarning[],
): { ok: true; value: Accepted["listing"] } | { ok: false; reasons: string[] } {
  const f = raw.fields;
  const reasons: string[] = [];
  const vin = text(f.vin).toUpperCase();

  if (!vin) reasons.push("missing VIN");
  else if (vin.length !== 17) reasons.push(`bad VIN: must be 17 characters (got ${vin.length})`);
  else if (/[IOQ]/.test(vin)) reasons.push("bad VIN: the letters I, O and Q are not allowed");
  else if (!isValidVin(vin, { checkDigit: false })) reasons.push("bad VIN: only letters and digits are allowed");
  else if (checkDigit && !isValidVin(vin)) reasons.push(`bad VIN: check digit (9th character) is ${vin[8]}, expected ${vinCheckDigit(vin)}`);

  const condition = upperCode(text(f.condition));
  if (!condition) reasons.push("missing condition");
  else if (!KNOWN_LISTING_TYPES.has(condition)) reasons.push(`unknown condition "${text(f.condition)}" (expected NEW, USED, CERTIFIED or 3P_CERT)`);

  const { min, max } = yearRange(lookup);
  const year = numberOf(f.year);
  if (year === null) reasons.push("missing year");
  else if (!Number.isInteger(year)) reasons.push(`year "${text(f.year)}" is not a whole number`);
  else if (year < min || year > max) reasons.push(`year ${year} out of range (${min}-${max})`);

  let make: CatalogMake | null = null;
  let model: CatalogModel | null = null;
  let trim: CatalogTrim | null = null;
  const makeName = text(f.make);
  const modelName = text(f.model);
  const trimName = text(f.trim);
  if (!makeName) reasons.push("missing make");
  else if (!(make = lookup.makes.get(alnum(makeName)) ?? null)) reasons.push(`unknown make "${makeName}"`);
  if (make) {
    if (!modelName) reasons.push("missing model");
    else if (!(model = findModel(lookup, make.code, modelName))) reasons.push(`unknown model "${modelName}" for make ${make.name}`);
  }
  if (make && model && year !== null && Number.isInteger(year) && year >= min && year <= max) {
    const entry = lookup.index.modelByKey.get(`${make.code}|${model.code}`);
    const trims = entry?.trimsByYear.get(year)?.trims;
    if (!trims || trims.length === 0) reasons.push(`no ${year} ${make.name} ${model.name} in the catalogue`);
    else if (!trimName) reasons.push(`missing trim (known for ${year} ${make.name} ${model.name}: ${trims.map((t) => t.trimName).join(", ")})`);
    else {
      const key = alnum(trimName);
      trim = trims.find((t) => alnum(t.trimName) === key) ?? trims.find((t) => alnum(t.trimCode) === key) ?? null;
      if (!trim) reasons.push(`unknown trim "${trimName}" for ${year} ${make.name} ${model.name} (known: ${trims.map((t) => t.trimName).join(", ")})`);
    }
  }

  const price = numberOf(f.price);
  if (price === null) reasons.push("missing price");
  else if (Number.isNaN(price)) reasons.push(`price "${text(f.price)}" is not a number`);
  else if (price <= 0) reasons.push(`price must be positive (got ${price})`);

  let mileage = numberOf(f.mileage);
  if (mileage === null) {
    if (condition === "NEW") mileage = 0;
    else reasons.push("missing mileage");
  } else if (Number.isNaN(mileage)) reasons.push(`mileage "${text(f.mileage)}" is not a number`);
  else if (mileage < 0) reasons.push(`mileage must not be negative (got ${mileage})`);

  const msrp = numberOf(f.msrp);
  if (msrp !== null && (Number.isNaN(msrp) || msrp <= 0)) reasons.push(`msrp "${text(f.msrp)}" is not a positive number`);
  const incentive = numberOf(f.incentive);
  if (incentive !== null && (Number.isNaN(incentive) || incentive < 0)) reasons.push(`incentive "${text(f.incentive)}" is not a non-negative number`);

  const ext = simpleColor(text(f.exterior_color), lookup.extColors);
  if (!text(f.exterior_color)) reasons.push("missing exterior_color");
  else if (!ext) reasons.push(`unknown exterior colour "${text(f.exterior_color)}"`);
  const int = simpleColor(text(f.interior_color), lookup.intColors);
  if (!text(f.interior_color)) reasons.push("missing interior_color");
  else if (!int) reasons.push(`unknown interior colour "${text(f.interior_color)}"`);

  let bodyStyle: string | null = null;
  if (text(f.body_style)) {
    bodyStyle = lookup.bodyStyles.get(alnum(text(f.body_style))) ?? null;
    if (!bodyStyle) reasons.push(`unknown body style "${text(f.body_style)}"`);
  }

  const useTypeRaw = text(f.vehicle_use_type).toLowerCase();
  if (useTypeRaw && useTypeRaw !== "personal" && useTypeRaw !== "commercial") {
    reasons.push(`unknown vehicle_use_type "${text(f.vehicle_use_type)}" (expected personal or commercial)`);
  }
  const photos = numberOf(f.photo_count);
  if (photos !== null && (Number.isNaN(photos) || photos < 0)) reasons.push(`photo_count "${text(f.photo_count)}" is not a number`);

  if (reasons.length > 0 || !make || !model || !trim || price === null || mileage === null || !ext || !int) {
    return { ok: false, reasons };
  }

  const warn = (message: string) => warnings.push({ row: raw.row, vin, message });
  const extras: string[] = [];
  for (const name of list(f.features)) {
    const code = lookup.features.get(alnum(name));
    if (code) extras.push(code);
    else warn(`unknown feature "${name}" ignored`);
  }
  const packages: string[] = [];
  let packagesPrice = 0;
  for (const name of list(f.packages)) {
    const p = trim.packages.find((x) => alnum(x.code) === alnum(name) || alnum(x.name) === alnum(name));
    if (p) {
      if (!packages.includes(p.code)) {
        packages.push(p.code);
        packagesPrice += p.price;
      }
    } else warn(`unknown package "${name}" for this trim ignored`);
  }
  const history: string[] = [];
  const historyGiven = list(f.vehicle_history);
  for (const h of historyGiven) {
    const code = upperCode(h);
    if ((VEHICLE_HISTORY_CODES as readonly string[]).includes(code)) {
      if (!history.includes(code)) history.push(code);
    } else warn(`unknown vehicle_history "${h}" ignored`);
  }
  history.sort((a, b) => VEHICLE_HISTORY_CODES.indexOf(a as never) - VEHICLE_HISTORY_CODES.indexOf(b as never));

  // The branded certified program only for listings that meet its rules; a row claiming it while
  // breaking one is imported as used, with the reason (docs/dealer-feed.md, ADR 022).
  const certifiedProgram = text(f.certified_program);
  let listingType = condition;
  const claimsBrand = (condition === "CERTIFIED" || condition === "3P_CERT") && namesBrandProgram(certifiedProgram);
  let brandProgram = false;
  if (claimsBrand) {
    const broken = brandProgramViolations({ makeCode: make.code, year: trim.year, mileage: Math.round(mileage) }, lookup.index.nowYear);
    if (condition === "3P_CERT") broken.unshift(`${BRAND_CERTIFIED_PROGRAM.name} is the manufacturer's program, not a third party's`);
    if (broken.length > 0) {
      listingType = "USED";
      warn(`imported as used, not ${BRAND_CERTIFIED_PROGRAM.name}: ${broken.join("; ")}`);
    } else brandProgram = true;
  }
  const historySource = text(f.vehicle_history_source).slice(0, 80);
  const salePrice = Math.round(price);
  const inc = listingType === "NEW" ? Math.round(incentive ?? 0) : 0;
  const listedMsrp = msrp !== null ? Math.round(msrp) : listingType === "NEW" ? trim.nationalMSRP + packagesPrice : null;
  const marketPrice =
    listingType === "NEW"
      ? estimateMarketValue({ msrp: (listedMsrp ?? trim.nationalMSRP) - inc, year: trim.year, mileage, listingType, now })
      : estimateMarketValue({
          msrp: trim.nationalMSRP + Math.round(packagesPrice * 0.5),
          year: trim.year,
          mileage: Math.round(mileage),
          listingType,
          makeName: make.name,
          fuelTypeGroup: trim.fuelTypeGroup,
          accident: historyGiven.length > 0 && !history.includes("NO_ACCIDENTS"),
          now,
        });
  const specs = trimSpecs(trim, model.seriesCode);
  const extName = text(f.exterior_color);
  const intName = text(f.interior_color);
  return {
    ok: true,
    value: {
      vin,
      status: "active",
      listing_type: listingType,
      ...specs,
      body_style_code: bodyStyle ?? specs.body_style_code,
      body_subtype_code: bodyStyle && bodyStyle !== specs.body_style_code ? null : specs.body_subtype_code,
      title: listingTitle(listingType, trim.year, make.name, model.name, trim.trimName),
      ext_color_simple: ext,
      ext_color_name: extName.toUpperCase() === ext ? null : extName,
      int_color_simple: int,
      int_color_name: intName.toUpperCase() === int ? null : intName,
      mileage: Math.round(mileage),
      sale_price: salePrice,
      msrp: listedMsrp,
      incentive: inc,
      features: featureList(lookup.index, trim.standardFeatures, extras),
      packages: codeList(packages),
      // The dealer's own program name is kept as they state it; only the branded program's name
      // carries that program's claims (app/lib/trust-signals.ts).
      certified_product: brandProgram
        ? BRAND_CERTIFIED_PROGRAM.name
        : (listingType === "CERTIFIED" || listingType === "3P_CERT") && certifiedProgram && !claimsBrand
          ? certifiedProgram.slice(0, 80)
          : null,
      vehicle_history: listingType === "NEW" ? "" : codeList(history),
      vehicle_history_source: listingType === "NEW" || history.length === 0 || !historySource ? null : historySource,
      vehicle_use_type: useTypeRaw || "personal",
      money_back_guarantee: brandProgram || flag(f.money_back_guarantee) ? 1 : 0,
      seller_type: "d",
      image_count: photos === null ? 4 : Math.min(50, Math.max(1, Math.round(photos))),
      // Dealer HTML is stored clean (the page sanitises again when it renders).
      description: sanitizeDealerHtml(text(f.description)) || null,
      is_hot: 0,
      has_special_offer: flag(f.special_offer) ? 1 : 0,
      view_count: 0,
      deal_rating: dealRatingFor(salePrice, marketPrice),
      market_price: marketPrice,
    },
  };
}

function dealerFromRow(raw: RawRow, place: ZipPlace, now: number, warnings: FeedWarning[]): { owner: OwnerInput; homeServices: string } {
  const f = raw.fields;
  const services: string[] = [];
  for (const s of list(f.dealer_home_services)) {
    const code = upperCode(s);
    if ((HOME_SERVICE_CODES as readonly string[]).includes(code)) {
      if (!services.includes(code)) services.push(code);
    } else warnings.push({ row: raw.row, message: `unknown dealer_home_services "${s}" ignored` });
  }
  services.sort((a, b) => HOME_SERVICE_CODES.indexOf(a as never) - HOME_SERVICE_CODES.indexOf(b as never));
  // A rating is shown as the dealer's own claim, and only with the source it names (ADR 022).
  let rating = numberOf(f.dealer_rating);
  const ratingCount = numberOf(f.dealer_rating_count);
  const ratingSource = text(f.dealer_rating_source).slice(0, 80);
  if (rating !== null && !ratingSource) {
    warnings.push({ row: raw.row, message: "dealer_rating ignored: dealer_rating_source must name where the rating comes from" });
    rating = null;
  }
  // Online buying (docs/online-buying.md): the dealer's opt-in; opting in means selling online.
  const optIn = /^(yes|true|1)$/i.test(text(f.dealer_online_buying));
  if (!optIn && text(f.dealer_online_buying) && !/^(no|false|0)$/i.test(text(f.dealer_online_buying)))
    warnings.push({ row: raw.row, message: `dealer_online_buying "${text(f.dealer_online_buying)}" is not yes or no: read as no` });
  if (optIn && !services.includes("BUY_ONLINE")) services.unshift("BUY_ONLINE");
  const homeServices = codeList(services);
  return {
    homeServices,
    owner: {
      external_id: text(f.dealer_id),
      seller_type: "d",
      name: text(f.dealer_name),
      phone: text(f.dealer_phone) || null,
      email: text(f.dealer_email) || null,
      website: safeExternalUrl(text(f.dealer_website)),
      logo_url: null,
      street: text(f.dealer_street) || null,
      city: place.city,
      state: place.state,
      zip: place.zip,
      lat: place.lat,
      lon: place.lon,
      rating: rating !== null && !Number.isNaN(rating) && rating >= 0 && rating <= 5 ? rating : null,
      rating_count: ratingCount !== null && !Number.isNaN(ratingCount) && ratingCount >= 0 ? Math.round(ratingCount) : 0,
      rating_source: rating !== null ? ratingSource : null,
      home_services: homeServices,
      hide_email_form: 0,
      tagline: null,
      created_at: now,
      ecommerce_opt_in: optIn ? 1 : 0,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Import

export function parseFeed(textIn: string, format: FeedFormat): RawRow[] {
  if (format === "csv") return rowsFromCsv(textIn);
  if (format === "json") return rowsFromJson(textIn);
  throw new FeedParseError(`Unknown feed format "${String(format)}" (expected csv or json)`);
}

export async function importFeed(db: Database, options: FeedOptions): Promise<FeedSummary> {
  const now = options.now ?? Date.now();
  const rows = parseFeed(options.text, options.format);
  const lookup = feedLookup(options.catalog ?? loadCatalog(), now);
  const checkDigit = options.checkVinDigit !== false;

  const rejected: FeedRejection[] = [];
  const warnings: FeedWarning[] = [];
  const dealers = new Map<string, DealerInfo>();
  const firstRowOfVin = new Map<string, number>();
  const accepted: Accepted[] = [];

  for (const raw of rows) {
    const f = raw.fields;
    const vin = text(f.vin).toUpperCase();
    const reject = (reasons: string[]) => rejected.push({ row: raw.row, ...(vin ? { vin } : {}), reason: reasons.join("; ") });
    const dealerId = text(f.dealer_id);
    const reasons: string[] = [];
    let dealer: DealerInfo | undefined;
    if (!dealerId) reasons.push("missing dealer_id");
    else {
      dealer = dealers.get(dealerId);
      if (!dealer) {
        dealer = { id: dealerId, firstRow: raw.row, owner: null, place: null, homeServices: "", vins: new Set(), accepted: 0 };
        dealers.set(dealerId, dealer);
      }
      // Every VIN the dealer lists is still in stock, even on a row we reject.
      if (vin) dealer.vins.add(vin);
    }
    const zipText = text(f.dealer_zip);
    const place = zipText ? lookupZip(zipText.padStart(zipText.length === 4 ? 5 : 0, "0")) : null;
    if (dealer && !dealer.owner) {
      if (!text(f.dealer_name)) reasons.push("missing dealer_name");
      if (!zipText) reasons.push("missing dealer_zip");
      else if (!place) reasons.push(`unknown ZIP "${zipText}"`);
    } else if (dealer?.owner && zipText && !place) {
      reasons.push(`unknown ZIP "${zipText}"`);
    }
    if (vin) {
      const first = firstRowOfVin.get(vin);
      if (first !== undefined) reasons.push(`duplicate VIN in the file (first at row ${first})`);
      else firstRowOfVin.set(vin, raw.row);
    }
    const rowWarnings: FeedWarning[] = [];
    const result = validateRow(raw, lookup, now, checkDigit, rowWarnings);
    if (!result.ok) reasons.push(...result.reasons);
    if (reasons.length > 0 || !result.ok || !dealer) {
      reject(reasons);
      continue;
    }
    if (!dealer.owner) {
      const d = dealerFromRow(raw, place!, now, warnings);
      dealer.owner = d.owner;
      dealer.homeServices = d.homeServices;
      dealer.place = place;
    }
    warnings.push(...rowWarnings);
    dealer.accepted++;
    accepted.push({ dealerId, row: raw.row, photos: photoRefs(f.photos), listing: result.value });
  }

  const ownersToWrite = [...dealers.values()].filter((d) => d.owner).map((d) => d.owner!);
  const ownerIds = await upsertOwners(db, ownersToWrite, now);

  const baseDir = options.baseDir ? path.resolve(options.baseDir) : null;
  const photoIssues: FeedPhotoIssue[] = [];
  for (const a of accepted) a.photos = checkPhotos(a.row, a.listing.vin, a.photos, baseDir, photoIssues);
  const photoTotals = { queued: 0, kept: 0, known: 0, removed: 0 };
  const listingIds: number[] = [];

  let inserted = 0;
  let updated = 0;
  let priceChanges = 0;
  for (let i = 0; i < accepted.length; i += UPSERT_BATCH) {
    const batch: ListingInput[] = accepted.slice(i, i + UPSERT_BATCH).map(({ dealerId, listing }) => {
      const d = dealers.get(dealerId)!;
      return {
        ...listing,
        owner_id: ownerIds.get(dealerId)!,
        zip: d.place!.zip,
        lat: d.place!.lat,
        lon: d.place!.lon,
        home_services: d.homeServices,
      };
    });
    // The cars already known are confirmed before the write that may list them again: written
    // after it, an unconfirmed car would be active with its old confirmation in between, and the
    // listing checks (hideUnconfirmed) could hide it again until the next feed.
    const vins = batch.map((l) => l.vin);
    const known = await listingIdsByVin(db, vins);
    await confirmListings(db, [...known.values()], now);
    const res = await upsertListings(db, batch, now);
    // A listing keeps its id (the write is keyed by VIN): only the new cars' ids are read.
    const fresh = vins.filter((vin) => !known.has(vin));
    const idByVin = fresh.length > 0 ? new Map([...known, ...(await listingIdsByVin(db, fresh))]) : known;
    // The photo rows (jobs for the photo runner): nothing is downloaded here.
    const slice = accepted.slice(i, i + UPSERT_BATCH);
    const sync = await syncListingPhotos(
      db,
      slice.filter((a) => idByVin.has(a.listing.vin)).map((a) => ({ listingId: idByVin.get(a.listing.vin)!, row: a.row, sources: a.photos })),
      baseDir,
      now,
    );
    listingIds.push(...idByVin.values());
    // Each listed car is confirmed by this feed (a car not confirmed for long leaves search).
    await confirmListings(db, [...idByVin.values()], now);
    photoTotals.queued += sync.queued;
    photoTotals.kept += sync.kept;
    photoTotals.known += sync.known;
    photoTotals.removed += sync.removed;
    inserted += res.inserted;
    updated += res.updated;
    priceChanges += res.priceChanges;
  }

  // A feed is each dealer's whole inventory: what is no longer listed has been sold.
  let markedSold = 0;
  const missingIds = [...dealers.keys()].filter((id) => !ownerIds.has(id));
  if (missingIds.length > 0) {
    const existing = await db.kysely.selectFrom("owners").select(["id", "external_id"]).where("external_id", "in", missingIds).execute();
    for (const o of existing) ownerIds.set(o.external_id, Number(o.id));
  }
  for (const d of dealers.values()) {
    const ownerId = ownerIds.get(d.id);
    if (ownerId === undefined) continue;
    markedSold += (await markVanishedSold(db, ownerId, d.vins, now)).length;
  }

  // Prices far below their market wait for an operator; the dealer reads why here.
  const prices = await checkPrices(db, listingIds, now);
  const rowOfVin = new Map(accepted.map((a) => [a.listing.vin, a.row]));
  const held = prices.held.map((h) => ({ row: rowOfVin.get(h.vin) ?? 0, vin: h.vin, reason: h.reason })).sort((a, b) => a.row - b.row);
  const unconfirmed = (await hideUnconfirmed(db, now)).length;

  rejected.sort((a, b) => a.row - b.row);
  return {
    rows: rows.length,
    accepted: accepted.length,
    rejected,
    warnings,
    inserted,
    updated,
    priceChanges,
    markedSold,
    dealers: dealers.size,
    photos: { ...photoTotals, skipped: photoIssues },
    listingIds,
    held,
    released: prices.released.length,
    unconfirmed,
  };
}

async function listingIdsByVin(db: Database, vins: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < vins.length; i += 500) {
    const rows = await db.kysely
      .selectFrom("listings")
      .select(["id", "vin"])
      .where("vin", "in", vins.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.vin, Number(r.id));
  }
  return out;
}
