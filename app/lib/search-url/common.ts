// Vocabulary and small helpers of the search URL module (see ../search-url.ts).
import { BODY_STYLE_NAMES, BODY_STYLE_PLURALS } from "../body-styles.ts";
import { BASE_CONDITIONS, CONDITION_NAMES, CONDITION_PAGE_NAMES, type BaseCondition } from "../listing-types.ts";
import { PATHS } from "../routes.ts";
import type { Experience } from "../search-query.ts";
import type { Condition, NameMap } from "./types.ts";

// =============================================================================================
// Vocabulary

/** The results page's path: every search URL starts here. */
export const SEARCH_PATH = PATHS.search;

/** Body styles of the reference catalogue (docs/reference-data.md), used when ctx has none. */
export const DEFAULT_BODY_STYLES: ReadonlyMap<string, string> = new Map(Object.entries(BODY_STYLE_NAMES));
export { BODY_STYLE_PLURALS };

export const EXPERIENCE_LABELS: Record<Experience, string> = {
  commercial: "Commercial Vehicles",
  "best-deals": "Best Deals",
  "buy-online": "Buy Online",
};

export { BASE_CONDITIONS, CONDITION_NAMES, CONDITION_PAGE_NAMES, type BaseCondition };

export const CONDITION_SETS: Record<Condition, readonly BaseCondition[]> = {
  used: ["USED"],
  new: ["NEW"],
  certified: ["CERTIFIED"],
  all: ["NEW", "USED", "CERTIFIED"],
};
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

/**
 * Why a model was not searched as written (reported in `invalid`; the results page says so,
 * app/lib/search-url/notices.ts): a model of a make the search did not choose is searched with
 * its make added; a model the chosen make does not have is left out.
 */
export const MODEL_REASONS = {
  otherMake: "a model of a make not chosen: its make is searched too",
  notOfChosenMake: "not a model of the chosen make",
  notOfThatMake: "not a model of that make",
} as const;

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
