// Deterministic demo inventory: dealers and private sellers at real US ZIPs (weighted toward
// cities), and their listings built from the reference catalogue's trims. The same seed, size
// and `now` always give the same inventory, whatever the batch size: the plan (who sells how
// many of what) comes from one seeded stream, and each owner's listings from a stream derived
// from (seed, owner ordinal). Output goes through the same upsert path as dealer feeds.
import type { Catalog, CatalogFeature, CatalogModel, CatalogTrim } from "../../lib/catalog-types.ts";
import type { DealRating } from "../db/schema.server.ts";
import type { ListingInput, OwnerInput } from "./upsert.server.ts";
import type { ZipPlace } from "../../lib/zip.ts";
import type { MessagePort } from "node:worker_threads";
import { pickMetro, placementTable, type Metro } from "./metros.server.ts";
import { brandProgramViolations } from "../../lib/trust-signals.ts";
import { BRAND_CERTIFIED_PROGRAM } from "../../lib/constants.ts";
import { titleWordOf } from "../../lib/listing-types.ts";

// ---------------------------------------------------------------------------------------------
// Codes shared with the feed importer and the search filters

/** Dealer home services (owners.home_services and listings.home_services), in display order. */
export const HOME_SERVICE_CODES = ["BUY_ONLINE", "ONLINE_PAPERWORK", "HOME_DELIVERY", "HOME_TEST_DRIVE", "VIRTUAL_APPOINTMENT", "CONTACTLESS_PICKUP"] as const;

/** Vehicle history codes (listings.vehicle_history). A used car without NO_ACCIDENTS had one reported. */
export const VEHICLE_HISTORY_CODES = ["ONE_OWNER", "CLEAN_TITLE", "NO_ACCIDENTS", "PERSONAL_USE"] as const;

/** Simple exterior colour codes (listings.ext_color_simple). */
export const EXTERIOR_COLOR_CODES = [
  "BLACK",
  "WHITE",
  "SILVER",
  "GRAY",
  "RED",
  "BLUE",
  "GREEN",
  "BROWN",
  "BEIGE",
  "GOLD",
  "ORANGE",
  "YELLOW",
  "PURPLE",
] as const;

/** Deal thresholds on price / market_price. */
export const DEAL_THRESHOLDS = { great: 0.92, good: 0.97, fair: 1.05 } as const;

export function dealRatingFor(price: number, marketPrice: number | null): DealRating | null {
  if (!marketPrice || marketPrice <= 0) return null;
  const r = price / marketPrice;
  if (r <= DEAL_THRESHOLDS.great) return "great";
  if (r <= DEAL_THRESHOLDS.good) return "good";
  if (r <= DEAL_THRESHOLDS.fair) return "fair";
  return "high";
}

/** ",A,B," from a list (empty list -> ""). */
export function codeList(codes: readonly string[]): string {
  return codes.length === 0 ? "" : `,${codes.join(",")},`;
}

// ---------------------------------------------------------------------------------------------
// VINs (ISO 3779 / 49 CFR 565): 17 characters, no I, O or Q, check digit at position 9.

const VIN_ALPHABET = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
for (let d = 0; d <= 9; d++) VIN_VALUES[String(d)] = d;
const VIN_SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;
/** Model-year codes (position 10) from 2010; the 30-year cycle skips I, O, Q, U, Z and 0. */
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

/** The check digit (position 9) a VIN should carry: "0"-"9" or "X". */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (VIN_VALUES[vin[i]] ?? 0) * VIN_WEIGHTS[i];
  const r = sum % 11;
  return r === 10 ? "X" : String(r);
}

/** Shape check (17 characters, A-Z without I/O/Q, 0-9) and, unless disabled, the check digit. */
export function isValidVin(vin: string, options: { checkDigit?: boolean } = {}): boolean {
  if (!VIN_SHAPE.test(vin)) return false;
  return options.checkDigit === false || vin[8] === vinCheckDigit(vin);
}

export function vinYearCode(year: number): string {
  return YEAR_CODES[(((year - 2010) % 30) + 30) % 30];
}

// Plausible world manufacturer identifiers per make name (the first three characters).
const WMI: Record<string, string[]> = {
  Acura: ["19U", "JH4", "5J8"],
  "Alfa Romeo": ["ZAR", "ZASP"],
  "Aston Martin": ["SCF"],
  Audi: ["WAU", "WA1"],
  BMW: ["WBA", "5UX", "WBS"],
  Bentley: ["SCB"],
  Buick: ["1G4", "KL4", "5GA"],
  Cadillac: ["1G6", "1GY"],
  Chevrolet: ["1G1", "1GN", "3GN", "1GC", "KL7"],
  Chrysler: ["2C3", "2C4", "1C3"],
  Dodge: ["2C3", "1C4", "3C4", "2B3"],
  Ferrari: ["ZFF"],
  Fiat: ["3C3", "ZFB"],
  Ford: ["1FA", "1FM", "1FT", "3FA", "1FD"],
  GMC: ["1GT", "1GK", "3GT"],
  Genesis: ["KMT", "KMU"],
  Honda: ["1HG", "2HG", "5J6", "5FN", "7FA"],
  Hyundai: ["5NP", "KMH", "5NM", "KM8"],
  Infiniti: ["JN1", "5N1"],
  Jaguar: ["SAJ"],
  Jeep: ["1C4", "1J4", "3C4"],
  Kia: ["KNA", "5XY", "KND", "5XX"],
  Lamborghini: ["ZHW"],
  "Land Rover": ["SAL"],
  Lexus: ["JTH", "2T2", "JTJ", "58A"],
  Lincoln: ["5LM", "1LN", "3LN"],
  Lucid: ["50E"],
  MINI: ["WMW"],
  Maserati: ["ZAM"],
  Mazda: ["JM1", "JM3", "3MZ", "7MM"],
  "McLaren Automotive": ["SBM"],
  "Mercedes-Benz": ["WDD", "W1K", "4JG", "W1N", "WDC"],
  Mitsubishi: ["JA4", "ML3", "JA3"],
  Nissan: ["1N4", "5N1", "3N1", "1N6", "JN8"],
  Polestar: ["LPS", "YSM"],
  Porsche: ["WP0", "WP1"],
  Ram: ["1C6", "3C6", "3C7"],
  Rivian: ["7FC", "7PD"],
  "Rolls-Royce": ["SCA"],
  Subaru: ["JF1", "JF2", "4S4", "4S3"],
  Tesla: ["5YJ", "7SA", "7G2"],
  Toyota: ["JTD", "4T1", "2T3", "5TD", "5TF", "JTM", "3TM"],
  Volkswagen: ["3VW", "1VW", "WVW", "1V2", "WVG"],
  Volvo: ["YV1", "YV4", "7JR"],
  smart: ["WME"],
};
const FALLBACK_WMI = ["1G1", "5YF", "1C4", "JN1", "KNM", "SAD", "WF0", "VF1"];
/** Plant codes (position 11), one per block of a million generated VINs, so VINs never repeat. */
const PLANT_CODES = "ABCDEFGHJKLMNPRSTUVWXYZ123456789";
const SERIAL_SPACE = 1_000_000;
/** Coprime with SERIAL_SPACE: index -> serial is a bijection within each block. */
const SERIAL_STRIDE = 7919 * 11;

function buildVin(rng: Rng, makeName: string, year: number, index: number, seed: number): string {
  const wmis = WMI[makeName] ?? FALLBACK_WMI;
  const wmi = wmis[rng.int(0, wmis.length - 1)].slice(0, 3);
  let vds = "";
  for (let i = 0; i < 5; i++) vds += VIN_ALPHABET[rng.int(0, VIN_ALPHABET.length - 1)];
  const block = Math.floor(index / SERIAL_SPACE);
  const serial = ((index % SERIAL_SPACE) * SERIAL_STRIDE + (hash32(seed, 0x5e71a1) % SERIAL_SPACE)) % SERIAL_SPACE;
  const plant = PLANT_CODES[block % PLANT_CODES.length];
  const body = `${wmi}${vds}0${vinYearCode(year)}${plant}${String(serial).padStart(6, "0")}`;
  return body.slice(0, 8) + vinCheckDigit(body) + body.slice(9);
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** 32-bit integer hash of a few integers (murmur3 finaliser). */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h ^= p >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for demo data. */
export class Rng {
  #s: number;
  constructor(seed: number) {
    this.#s = seed >>> 0;
  }
  next(): number {
    let t = (this.#s = (this.#s + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
  /** Index picked by weight from a cumulative weight array. */
  weighted(cumulative: ArrayLike<number>): number {
    const x = this.next() * cumulative[cumulative.length - 1];
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

function cumulativeOf(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let s = 0;
  weights.forEach((w, i) => {
    s += w;
    out[i] = s;
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Market knowledge (rough US shares; unknown makes are rare boutique brands)

const MAKE_WEIGHTS: Record<string, number> = {
  Toyota: 15,
  Ford: 13,
  Chevrolet: 12,
  Honda: 9,
  Nissan: 6,
  Hyundai: 5.5,
  Kia: 5,
  Jeep: 4.5,
  Subaru: 4,
  Ram: 4,
  GMC: 4,
  Tesla: 3,
  Mazda: 2.8,
  BMW: 2.3,
  Lexus: 2.3,
  "Mercedes-Benz": 2.2,
  Volkswagen: 2.2,
  Dodge: 1.5,
  Audi: 1.4,
  Buick: 1.3,
  Cadillac: 1,
  Acura: 1,
  Volvo: 0.8,
  Chrysler: 0.6,
  Lincoln: 0.6,
  Mitsubishi: 0.6,
  Porsche: 0.5,
  Infiniti: 0.4,
  "Land Rover": 0.4,
  Genesis: 0.4,
  MINI: 0.3,
  Rivian: 0.2,
  "Alfa Romeo": 0.1,
  Jaguar: 0.1,
  Fiat: 0.1,
  Maserati: 0.05,
  Polestar: 0.05,
  Lucid: 0.03,
  smart: 0.02,
  Bentley: 0.02,
  Ferrari: 0.02,
  Lamborghini: 0.02,
  "Rolls-Royce": 0.01,
  "Aston Martin": 0.01,
  "McLaren Automotive": 0.01,
  Scion: 0.15,
  Saab: 0.02,
  Suzuki: 0.05,
};
const UNKNOWN_MAKE_WEIGHT = 0.005;
/** Franchise (new-car) dealers only exist for makes at least this common. */
const FRANCHISE_MIN_WEIGHT = 0.05;

// Normalised model-name prefixes of popular models -> weight (default 1).
const MODEL_WEIGHTS: Record<string, Record<string, number>> = {
  Toyota: { CAMRY: 10, RAV4: 12, COROLLA: 9, TACOMA: 8, HIGHLANDER: 7, GRANDHIGHLANDER: 3, TUNDRA: 5, "4RUNNER": 5, PRIUS: 4, SIENNA: 4 },
  Honda: { CRV: 11, CIVIC: 9, ACCORD: 8, PILOT: 5, HRV: 5, ODYSSEY: 4, RIDGELINE: 2 },
  Ford: { F150: 14, EXPLORER: 6, ESCAPE: 6, BRONCO: 4, MUSTANG: 4, EDGE: 3, RANGER: 3, EXPEDITION: 3, MAVERICK: 4, F250: 3 },
  Chevrolet: { SILVERADO: 12, EQUINOX: 8, MALIBU: 5, TAHOE: 5, TRAVERSE: 4, TRAX: 5, COLORADO: 3, SUBURBAN: 3, BLAZER: 3 },
  Nissan: { ROGUE: 9, ALTIMA: 7, SENTRA: 6, PATHFINDER: 3, FRONTIER: 3, KICKS: 3, MURANO: 2 },
  Jeep: { GRANDCHEROKEE: 8, WRANGLER: 7, CHEROKEE: 4, COMPASS: 5, GLADIATOR: 2 },
  Ram: { "1500": 10, "2500": 3 },
  Hyundai: { TUCSON: 7, ELANTRA: 7, SANTAFE: 5, SONATA: 4, PALISADE: 3, KONA: 4 },
  Kia: { SPORTAGE: 6, SORENTO: 5, FORTE: 5, TELLURIDE: 4, SOUL: 3 },
  Subaru: { OUTBACK: 6, FORESTER: 6, CROSSTREK: 6, ASCENT: 2, IMPREZA: 2 },
  Tesla: { MODELY: 8, MODEL3: 7 },
  GMC: { SIERRA: 10, YUKON: 4, ACADIA: 4, TERRAIN: 4 },
  Mazda: { CX5: 8, CX30: 4, CX50: 3, "3": 4, MAZDA3: 4 },
  BMW: { X3: 5, X5: 5, "3SERIES": 5, "330": 4 },
  "Mercedes-Benz": { GLC: 5, C300: 4, CCLASS: 5, E350: 3, GLE: 4 },
  Lexus: { RX: 7, ES: 4, NX: 4 },
  Volkswagen: { TIGUAN: 6, JETTA: 6, ATLAS: 4 },
};

/** Share of value kept each year after the first, per make (default 0.89). */
const RETENTION: Record<string, number> = {
  Toyota: 0.91,
  Lexus: 0.905,
  Honda: 0.905,
  Subaru: 0.9,
  Porsche: 0.91,
  Jeep: 0.9,
  Tesla: 0.86,
  BMW: 0.865,
  "Mercedes-Benz": 0.86,
  Audi: 0.865,
  Jaguar: 0.85,
  "Land Rover": 0.855,
  Maserati: 0.84,
  "Alfa Romeo": 0.85,
  Cadillac: 0.87,
  Lincoln: 0.87,
  Infiniti: 0.865,
  Volvo: 0.87,
  Nissan: 0.88,
  Mitsubishi: 0.88,
};

const EXT_COLOR_WEIGHTS: Record<string, number> = {
  WHITE: 24,
  BLACK: 19,
  GRAY: 18,
  SILVER: 12,
  BLUE: 9,
  RED: 9,
  GREEN: 2,
  BROWN: 1.5,
  BEIGE: 1,
  GOLD: 0.7,
  ORANGE: 1,
  YELLOW: 0.6,
  PURPLE: 0.3,
};
const EXT_COLOR_NAMES: Record<string, string[]> = {
  BLACK: ["Black", "Midnight Black Metallic", "Jet Black", "Obsidian Black Pearl", "Crystal Black Pearl", "Agate Black"],
  WHITE: ["White", "Super White", "Pearl White Tricoat", "Summit White", "Oxford White", "Glacier White", "Wind Chill Pearl"],
  SILVER: ["Silver", "Celestial Silver Metallic", "Lunar Silver Metallic", "Ingot Silver", "Silver Ice Metallic", "Brilliant Silver"],
  GRAY: ["Gray", "Magnetic Gray Metallic", "Modern Steel Metallic", "Carbonized Gray", "Gun Metallic", "Graphite Gray"],
  RED: ["Red", "Supersonic Red", "Rapid Red Metallic", "Radiant Red", "Ruby Flare Pearl", "Cajun Red Tintcoat"],
  BLUE: ["Blue", "Blueprint", "Atlas Blue", "Still Night Blue Pearl", "Velocity Blue", "Deep Ocean Blue"],
  GREEN: ["Green", "Army Green", "Cypress Green", "Cactus Green", "Eruption Green"],
  BROWN: ["Brown", "Smoked Mesquite", "Harbor Gray Brown", "Kodiak Brown Metallic"],
  BEIGE: ["Beige", "Sandstone", "Desert Tan", "Lunar Rock"],
  GOLD: ["Gold", "Champagne Gold", "Toasted Walnut"],
  ORANGE: ["Orange", "Code Orange", "Inferno Orange", "Lava Orange"],
  YELLOW: ["Yellow", "Solar Yellow", "Cyber Yellow"],
  PURPLE: ["Purple", "Plum Crazy", "Midnight Amethyst"],
};
const INT_COLOR_WEIGHTS: Record<string, number> = { BLACK: 55, GRAY: 18, BEIGE: 14, BROWN: 7, RED: 3, WHITE: 2, BLUE: 1 };
const INT_COLOR_NAMES: Record<string, string[]> = {
  BLACK: ["Black", "Jet Black Cloth", "Black Leather", "Ebony"],
  GRAY: ["Gray", "Ash", "Light Gray Cloth", "Graphite"],
  BEIGE: ["Beige", "Almond", "Parchment", "Sand Beige"],
  BROWN: ["Brown", "Saddle Brown Leather", "Cognac", "Mocha"],
  RED: ["Red", "Rioja Red Leather", "Adrenaline Red"],
  WHITE: ["White", "Ivory White", "Cloud"],
  BLUE: ["Blue", "Navy"],
};

// Used-car age (years before now's year) weights: dealers peak at 2-5, private sellers older.
const DEALER_USED_AGE = [0.3, 1.2, 2.4, 3, 3, 2.6, 2.2, 1.8, 1.5, 1.2, 1, 0.8, 0.6, 0.45, 0.35, 0.25, 0.2];
const INDEPENDENT_USED_AGE = [0.1, 0.5, 1.2, 1.8, 2.2, 2.4, 2.4, 2.2, 2, 1.8, 1.5, 1.2, 1, 0.8, 0.6, 0.45, 0.35];
const PRIVATE_USED_AGE = [0, 0.2, 0.5, 0.9, 1.2, 1.6, 1.9, 2.1, 2.2, 2.2, 2.1, 1.9, 1.7, 1.5, 1.3, 1.1, 1];
const CERTIFIED_AGE = [0.2, 2.5, 3, 2.6, 2, 1.4];
const THIRD_PARTY_CERT_AGE = [0, 1, 2, 2.5, 2.5, 2, 1.5, 1, 0.6];

const MILES_PER_YEAR = 13_500;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Pricing

export interface MarketValueInput {
  /** The trim's original MSRP. */
  msrp: number;
  year: number;
  mileage: number;
  listingType: string;
  makeName?: string;
  fuelTypeGroup?: string;
  /** An accident on record lowers the value. */
  accident?: boolean;
  now: number;
}

/** Fractional calendar year of an epoch-ms instant (2026.87 late in November 2026). */
let lastNow = Number.NaN;
let lastFraction = 0;

export function fractionalYear(now: number): number {
  if (now === lastNow) return lastFraction;
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const start = Date.UTC(y, 0, 1);
  lastFraction = y + (now - start) / (Date.UTC(y + 1, 0, 1) - start);
  lastNow = now;
  return lastFraction;
}

/** Years in service: a model year Y car is taken to start life at the beginning of calendar year Y. */
export function vehicleAgeYears(year: number, now: number): number {
  return Math.max(0.1, fractionalYear(now) - year);
}

export function expectedMileage(year: number, now: number): number {
  return Math.round(vehicleAgeYears(year, now) * MILES_PER_YEAR);
}

/**
 * Fair retail value ("market price") of a vehicle before any dealer's pricing: MSRP times a
 * depreciation curve (about 16% in the first year, then 9-14% a year by make, slower after five
 * years), adjusted for mileage against the expected ~13,500 mi/year and for certification.
 * New cars: MSRP less a typical 2.5% transaction discount.
 */
export function estimateMarketValue(v: MarketValueInput): number {
  if (v.listingType === "NEW") return roundTo(v.msrp * 0.975, 50);
  const age = vehicleAgeYears(v.year, v.now);
  let retention = RETENTION[v.makeName ?? ""] ?? 0.89;
  if (v.fuelTypeGroup === "ELE") retention -= 0.025;
  // ~16% in the first year, then the make's yearly retention; older cars lose value more slowly.
  const curve = age <= 1 ? 1 - 0.16 * age : 0.84 * Math.pow(retention, Math.min(age, 5) - 1) * Math.pow(Math.min(0.96, retention + 0.03), Math.max(0, age - 5));
  const expected = age * MILES_PER_YEAR;
  const mileageFactor = clamp(1 - (v.mileage - expected) * 0.0000045, 0.7, 1.12);
  let condition = 1;
  if (v.listingType === "CERTIFIED") condition = 1.05;
  else if (v.listingType === "3P_CERT") condition = 1.02;
  if (v.accident) condition *= 0.9;
  const value = Math.max(v.msrp * 0.06, 1500, v.msrp * curve * mileageFactor * condition);
  return roundTo(value, 50);
}

function roundTo(x: number, step: number): number {
  return Math.round(x / step) * step;
}

function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/** Dealer-style asking price: ...95 endings, nearest 500 on dearer cars. */
function dealerPrice(x: number, rng: Rng): number {
  if (x >= 15_000 && rng.chance(0.6)) return Math.max(995, roundTo(x, 500) - 5);
  return Math.max(995, roundTo(x, 100) - 5);
}

function privatePrice(x: number): number {
  return Math.max(800, x >= 10_000 ? roundTo(x, 500) : roundTo(x, 100));
}

// ---------------------------------------------------------------------------------------------
// Catalogue index

interface ModelEntry {
  model: CatalogModel;
  makeName: string;
  modelName: string;
  /** Years with trims, ascending. */
  years: number[];
  trimsByYear: Map<number, { trims: CatalogTrim[]; cumulative: Float64Array }>;
  newYears: number[];
  commercialHint: boolean;
  heavyDuty: boolean;
}

interface MakeEntry {
  code: string;
  name: string;
  weight: number;
  models: ModelEntry[];
  modelCumulative: Float64Array;
  newModels: ModelEntry[];
  newModelCumulative: Float64Array;
}

export interface CatalogIndex {
  catalog: Catalog;
  makes: MakeEntry[];
  makeCumulative: Float64Array;
  franchiseMakes: MakeEntry[];
  franchiseCumulative: Float64Array;
  makeByCode: Map<string, MakeEntry>;
  modelByKey: Map<string, ModelEntry>;
  trimById: Map<string, CatalogTrim>;
  featureByCode: Map<string, CatalogFeature>;
  featureOrder: Map<string, number>;
  extColors: string[];
  extCumulative: Float64Array;
  intColors: string[];
  intCumulative: Float64Array;
  minYear: number;
  maxYear: number;
  nowYear: number;
  /** Per-trim derived values, filled lazily by the generator. */
  trimInfo: Map<string, TrimInfo>;
}

const COMMERCIAL_MODEL = /CARGO|TRANSIT|PROMASTER|EXPRESS|SAVANA|SPRINTER|METRIS|NV200|^NV|ESERIES|ECONOLINE|CITYEXPRESS|CHASSIS/;

function normalise(s: string): string {
  return s.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

function modelWeight(makeName: string, modelName: string, commercial: boolean): number {
  const table = MODEL_WEIGHTS[makeName];
  const n = normalise(modelName);
  let w = 1;
  if (table) {
    if (table[n] !== undefined) w = table[n];
    else {
      // A longer name on a popular base ("Silverado EV", "RAV4 Prime") sells far less.
      let bestLen = 0;
      for (const [prefix, weight] of Object.entries(table)) {
        if (n.startsWith(prefix) && prefix.length > bestLen) {
          w = Math.max(1, weight * 0.2);
          bestLen = prefix.length;
        }
      }
    }
  }
  return commercial ? w * 0.6 : w;
}

const indexCache = new WeakMap<Catalog, Map<number, CatalogIndex>>();

/** Lookup structures over the catalogue for a given "now" year (new model years depend on it). */
export function indexCatalog(catalog: Catalog, now: number): CatalogIndex {
  const nowYear = new Date(now).getUTCFullYear();
  let byYear = indexCache.get(catalog);
  if (!byYear) indexCache.set(catalog, (byYear = new Map()));
  const hit = byYear.get(nowYear);
  if (hit) return hit;

  const allYears = [...new Set(catalog.trims.map((t) => t.year))].sort((a, b) => a - b);
  const minYear = allYears[0] ?? nowYear;
  const maxYear = allYears[allYears.length - 1] ?? nowYear;
  // NEW: the current and next model year, as far as the catalogue has them.
  let newYearSet = allYears.filter((y) => y >= nowYear - 1 && y <= nowYear + 1);
  if (newYearSet.length === 0) newYearSet = allYears.slice(-2);
  const newestNew = Math.max(...newYearSet);

  const trimsByModelYear = new Map<string, CatalogTrim[]>();
  for (const t of catalog.trims) {
    if (t.year > nowYear + 1) continue;
    const key = `${t.makeCode}|${t.modelCode}`;
    let list = trimsByModelYear.get(key);
    if (!list) trimsByModelYear.set(key, (list = []));
    list.push(t);
  }
  const makeName = new Map(catalog.makes.map((m) => [m.code, m.name]));
  const modelsByMake = new Map<string, ModelEntry[]>();
  const modelByKey = new Map<string, ModelEntry>();
  for (const model of catalog.models) {
    const trims = trimsByModelYear.get(`${model.makeCode}|${model.code}`);
    if (!trims || trims.length === 0) continue;
    const trimsByYear = new Map<number, { trims: CatalogTrim[]; cumulative: Float64Array }>();
    const grouped = new Map<number, CatalogTrim[]>();
    for (const t of trims) {
      let g = grouped.get(t.year);
      if (!g) grouped.set(t.year, (g = []));
      g.push(t);
    }
    for (const [year, g] of grouped) {
      g.sort((a, b) => a.nationalMSRP - b.nationalMSRP || a.id.localeCompare(b.id));
      // Cheaper trims sell more.
      trimsByYear.set(year, { trims: g, cumulative: cumulativeOf(g.map((_, i) => 1 / (1 + i * 0.45))) });
    }
    const years = [...grouped.keys()].sort((a, b) => a - b);
    const mk = makeName.get(model.makeCode) ?? model.makeCode;
    const bodyCodes = new Set(trims.map((t) => t.bodyStyleCode));
    const commercialHint = bodyCodes.has("COMMERCIAL") || ((bodyCodes.has("VANMV") || bodyCodes.has("VAN")) && COMMERCIAL_MODEL.test(normalise(model.name)));
    const entry: ModelEntry = {
      model,
      makeName: mk,
      modelName: model.name,
      years,
      trimsByYear,
      newYears: years.filter((y) => newYearSet.includes(y)),
      commercialHint,
      heavyDuty: /(2500|3500|HD|SUPERDUTY|F250|F350)/.test(normalise(model.name)),
    };
    modelByKey.set(`${model.makeCode}|${model.code}`, entry);
    let list = modelsByMake.get(model.makeCode);
    if (!list) modelsByMake.set(model.makeCode, (list = []));
    list.push(entry);
  }

  const makes: MakeEntry[] = [];
  for (const m of catalog.makes) {
    const models = modelsByMake.get(m.code);
    if (!models || models.length === 0) continue;
    const newModels = models.filter((e) => e.newYears.length > 0 && !e.commercialHint);
    makes.push({
      code: m.code,
      name: m.name,
      weight: MAKE_WEIGHTS[m.name] ?? UNKNOWN_MAKE_WEIGHT,
      models,
      modelCumulative: cumulativeOf(models.map((e) => modelWeight(m.name, e.modelName, e.commercialHint))),
      newModels,
      newModelCumulative: cumulativeOf(newModels.map((e) => modelWeight(m.name, e.modelName, false) * (e.newYears.includes(newestNew) ? 1 : 0.5))),
    });
  }
  const franchiseMakes = makes.filter((m) => m.weight >= FRANCHISE_MIN_WEIGHT && m.newModels.length > 0);

  const extColors = catalog.exteriorColors.length > 0 ? catalog.exteriorColors.map((c) => c.code) : [...EXTERIOR_COLOR_CODES];
  const intColors = catalog.interiorColors.length > 0 ? catalog.interiorColors.map((c) => c.code) : Object.keys(INT_COLOR_WEIGHTS);
  const index: CatalogIndex = {
    catalog,
    makes,
    makeCumulative: cumulativeOf(makes.map((m) => m.weight)),
    franchiseMakes,
    franchiseCumulative: cumulativeOf(franchiseMakes.map((m) => m.weight)),
    makeByCode: new Map(makes.map((m) => [m.code, m])),
    modelByKey,
    trimById: new Map(catalog.trims.map((t) => [t.id, t])),
    featureByCode: new Map(catalog.features.map((f) => [f.code, f])),
    featureOrder: new Map(catalog.features.map((f, i) => [f.code, i])),
    extColors,
    extCumulative: cumulativeOf(extColors.map((c) => EXT_COLOR_WEIGHTS[c] ?? 0.2)),
    intColors,
    intCumulative: cumulativeOf(intColors.map((c) => INT_COLOR_WEIGHTS[c] ?? 0.5)),
    minYear,
    maxYear,
    nowYear,
    trimInfo: new Map(),
  };
  byYear.set(nowYear, index);
  return index;
}

interface TrimInfo {
  specs: ReturnType<typeof trimSpecs>;
  standard: Set<string>;
  standardList: string;
}

function trimInfo(index: CatalogIndex, trim: CatalogTrim, entry: ModelEntry): TrimInfo {
  let info = index.trimInfo.get(trim.id);
  if (!info) {
    info = {
      specs: trimSpecs(trim, entry.model.seriesCode),
      standard: new Set(trim.standardFeatures),
      standardList: featureList(index, trim.standardFeatures, []),
    };
    index.trimInfo.set(trim.id, info);
  }
  return info;
}

/** The listing columns that come straight from a catalogue trim. */
export function trimSpecs(trim: CatalogTrim, seriesCode: string | null) {
  const mpge = trim.fuelTypeGroup === "ELE" || trim.fuelTypeGroup === "HYD";
  return {
    year: trim.year,
    make_code: trim.makeCode,
    model_code: trim.modelCode,
    series_code: seriesCode,
    trim_id: trim.id,
    trim_code: trim.trimCode,
    trim_name: trim.trimName,
    body_style_code: trim.bodyStyleCode,
    body_subtype_code: trim.bodyStyleSubtypeCode,
    fuel_type_group: trim.fuelTypeGroup,
    fuel_type: trim.fuelType,
    drive_group: trim.driveGroup,
    drive: trim.drive,
    engine_code: trim.engineCode,
    engine: trim.engine,
    displacement: trim.displacement,
    cylinders: trim.cylinders,
    transmission_code: trim.transmissionCode,
    transmission: trim.transmission,
    doors: trim.doors,
    mpg_city: mpge ? (trim.epaMpgeCity ?? trim.epaCity) : trim.epaCity,
    mpg_highway: mpge ? (trim.epaMpgeHwy ?? trim.epaHwy) : trim.epaHwy,
    mpg_combined: trim.epaCombined,
    is_mpge: mpge ? 1 : 0,
    electric_range: trim.electricRange,
    annual_fuel_cost: trim.annualFuelCost,
    truck_bed_length: trim.truckBedLength,
    truck_cab_size: trim.truckCabSize,
    epa_id: trim.epaId,
  };
}

export function listingTitle(listingType: string, year: number, makeName: string, modelName: string, trimName: string | null): string {
  return [titleWordOf(listingType), String(year), makeName, modelName, trimName].filter(Boolean).join(" ");
}

/** Sorted ",A,B," feature list: the trim's standard features plus the given extras. */
export function featureList(index: CatalogIndex, standard: readonly string[], extra: readonly string[]): string {
  const set = new Set<string>(standard);
  for (const f of extra) set.add(f);
  const order = index.featureOrder;
  return codeList([...set].sort((a, b) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9) || (a < b ? -1 : 1)));
}

// ---------------------------------------------------------------------------------------------
// The plan: which owners exist and how many listings each has

type OwnerKind = "franchise" | "independent" | "private";

interface PlannedDealer {
  kind: "franchise" | "independent";
  ordinal: number;
  listings: number;
  make: MakeEntry | null;
  smallTown: boolean;
}

export interface GeneratorOptions {
  /** Total listings to generate (all statuses). */
  listings: number;
  seed?: number;
  /** Reference instant for dates and ages (epoch ms). Tests pass a constant. */
  now: number;
  catalog: Catalog;
  /** Listings per yielded batch (default 5,000). Does not change the output. */
  batchSize?: number;
  /** Share of listings from private sellers (default 0.10). */
  privateShare?: number;
}

export interface GeneratedListing extends ListingInput {
  /** The owner's external_id; `owner_id` is 0 until the owner is stored. */
  owner_external_id: string;
}

export interface GeneratedBatch {
  /** Owners first seen in this batch (their listings may continue in later batches). */
  owners: OwnerInput[];
  listings: GeneratedListing[];
}

// About a third of dealers are franchise (new-car) dealers, with 60-150 listings each; the rest are
// independents with 8-70. That puts ~60% of dealer listings at franchise dealers, whose mix of about
// 58% new and 20% certified gives the overall ~30% new / ~10% certified / ~60% used.
const FRANCHISE_SHARE_IN_METROS = 0.35;
const FRANCHISE_SHARE_IN_SMALL_TOWNS = 0.2;
const SMALL_TOWN_DEALER_SHARE = 0.12;

function planDealers(master: Rng, index: CatalogIndex, dealerListings: number): PlannedDealer[] {
  const out: PlannedDealer[] = [];
  let assigned = 0;
  while (assigned < dealerListings) {
    const smallTown = master.chance(SMALL_TOWN_DEALER_SHARE);
    const franchise = index.franchiseMakes.length > 0 && master.chance(smallTown ? FRANCHISE_SHARE_IN_SMALL_TOWNS : FRANCHISE_SHARE_IN_METROS);
    let n: number;
    if (franchise) n = master.int(60, 150);
    else n = Math.round(8 + Math.pow(master.next(), 1.3) * 62);
    n = Math.min(n, dealerListings - assigned);
    out.push({
      kind: franchise ? "franchise" : "independent",
      ordinal: out.length,
      listings: n,
      make: franchise ? index.franchiseMakes[master.weighted(index.franchiseCumulative)] : null,
      smallTown,
    });
    assigned += n;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Owners

const PLACE_WORDS = [
  "Lakeside",
  "Northgate",
  "Riverside",
  "Valley",
  "Summit",
  "Sunrise",
  "Capitol",
  "Harbor",
  "Parkway",
  "Westside",
  "Eastside",
  "Gateway",
  "Pinecrest",
  "Oak Hill",
  "Crossroads",
  "Heritage",
  "Liberty",
  "Pioneer",
  "Cedar Creek",
  "Bayview",
  "Hillside",
  "Meadowbrook",
  "Stonebridge",
  "Redwood",
  "Silver Lake",
  "Southpoint",
  "Twin Rivers",
  "Highland",
  "Fairway",
  "Lakeview",
  "Mountain View",
  "Prairie",
  "Coastal",
  "Canyon",
  "Metro",
  "Central",
  "Union",
];
const SURNAMES = [
  "Miller",
  "Anderson",
  "Hoffman",
  "Sullivan",
  "Reynolds",
  "Carter",
  "Brooks",
  "Henderson",
  "Walsh",
  "Fischer",
  "Morales",
  "Patel",
  "Nguyen",
  "Kowalski",
  "Bennett",
  "Donovan",
  "Gallagher",
  "Harper",
  "Jensen",
  "Larson",
  "Maddox",
  "Nolan",
  "Ortiz",
  "Quinn",
  "Ramirez",
  "Schultz",
  "Thornton",
  "Vaughn",
  "Whitaker",
  "Young",
];
const STREET_NAMES = [
  "Main St",
  "Commerce Dr",
  "Auto Mall Pkwy",
  "Highway 6",
  "Market St",
  "Industrial Blvd",
  "Oak Ave",
  "Broadway",
  "Route 9",
  "Center St",
  "Motor Ave",
  "Frontage Rd",
  "Lincoln Way",
  "Washington Ave",
  "Airport Blvd",
  "Pine St",
];
const TAGLINES = [
  "Family owned since 1987",
  "Where the deal is always straight",
  "Serving our neighbors for 30 years",
  "No-haggle pricing on every vehicle",
  "Your hometown dealer",
  "Quality pre-owned, every day",
  "Award-winning service",
  "Drive home happy",
  null,
  null,
];
/** A real area code per state, for sellers outside the listed metros. */
const STATE_AREA_CODES: Record<string, string> = {
  AL: "334",
  AK: "907",
  AZ: "928",
  AR: "870",
  CA: "530",
  CO: "970",
  CT: "860",
  DE: "302",
  DC: "202",
  FL: "352",
  GA: "229",
  HI: "808",
  ID: "208",
  IL: "217",
  IN: "812",
  IA: "319",
  KS: "785",
  KY: "606",
  LA: "337",
  ME: "207",
  MD: "301",
  MA: "413",
  MI: "989",
  MN: "218",
  MS: "662",
  MO: "417",
  MT: "406",
  NE: "308",
  NV: "775",
  NH: "603",
  NJ: "908",
  NM: "575",
  NY: "607",
  NC: "252",
  ND: "701",
  OH: "740",
  OK: "580",
  OR: "541",
  PA: "814",
  RI: "401",
  SC: "843",
  SD: "605",
  TN: "931",
  TX: "325",
  UT: "435",
  VT: "802",
  VA: "540",
  WA: "509",
  WV: "304",
  WI: "715",
  WY: "307",
  PR: "787",
};

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function phone(rng: Rng, areaCode: string): string {
  return `(${areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}`;
}

function titleCaseCity(city: string): string {
  return city.replace(/\w\S*/g, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase());
}

interface Place {
  zip: ZipPlace;
  metro: Metro | null;
  areaCode: string;
}

function pickPlace(rng: Rng, smallTown: boolean): Place {
  const table = placementTable();
  if (smallTown && table.smallTowns.length > 0) {
    const zip = table.smallTowns[rng.int(0, table.smallTowns.length - 1)];
    return { zip, metro: null, areaCode: STATE_AREA_CODES[zip.state] ?? "555" };
  }
  const m = pickMetro(table, rng.next());
  return { zip: m.zips[rng.int(0, m.zips.length - 1)], metro: m.metro, areaCode: m.metro.areaCode };
}

interface DealerProfile {
  owner: OwnerInput;
  place: Place;
  homeServices: string;
  moneyBack: boolean;
  name: string;
}

function dealerName(rng: Rng, kind: "franchise" | "independent", make: MakeEntry | null, place: Place): string {
  const city = titleCaseCity(place.metro?.city ?? place.zip.city);
  if (kind === "franchise" && make) {
    const r = rng.next();
    if (r < 0.15) return `${make.name} of ${city}`;
    if (r < 0.35) return `${city} ${make.name}`;
    if (r < 0.65) return `${rng.pick(SURNAMES)} ${make.name}`;
    return `${rng.pick(PLACE_WORDS)} ${make.name}`;
  }
  const word = rng.pick(PLACE_WORDS);
  const surname = rng.pick(SURNAMES);
  switch (rng.int(0, 8)) {
    case 0:
      return `${word} Auto Sales`;
    case 1:
      return `${surname} Motors`;
    case 2:
      return `${word} Auto Group`;
    case 3:
      return `${city} Car Company`;
    case 4:
      return `${word} Pre-Owned`;
    case 5:
      return `${surname} & Sons Auto`;
    case 6:
      return `${word} Motorcars`;
    case 7:
      return `${word} Auto Outlet`;
    default:
      return `Drive ${word}`;
  }
}

function homeServicesFor(rng: Rng, franchise: boolean): string[] {
  const p = franchise ? [0.45, 0.6, 0.4, 0.3, 0.5, 0.35] : [0.25, 0.4, 0.3, 0.2, 0.35, 0.25];
  const out: string[] = [];
  HOME_SERVICE_CODES.forEach((code, i) => {
    if (rng.chance(p[i])) out.push(code);
  });
  if (out.includes("BUY_ONLINE") && !out.includes("ONLINE_PAPERWORK")) out.splice(1, 0, "ONLINE_PAPERWORK");
  return out;
}

function makeDealer(rng: Rng, plan: PlannedDealer, usedSlugs: Set<string>, now: number): DealerProfile {
  const place = pickPlace(rng, plan.smallTown);
  const name = dealerName(rng, plan.kind, plan.make, place);
  let s = slug(name);
  if (usedSlugs.has(s)) s = `${s}-${slug(place.zip.city)}`;
  for (let i = 2; usedSlugs.has(s); i++) s = `${slug(name)}-${i}`;
  usedSlugs.add(s);
  const services = homeServicesFor(rng, plan.kind === "franchise");
  // Two draws once made an invented star rating; kept so every later draw (and so the demo
  // inventory the tests know) stays the same. A rating shows only from a real source (ADR 022).
  rng.normal();
  rng.normal();
  const homeServices = codeList(services);
  const owner: OwnerInput = {
    external_id: `DLR-${String(plan.ordinal + 1).padStart(6, "0")}`,
    seller_type: "d",
    name,
    phone: phone(rng, place.areaCode),
    email: `sales@${s}.example`,
    website: `https://${s}.example`,
    logo_url: null,
    street: `${rng.int(100, 9899)} ${rng.pick(STREET_NAMES)}`,
    city: titleCaseCity(place.zip.city),
    state: place.zip.state,
    zip: place.zip.zip,
    lat: place.zip.lat,
    lon: place.zip.lon,
    rating: null,
    rating_count: 0,
    home_services: homeServices,
    hide_email_form: rng.chance(0.03) ? 1 : 0,
    tagline: rng.pick(TAGLINES),
    created_at: now - rng.int(200, 3000) * DAY_MS,
    // Demo dealers that sell online have joined online buying (docs/online-buying.md); no draw.
    ecommerce_opt_in: services.includes("BUY_ONLINE") ? 1 : 0,
  };
  const moneyBack = rng.chance(services.includes("BUY_ONLINE") ? 0.45 : 0.12);
  return { owner, place, homeServices, moneyBack, name };
}

function makePrivateSeller(rng: Rng, ordinal: number, now: number): { owner: OwnerInput; place: Place } {
  const place = pickPlace(rng, rng.chance(0.25));
  const owner: OwnerInput = {
    external_id: `PVT-${String(ordinal + 1).padStart(7, "0")}`,
    seller_type: "p",
    name: "Private Seller",
    phone: phone(rng, place.areaCode),
    email: null,
    website: null,
    logo_url: null,
    street: null,
    city: titleCaseCity(place.zip.city),
    state: place.zip.state,
    zip: place.zip.zip,
    lat: place.zip.lat,
    lon: place.zip.lon,
    rating: null,
    rating_count: 0,
    home_services: "",
    hide_email_form: 0,
    tagline: null,
    created_at: now - rng.int(0, 120) * DAY_MS,
  };
  return { owner, place };
}

// ---------------------------------------------------------------------------------------------
// Listings

interface VehicleChoice {
  entry: ModelEntry;
  trim: CatalogTrim;
}

function pickYearByAge(rng: Rng, entry: ModelEntry, ageWeights: readonly number[], nowYear: number): number | null {
  let total = 0;
  const ws: number[] = [];
  for (const y of entry.years) {
    const age = nowYear - y;
    const w = age >= 0 && age < ageWeights.length ? ageWeights[age] : 0;
    ws.push(w);
    total += w;
  }
  if (total <= 0) return null;
  let x = rng.next() * total;
  for (let i = 0; i < ws.length; i++) {
    x -= ws[i];
    if (x < 0) return entry.years[i];
  }
  return entry.years[entry.years.length - 1];
}

function pickTrim(rng: Rng, entry: ModelEntry, year: number): CatalogTrim {
  const g = entry.trimsByYear.get(year)!;
  return g.trims[rng.weighted(g.cumulative)];
}

function pickUsed(rng: Rng, index: CatalogIndex, make: MakeEntry | null, ageWeights: readonly number[]): VehicleChoice {
  for (let attempt = 0; attempt < 20; attempt++) {
    const mk = make ?? index.makes[rng.weighted(index.makeCumulative)];
    const entry = mk.models[rng.weighted(mk.modelCumulative)];
    const year = pickYearByAge(rng, entry, ageWeights, index.nowYear);
    if (year === null) continue;
    return { entry, trim: pickTrim(rng, entry, year) };
  }
  // Nothing fits the age profile (tiny catalogues): any trim of any model.
  const mk = make ?? index.makes[rng.weighted(index.makeCumulative)];
  const entry = mk.models[rng.weighted(mk.modelCumulative)];
  return { entry, trim: pickTrim(rng, entry, entry.years[entry.years.length - 1]) };
}

function pickNew(rng: Rng, make: MakeEntry): VehicleChoice {
  const entry = make.newModels[rng.weighted(make.newModelCumulative)];
  const newest = entry.newYears[entry.newYears.length - 1];
  const year = entry.newYears.length > 1 && rng.chance(0.3) ? entry.newYears[entry.newYears.length - 2] : newest;
  return { entry, trim: pickTrim(rng, entry, year) };
}

function usedMileage(rng: Rng, year: number, now: number, perYear: number): number {
  const age = vehicleAgeYears(year, now);
  const spread = Math.exp(rng.normal() * 0.35);
  let miles = age * perYear * spread;
  if (age < 1.2) miles = Math.max(miles, rng.int(800, 6000));
  return Math.round(clamp(miles, 150, 245_000));
}

function pickExtColor(rng: Rng, index: CatalogIndex): { code: string; name: string } {
  const code = index.extColors[rng.weighted(index.extCumulative)];
  const names = EXT_COLOR_NAMES[code];
  return { code, name: names ? rng.pick(names) : titleCaseCity(code) };
}

function pickIntColor(rng: Rng, index: CatalogIndex): { code: string; name: string } {
  const code = index.intColors[rng.weighted(index.intCumulative)];
  const names = INT_COLOR_NAMES[code];
  return { code, name: names ? rng.pick(names) : titleCaseCity(code) };
}

function thousands(n: number): string {
  const s = String(Math.round(n));
  return s.length <= 3 ? s : s.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

const FEATURE_PHRASES = ["Highlights include", "Equipped with", "Features", "Comes with"];
// Generated descriptions state only what the listing's own fields say: no condition, history or
// inspection claims (ADR 022).
const CLOSERS_DEALER = [
  "Schedule a test drive today.",
  "Ask about financing and trade-in offers.",
  "Ask us for the vehicle's history report.",
  "Call or stop by to see it in person.",
];
const CLOSERS_PRIVATE = [
  "Ask me for the service records I have.",
  "Happy to answer questions by phone.",
  "Selling because we upgraded; serious buyers only, please.",
  "Happy to meet at a local inspection shop.",
];

function describe(
  rng: Rng,
  index: CatalogIndex,
  o: { listingType: string; title: string; color: string; mileage: number; trim: CatalogTrim; extras: string[]; dealerName: string | null },
): string {
  const parts: string[] = [];
  const vehicle = o.title.replace(/^(New|Used|Certified) /, "");
  if (o.listingType === "NEW") parts.push(`Brand new ${vehicle} in ${o.color}.`);
  else parts.push(`This ${vehicle} in ${o.color} has ${thousands(o.mileage)} miles.`);
  const names: string[] = [];
  const pool = o.extras.length > 0 ? o.extras : o.trim.standardFeatures;
  for (let i = 0; i < pool.length && names.length < 3; i++) {
    const f = index.featureByCode.get(pool[i]);
    if (f) names.push(f.name.toLowerCase());
  }
  if (names.length > 0) parts.push(`${rng.pick(FEATURE_PHRASES)} ${names.join(", ")}.`);
  const t = o.trim;
  if (t.fuelTypeGroup === "ELE" && t.electricRange) parts.push(`EPA-estimated range of ${t.electricRange} miles.`);
  else if (t.epaCity && t.epaHwy && t.fuelTypeGroup !== "ELE") parts.push(`EPA-rated ${t.epaCity} city / ${t.epaHwy} highway MPG.`);
  parts.push(o.dealerName ? `${rng.pick(CLOSERS_DEALER)} ${o.dealerName}.` : rng.pick(CLOSERS_PRIVATE));
  return parts.join(" ");
}

interface OwnerContext {
  kind: OwnerKind;
  externalId: string;
  dealer: DealerProfile | null;
  place: Place;
  make: MakeEntry | null;
  /** Per-dealer condition mix (franchise). */
  newShare: number;
  certifiedShare: number;
}

function pickListingType(rng: Rng, ctx: OwnerContext): string {
  if (ctx.kind === "private") return "USED";
  if (ctx.kind === "independent") return rng.chance(0.085) ? "3P_CERT" : "USED";
  const r = rng.next();
  if (r < ctx.newShare) return "NEW";
  if (r < ctx.newShare + ctx.certifiedShare) return "CERTIFIED";
  return "USED";
}

function buildListing(rng: Rng, index: CatalogIndex, ctx: OwnerContext, globalIndex: number, seed: number, now: number): GeneratedListing {
  let listingType = pickListingType(rng, ctx);
  let choice: VehicleChoice;
  if (listingType === "NEW") choice = pickNew(rng, ctx.make!);
  else if (listingType === "CERTIFIED") choice = pickUsed(rng, index, ctx.make, CERTIFIED_AGE);
  else if (listingType === "3P_CERT") choice = pickUsed(rng, index, null, THIRD_PARTY_CERT_AGE);
  else if (ctx.kind === "private") choice = pickUsed(rng, index, null, PRIVATE_USED_AGE);
  else if (ctx.kind === "franchise") choice = pickUsed(rng, index, rng.chance(0.45) ? ctx.make : null, DEALER_USED_AGE);
  else choice = pickUsed(rng, index, null, INDEPENDENT_USED_AGE);
  const { entry, trim } = choice;
  const year = trim.year;
  if (listingType === "CERTIFIED" && index.nowYear - year > 5) listingType = "USED";

  // Mileage
  let mileage: number;
  if (listingType === "NEW") mileage = rng.chance(0.15) ? rng.int(16, 50) : rng.int(0, 15);
  else mileage = usedMileage(rng, year, now, ctx.kind === "private" ? 14_500 : MILES_PER_YEAR);
  if (listingType === "CERTIFIED" && mileage >= 80_000) mileage = rng.int(35_000, 79_500);
  if (listingType === "3P_CERT" && mileage >= 100_000) mileage = rng.int(40_000, 99_000);

  // History (used only). The draws decide whether the car had an accident (it lowers its market
  // value); the codes themselves are not stored: a history is shown only when a seller or a
  // history provider states it (ADR 022), never invented.
  const history: string[] = [];
  let accident = false;
  if (listingType !== "NEW") {
    const age = index.nowYear - year;
    if (rng.chance(listingType === "CERTIFIED" ? 0.7 : Math.max(0.2, 0.65 - age * 0.04))) history.push("ONE_OWNER");
    if (!rng.chance(listingType === "USED" ? 0.02 : 0)) history.push("CLEAN_TITLE");
    accident = rng.chance(listingType === "CERTIFIED" ? 0.05 : 0.17);
    if (!accident) history.push("NO_ACCIDENTS");
    if (!entry.commercialHint && rng.chance(0.85)) history.push("PERSONAL_USE");
  }

  // Use type
  let useType = "personal";
  if (entry.commercialHint) useType = "commercial";
  else if (trim.bodyStyleCode === "TRUCKS" && rng.chance(entry.heavyDuty ? 0.3 : 0.05)) {
    useType = "commercial";
  }
  if (useType === "commercial") {
    const i = history.indexOf("PERSONAL_USE");
    if (i >= 0) history.splice(i, 1);
  }

  // Options and packages
  const extras: string[] = [];
  const info = trimInfo(index, trim, entry);
  const standard = info.standard;
  const features = index.catalog.features;
  if (features.length > 0) {
    const n = rng.int(0, listingType === "NEW" ? 6 : 4);
    for (let i = 0; i < n; i++) {
      const f = features[rng.int(0, features.length - 1)].code;
      if (!standard.has(f) && !extras.includes(f)) extras.push(f);
    }
  }
  const packages: string[] = [];
  let packagesPrice = 0;
  for (const p of trim.packages) {
    if (rng.chance(listingType === "NEW" ? 0.35 : 0.25)) {
      packages.push(p.code);
      packagesPrice += p.price;
    }
  }

  // Pricing
  const isDealer = ctx.kind !== "private";
  let msrp: number | null = null;
  let incentive = 0;
  let marketPrice: number;
  let salePrice: number;
  if (listingType === "NEW") {
    msrp = trim.nationalMSRP + packagesPrice;
    if (rng.chance(0.35)) incentive = Math.max(500, roundTo(msrp * (0.01 + rng.next() * 0.07), 250));
    marketPrice = roundTo((msrp - incentive) * 0.975, 50);
    let discount = 0.02 + rng.normal() * 0.02;
    if (rng.chance(0.05)) discount = -(0.03 + rng.next() * 0.05); // market adjustment on hot models
    discount = clamp(discount, -0.09, 0.1);
    salePrice = Math.max(995, Math.round((msrp - incentive) * (1 - discount)));
  } else {
    marketPrice = estimateMarketValue({
      msrp: trim.nationalMSRP + Math.round(packagesPrice * 0.5),
      year,
      mileage,
      listingType,
      makeName: entry.makeName,
      fuelTypeGroup: trim.fuelTypeGroup,
      accident,
      now,
    });
    let spread = isDealer ? rng.normal() * 0.05 - 0.01 : rng.normal() * 0.07 - 0.02;
    if (rng.chance(0.08)) spread += (rng.chance(0.5) ? -1 : 1) * (0.06 + rng.next() * 0.14);
    spread = clamp(spread, -0.3, 0.35);
    const raw = marketPrice * (1 + spread);
    salePrice = isDealer ? dealerPrice(raw, rng) : privatePrice(raw);
  }
  const dealRating = dealRatingFor(salePrice, marketPrice);

  // Time on market, status and price history
  const dom = Math.min(120, Math.floor(-Math.log(1 - rng.next()) * 32));
  const dateListed = now - dom * DAY_MS - rng.int(0, 23) * 3_600_000;
  let status: "active" | "sold" | "expired" = "active";
  let soldAt: number | null = null;
  const s = rng.next();
  if (s < 0.03) {
    status = "sold";
    soldAt = dateListed + Math.floor(rng.next() * (now - dateListed));
  } else if (s < 0.03 + (dom > 60 ? 0.03 : 0.003)) {
    status = "expired";
  }
  const priceHistory: { price: number; at: number }[] = [];
  let reduced = 0;
  const end = soldAt ?? now;
  // Price changes need time on the market (up to the sale for sold cars).
  const changes = end - dateListed >= 3 * DAY_MS && rng.chance(0.08 + (0.5 * dom) / 120) ? rng.int(1, dom > 45 ? 3 : 2) : 0;
  if (changes > 0) {
    const lastIsRise = rng.chance(0.1);
    const prices = [salePrice];
    for (let i = changes - 1; i >= 0; i--) {
      const step = 0.015 + rng.next() * 0.045;
      const later = prices[0];
      const earlier = i === changes - 1 && lastIsRise ? later * (1 - step * 0.6) : later * (1 + step);
      prices.unshift(Math.max(500, roundTo(earlier, 100) - (isDealer ? 5 : 0)));
    }
    for (let i = 0; i < prices.length; i++) {
      const at = i === 0 ? dateListed : dateListed + Math.floor(((end - dateListed) * i) / prices.length);
      priceHistory.push({ price: prices[i], at });
    }
    // Equal neighbours are not a change: keep the history strictly a list of changes.
    for (let i = priceHistory.length - 1; i > 0; i--) if (priceHistory[i].price === priceHistory[i - 1].price) priceHistory.splice(i, 1);
    const n = priceHistory.length;
    reduced = n > 1 && priceHistory[n - 1].price < priceHistory[n - 2].price ? 1 : 0;
  } else {
    priceHistory.push({ price: salePrice, at: dateListed });
  }

  const ext = pickExtColor(rng, index);
  const int = pickIntColor(rng, index);
  const title = listingTitle(listingType, year, entry.makeName, entry.modelName, trim.trimName);
  const vin = buildVin(rng, entry.makeName, year, globalIndex, seed);
  // Certified listings meet their program's rules: the branded program only on its make within
  // its age and mileage (ADR 022); other makers' programs carry no name of their own.
  const brandProgram = listingType === "CERTIFIED" && brandProgramViolations({ makeCode: entry.model.makeCode, year, mileage }, index.nowYear).length === 0;
  const certifiedProduct = brandProgram ? BRAND_CERTIFIED_PROGRAM.name : null;
  // Draws that once made an invented view count, hot flag and third-party program name, kept so
  // the rest of the inventory stays the same; views are counted from real visits only.
  if (listingType === "3P_CERT") rng.next();
  rng.next();
  rng.int(0, 25);
  if (!(dom < 21 && (dealRating === "great" || dealRating === "good") && rng.chance(0.25))) rng.chance(0.02);
  const hasSpecialOffer = isDealer && ((incentive > 0 && rng.chance(0.6)) || rng.chance(0.05)) ? 1 : 0;
  const dealerName = ctx.dealer?.name ?? null;

  const sp = info.specs;
  // Written out field by field: a spread here makes V8 build slow dictionary objects.
  return {
    owner_external_id: ctx.externalId,
    vin,
    owner_id: 0,
    status,
    listing_type: listingType,
    year: sp.year,
    make_code: sp.make_code,
    model_code: sp.model_code,
    series_code: sp.series_code,
    trim_id: sp.trim_id,
    trim_code: sp.trim_code,
    trim_name: sp.trim_name,
    body_style_code: sp.body_style_code,
    body_subtype_code: sp.body_subtype_code,
    fuel_type_group: sp.fuel_type_group,
    fuel_type: sp.fuel_type,
    drive_group: sp.drive_group,
    drive: sp.drive,
    engine_code: sp.engine_code,
    engine: sp.engine,
    displacement: sp.displacement,
    cylinders: sp.cylinders,
    transmission_code: sp.transmission_code,
    transmission: sp.transmission,
    doors: sp.doors,
    mpg_city: sp.mpg_city,
    mpg_highway: sp.mpg_highway,
    mpg_combined: sp.mpg_combined,
    is_mpge: sp.is_mpge,
    electric_range: sp.electric_range,
    annual_fuel_cost: sp.annual_fuel_cost,
    truck_bed_length: sp.truck_bed_length,
    truck_cab_size: sp.truck_cab_size,
    epa_id: sp.epa_id,
    title,
    ext_color_simple: ext.code,
    ext_color_name: ext.name,
    int_color_simple: int.code,
    int_color_name: int.name,
    mileage,
    sale_price: salePrice,
    msrp,
    incentive,
    features: extras.length === 0 ? info.standardList : featureList(index, trim.standardFeatures, extras),
    packages: codeList(packages),
    home_services: ctx.dealer?.homeServices ?? "",
    certified_product: certifiedProduct,
    vehicle_history: "",
    vehicle_use_type: useType,
    money_back_guarantee: brandProgram || (isDealer && listingType !== "NEW" && ctx.dealer?.moneyBack) ? 1 : 0,
    seller_type: isDealer ? "d" : "p",
    zip: ctx.place.zip.zip,
    lat: ctx.place.zip.lat,
    lon: ctx.place.zip.lon,
    image_count: isDealer ? rng.int(7, 12) : rng.int(4, 8),
    description: describe(rng, index, { listingType, title, color: ext.name, mileage, trim, extras, dealerName }),
    is_hot: 0,
    has_special_offer: hasSpecialOffer,
    is_reduced_price: reduced,
    view_count: 0,
    deal_rating: dealRating,
    market_price: marketPrice,
    date_listed: dateListed,
    sold_at: soldAt,
    price_history: priceHistory,
  };
}

// ---------------------------------------------------------------------------------------------
// The generator

/** Yields the inventory in batches of about `batchSize` listings; owners come with their first listing. */
export function* generateInventory(options: GeneratorOptions): Generator<GeneratedBatch> {
  const seed = (options.seed ?? 1) >>> 0;
  const now = options.now;
  const total = Math.max(0, Math.floor(options.listings));
  const batchSize = Math.max(1, options.batchSize ?? 5000);
  const index = indexCatalog(options.catalog, now);
  if (index.makes.length === 0) throw new Error("The catalogue has no makes with trims: cannot generate inventory");

  const master = new Rng(hash32(seed, 0x0a11));
  const privateTotal = Math.round(total * (options.privateShare ?? 0.1));
  const dealerTotal = total - privateTotal;
  const dealers = planDealers(master, index, dealerTotal);
  const usedSlugs = new Set<string>();

  let owners: OwnerInput[] = [];
  let listings: GeneratedListing[] = [];
  let globalIndex = 0;
  let dealerListingsDone = 0;
  let privateDone = 0;

  function* flush(force: boolean): Generator<GeneratedBatch> {
    if (listings.length >= batchSize || (force && (listings.length > 0 || owners.length > 0))) {
      yield { owners, listings };
      owners = [];
      listings = [];
    }
  }

  function* emitPrivates(upTo: number): Generator<GeneratedBatch> {
    while (privateDone < upTo) {
      const rng = new Rng(hash32(seed, 0x9a1e, privateDone));
      const { owner, place } = makePrivateSeller(rng, privateDone, now);
      owners.push(owner);
      const ctx: OwnerContext = { kind: "private", externalId: owner.external_id, dealer: null, place, make: null, newShare: 0, certifiedShare: 0 };
      listings.push(buildListing(rng, index, ctx, globalIndex++, seed, now));
      privateDone++;
      yield* flush(false);
    }
  }

  for (const plan of dealers) {
    const rng = new Rng(hash32(seed, 0xdea1, plan.ordinal));
    const dealer = makeDealer(rng, plan, usedSlugs, now);
    owners.push(dealer.owner);
    const ctx: OwnerContext = {
      kind: plan.kind,
      externalId: dealer.owner.external_id,
      dealer,
      place: dealer.place,
      make: plan.make,
      newShare: clamp(0.58 + rng.normal() * 0.1, 0.3, 0.8),
      certifiedShare: clamp(0.2 + rng.normal() * 0.05, 0.05, 0.3),
    };
    for (let i = 0; i < plan.listings; i++) {
      listings.push(buildListing(rng, index, ctx, globalIndex++, seed, now));
      yield* flush(false);
    }
    dealerListingsDone += plan.listings;
    // Private sellers are spread through the run in proportion to dealer listings.
    yield* emitPrivates(dealerTotal > 0 ? Math.floor((privateTotal * dealerListingsDone) / dealerTotal) : privateTotal);
  }
  yield* emitPrivates(privateTotal);
  yield* flush(true);
}

/** The whole inventory in memory (tests and small sizes). */
export function generateAll(options: GeneratorOptions): { owners: OwnerInput[]; listings: GeneratedListing[] } {
  const owners: OwnerInput[] = [];
  const listings: GeneratedListing[] = [];
  for (const b of generateInventory(options)) {
    owners.push(...b.owners);
    for (const l of b.listings) listings.push(l);
  }
  return { owners, listings };
}

/**
 * Worker-thread side of seedInventory: generates batches and posts them through `port`, never
 * more than the credits the writer has granted ({ credits: n } messages) ahead of it.
 */
export async function serveInventoryBatches(port: MessagePort, options: GeneratorOptions): Promise<void> {
  let credits = 0;
  let wake: (() => void) | null = null;
  port.on("message", (m: { credits?: number }) => {
    credits += m.credits ?? 0;
    wake?.();
  });
  try {
    for (const batch of generateInventory(options)) {
      while (credits === 0) await new Promise<void>((r) => (wake = r));
      wake = null;
      credits--;
      // As JSON text: a string crosses threads as one copy, and JSON.parse on the writer's side
      // costs about half of a structured clone of these objects.
      port.postMessage({ type: "batch", json: JSON.stringify(batch) });
    }
    port.postMessage({ type: "done" });
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    port.postMessage({ type: "error", message: err.message, stack: err.stack });
  }
}
