// Vocabulary and small helpers of the search URL module (see ../search-url.ts).
import { PATHS } from "../routes.ts";
import type { Experience } from "../search-query.ts";
import type { Condition, NameMap } from "./types.ts";

// =============================================================================================
// Vocabulary

/** The results page's path: every search URL starts here. */
export const SEARCH_PATH = PATHS.search;

/** Body styles of the reference catalogue (docs/reference-data.md), used when ctx has none. */
export const DEFAULT_BODY_STYLES: ReadonlyMap<string, string> = new Map([
  ["SEDAN", "Sedan"],
  ["SUVCROSS", "SUV / Crossover"],
  ["TRUCKS", "Truck"],
  ["VANMV", "Van / Minivan"],
  ["COUPE", "Coupe"],
  ["CONVERT", "Convertible"],
  ["HATCH", "Hatchback"],
  ["WAGON", "Wagon"],
  ["COMMERCIAL", "Commercial"],
]);

export const BODY_STYLE_PLURALS: Record<string, string> = {
  SEDAN: "Sedans",
  SUVCROSS: "SUVs",
  TRUCKS: "Trucks",
  VANMV: "Vans",
  COUPE: "Coupes",
  CONVERT: "Convertibles",
  HATCH: "Hatchbacks",
  WAGON: "Wagons",
  COMMERCIAL: "Commercial Vehicles",
};

export const EXPERIENCE_LABELS: Record<Experience, string> = {
  commercial: "Commercial Vehicles",
  "best-deals": "Best Deals",
  "buy-online": "Buy Online",
};

export type BaseCondition = "NEW" | "USED" | "CERTIFIED";
export const BASE_CONDITIONS: readonly BaseCondition[] = ["NEW", "USED", "CERTIFIED"];

export const CONDITION_SETS: Record<Condition, readonly BaseCondition[]> = {
  used: ["USED"],
  new: ["NEW"],
  certified: ["CERTIFIED"],
  all: ["NEW", "USED", "CERTIFIED"],
};
export const CONDITION_NAMES: Record<BaseCondition, string> = { NEW: "New", USED: "Used", CERTIFIED: "Certified" };
export const CONDITION_PAGE_NAMES: Record<Condition, string> = { used: "Used", new: "New", certified: "Certified", all: "All" };
/** First path segment: the condition (the `-cars` spellings are accepted and redirected). */
export const CONDITION_SLUGS: Record<string, Condition> = {
  used: "used",
  new: "new",
  certified: "certified",
  all: "all",
  "used-cars": "used",
  "new-cars": "new",
  "certified-cars": "certified",
  "all-cars": "all",
};

export const CODE = /^[A-Z0-9][A-Z0-9_\-]{0,39}$/;
export const YEAR_SEGMENT = /^(19|20)\d{2}$/;
export const BASE_URL = "http://forecourt.invalid";

// =============================================================================================
// Small helpers

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sortedUnique(values: readonly string[]): string[] {
  return [...new Set(values)].sort(cmp);
}

export function nameIn(map: NameMap | undefined, code: string): string | undefined {
  const v = map?.get(code);
  if (v === undefined) return undefined;
  return typeof v === "string" ? v : v.name;
}

/** "HEATED_SEATS" -> "Heated Seats": the label of a code nobody named. */
export function humanize(code: string): string {
  return code
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(" ");
}

/** Lower-case URL slug of a name: "Mercedes-Benz" -> "mercedes-benz", "R/T" -> "r-t". */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function show(v: string): string {
  return v.slice(0, 80);
}
