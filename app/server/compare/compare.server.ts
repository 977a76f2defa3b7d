// The visitor's compare list (docs/compare.md): up to COMPARE_LIMIT listing ids in the `fc_compare`
// cookie, added and removed by POST forms (fetchers when JavaScript runs). The results page's
// card action, the compare bar, the vehicle page's button and the /compare page all go through
// here. The accounts area merges the cookie into an account with `mergeCompareIds`.
import { data, redirect } from "react-router";
import { SITE_COOKIES } from "../security/cookies.server.ts";
import { z } from "zod";
import { COMPARE_LIMIT } from "../../lib/constants.ts";
import {
  COMPARE_DRAWER_ANCHOR,
  addOutcome,
  addToCompare,
  mergeCompareIds,
  removeFromCompare,
  safeReturnPath,
  type AddOutcome,
  type CompareItem,
} from "../../lib/compare.ts";
import { PATHS } from "../../lib/routes.ts";
import { vehicleImagePath } from "../../lib/vehicle-image-path.ts";
import { photoFallbackUrl } from "../../lib/photos.ts";
import type { Database } from "../db/connection.server.ts";
import { getFlags } from "../flags.server.ts";
import type { Flags } from "../../lib/flags.ts";
import { loadListingSummaries } from "../listings/summaries.server.ts";

export { addToCompare, mergeCompareIds, removeFromCompare };

export const compareCookie = SITE_COOKIES.compare;

const compareIdsSchema = z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(COMPARE_LIMIT);

/** The ids in the visitor's cookie; a missing, tampered or malformed cookie is an empty list. */
export async function readCompareIds(request: Request): Promise<number[]> {
  try {
    const parsed = compareIdsSchema.safeParse(await compareCookie.parse(request.headers.get("Cookie")));
    return parsed.success ? mergeCompareIds(parsed.data, []) : [];
  } catch {
    return [];
  }
}

export async function compareSetCookie(ids: readonly number[]): Promise<string> {
  return compareCookie.serialize(mergeCompareIds(ids, []));
}

/** What the results page, the bar and the vehicle page need to draw the compare controls. */
export interface CompareStatus {
  enabled: boolean;
  ids: number[];
  /** "The compare toggle shows only while fewer than 5 listings are compared." */
  full: boolean;
}

export async function compareStatus(request: Request): Promise<CompareStatus> {
  return compareStatusOf(getFlags().compare ? await readCompareIds(request) : [], getFlags());
}

/** The compare state from the ids the shopper context read. */
export function compareStatusOf(cookieIds: number[], flags: Pick<Flags, "compare">): CompareStatus {
  const enabled = flags.compare;
  const ids = enabled ? cookieIds : [];
  return { enabled, ids, full: ids.length >= COMPARE_LIMIT };
}

export async function loadCompareItems(db: Database, ids: readonly number[]): Promise<CompareItem[]> {
  if (ids.length === 0) return [];
  const rows = await loadListingSummaries(db, ids);
  return rows.map((l) => ({
    id: l.id,
    title: [l.year, l.makeName, l.modelName, l.trimName].filter(Boolean).join(" "),
    price: l.salePrice,
    // The dealer's primary photo; without one, the drawing (docs/photos.md).
    image: l.photos[0] ? photoFallbackUrl(l.photos[0], 320) : vehicleImagePath(l.bodyStyleCode, l.extColorSimple, 0),
    href: PATHS.vehicle(l.id),
    active: l.status === "active",
  }));
}

// =============================================================================================
// The action: POST intent=add|remove|clear

const idField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const compareFormSchema = z.object({
  /** No intent is an add (a card's Compare button); an unknown one is refused. */
  intent: z.enum(["add", "remove", "clear"]).default("add"),
  /** The listing id: `compare` (the results card's button value) or `id`. */
  id: idField.optional().catch(undefined),
  /** "fetch" when posted by a fetcher (no redirect wanted). */
  via: z.enum(["form", "fetch"]).catch("form"),
  returnTo: z.string().max(2000).optional().catch(undefined),
});

export interface CompareActionResult {
  ok: boolean;
  ids: number[];
  outcome: AddOutcome | "removed" | "cleared" | "invalid";
  /** True when the drawer should open (an add of a car already in the list, or a refused add). */
  openDrawer: boolean;
}

function field(form: FormData, name: string): string | undefined {
  const v = form.get(name);
  return typeof v === "string" ? v : undefined;
}

/**
 * Adds or removes a listing, or clears the list, then answers a fetcher with JSON or sends a
 * form post back where it came from (`returnTo`, same-site paths only; `fallback` otherwise).
 * Adding an id already compared, or a sixth, changes nothing and opens the drawer.
 */
export async function handleCompareAction(request: Request, fallback: string) {
  if (!getFlags().compare) throw data(null, { status: 404, statusText: "Not Found" });
  return handleCompareForm(await request.formData(), await readCompareIds(request), getFlags(), fallback);
}

/** The compare form already read, with the ids the shopper's cookie holds (the request context). */
export async function handleCompareForm(form: FormData, current: number[], flags: Pick<Flags, "compare">, fallback: string) {
  if (!flags.compare) throw data(null, { status: 404, statusText: "Not Found" });
  const parsed = compareFormSchema.safeParse({
    intent: field(form, "intent"),
    id: field(form, "id") ?? field(form, "compare"),
    via: field(form, "via") ?? "form",
    returnTo: field(form, "returnTo"),
  });
  if (!parsed.success) {
    const refused: CompareActionResult = { ok: false, ids: current, outcome: "invalid", openDrawer: false };
    return data(refused, { status: 400 });
  }
  const input = parsed.data;
  let ids = current;
  let outcome: CompareActionResult["outcome"];
  if (input.intent === "clear") {
    ids = [];
    outcome = "cleared";
  } else if (input.id === undefined) {
    outcome = "invalid";
  } else if (input.intent === "remove") {
    ids = removeFromCompare(current, input.id);
    outcome = "removed";
  } else {
    outcome = addOutcome(current, input.id);
    ids = addToCompare(current, input.id);
  }
  const result: CompareActionResult = {
    ok: outcome !== "invalid" && outcome !== "full",
    ids,
    outcome,
    openDrawer: outcome === "already" || outcome === "full",
  };
  const headers = { "Set-Cookie": await compareSetCookie(ids) };
  if (input.via === "fetch") return data(result, { status: outcome === "invalid" ? 400 : 200, headers });
  const back = new URL(safeReturnPath(input.returnTo, fallback), "http://forecourt.invalid");
  if (result.openDrawer) back.hash = COMPARE_DRAWER_ANCHOR;
  else if (outcome === "added" && input.id !== undefined && input.returnTo === undefined) back.hash = `listing-${input.id}`;
  return redirect(`${back.pathname}${back.search}${back.hash}`, { status: 303, headers });
}
