// Feature codes, option packages, colours and body styles of the reference catalogue, and the
// rules deciding which features are standard on a trim. All derived (EPA has none of this).
import { BODY_STYLE_NAMES, type BodyCode } from "../../lib/body-styles.ts";
import { EXTERIOR_COLORS as SIMPLE_EXTERIOR, INTERIOR_COLORS as SIMPLE_INTERIOR } from "../../lib/colors.ts";
import type { CatalogBodyStyle, CatalogColor, CatalogFeature, CatalogPackage } from "../../lib/catalog-types.ts";
import type { MakeTier } from "./catalog-rules.server.ts";

export const BODY_STYLES: CatalogBodyStyle[] = [
  {
    code: "SEDAN",
    name: BODY_STYLE_NAMES.SEDAN,
    bodyStyleSubTypes: [
      { subtypeCode: "SUBCOMPACTSEDAN", name: "Subcompact Sedan" },
      { subtypeCode: "COMPACTSEDAN", name: "Compact Sedan" },
      { subtypeCode: "MIDSIZESEDAN", name: "Midsize Sedan" },
      { subtypeCode: "FULLSIZESEDAN", name: "Full-size Sedan" },
    ],
  },
  {
    code: "SUVCROSS",
    name: BODY_STYLE_NAMES.SUVCROSS,
    bodyStyleSubTypes: [
      { subtypeCode: "SUBCOMPACTSUV", name: "Subcompact SUV" },
      { subtypeCode: "COMPACTSUV", name: "Compact SUV" },
      { subtypeCode: "MIDSIZESUV", name: "Midsize SUV" },
      { subtypeCode: "FULLSIZESUV", name: "Full-size SUV" },
    ],
  },
  {
    code: "TRUCKS",
    name: BODY_STYLE_NAMES.TRUCKS,
    bodyStyleSubTypes: [
      { subtypeCode: "COMPACTTRUCK", name: "Compact / Midsize Pickup" },
      { subtypeCode: "FULLSIZETRUCK", name: "Full-size Pickup" },
    ],
  },
  {
    code: "VANMV",
    name: BODY_STYLE_NAMES.VANMV,
    bodyStyleSubTypes: [
      { subtypeCode: "MINIVAN", name: "Minivan" },
      { subtypeCode: "PASSENGERVAN", name: "Passenger Van" },
    ],
  },
  { code: "COUPE", name: BODY_STYLE_NAMES.COUPE, bodyStyleSubTypes: [] },
  { code: "CONVERT", name: BODY_STYLE_NAMES.CONVERT, bodyStyleSubTypes: [] },
  { code: "HATCH", name: BODY_STYLE_NAMES.HATCH, bodyStyleSubTypes: [] },
  { code: "WAGON", name: BODY_STYLE_NAMES.WAGON, bodyStyleSubTypes: [] },
  {
    code: "COMMERCIAL",
    name: BODY_STYLE_NAMES.COMMERCIAL,
    bodyStyleSubTypes: [
      { subtypeCode: "CARGOVAN", name: "Cargo Van" },
      { subtypeCode: "SPECIALTY", name: "Specialty Vehicle" },
    ],
  },
];

export type { BodyCode };

export const EXTERIOR_COLORS: readonly CatalogColor[] = SIMPLE_EXTERIOR;
export const INTERIOR_COLORS: readonly CatalogColor[] = SIMPLE_INTERIOR;

export const FEATURES: CatalogFeature[] = [
  // Safety
  { code: "BACKUP_CAMERA", name: "Backup Camera", displayGroup: "Safety" },
  { code: "BLIND_SPOT", name: "Blind Spot Monitoring", displayGroup: "Safety" },
  { code: "LANE_DEPARTURE", name: "Lane Departure Warning", displayGroup: "Safety" },
  { code: "LANE_KEEP", name: "Lane Keeping Assist", displayGroup: "Safety" },
  { code: "ADAPTIVE_CRUISE", name: "Adaptive Cruise Control", displayGroup: "Safety" },
  { code: "FORWARD_COLLISION", name: "Forward Collision Warning", displayGroup: "Safety" },
  { code: "AUTO_BRAKING", name: "Automatic Emergency Braking", displayGroup: "Safety" },
  { code: "REAR_CROSS_TRAFFIC", name: "Rear Cross-Traffic Alert", displayGroup: "Safety" },
  { code: "PARKING_SENSORS", name: "Parking Sensors", displayGroup: "Safety" },
  { code: "SURROUND_VIEW", name: "360° Camera", displayGroup: "Safety" },
  // Technology
  { code: "BLUETOOTH", name: "Bluetooth", displayGroup: "Technology" },
  { code: "USB", name: "USB Ports", displayGroup: "Technology" },
  { code: "CARPLAY", name: "Apple CarPlay / Android Auto", displayGroup: "Technology" },
  { code: "NAV", name: "Navigation System", displayGroup: "Technology" },
  { code: "PREMIUM_AUDIO", name: "Premium Audio", displayGroup: "Technology" },
  { code: "WIRELESS_CHARGING", name: "Wireless Phone Charging", displayGroup: "Technology" },
  { code: "HEADS_UP", name: "Head-Up Display", displayGroup: "Technology" },
  { code: "DIGITAL_CLUSTER", name: "Digital Instrument Cluster", displayGroup: "Technology" },
  { code: "WIFI_HOTSPOT", name: "Wi-Fi Hotspot", displayGroup: "Technology" },
  // Comfort & Convenience
  { code: "KEYLESS_ENTRY", name: "Keyless Entry", displayGroup: "Comfort & Convenience" },
  { code: "PUSH_START", name: "Push-Button Start", displayGroup: "Comfort & Convenience" },
  { code: "REMOTE_START", name: "Remote Start", displayGroup: "Comfort & Convenience" },
  { code: "DUAL_ZONE_CLIMATE", name: "Dual-Zone Climate Control", displayGroup: "Comfort & Convenience" },
  { code: "POWER_SEATS", name: "Power Driver Seat", displayGroup: "Comfort & Convenience" },
  { code: "MEMORY_SEATS", name: "Memory Seats", displayGroup: "Comfort & Convenience" },
  { code: "HEATED_SEATS", name: "Heated Seats", displayGroup: "Comfort & Convenience" },
  { code: "VENTILATED_SEATS", name: "Ventilated Seats", displayGroup: "Comfort & Convenience" },
  { code: "HEATED_REAR_SEATS", name: "Heated Rear Seats", displayGroup: "Comfort & Convenience" },
  { code: "HEATED_STEERING", name: "Heated Steering Wheel", displayGroup: "Comfort & Convenience" },
  { code: "LEATHER_SEATS", name: "Leather Seats", displayGroup: "Comfort & Convenience" },
  { code: "POWER_LIFTGATE", name: "Power Liftgate", displayGroup: "Comfort & Convenience" },
  { code: "THIRD_ROW", name: "Third Row Seating", displayGroup: "Comfort & Convenience" },
  // Exterior
  { code: "ALLOY_WHEELS", name: "Alloy Wheels", displayGroup: "Exterior" },
  { code: "LED_HEADLIGHTS", name: "LED Headlights", displayGroup: "Exterior" },
  { code: "SUNROOF", name: "Sunroof / Moonroof", displayGroup: "Exterior" },
  { code: "PANORAMIC_ROOF", name: "Panoramic Roof", displayGroup: "Exterior" },
  { code: "ROOF_RAILS", name: "Roof Rails", displayGroup: "Exterior" },
  { code: "TOW_HITCH", name: "Tow Hitch", displayGroup: "Exterior" },
  { code: "RUNNING_BOARDS", name: "Running Boards", displayGroup: "Exterior" },
  { code: "BED_LINER", name: "Bed Liner", displayGroup: "Exterior" },
  // Entertainment
  { code: "SATELLITE_RADIO", name: "Satellite Radio", displayGroup: "Entertainment" },
  { code: "REAR_ENTERTAINMENT", name: "Rear-Seat Entertainment", displayGroup: "Entertainment" },
];

/** What the feature rules need to know about a trim. */
export interface FeatureContext {
  year: number;
  tier: MakeTier;
  makeCode: string;
  /** Position on the ladder, 0 = base trim, 1 = top trim. */
  position: number;
  body: BodyCode;
  subtype: string | null;
  fullSizeOrFrameSuv: boolean;
  threeRow: boolean;
  electric: boolean;
  awd: boolean;
  /** Small per-model offset (deterministic) so models of one make are not identical. */
  jitter: number;
}

const TIER_BONUS: Record<MakeTier, number> = { mainstream: 0, premium: 0.2, luxury: 0.32, exotic: 0.36 };

/** Makes that made driver-assist suites standard early (Toyota Safety Sense, Honda Sensing, EyeSight...). */
const SAFETY_FORWARD_MAKES = new Set(["TOYOTA", "LEXUS", "HONDA", "ACURA", "SUBARU", "MAZDA", "HYUNDAI", "KIA", "GENESIS", "NISSAN", "VOLVO", "TESLA"]);
const GM_MAKES = new Set(["CHEVROLET", "GMC", "BUICK", "CADILLAC"]);

interface FeatureRule {
  code: string;
  /** First model year the feature can be standard. */
  from: number;
  /** Level needed for the feature to be standard (see trimLevel). */
  threshold: number;
  /** Body styles it applies to (all when omitted). */
  bodies?: BodyCode[];
  safetyAssist?: boolean;
  /** Standard on every trim from this model year (US rules and industry commitments). */
  mandatedFrom?: number;
}

const ALL_BUT_OPEN: BodyCode[] = ["SEDAN", "SUVCROSS", "TRUCKS", "VANMV", "COUPE", "HATCH", "WAGON", "COMMERCIAL"];
const UTILITY: BodyCode[] = ["SUVCROSS", "VANMV", "WAGON", "HATCH"];

const RULES: FeatureRule[] = [
  // Backup cameras: US rule (FMVSS 111) for vehicles built from May 2018.
  { code: "BACKUP_CAMERA", from: 2010, threshold: 0.38, mandatedFrom: 2018 },
  { code: "BLIND_SPOT", from: 2010, threshold: 0.62, safetyAssist: true },
  { code: "LANE_DEPARTURE", from: 2011, threshold: 0.6, safetyAssist: true },
  { code: "LANE_KEEP", from: 2014, threshold: 0.66, safetyAssist: true },
  { code: "ADAPTIVE_CRUISE", from: 2010, threshold: 0.7, safetyAssist: true },
  // Automatic emergency braking: the automakers' voluntary commitment covers model year 2023.
  { code: "FORWARD_COLLISION", from: 2011, threshold: 0.55, safetyAssist: true, mandatedFrom: 2023 },
  { code: "AUTO_BRAKING", from: 2013, threshold: 0.6, safetyAssist: true, mandatedFrom: 2023 },
  { code: "REAR_CROSS_TRAFFIC", from: 2012, threshold: 0.64, safetyAssist: true },
  { code: "PARKING_SENSORS", from: 2010, threshold: 0.7 },
  { code: "SURROUND_VIEW", from: 2012, threshold: 0.9 },
  { code: "BLUETOOTH", from: 2010, threshold: 0.12, mandatedFrom: 2019 },
  { code: "USB", from: 2010, threshold: 0.05, mandatedFrom: 2015 },
  { code: "CARPLAY", from: 2016, threshold: 0.36 },
  { code: "NAV", from: 2010, threshold: 0.66 },
  { code: "PREMIUM_AUDIO", from: 2010, threshold: 0.72 },
  { code: "WIRELESS_CHARGING", from: 2016, threshold: 0.74 },
  { code: "HEADS_UP", from: 2012, threshold: 0.98 },
  { code: "DIGITAL_CLUSTER", from: 2017, threshold: 0.78 },
  { code: "WIFI_HOTSPOT", from: 2015, threshold: 0.72 },
  { code: "KEYLESS_ENTRY", from: 2010, threshold: 0.1 },
  { code: "PUSH_START", from: 2010, threshold: 0.42 },
  { code: "REMOTE_START", from: 2010, threshold: 0.72 },
  { code: "DUAL_ZONE_CLIMATE", from: 2010, threshold: 0.46 },
  { code: "POWER_SEATS", from: 2010, threshold: 0.42 },
  { code: "MEMORY_SEATS", from: 2010, threshold: 0.78 },
  { code: "HEATED_SEATS", from: 2010, threshold: 0.48 },
  { code: "VENTILATED_SEATS", from: 2010, threshold: 0.88 },
  { code: "HEATED_REAR_SEATS", from: 2010, threshold: 0.95, bodies: ["SEDAN", "SUVCROSS", "TRUCKS", "VANMV", "WAGON", "HATCH"] },
  { code: "HEATED_STEERING", from: 2012, threshold: 0.84 },
  { code: "LEATHER_SEATS", from: 2010, threshold: 0.58 },
  { code: "POWER_LIFTGATE", from: 2010, threshold: 0.56, bodies: UTILITY },
  { code: "ALLOY_WHEELS", from: 2010, threshold: 0.16 },
  { code: "LED_HEADLIGHTS", from: 2012, threshold: 0.7 },
  { code: "SUNROOF", from: 2010, threshold: 0.58, bodies: ALL_BUT_OPEN },
  { code: "PANORAMIC_ROOF", from: 2010, threshold: 0.93, bodies: ["SEDAN", "SUVCROSS", "VANMV", "HATCH", "WAGON"] },
  { code: "ROOF_RAILS", from: 2010, threshold: 0.3, bodies: ["SUVCROSS", "WAGON"] },
  { code: "TOW_HITCH", from: 2010, threshold: 0.5, bodies: ["TRUCKS", "SUVCROSS", "COMMERCIAL", "VANMV"] },
  { code: "RUNNING_BOARDS", from: 2010, threshold: 0.62, bodies: ["TRUCKS", "SUVCROSS"] },
  { code: "BED_LINER", from: 2010, threshold: 0.66, bodies: ["TRUCKS"] },
  { code: "SATELLITE_RADIO", from: 2010, threshold: 0.32 },
  { code: "REAR_ENTERTAINMENT", from: 2010, threshold: 0.8, bodies: ["VANMV", "SUVCROSS"] },
  // Standard whenever the model has a third row (see applies()).
  { code: "THIRD_ROW", from: 2010, threshold: -Infinity, bodies: ["SUVCROSS", "VANMV"] },
];

const ORDER = new Map(FEATURES.map((f, i) => [f.code, i]));
// Rules in catalogue order, so standardFeatures() lists codes in that order without sorting.
RULES.sort((a, b) => (ORDER.get(a.code) ?? 999) - (ORDER.get(b.code) ?? 999));
const RULE_BODIES = new Map(RULES.map((r) => [r, r.bodies ? new Set<BodyCode>(r.bodies) : null]));

/** 0 … ~1.3: trim position, brand tier and model year combined. */
export function trimLevel(ctx: FeatureContext): number {
  return 0.55 * ctx.position + TIER_BONUS[ctx.tier] + Math.max(0, ctx.year - 2010) * 0.03 + ctx.jitter;
}

function applies(rule: FeatureRule, ctx: FeatureContext): boolean {
  const bodies = RULE_BODIES.get(rule);
  if (bodies && !bodies.has(ctx.body)) return false;
  switch (rule.code) {
    case "THIRD_ROW":
      return ctx.threeRow;
    case "SUNROOF":
    case "PANORAMIC_ROOF":
      return ctx.subtype !== "CARGOVAN";
    case "RUNNING_BOARDS":
      return ctx.body === "TRUCKS" || ctx.fullSizeOrFrameSuv;
    case "TOW_HITCH":
      return ctx.body === "TRUCKS" || ctx.fullSizeOrFrameSuv || ctx.body === "COMMERCIAL" || ctx.subtype === "PASSENGERVAN";
    case "REAR_ENTERTAINMENT":
      return ctx.threeRow && ctx.year <= 2023;
    case "HEATED_REAR_SEATS":
      return ctx.body !== "TRUCKS" || ctx.position > 0.5;
  }
  return true;
}

/** Feature codes standard on a trim, in catalogue order. */
export function standardFeatures(ctx: FeatureContext): string[] {
  const level = trimLevel(ctx);
  const safetyBonus = ctx.year >= 2018 && SAFETY_FORWARD_MAKES.has(ctx.makeCode) ? 0.2 : 0;
  const gm = GM_MAKES.has(ctx.makeCode);
  const workVehicle = ctx.subtype === "CARGOVAN" || ctx.subtype === "SPECIALTY" ? 0.15 : 0;
  const out: string[] = [];
  for (const rule of RULES) {
    if (ctx.year < rule.from || !applies(rule, ctx)) continue;
    if (rule.mandatedFrom !== undefined && ctx.year >= rule.mandatedFrom) {
      out.push(rule.code);
      continue;
    }
    let need = rule.threshold + workVehicle;
    if (rule.safetyAssist) need -= safetyBonus;
    switch (rule.code) {
      case "WIFI_HOTSPOT":
        if (gm) need -= 0.5;
        break;
      case "TOW_HITCH":
        if (ctx.body !== "TRUCKS") need += 0.2;
        break;
      case "HEATED_SEATS":
        if (ctx.electric) need -= 0.15;
        break;
      case "DIGITAL_CLUSTER":
        if (ctx.electric) need -= 0.3;
        break;
      case "REMOTE_START":
        if (ctx.electric) need -= 0.2;
        break;
    }
    if (level >= need) out.push(rule.code);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Option packages

interface PackageRule {
  code: string;
  name: string;
  /** Features the package adds; offered only when the trim lacks at least one of them. */
  features: string[];
  /** Price for a mainstream brand in 2024 dollars. */
  price: number;
  bodies?: BodyCode[];
  needsAwd?: boolean;
  tiers?: MakeTier[];
}

const PACKAGE_RULES: PackageRule[] = [
  { code: "CONVENIENCE", name: "Convenience Package", features: ["PUSH_START", "REMOTE_START", "POWER_LIFTGATE", "DUAL_ZONE_CLIMATE"], price: 900 },
  { code: "COLD_WEATHER", name: "Cold Weather Package", features: ["HEATED_SEATS", "HEATED_STEERING", "HEATED_REAR_SEATS", "REMOTE_START"], price: 750 },
  { code: "TECH", name: "Technology Package", features: ["NAV", "PREMIUM_AUDIO", "WIRELESS_CHARGING", "HEADS_UP", "DIGITAL_CLUSTER"], price: 1800 },
  {
    code: "DRIVER_ASSIST",
    name: "Driver Assistance Package",
    features: ["ADAPTIVE_CRUISE", "BLIND_SPOT", "LANE_KEEP", "REAR_CROSS_TRAFFIC", "PARKING_SENSORS", "SURROUND_VIEW"],
    price: 1500,
  },
  { code: "PREMIUM", name: "Premium Package", features: ["LEATHER_SEATS", "POWER_SEATS", "MEMORY_SEATS", "VENTILATED_SEATS"], price: 2200 },
  { code: "SUNROOF", name: "Sunroof Package", features: ["SUNROOF"], price: 1200, bodies: ALL_BUT_OPEN },
  { code: "PANO_ROOF", name: "Panoramic Roof Package", features: ["PANORAMIC_ROOF"], price: 1600, bodies: ["SEDAN", "SUVCROSS", "VANMV", "HATCH", "WAGON"] },
  { code: "TOWING", name: "Towing Package", features: ["TOW_HITCH"], price: 850, bodies: ["TRUCKS", "SUVCROSS", "VANMV", "COMMERCIAL"] },
  { code: "OFF_ROAD", name: "Off-Road Package", features: [], price: 1650, bodies: ["TRUCKS", "SUVCROSS"], needsAwd: true },
  { code: "BED_UTILITY", name: "Bed Utility Package", features: ["BED_LINER"], price: 650, bodies: ["TRUCKS"] },
  { code: "REAR_ENT", name: "Rear Seat Entertainment Package", features: ["REAR_ENTERTAINMENT"], price: 1995, bodies: ["VANMV", "SUVCROSS"] },
  {
    code: "SPORT_APPEARANCE",
    name: "Sport Appearance Package",
    features: [],
    price: 1150,
    bodies: ["SEDAN", "HATCH", "COUPE", "SUVCROSS", "WAGON", "CONVERT"],
  },
  { code: "CARBON", name: "Carbon Fiber Package", features: [], price: 4500, bodies: ["COUPE", "CONVERT", "SEDAN", "SUVCROSS"], tiers: ["luxury", "exotic"] },
];

const PACKAGE_TIER_FACTOR: Record<MakeTier, number> = { mainstream: 1, premium: 1.6, luxury: 2.4, exotic: 4.5 };

export interface PackageContext {
  tier: MakeTier;
  body: BodyCode;
  subtype: string | null;
  position: number;
  awd: boolean;
  threeRow: boolean;
  /** Feature codes standard on the trim. */
  standard: readonly string[];
  yearFactor: number;
  /** Deterministic 0..1 values for this trim. */
  rand: (salt: string) => number;
}

function roundTo(n: number, step: number): number {
  return Math.round(n / step) * step;
}

/** 0–3 option packages for a trim, fewer on higher trims. */
export function packagesFor(ctx: PackageContext): CatalogPackage[] {
  const eligible: { rule: PackageRule; score: number }[] = [];
  for (const rule of PACKAGE_RULES) {
    if (rule.bodies && !rule.bodies.includes(ctx.body)) continue;
    if (rule.tiers && !rule.tiers.includes(ctx.tier)) continue;
    if (!rule.tiers && ctx.tier === "exotic" && rule.code !== "TECH" && rule.code !== "PREMIUM") continue;
    if (rule.needsAwd && !ctx.awd) continue;
    if (rule.code === "REAR_ENT" && !ctx.threeRow) continue;
    if (rule.code === "SPORT_APPEARANCE" && ctx.position > 0.7) continue;
    if (rule.code === "PANO_ROOF" && !ctx.standard.includes("SUNROOF")) continue;
    if (ctx.subtype === "CARGOVAN" || ctx.subtype === "SPECIALTY") {
      if (!["TOWING", "CONVENIENCE", "TECH"].includes(rule.code)) continue;
    }
    let missing = 0;
    for (const f of rule.features) if (!ctx.standard.includes(f)) missing++;
    if (rule.features.length && missing === 0) continue;
    // Packages that belong to the body style (towing and off-road on trucks, entertainment in minivans) come first.
    const fit =
      (ctx.body === "TRUCKS" && (rule.code === "TOWING" || rule.code === "OFF_ROAD" || rule.code === "BED_UTILITY")) ||
      (ctx.subtype === "MINIVAN" && rule.code === "REAR_ENT")
        ? 2.5
        : 0;
    eligible.push({ rule, score: Math.min(missing, 2) + fit + ctx.rand(rule.code) * 2.5 });
  }
  eligible.sort((a, b) => b.score - a.score || (a.rule.code < b.rule.code ? -1 : a.rule.code > b.rule.code ? 1 : 0));
  const wanted = Math.max(0, Math.min(3, Math.round(2.7 - 2.4 * ctx.position + (ctx.rand("count") - 0.5) * 1.2)));
  const count = ctx.tier === "exotic" ? Math.min(1, wanted) : wanted;
  return eligible.slice(0, count).map(({ rule }) => ({
    code: rule.code,
    name: rule.name,
    price: roundTo(rule.price * PACKAGE_TIER_FACTOR[ctx.tier] * ctx.yearFactor * (0.9 + ctx.rand(`p${rule.code}`) * 0.2), 50),
  }));
}
