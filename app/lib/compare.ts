// The compare list's pure rules (docs/compare.md), shared by server and browser:
// "Compare limit: 5." / "Adding an already-added listing is ignored; the drawer opens." /
// "The compare toggle shows only while fewer than 5 listings are compared." / "Trim name cut at
// 30 characters."
import { z } from "zod";
import { COMPARE_LIMIT, TRIM_NAME_MAX } from "./constants.ts";
import { safeRefUrl } from "./account.ts";
import { PATHS } from "./routes.ts";

/**
 * The compare drawer's list on the results page. A link or redirect to `#compare-drawer-items`
 * opens the drawer without JavaScript: browsers expand a closed <details> when a fragment targets
 * its content.
 */
export const COMPARE_DRAWER_ANCHOR = "compare-drawer-items";

/** A compared car in the bar / drawer: thumbnail, title, price, and whether it is still for sale. */
export interface CompareItem {
  id: number;
  title: string;
  price: number;
  image: string;
  href: string;
  active: boolean;
}

/**
 * One listing id as written in a URL or a form: digits only, a positive safe integer. Built on
 * first use: a schema made at module level keeps zod (about 18 KB gzip) in the browser bundle of
 * every page that imports this module for a link or a constant (the results page's budget).
 */
function makeIdSchema() {
  return z
    .string()
    .trim()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n > 0);
}
let cachedIdSchema: ReturnType<typeof makeIdSchema> | undefined;
const idSchema = () => (cachedIdSchema ??= makeIdSchema());

/**
 * `ids=3,1,3,abc,-2,9` -> [3, 1, 9]: garbage entries are ignored, duplicates dropped (the first
 * wins), at most COMPARE_LIMIT kept. Accepts a comma list or several values.
 */
export function parseCompareIds(raw: string | readonly string[] | null | undefined): number[] {
  const parts = (typeof raw === "string" ? [raw] : (raw ?? [])).flatMap((v) => v.split(","));
  const out: number[] = [];
  for (const part of parts) {
    const r = idSchema().safeParse(part);
    if (r.success && !out.includes(r.data)) out.push(r.data);
    if (out.length >= COMPARE_LIMIT) break;
  }
  return out;
}

/** The shareable compare URL: `/compare?ids=1,2,3` (plain `/compare` for an empty list). */
export function compareUrl(ids: readonly number[], extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  if (ids.length > 0) params.set("ids", ids.join(","));
  for (const [k, v] of Object.entries(extra)) if (v) params.set(k, v);
  // Commas read better than %2C in a link people copy.
  const qs = params.toString().replace(/%2C/g, ",");
  return qs ? `${PATHS.compare}?${qs}` : PATHS.compare;
}

/** "Adding an already-added listing is ignored"; nothing is added at the limit. */
export function addToCompare(ids: readonly number[], id: number): number[] {
  if (ids.includes(id) || ids.length >= COMPARE_LIMIT) return [...ids];
  return [...ids, id];
}

export function removeFromCompare(ids: readonly number[], id: number): number[] {
  return ids.filter((x) => x !== id);
}

/** What an add does: added, ignored because it is already there (the drawer opens), or refused at the limit. */
export type AddOutcome = "added" | "already" | "full";

export function addOutcome(ids: readonly number[], id: number): AddOutcome {
  if (ids.includes(id)) return "already";
  return ids.length >= COMPARE_LIMIT ? "full" : "added";
}

/**
 * Two compare lists as one (the visitor's cookie and the account's list at sign-in): `a` first
 * in its order, then what only `b` has, duplicates dropped, at most COMPARE_LIMIT.
 */
export function mergeCompareIds(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  for (const id of [...a, ...b]) {
    if (out.length >= COMPARE_LIMIT) break;
    if (Number.isSafeInteger(id) && id > 0 && !out.includes(id)) out.push(id);
  }
  return out;
}

/** "Trim name cut at 30 characters": the cut name with an ellipsis, and whether it was cut. */
export function truncateTrimName(name: string, max: number = TRIM_NAME_MAX): { text: string; truncated: boolean } {
  const chars = [...name.trim()];
  if (chars.length <= max) return { text: chars.join(""), truncated: false };
  return { text: `${chars.slice(0, max).join("").trimEnd()}…`, truncated: true };
}

/**
 * A row of words differs when the cars that are still for sale do not all show the same value
 * (a body style, a drivetrain, a feature one car has and another lacks). Values are compared as
 * displayed (case and spacing ignored); a missing value counts as a value. Fewer than two cars to
 * compare means nothing differs.
 */
export function rowDiffers(values: readonly (string | null)[]): boolean {
  if (values.length < 2) return false;
  const key = (v: string | null) => (v === null ? "\u0000" : v.trim().replace(/\s+/g, " ").toLowerCase());
  const first = key(values[0]);
  return values.some((v) => key(v) !== first);
}

/** How far apart numbers must be to differ: at least `atLeast`, and at least `share` of the lowest. */
export interface NumberThreshold {
  atLeast: number;
  share: number;
}

/**
 * A row of numbers differs only by a margin that matters (COMPARE_THRESHOLDS in constants.ts):
 * the spread between the highest and the lowest value is at least `atLeast` and at least `share`
 * of the lowest. A car with a value beside a car without one differs (one has an electric range,
 * the other none); no values at all, or fewer than two cars, never differ.
 */
export function numbersDiffer(values: readonly (number | null)[], t: NumberThreshold): boolean {
  if (values.length < 2) return false;
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (known.length === 0) return false;
  if (known.length < values.length) return true;
  const low = Math.min(...known);
  const spread = Math.max(...known) - low;
  // A hair of float error (4.6 - 4.1) must not hide a half-star difference.
  return spread > 0 && spread + 1e-9 >= Math.max(t.atLeast, t.share * Math.abs(low));
}

/** Where a compare form may send the shopper back: the app's one same-site rule (safeRefUrl). */
export function safeReturnPath(raw: unknown, fallback: string): string {
  return safeRefUrl(raw, fallback);
}

/** The build-and-price link for one trim: makeCode, modelCode, ownerId, trim, year, zip. */
export function buildAndPriceHref(p: {
  makeCode: string;
  modelCode: string;
  ownerId?: number | null;
  trim: string;
  year: number;
  zip?: string | null;
}): string {
  const params = new URLSearchParams();
  params.set("makeCode", p.makeCode);
  params.set("modelCode", p.modelCode);
  if (p.ownerId) params.set("ownerId", String(p.ownerId));
  params.set("trim", p.trim);
  params.set("year", String(p.year));
  if (p.zip) params.set("zip", p.zip);
  return `${PATHS.buildAndPrice}?${params.toString()}`;
}

/** The link to this table for a model (the shopping assistant and the model-reference tab use it). */
export function compareTrimsHref(p: { makeCode: string; modelCode: string; fuelTypeGroup?: string; year?: number }): string {
  const params = new URLSearchParams({ makeCode: p.makeCode, modelCode: p.modelCode });
  if (p.fuelTypeGroup) params.set("fuelTypeGroup", p.fuelTypeGroup);
  if (p.year) params.set("year", String(p.year));
  return `${PATHS.compareTrims}?${params.toString()}`;
}
