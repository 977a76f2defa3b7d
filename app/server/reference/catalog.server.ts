// Builds the reference catalogue (makes, models, series, trims, body styles, features, colours,
// engine codes) from the EPA fuel-economy file. EPA rows are configurations; trims, MSRPs,
// packages, features and colours are derived by the deterministic rules below and in
// catalog-rules.server.ts / catalog-features.server.ts (see docs/reference-data.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Catalog, CatalogMake, CatalogModel, CatalogSeries, CatalogTrim, FuelTypeGroup } from "../../lib/catalog-types.ts";
import {
  economyOf,
  driveGroupOf,
  engineCodeOf,
  engineDescriptionOf,
  engineCodeLabels,
  evMotorKw,
  fuelTypeGroupOf,
  isMildHybrid,
  parseEpaCsv,
  transmissionCodeOf,
  type EpaRow,
} from "./epa.server.ts";
import {
  badgeOf,
  BODY_ON_FRAME_SUVS,
  hasModelLadder,
  CARGO_VAN_MODELS,
  codeOf,
  COMPACT_TRUCK_MODELS,
  CONVERTIBLE_MODELS,
  COUPE_DEFAULT_MAKES,
  COUPE_MODELS,
  CREW_ONLY_TRUCKS,
  EXCLUDED_MAKES,
  FULLSIZE_SUVS,
  HATCHBACK_MODELS,
  ladderFor,
  makeTier,
  MIDSIZE_SUVS,
  MIN_LAST_MODEL_YEAR,
  PREFERRED_BODY,
  priceAnchor,
  priceSpread,
  refineModelName,
  seriesOf,
  SPECIALTY_MODELS,
  SUBCOMPACT_SUVS,
  SUV_MODELS,
  SUV_WHEN_WAGON_CLASS,
  THREE_ROW_MODELS,
  TRUCK_MODELS,
  WAGON_MODELS,
  type Ladder,
  type MakeTier,
} from "./catalog-rules.server.ts";
import { BODY_STYLE_NAMES } from "../../lib/body-styles.ts";
import { BODY_STYLES, EXTERIOR_COLORS, FEATURES, INTERIOR_COLORS, packagesFor, standardFeatures, type BodyCode } from "./catalog-features.server.ts";

export { parseCsv, parseCsvObjects } from "./csv.server.ts";

/** Path of the EPA file, relative to the project root (process.cwd()). */
export const EPA_CSV_PATH = path.join("reference-data", "epa-vehicles.csv");

/** Model year the price anchors are expressed in, and the yearly price drift used around it. */
const PRICE_BASE_YEAR = 2024;
const PRICE_DRIFT_PER_YEAR = 0.03;

// ---------------------------------------------------------------------------------------------
// Deterministic pseudo-randomness: FNV-1a of a string → [0, 1).

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Final avalanche of a 32-bit value → [0, 1). */
function mix01(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

function hash01(s: string): number {
  return mix01(hashString(s));
}

const saltHashes = new Map<string, number>();
/** A deterministic [0, 1) source for one seed string; salts are hashed once and cached. */
function seededRandom(seed: string): (salt: string) => number {
  const base = hashString(seed);
  return (salt) => {
    let sh = saltHashes.get(salt);
    if (sh === undefined) {
      sh = hashString(salt);
      saltHashes.set(salt, sh);
    }
    return mix01(Math.imul(base ^ sh, 0x9e3779b1) ^ sh);
  };
}

function mode<T>(values: readonly T[], order?: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | undefined;
  let bestN = -1;
  for (const [v, n] of counts) {
    const better = n > bestN || (n === bestN && order !== undefined && best !== undefined && order.indexOf(v) < order.indexOf(best));
    if (better) {
      best = v;
      bestN = n;
    }
  }
  return best;
}

const slugCache = new Map<string, string>();
function slugOf(name: string): string {
  let slug = slugCache.get(name);
  if (slug === undefined) {
    slug =
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "") || "base";
    slugCache.set(name, slug);
  }
  return slug;
}

function roundTo(n: number, step: number): number {
  return Math.round(n / step) * step;
}

// ---------------------------------------------------------------------------------------------
// Body style of one configuration

const BODY_ORDER: BodyCode[] = BODY_STYLES.map((b) => b.code as BodyCode);

interface BodyInfo {
  body: BodyCode;
  /** Subtype known from the row itself (vans, commercial); SUV/sedan/truck subtypes are set per model. */
  subtype: string | null;
}

interface ModelFacts {
  key: string;
  makeCode: string;
  modelCode: string;
  /** Share of the model's EPA rows in SUV size classes. */
  suvShare: number;
}

const CONVERTIBLE_HINT = /convertible|cabrio|roadster|spyder|spider|volante|aperta|targa|drophead|crosscabriolet/i;
const COUPE_HINT = /coupe|\bcpe\b/i;
const TWO_DOOR_HINT = /\b2 ?dr\b|\b2[ -]door|\b3[ -]doors?\b/i;
const WAGON_HINT = /wagon|sportcombi|\bavant\b|\bestate\b|sportwagen|allroad|alltrack|shooting brake|\b(sport|cross) turismo\b|elantra touring|\bm5 touring/i;
const HATCH_HINT = /hatchback|\bhatch\b|\b5 ?dr\b|\b5[ -]doors?\b|sportback|liftback|gran turismo/i;

function classifyBody(r: EpaRow, m: ModelFacts): BodyInfo {
  const name = r.model;
  const vc = r.vClass;
  const key = m.key;
  if (SPECIALTY_MODELS.has(key) || /hearse|\blimo\b|limousine|funeral|taxi|\busps\b/i.test(name)) {
    return { body: "COMMERCIAL", subtype: "SPECIALTY" };
  }
  if (TRUCK_MODELS.has(key) || /pickup/i.test(vc)) return { body: "TRUCKS", subtype: null };
  if (CARGO_VAN_MODELS.has(key) || /vans, cargo/i.test(vc)) return { body: "COMMERCIAL", subtype: "CARGOVAN" };
  if (/vans, passenger/i.test(vc)) return { body: "VANMV", subtype: "PASSENGERVAN" };
  if (/^minivan/i.test(vc)) return { body: "VANMV", subtype: "MINIVAN" };
  if (/special purpose/i.test(vc)) {
    if (/wagon|passenger/i.test(name)) return { body: "VANMV", subtype: "PASSENGERVAN" };
    if (/\bvan\b|cargo/i.test(name)) return { body: "COMMERCIAL", subtype: "CARGOVAN" };
    return { body: "SUVCROSS", subtype: null };
  }
  if (/sport utility/i.test(vc)) {
    if (CONVERTIBLE_HINT.test(name)) return { body: "CONVERT", subtype: null };
    // Raised wagons EPA files as SUVs (Volvo Cross Country models) stay wagons.
    return WAGON_MODELS.has(key) ? { body: "WAGON", subtype: null } : { body: "SUVCROSS", subtype: null };
  }
  // Car size classes (including station wagons and two-seaters).
  if (CONVERTIBLE_HINT.test(name)) return { body: "CONVERT", subtype: null };
  if (SUV_MODELS.has(key) || (SUV_WHEN_WAGON_CLASS.has(key) && /station wagon/i.test(vc)) || m.suvShare >= 0.5) {
    return { body: "SUVCROSS", subtype: null };
  }
  if (/gran coupe/i.test(name)) return { body: "SEDAN", subtype: null };
  if (COUPE_HINT.test(name)) return { body: "COUPE", subtype: null };
  if (WAGON_HINT.test(name) && !HATCHBACK_MODELS.has(key)) return { body: "WAGON", subtype: null };
  if (HATCH_HINT.test(name) || HATCHBACK_MODELS.has(key)) return { body: "HATCH", subtype: null };
  if (TWO_DOOR_HINT.test(name)) return { body: "COUPE", subtype: null };
  if (WAGON_MODELS.has(key)) return { body: "WAGON", subtype: null };
  if (CONVERTIBLE_MODELS.has(key)) return { body: "CONVERT", subtype: null };
  if (COUPE_MODELS.has(key) || COUPE_DEFAULT_MAKES.has(m.makeCode)) return { body: "COUPE", subtype: null };
  // EPA's "Small Station Wagons" are mostly hatchbacks (Fit, Soul, Impreza 5-door); real wagons say so.
  if (/small station wagon/i.test(vc)) return { body: "HATCH", subtype: null };
  if (/station wagon/i.test(vc)) return { body: "WAGON", subtype: null };
  if (/two seaters|minicompact/i.test(vc)) return { body: "COUPE", subtype: null };
  return { body: "SEDAN", subtype: null };
}

function sedanSubtype(vClass: string): string | null {
  if (/minicompact|subcompact/i.test(vClass)) return "SUBCOMPACTSEDAN";
  if (/^compact|small station/i.test(vClass)) return "COMPACTSEDAN";
  if (/^midsize/i.test(vClass)) return "MIDSIZESEDAN";
  if (/^large/i.test(vClass)) return "FULLSIZESEDAN";
  return null;
}

function suvSubtypeOfModel(key: string, rows: readonly EpaRow[]): string {
  if (FULLSIZE_SUVS.has(key)) return "FULLSIZESUV";
  if (MIDSIZE_SUVS.has(key)) return "MIDSIZESUV";
  if (SUBCOMPACT_SUVS.has(key)) return "SUBCOMPACTSUV";
  let small = 0;
  let standard = 0;
  for (const r of rows) {
    if (/^small sport utility/i.test(r.vClass)) small++;
    else if (/^standard sport utility/i.test(r.vClass)) standard++;
  }
  if (small + standard > 0) return standard > small ? "MIDSIZESUV" : "COMPACTSUV";
  const displ = rows
    .map((r) => r.displ)
    .filter((d): d is number => d !== null)
    .sort((a, b) => a - b);
  const med = displ[Math.floor(displ.length / 2)];
  if (med === undefined) return "MIDSIZESUV";
  return med >= 5 ? "FULLSIZESUV" : med >= 2.7 ? "MIDSIZESUV" : "COMPACTSUV";
}

function truckSubtypeOfModel(key: string, rows: readonly EpaRow[]): string {
  if (COMPACT_TRUCK_MODELS.has(key)) return "COMPACTTRUCK";
  let small = 0;
  let standard = 0;
  for (const r of rows) {
    if (/^small pickup/i.test(r.vClass)) small++;
    else if (/^standard pickup/i.test(r.vClass)) standard++;
  }
  return small > standard ? "COMPACTTRUCK" : "FULLSIZETRUCK";
}

// ---------------------------------------------------------------------------------------------
// Configurations

interface Config {
  row: EpaRow;
  body: BodyCode;
  subtype: string | null;
  fuel: FuelTypeGroup;
  awd: boolean;
  score: number;
  /** Fuel group for "every fuel group gets a trim" (mild hybrids count as gasoline). */
  coverKey: string;
}

/** Rows that are not retail configurations (upfitter chassis, fleet-only payload packages, liveries). */
const NON_RETAIL = /cab chassis|incomplete|hearse|\blimo\b|limousine|funeral|\busps\b|payload package|gvwr|taxi|conversion|police/i;

/** "How much car" a configuration is: higher trims take the higher-scoring configurations. */
function configScore(r: EpaRow, fuel: FuelTypeGroup, awd: boolean): number {
  let s: number;
  if (fuel === "ELE" || fuel === "HYD") {
    const kw = evMotorKw(r.evMotor).reduce((a, b) => a + b, 0);
    s = kw > 0 ? kw / 100 : 2;
    s += (r.range ?? 0) / 400;
  } else {
    s = (r.displ ?? 2) * (r.turbo || r.supercharged ? 1.3 : 1) + (r.cylinders ?? 4) * 0.05;
    if (fuel === "HYB") s += 0.4;
    if (fuel === "PHEV") s += 0.7;
    if (fuel === "DSL") s += 0.5;
  }
  if (awd) s += 0.25;
  if (transmissionCodeOf(r.trany) === "MAN") s -= 0.02;
  return s;
}

function signature(c: Config): string {
  const r = c.row;
  return [
    c.body,
    c.fuel,
    r.drive,
    r.trany,
    r.cylinders,
    r.displ,
    r.turbo,
    r.supercharged,
    r.evMotor,
    c.fuel === "ELE" ? Math.round((r.range ?? 0) / 15) : r.comb08,
  ].join("|");
}

// ---------------------------------------------------------------------------------------------
// Trim building

const FUEL_SUFFIX: Record<FuelTypeGroup, string> = {
  GSL: "",
  DSL: "Diesel",
  HYB: "Hybrid",
  PHEV: "Plug-in Hybrid",
  ELE: "Electric",
  ALT: "CNG",
  HYD: "Fuel Cell",
};
const FUEL_PREMIUM: Record<FuelTypeGroup, number> = {
  GSL: 1,
  DSL: 1.08,
  HYB: 1.07,
  PHEV: 1.13,
  ELE: 1.25,
  ALT: 1.1,
  HYD: 1.3,
};
const BODY_WORD: Partial<Record<BodyCode, string>> = {
  SEDAN: BODY_STYLE_NAMES.SEDAN,
  COUPE: BODY_STYLE_NAMES.COUPE,
  CONVERT: BODY_STYLE_NAMES.CONVERT,
  HATCH: BODY_STYLE_NAMES.HATCH,
  WAGON: BODY_STYLE_NAMES.WAGON,
};
const SECONDARY_WORD: Partial<Record<BodyCode, string>> = { ...BODY_WORD, TRUCKS: "Pickup", SUVCROSS: "SUV" };
const SECONDARY_BODY_FACTOR: Partial<Record<BodyCode, number>> = {
  SEDAN: 1,
  COUPE: 1.04,
  CONVERT: 1.15,
  HATCH: 1,
  WAGON: 1.04,
  TRUCKS: 1,
  SUVCROSS: 1,
};
const TIER_PRICE_FACTOR: Record<MakeTier, number> = { mainstream: 1, premium: 1.55, luxury: 2.4, exotic: 6 };
const AWD_ADD: Record<MakeTier, number> = { mainstream: 1800, premium: 2300, luxury: 3500, exotic: 0 };

const FORMULA_BASE: Record<string, number> = {
  SUBCOMPACTSEDAN: 18000,
  COMPACTSEDAN: 22500,
  MIDSIZESEDAN: 27500,
  FULLSIZESEDAN: 35000,
  SEDAN: 25000,
  HATCH: 21000,
  WAGON: 27000,
  COUPE: 30000,
  CONVERT: 34000,
  SUBCOMPACTSUV: 24000,
  COMPACTSUV: 29000,
  MIDSIZESUV: 37000,
  FULLSIZESUV: 57000,
  SUVCROSS: 33000,
  COMPACTTRUCK: 30000,
  FULLSIZETRUCK: 38000,
  TRUCKS: 36000,
  MINIVAN: 37000,
  PASSENGERVAN: 48000,
  VANMV: 40000,
  CARGOVAN: 40000,
  SPECIALTY: 60000,
  COMMERCIAL: 45000,
};

function formulaBasePrice(tier: MakeTier, body: BodyCode, subtype: string | null, base: Config): number {
  let p = FORMULA_BASE[subtype ?? body] ?? FORMULA_BASE[body] ?? 30000;
  p *= TIER_PRICE_FACTOR[tier];
  const cyl = base.row.cylinders ?? 4;
  if (base.fuel !== "ELE" && base.fuel !== "HYD") {
    p *= cyl >= 16 ? 3 : cyl >= 12 ? 1.8 : cyl >= 10 ? 1.5 : cyl >= 8 ? 1.25 : cyl >= 5 ? 1.08 : 1;
  }
  p *= FUEL_PREMIUM[base.fuel];
  if (tier === "exotic") p = Math.max(p, 180000);
  return p;
}

function defaultSpread(tier: MakeTier, body: BodyCode, subtype: string | null, allElectric: boolean): number {
  if (tier === "exotic") return 1.3;
  if (tier === "luxury") return 1.55;
  if (tier === "premium") return body === "TRUCKS" || body === "SUVCROSS" ? 1.45 : 1.4;
  if (allElectric) return 1.35;
  switch (body) {
    case "TRUCKS":
      return subtype === "COMPACTTRUCK" ? 1.55 : 2.0;
    case "SUVCROSS":
      return 1.45;
    case "COUPE":
      return 1.6;
    case "CONVERT":
      return 1.4;
    case "VANMV":
      return 1.4;
    case "COMMERCIAL":
      return 1.2;
    default:
      return 1.38;
  }
}

function targetTrimCount(tier: MakeTier, uniqueConfigs: number, body: BodyCode, modelLadder: boolean): number {
  if (body === "COMMERCIAL") return 2;
  switch (tier) {
    case "mainstream":
      // Well-known models keep their usual ladder even with a single powertrain (Forester, Kicks).
      if (modelLadder) return uniqueConfigs >= 5 ? 5 : 4;
      return uniqueConfigs <= 2 ? 3 : uniqueConfigs >= 5 ? 5 : 4;
    case "premium":
      return 3 + (uniqueConfigs >= 4 ? 1 : 0);
    case "luxury":
      return 3 + (uniqueConfigs >= 6 ? 1 : 0);
    case "exotic":
      return uniqueConfigs >= 2 ? 3 : 2;
  }
}

/** Ladder rungs used for n trims: the first n ("first", but 2 trims skip a rung) or spread out. */
function ladderIndices(ladder: Ladder, n: number): number[] {
  const len = ladder.names.length;
  if (n >= len) return ladder.names.map((_, i) => i);
  if (ladder.pick === "first") {
    if (n === 2 && len >= 3) return [0, 2];
    return Array.from({ length: n }, (_, i) => i);
  }
  if (n === 1) return [0];
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push(Math.round((k * (len - 1)) / (n - 1)));
  return out;
}

/** n configurations spread from the lowest- to the highest-scoring, every fuel group represented if possible. */
function pickConfigs(sorted: readonly Config[], n: number, primaryCover: string): Config[] {
  const m = sorted.length;
  const idx: number[] = [];
  // The base trim is the cheapest configuration of the model's main fuel group.
  const first = Math.max(
    0,
    sorted.findIndex((c) => c.coverKey === primaryCover),
  );
  for (let k = 0; k < n; k++) idx.push(n === 1 ? first : first + Math.round((k * (m - 1 - first)) / (n - 1)));
  const groups = new Map<string, number[]>();
  sorted.forEach((c, i) => {
    const list = groups.get(c.coverKey) ?? [];
    list.push(i);
    groups.set(c.coverKey, list);
  });
  const byCount = [...groups.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  for (const [fuel, members] of byCount) {
    if (idx.some((i) => sorted[i]!.coverKey === fuel)) continue;
    const candidate = members[Math.floor(members.length / 2)]!;
    // Replace the selected slot nearest in score whose fuel group is represented more than once.
    let bestSlot = -1;
    let bestDist = Infinity;
    for (let s = 1; s < idx.length; s++) {
      const f = sorted[idx[s]!]!.coverKey;
      if (idx.filter((i) => sorted[i]!.coverKey === f).length < 2) continue;
      const d = Math.abs(sorted[idx[s]!]!.score - sorted[candidate]!.score);
      if (d < bestDist) {
        bestDist = d;
        bestSlot = s;
      }
    }
    if (bestSlot >= 0) idx[bestSlot] = candidate;
  }
  // One trim per alternative fuel is enough: a second one goes back to the main fuel when possible.
  for (let s = 1; s < idx.length; s++) {
    const f = sorted[idx[s]!]!.coverKey;
    if (f === primaryCover || idx.findIndex((i) => sorted[i]!.coverKey === f) === s) continue;
    let best = -1;
    for (let i = 0; i < m; i++) {
      if (sorted[i]!.coverKey !== primaryCover || idx.includes(i)) continue;
      if (best < 0 || Math.abs(sorted[i]!.score - sorted[idx[s]!]!.score) < Math.abs(sorted[best]!.score - sorted[idx[s]!]!.score)) best = i;
    }
    if (best >= 0) idx[s] = best;
  }
  const base = idx[0]!;
  const rest = idx.slice(1).sort((a, b) => a - b);
  return [base, ...rest].map((i) => sorted[i]!);
}

interface DraftTrim {
  name: string;
  position: number;
  config: Config;
  body: BodyCode;
  subtype: string | null;
  price: number;
  /** Extra price factor of a badged top trim (Raptor, TRX...). */
  priceFactor: number;
}

interface ModelGroup {
  makeCode: string;
  makeName: string;
  modelCode: string;
  nameCounts: Map<string, number>;
  rows: EpaRow[];
}

function modelNameOf(g: ModelGroup): string {
  let best = "";
  let bestN = -1;
  for (const [name, n] of [...g.nameCounts.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (n > bestN) {
      best = name;
      bestN = n;
    }
  }
  return best;
}

function doorsOf(d: DraftTrim, modelCode: string, truckCab: number | null): number {
  const name = d.config.row.model;
  switch (d.body) {
    case "COUPE":
    case "CONVERT":
      return 2;
    case "TRUCKS":
      return truckCab === 3 ? 2 : 4;
    case "HATCH": {
      if (/\b4[ -]door|\b5[ -]doors?|\b5 ?dr\b/i.test(name)) return 4;
      if (TWO_DOOR_HINT.test(name) || COUPE_HINT.test(name)) return 2;
      return ["FORTWO", "IQ", "500", "500E", "BEETLE", "CRZ", "COOPER", "JOHNCOOPERWORKS"].includes(modelCode) ? 2 : 4;
    }
    case "SUVCROSS":
      return TWO_DOOR_HINT.test(name) ? 2 : 4;
    default:
      return 4;
  }
}

function truckAttributes(key: string, subtype: string | null, position: number, allElectric: boolean, rnd: number): { bed: string; cab: number } {
  if (CREW_ONLY_TRUCKS.has(key) || allElectric) return { bed: "SHORT", cab: 5 };
  if (subtype === "COMPACTTRUCK") return position === 0 ? { bed: "LONG", cab: 4 } : { bed: "SHORT", cab: 5 };
  if (position === 0) return { bed: rnd < 0.5 ? "STANDARD" : "LONG", cab: 3 };
  if (position <= 0.3) return { bed: "STANDARD", cab: 6 };
  if (position <= 0.6) return { bed: "SHORT", cab: 6 };
  return { bed: "SHORT", cab: 5 };
}

function buildModelYear(
  g: ModelGroup,
  modelName: string,
  facts: ModelFacts,
  suvSubtype: string,
  truckSubtype: string,
  year: number,
  rows: readonly EpaRow[],
  bodyOf: (r: EpaRow) => BodyInfo,
  preferredBody: BodyCode | undefined,
): CatalogTrim[] {
  const tier = makeTier(g.makeName);
  const retail = rows.filter((r) => !NON_RETAIL.test(r.model));
  const source = retail.length ? retail : rows;

  // Classify and de-duplicate configurations.
  const seen = new Set<string>();
  const configs: Config[] = [];
  for (const r of [...source].sort((a, b) => a.id - b.id)) {
    const bi = bodyOf(r);
    const fuel = fuelTypeGroupOf(r);
    const awd = driveGroupOf(r.drive) === "AWD4WD";
    let subtype = bi.subtype;
    if (bi.body === "SUVCROSS") subtype = suvSubtype;
    else if (bi.body === "TRUCKS") subtype = truckSubtype;
    else if (bi.body === "SEDAN") subtype = sedanSubtype(r.vClass);
    const coverKey = fuel === "HYB" && isMildHybrid(r) ? "GSL" : fuel;
    const c: Config = { row: r, body: bi.body, subtype, fuel, awd, score: configScore(r, fuel, awd), coverKey };
    const sig = signature(c);
    if (seen.has(sig)) continue;
    seen.add(sig);
    configs.push(c);
  }
  if (!configs.length) return [];

  const primaryBody =
    preferredBody && configs.some((c) => c.body === preferredBody)
      ? preferredBody
      : mode(
          configs.map((c) => c.body),
          BODY_ORDER,
        )!;
  const byScore = (a: Config, b: Config) => a.score - b.score || a.row.id - b.row.id;
  const prim = configs.filter((c) => c.body === primaryBody).sort(byScore);
  const sedanSub = primaryBody === "SEDAN" ? (mode(prim.map((c) => c.subtype)) ?? null) : null;

  const vanLike = (b: BodyCode) => b === "VANMV" || b === "COMMERCIAL";
  const secondaryBodies = [...new Set(configs.map((c) => c.body))]
    .filter((b) => b !== primaryBody)
    .filter(
      (b) =>
        BODY_WORD[b] !== undefined ||
        (vanLike(b) && vanLike(primaryBody)) ||
        ((b === "TRUCKS" || b === "SUVCROSS") && configs.filter((c) => c.body === b).length >= 2),
    )
    .filter((b) => !(vanLike(b) && configs.some((c) => c.body === b && c.subtype === "SPECIALTY")))
    .sort((a, b) => configs.filter((c) => c.body === b).length - configs.filter((c) => c.body === a).length || BODY_ORDER.indexOf(a) - BODY_ORDER.indexOf(b))
    .slice(0, 2);

  const allElectric = prim.every((c) => c.fuel === "ELE");
  const hasAwd = prim.some((c) => c.awd);
  const hasTwo = prim.some((c) => !c.awd);
  const ladder = ladderFor({
    makeCode: g.makeCode,
    modelCode: g.modelCode,
    year,
    tier,
    allElectric,
    hasAwd,
    hasTwoWheelDrive: hasTwo,
    commercial: primaryBody === "COMMERCIAL",
  });
  const fuelOrder: FuelTypeGroup[] = ["GSL", "HYB", "PHEV", "DSL", "ELE", "HYD", "ALT"];
  // Gasoline stays the main fuel group when it has at least half as many configurations as the largest group.
  const coverCounts = new Map<string, number>();
  for (const c of prim) coverCounts.set(c.coverKey, (coverCounts.get(c.coverKey) ?? 0) + 1);
  const topCount = Math.max(...coverCounts.values());
  const primaryCover =
    (coverCounts.get("GSL") ?? 0) * 2 >= topCount
      ? "GSL"
      : mode(
          prim.map((c) => c.coverKey),
          fuelOrder,
        )!;
  const primaryFuel = mode(
    prim.filter((c) => c.coverKey === primaryCover).map((c) => c.fuel),
    fuelOrder,
  )!;

  const n = Math.min(targetTrimCount(tier, prim.length, primaryBody, hasModelLadder(g.makeCode, g.modelCode)), ladder.names.length);
  const nPrimary = Math.max(Math.min(2, ladder.names.length), Math.min(n, 5 - secondaryBodies.length));
  const rungs = ladderIndices(ladder, nPrimary);
  const picked = pickConfigs(prim, rungs.length, primaryCover);
  const lastRung = Math.max(1, ladder.names.length - 1);
  const isEvLadder = ladder.names.some((x) => /Range/.test(x));

  const lowerModel = modelName.toLowerCase();
  const fuelSuffix = (c: Config) => {
    if (c.fuel === primaryFuel || c.coverKey === primaryCover) return "";
    if (c.fuel === "HYB" && isMildHybrid(c.row)) return "";
    const word = FUEL_SUFFIX[c.fuel];
    if (!word || lowerModel.includes(word.toLowerCase())) return "";
    if (c.fuel === "ELE" && /\b(ev|e-?tron|electric|eq\w*)\b/i.test(modelName)) return "";
    return ` ${word}`;
  };

  const used = new Set<string>();
  const uniqueName = (name: string) => {
    let out = name;
    for (let k = 2; used.has(out.toLowerCase()) || used.has(slugOf(out)); k++) out = k === 2 ? `${name} Plus` : `${name} ${k}`;
    used.add(out.toLowerCase());
    used.add(slugOf(out));
    return out;
  };

  const drafts: DraftTrim[] = [];
  rungs.forEach((rung, k) => {
    const c = picked[k]!;
    let name = ladder.names[rung]!;
    if (isEvLadder && !c.awd) name = name.replace(/ AWD$/, "");
    let priceFactor = 1;
    let badged = false;
    if (k > 0) {
      const badge = badgeOf(g.makeCode, g.modelCode, c.row.model);
      const clashes = badge !== null && rungs.some((r) => ladder.names[r]!.toLowerCase() === badge.name.toLowerCase());
      if (badge && !clashes && (k === rungs.length - 1 || badge.anyRung)) {
        name = badge.name;
        priceFactor = badge.factor;
        badged = true;
      }
    }
    name = uniqueName(badged ? name : name + fuelSuffix(c));
    drafts.push({
      name,
      position: rung / lastRung,
      config: c,
      body: primaryBody,
      subtype: primaryBody === "SEDAN" ? sedanSub : c.subtype,
      price: 0,
      priceFactor,
    });
  });
  // Other body styles are named after the second rung ("Sport Hatchback"), or the first on two-rung ladders.
  const secondRung = rungs.length > 2 ? rungs[1]! : rungs[0]!;
  const midBaseName = ladder.names[secondRung]!.replace(/ AWD$/, "");
  const midPosition = secondRung / lastRung;
  for (const body of secondaryBodies) {
    const list = configs.filter((c) => c.body === body).sort(byScore);
    const c = list[Math.floor((list.length - 1) / 2)]!;
    const word = SECONDARY_WORD[body] ?? (c.subtype === "CARGOVAN" ? "Cargo Van" : "Passenger Van");
    const name = uniqueName(`${midBaseName === "Base" ? "" : `${midBaseName} `}${word}${fuelSuffix(c)}`);
    const sub = body === "SEDAN" ? (mode(list.map((x) => x.subtype)) ?? null) : c.subtype;
    drafts.push({ name, position: midPosition, config: c, body, subtype: sub, price: 0, priceFactor: 1 });
  }

  // Prices.
  const key = facts.key;
  const base = picked[0]!;
  const anchor = priceAnchor(g.makeCode, g.modelCode);
  const basePrice = anchor ?? formulaBasePrice(tier, primaryBody, base.subtype, base);
  const spreadOverride = priceSpread(g.makeCode, g.modelCode);
  const spread = spreadOverride ?? defaultSpread(tier, primaryBody, base.subtype, allElectric);
  // Short ladders (2-3 rungs) span less of the price range than the default 4-5 rung ones.
  const reach = spreadOverride !== undefined ? 1 : Math.min(1, lastRung / 3);
  const yearFactor = Math.pow(1 + PRICE_DRIFT_PER_YEAR, year - PRICE_BASE_YEAR);
  const mixedDrive = configs.some((c) => c.awd) && configs.some((c) => !c.awd);
  for (const d of drafts) {
    let p = basePrice * Math.pow(spread, d.position * reach) * d.priceFactor;
    if (d.config.coverKey !== primaryCover) p *= FUEL_PREMIUM[d.config.fuel] / FUEL_PREMIUM[primaryFuel];
    if (d.body !== primaryBody) p *= SECONDARY_BODY_FACTOR[d.body] ?? 1;
    if (mixedDrive && d.config.awd && d !== drafts[0]) p += (primaryBody === "TRUCKS" ? 1.6 : 1) * AWD_ADD[tier];
    p *= 1 + (hash01(`${year}|${key}|${d.name}`) - 0.5) * 0.025;
    d.price = p * yearFactor;
  }
  drafts.sort((a, b) => a.price - b.price || a.position - b.position);
  const minStep = (tier === "mainstream" ? 600 : tier === "premium" ? 1000 : tier === "luxury" ? 2000 : 5000) * yearFactor;
  for (let i = 1; i < drafts.length; i++) {
    const prev = drafts[i - 1]!;
    const d = drafts[i]!;
    if (d.price < prev.price + minStep) d.price = prev.price + minStep;
  }

  // Trims.
  const jitter = (hash01(`features|${key}`) - 0.5) * 0.08;
  const threeRowModel = THREE_ROW_MODELS.has(key);
  return drafts.map((d): CatalogTrim => {
    const r = d.config.row;
    const id = `${year}-${g.makeCode}-${g.modelCode}-${slugOf(d.name)}`;
    const msrp = roundTo(d.price, d.price >= 100000 ? 50 : 5);
    const truck = d.body === "TRUCKS" ? truckAttributes(key, d.subtype, d.position, allElectric, hash01(`bed|${id}`)) : null;
    const fullSizeOrFrameSuv = d.body === "SUVCROSS" && (d.subtype === "FULLSIZESUV" || BODY_ON_FRAME_SUVS.has(key));
    const threeRow = (d.body === "SUVCROSS" && threeRowModel) || (d.body === "VANMV" && (d.subtype === "MINIVAN" || d.subtype === "PASSENGERVAN"));
    const std = standardFeatures({
      year,
      tier,
      makeCode: g.makeCode,
      position: d.position,
      body: d.body,
      subtype: d.subtype,
      fullSizeOrFrameSuv,
      threeRow,
      electric: d.config.fuel === "ELE",
      awd: d.config.awd,
      jitter,
    });
    const econ = economyOf(r);
    return {
      id,
      year,
      makeCode: g.makeCode,
      modelCode: g.modelCode,
      trimName: d.name,
      trimCode: `${g.makeCode}|${d.name}`,
      nationalMSRP: msrp,
      epaId: r.id,
      bodyStyleCode: d.body,
      bodyStyleSubtypeCode: d.subtype,
      fuelTypeGroup: d.config.fuel,
      fuelType: r.fuelType,
      driveGroup: driveGroupOf(r.drive),
      drive: r.drive,
      transmissionCode: transmissionCodeOf(r.trany),
      transmission: r.trany,
      cylinders: d.config.fuel === "ELE" || d.config.fuel === "HYD" ? null : r.cylinders,
      displacement: d.config.fuel === "ELE" || d.config.fuel === "HYD" ? null : r.displ,
      engineCode: engineCodeOf(r),
      engine: engineDescriptionOf(r),
      doors: doorsOf(d, g.modelCode, truck?.cab ?? null),
      ...econ,
      annualFuelCost: r.fuelCost08,
      truckBedLength: truck?.bed ?? null,
      truckCabSize: truck?.cab ?? null,
      standardFeatures: std,
      packages: packagesFor({
        tier,
        body: d.body,
        subtype: d.subtype,
        position: d.position,
        awd: d.config.awd,
        threeRow,
        standard: std,
        yearFactor,
        rand: seededRandom(id),
      }),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Catalogue

/** Builds the catalogue from the EPA CSV text. Pure and deterministic. */
export function buildCatalog(csvText: string): Catalog {
  const rows = parseEpaCsv(csvText);
  const codeCache = new Map<string, string>();
  const cachedCode = (name: string) => {
    let c = codeCache.get(name);
    if (c === undefined) {
      c = codeOf(name);
      codeCache.set(name, c);
    }
    return c;
  };

  // Makes: code from the name; spellings that share a code ("MINI", "Mini") are one make.
  const makeInfo = new Map<string, { names: Map<string, number>; lastYear: number }>();
  for (const r of rows) {
    if (EXCLUDED_MAKES.has(r.make)) continue;
    const code = cachedCode(r.make);
    if (!code) continue;
    const info = makeInfo.get(code) ?? { names: new Map(), lastYear: 0 };
    info.names.set(r.make, (info.names.get(r.make) ?? 0) + 1);
    info.lastYear = Math.max(info.lastYear, r.year);
    makeInfo.set(code, info);
  }
  const makeName = new Map<string, string>();
  for (const [code, info] of makeInfo) {
    if (info.lastYear < MIN_LAST_MODEL_YEAR) continue;
    const best = [...info.names.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    makeName.set(code, best[0]);
  }

  // Models.
  const groups = new Map<string, ModelGroup>();
  for (const r of rows) {
    if (EXCLUDED_MAKES.has(r.make)) continue;
    const makeCode = cachedCode(r.make);
    const mName = makeName.get(makeCode);
    if (!mName) continue;
    const refined = refineModelName(r.make, r.baseModel, r.model);
    if (!refined) continue;
    const modelCode = cachedCode(refined);
    if (!modelCode) continue;
    const key = `${makeCode}|${modelCode}`;
    let g = groups.get(key);
    if (!g) {
      g = { makeCode, makeName: mName, modelCode, nameCounts: new Map(), rows: [] };
      groups.set(key, g);
    }
    g.nameCounts.set(refined, (g.nameCounts.get(refined) ?? 0) + 1);
    g.rows.push(r);
  }

  const models: CatalogModel[] = [];
  const trims: CatalogTrim[] = [];
  const seriesMap = new Map<string, CatalogSeries>();
  const sortedGroups = [...groups.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (const [key, g] of sortedGroups) {
    const modelName = modelNameOf(g);
    const suvRows = g.rows.filter((r) => /sport utility/i.test(r.vClass)).length;
    const facts: ModelFacts = { key, makeCode: g.makeCode, modelCode: g.modelCode, suvShare: suvRows / g.rows.length };
    const bodyCache = new Map<EpaRow, BodyInfo>();
    const bodyOf = (r: EpaRow): BodyInfo => {
      let b = bodyCache.get(r);
      if (!b) {
        b = classifyBody(r, facts);
        bodyCache.set(r, b);
      }
      return b;
    };
    const retailRows = g.rows.filter((r) => !NON_RETAIL.test(r.model));
    const preferred =
      (PREFERRED_BODY[key] as BodyCode | undefined) ??
      mode(
        (retailRows.length ? retailRows : g.rows).map((r) => bodyOf(r).body),
        BODY_ORDER,
      );
    const suvSub = suvSubtypeOfModel(key, g.rows);
    const truckSub = truckSubtypeOfModel(key, g.rows);
    const byYear = new Map<number, EpaRow[]>();
    for (const r of g.rows) {
      const list = byYear.get(r.year) ?? [];
      list.push(r);
      byYear.set(r.year, list);
    }
    const modelTrims: CatalogTrim[] = [];
    for (const year of [...byYear.keys()].sort((a, b) => a - b)) {
      modelTrims.push(...buildModelYear(g, modelName, facts, suvSub, truckSub, year, byYear.get(year)!, bodyOf, preferred));
    }
    if (!modelTrims.length) continue;
    trims.push(...modelTrims);
    const series = seriesOf(g.makeCode, g.modelCode, modelName);
    if (series) seriesMap.set(`${g.makeCode}|${series.code}`, { code: series.code, makeCode: g.makeCode, name: series.name });
    models.push({
      code: g.modelCode,
      makeCode: g.makeCode,
      name: modelName,
      seriesCode: series?.code ?? null,
      bodyStyleCode: mode(
        modelTrims.map((t) => t.bodyStyleCode),
        BODY_ORDER,
      )!,
      years: [...new Set(modelTrims.map((t) => t.year))].sort((a, b) => a - b),
    });
  }

  const makes: CatalogMake[] = [...makeName.entries()]
    .filter(([code]) => models.some((m) => m.makeCode === code))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.code.localeCompare(b.code));
  const makeOrder = new Map(makes.map((m, i) => [m.code, i]));
  const byMakeThenName = (a: { makeCode: string; name: string }, b: { makeCode: string; name: string }) =>
    (makeOrder.get(a.makeCode) ?? 0) - (makeOrder.get(b.makeCode) ?? 0) || a.name.localeCompare(b.name, "en", { numeric: true, sensitivity: "base" });
  models.sort((a, b) => byMakeThenName(a, b) || a.code.localeCompare(b.code));
  const modelOrder = new Map(models.map((m, i) => [`${m.makeCode}|${m.code}`, i]));
  // Model order, then year; the index keeps each model-year's trims in ladder (price) order.
  const sortKeys = new Map<CatalogTrim, number>();
  trims.forEach((t, i) => {
    sortKeys.set(t, ((modelOrder.get(`${t.makeCode}|${t.modelCode}`) ?? 0) * 100 + (t.year - 2000)) * 100000 + i);
  });
  trims.sort((a, b) => sortKeys.get(a)! - sortKeys.get(b)!);
  const series = [...seriesMap.values()].sort((a, b) => byMakeThenName(a, b) || a.code.localeCompare(b.code));
  const usedEngines = new Set(trims.map((t) => t.engineCode));

  return {
    makes,
    models,
    series,
    trims,
    bodyStyles: BODY_STYLES.map((b) => ({ ...b, bodyStyleSubTypes: b.bodyStyleSubTypes.map((s) => ({ ...s })) })),
    features: FEATURES.map((f) => ({ ...f })),
    exteriorColors: EXTERIOR_COLORS.map((c) => ({ ...c })),
    interiorColors: INTERIOR_COLORS.map((c) => ({ ...c })),
    engineCodes: engineCodeLabels(usedEngines),
    years: [...new Set(trims.map((t) => t.year))].sort((a, b) => a - b),
  };
}

let cached: Catalog | undefined;

/** The catalogue built from reference-data/epa-vehicles.csv (relative to process.cwd()), built once per process. */
export function loadCatalog(): Catalog {
  if (!cached) cached = buildCatalog(readFileSync(path.resolve(process.cwd(), EPA_CSV_PATH), "utf8"));
  return cached;
}

/** Forgets the cached catalogue (tests). */
export function resetCatalogCache(): void {
  cached = undefined;
}
