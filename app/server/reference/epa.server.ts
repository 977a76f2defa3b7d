// Reading the EPA fuel-economy file (reference-data/epa-vehicles.csv) into typed records, and
// the per-configuration facts that come straight from EPA columns: fuel group, drive group,
// transmission code, engine code and description, MPG / MPGe and electric range.
import type { DriveGroup, FuelTypeGroup, TransmissionCode } from "../../lib/catalog-types.ts";
import { parseCsv } from "./csv.server.ts";

/** One EPA row (one tested configuration), with the columns the catalogue uses. */
export interface EpaRow {
  id: number;
  year: number;
  make: string;
  /** EPA model string, e.g. "Camry Hybrid XLE/SE", "F150 Pickup 4WD". */
  model: string;
  baseModel: string;
  vClass: string;
  drive: string;
  trany: string;
  cylinders: number | null;
  displ: number | null;
  engDscr: string;
  turbo: boolean;
  supercharged: boolean;
  fuelType: string;
  fuelType1: string;
  fuelType2: string;
  atvType: string;
  city08: number;
  highway08: number;
  comb08: number;
  cityA08: number | null;
  highwayA08: number | null;
  range: number | null;
  rangeA: number | null;
  evMotor: string;
  /**
   * EPA's annual fuel cost in dollars on fuelType1 (`fuelCost08`: 15,000 miles a year, 55% city,
   * at the fuel prices fueleconomy.gov used when the file was published); null when EPA gives
   * none (0 or empty: hydrogen has no published price).
   */
  fuelCost08: number | null;
}

export const EPA_REQUIRED_COLUMNS = [
  "id",
  "year",
  "make",
  "model",
  "baseModel",
  "VClass",
  "drive",
  "trany",
  "cylinders",
  "displ",
  "eng_dscr",
  "tCharger",
  "sCharger",
  "fuelType",
  "fuelType1",
  "fuelType2",
  "atvType",
  "city08",
  "highway08",
  "comb08",
  "cityA08",
  "highwayA08",
  "range",
  "rangeA",
  "evMotor",
  "fuelCost08",
] as const;

function num(s: string | undefined): number | null {
  if (s === undefined) return null;
  const t = s.trim();
  if (t === "") return null;
  const n = Number(t);
  if (Number.isFinite(n)) return n;
  // Some text columns hold things like "14/19" or "40 mi": take the first number.
  const m = /-?\d+(?:\.\d+)?/.exec(t);
  return m ? Number(m[0]) : null;
}

/** A positive whole number, else null (EPA writes 0 where it has no figure). */
function positive(n: number | null): number | null {
  return n !== null && n > 0 ? Math.round(n) : null;
}

/** Collapses runs of whitespace (EPA has "Long Range  AWD"). */
function squeeze(s: string): string {
  return s.includes("  ") || s.includes("\t") ? s.replace(/\s+/g, " ") : s;
}

/** Parses the EPA CSV text. Throws when a required column is missing. */
export function parseEpaCsv(text: string): EpaRow[] {
  const rows = parseCsv(text);
  const header = rows[0];
  if (!header) return [];
  const col = new Map<string, number>();
  header.forEach((h, i) => col.set(h.trim(), i));
  for (const c of EPA_REQUIRED_COLUMNS) {
    if (!col.has(c)) throw new Error(`EPA file: missing column "${c}"`);
  }
  const ix = (name: (typeof EPA_REQUIRED_COLUMNS)[number]) => col.get(name)!;
  const I = {
    id: ix("id"),
    year: ix("year"),
    make: ix("make"),
    model: ix("model"),
    baseModel: ix("baseModel"),
    vClass: ix("VClass"),
    drive: ix("drive"),
    trany: ix("trany"),
    cylinders: ix("cylinders"),
    displ: ix("displ"),
    engDscr: ix("eng_dscr"),
    t: ix("tCharger"),
    s: ix("sCharger"),
    fuelType: ix("fuelType"),
    fuelType1: ix("fuelType1"),
    fuelType2: ix("fuelType2"),
    atvType: ix("atvType"),
    city08: ix("city08"),
    highway08: ix("highway08"),
    comb08: ix("comb08"),
    cityA08: ix("cityA08"),
    highwayA08: ix("highwayA08"),
    range: ix("range"),
    rangeA: ix("rangeA"),
    evMotor: ix("evMotor"),
    fuelCost08: ix("fuelCost08"),
  };
  const out: EpaRow[] = [];
  for (let r = 1; r < rows.length; r++) {
    const f = rows[r]!;
    const g = (i: number) => (f[i] ?? "").trim();
    const id = num(g(I.id));
    const year = num(g(I.year));
    if (id === null || year === null || !g(I.make)) continue;
    out.push({
      id,
      year,
      make: g(I.make),
      model: squeeze(g(I.model)),
      baseModel: squeeze(g(I.baseModel)) || squeeze(g(I.model)),
      vClass: g(I.vClass),
      drive: g(I.drive),
      trany: g(I.trany),
      cylinders: num(g(I.cylinders)),
      displ: num(g(I.displ)),
      engDscr: g(I.engDscr),
      turbo: g(I.t) !== "",
      supercharged: g(I.s) !== "",
      fuelType: g(I.fuelType),
      fuelType1: g(I.fuelType1),
      fuelType2: g(I.fuelType2),
      atvType: g(I.atvType),
      city08: num(g(I.city08)) ?? 0,
      highway08: num(g(I.highway08)) ?? 0,
      comb08: num(g(I.comb08)) ?? 0,
      cityA08: num(g(I.cityA08)),
      highwayA08: num(g(I.highwayA08)),
      range: num(g(I.range)),
      rangeA: num(g(I.rangeA)),
      evMotor: g(I.evMotor),
      fuelCost08: positive(num(g(I.fuelCost08))),
    });
  }
  return out;
}

/** EV → ELE, FCV → HYD, plug-in → PHEV, hybrid → HYB, diesel → DSL, CNG → ALT, flex-fuel and the rest → GSL. */
export function fuelTypeGroupOf(r: Pick<EpaRow, "atvType" | "fuelType1">): FuelTypeGroup {
  switch (r.atvType) {
    case "EV":
      return "ELE";
    case "FCV":
      return "HYD";
    case "Plug-in Hybrid":
      return "PHEV";
    case "Hybrid":
      return "HYB";
    case "Diesel":
      return "DSL";
    case "CNG":
    case "Bifuel (CNG)":
      return "ALT";
  }
  if (r.fuelType1 === "Diesel") return "DSL";
  if (r.fuelType1 === "Electricity") return "ELE";
  if (r.fuelType1 === "Hydrogen") return "HYD";
  if (r.fuelType1 === "Natural Gas") return "ALT";
  return "GSL";
}

export function driveGroupOf(drive: string): DriveGroup {
  const d = drive.toLowerCase();
  if (d.startsWith("front")) return "FWD";
  if (d.startsWith("rear") || d === "2-wheel drive") return "RWD";
  return "AWD4WD";
}

export function transmissionCodeOf(trany: string): TransmissionCode {
  return /^manual/i.test(trany.trim()) ? "MAN" : "AUT";
}

/** Motor outputs in kW read from EPA's free-text evMotor ("208 and 208 kW ACPM"), battery sizes removed. */
export function evMotorKw(evMotor: string): number[] {
  if (!evMotor || /^tbd/i.test(evMotor)) return [];
  const cleaned = evMotor
    .replace(/\(\s*\d+(?:\.\d+)?\s*kW[- ]?hr?[^)]*\)/gi, " ") // "(85 kW-hr battery pack)"
    .replace(/\d+(?:\.\d+)?\s*kWh/gi, " ")
    .replace(/\d-phase/gi, " ")
    .replace(/\d+\s*v\b/gi, " ");
  const nums = (cleaned.match(/\d+(?:\.\d+)?/g) ?? []).map(Number).filter((n) => n >= 10 && n < 1200);
  return nums;
}

/**
 * The Engine Displacement filter (engineCode): a combustion engine by its displacement in litres
 * to one decimal ("2.5L"), electric and fuel-cell drives by name. Cylinders have their own filter.
 */
export const ENGINE_CODE_NAMES: Record<string, string> = { ELECTRIC: "Electric", FUELCELL: "Hydrogen Fuel Cell" };

/** The code of a displacement in litres: "2.5L". */
export const displacementCode = (litres: number) => `${litres.toFixed(1)}L`;

/** Engine codes in the filter's order: displacements from the smallest, then electric, fuel cell. */
export function engineCodeLabels(codes: Iterable<string>): { code: string; name: string }[] {
  const litres = (c: string) => (/^\d+(\.\d)?L$/.test(c) ? Number(c.slice(0, -1)) : Infinity);
  const named = Object.keys(ENGINE_CODE_NAMES);
  return [...new Set(codes)]
    .sort((a, b) => litres(a) - litres(b) || named.indexOf(a) - named.indexOf(b) || a.localeCompare(b))
    .map((code) => ({ code, name: ENGINE_CODE_NAMES[code] ?? code }));
}

function isRotary(r: Pick<EpaRow, "make" | "baseModel" | "engDscr">): boolean {
  return (r.make === "Mazda" && /^RX-?8/i.test(r.baseModel)) || /rotary/i.test(r.engDscr);
}

export function engineCodeOf(r: EpaRow): string {
  const g = fuelTypeGroupOf(r);
  if (g === "ELE") return "ELECTRIC";
  if (g === "HYD") return "FUELCELL";
  // A combustion engine without a stated displacement: the smallest class (EPA omits it rarely).
  return displacementCode(r.displ ?? 1);
}

/** 12-48 V belt/starter-generator systems that EPA files as "Hybrid" (Mild Hybrid, eTorque, eAssist). */
export function isMildHybrid(r: Pick<EpaRow, "atvType" | "engDscr" | "evMotor" | "model">): boolean {
  if (r.atvType !== "Hybrid") return false;
  if (/mild|etorque|eassist|mhev/i.test(`${r.engDscr} ${r.model}`)) return true;
  const v = /(\d+)\s*V\b/i.exec(r.evMotor);
  return v !== null && Number(v[1]) <= 50;
}

const MOTOR_WORD = ["", "", "Dual-Motor ", "Tri-Motor ", "Quad-Motor "];

/** Human engine description: "2.5L 4-Cylinder Turbo", "Dual-Motor Electric (416 kW)", "Hydrogen Fuel Cell (128 kW)". */
export function engineDescriptionOf(r: EpaRow): string {
  const g = fuelTypeGroupOf(r);
  if (g === "ELE" || g === "HYD") {
    const kw = evMotorKw(r.evMotor);
    const total = Math.round(kw.reduce((a, b) => a + b, 0));
    const base = g === "HYD" ? "Hydrogen Fuel Cell" : `${MOTOR_WORD[Math.min(kw.length, 4)] ?? ""}Electric`;
    return total > 0 ? `${base} (${total} kW)` : base;
  }
  const parts: string[] = [];
  if (r.displ !== null) parts.push(`${r.displ.toFixed(1)}L`);
  if (isRotary(r)) parts.push("Rotary");
  else if (r.cylinders !== null) parts.push(r.cylinders === 12 && r.make === "Bentley" ? "W12" : r.cylinders === 16 ? "W16" : `${r.cylinders}-Cylinder`);
  if (r.turbo && r.supercharged) parts.push("Turbo & Supercharged");
  else if (r.turbo) parts.push("Turbo");
  else if (r.supercharged) parts.push("Supercharged");
  if (g === "DSL") parts.push("Diesel");
  else if (g === "HYB") parts.push(isMildHybrid(r) ? "Mild Hybrid" : "Hybrid");
  else if (g === "PHEV") parts.push("Plug-in Hybrid");
  else if (g === "ALT") parts.push("CNG");
  else if (r.atvType === "FFV") parts.push("Flex Fuel");
  return parts.join(" ") || "Gasoline engine";
}

export interface EpaEconomy {
  epaCity: number;
  epaHwy: number;
  epaCombined: number;
  epaMpgeCity: number | null;
  epaMpgeHwy: number | null;
  electricRange: number | null;
}

/**
 * MPG from city08/highway08/comb08 (MPGe for EVs and fuel-cell cars, which then also fill the
 * MPGe fields); plug-in hybrids keep their gasoline MPG and get MPGe from cityA08/highwayA08.
 * Range: EV/FCV `range`, plug-in hybrid `rangeA` (all-electric miles).
 */
export function economyOf(r: EpaRow): EpaEconomy {
  const g = fuelTypeGroupOf(r);
  const base = { epaCity: r.city08, epaHwy: r.highway08, epaCombined: r.comb08 };
  if (g === "ELE" || g === "HYD") {
    return { ...base, epaMpgeCity: r.city08, epaMpgeHwy: r.highway08, electricRange: r.range && r.range > 0 ? r.range : null };
  }
  if (g === "PHEV") {
    return {
      ...base,
      epaMpgeCity: r.cityA08,
      epaMpgeHwy: r.highwayA08,
      electricRange: r.rangeA && r.rangeA > 0 ? r.rangeA : null,
    };
  }
  return { ...base, epaMpgeCity: null, epaMpgeHwy: null, electricRange: null };
}
