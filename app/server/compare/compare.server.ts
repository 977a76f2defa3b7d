// The visitor's compare list (issue 8): up to COMPARE_LIMIT listing ids in the `fc_compare`
// cookie, added and removed by POST forms (fetchers when JavaScript runs). The results page's
// card action, the compare bar, the vehicle page's button and the /compare page all go through
// here. The accounts area merges the cookie into an account with `mergeCompareIds`.
import { createCookie, data, redirect } from "react-router";
import { z } from "zod";
import { COMPARE_LIMIT } from "../../lib/constants.ts";
import { COMPARE_DRAWER_ANCHOR, addOutcome, addToCompare, mergeCompareIds, removeFromCompare, safeReturnPath, type AddOutcome, type CompareItem } from "../../lib/compare.ts";
import { PATHS } from "../../lib/routes.ts";
import { vehicleImagePath } from "../../lib/vehicle-image.ts";
import type { Database } from "../db/connection.server.ts";
import { getFlags } from "../flags.server.ts";
import { loadListingSummaries } from "../listings/summaries.server.ts";

export { addToCompare, mergeCompareIds, removeFromCompare };

export const compareCookie = createCookie("fc_compare", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 30,
});

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
  const enabled = getFlags().compare;
  const ids = enabled ? await readCompareIds(request) : [];
  return { enabled, ids, full: ids.length >= COMPARE_LIMIT };
}

export async function loadCompareItems(db: Database, ids: readonly number[]): Promise<CompareItem[]> {
  if (ids.length === 0) return [];
  const rows = await loadListingSummaries(db, ids);
  return rows.map((l) => ({
    id: l.id,
    title: [l.year, l.makeName, l.modelName, l.trimName].filter(Boolean).join(" "),
    price: l.salePrice,
    image: vehicleImagePath(l.bodyStyleCode, l.extColorSimple, 0),
    href: PATHS.vehicle(l.id),
    active: l.status === "active",
  }));
}

// =============================================================================================
// The action: POST intent=add|remove|clear

const idField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const compareFormSchema = z.object({
  intent: z.enum(["add", "remove", "clear"]).catch("add"),
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
  const form = await request.formData();
  const parsed = compareFormSchema.safeParse({
    intent: field(form, "intent"),
    id: field(form, "id") ?? field(form, "compare"),
    via: field(form, "via") ?? "form",
    returnTo: field(form, "returnTo"),
  });
  const input = parsed.success ? parsed.data : { intent: "add" as const, id: undefined, via: "form" as const, returnTo: undefined };
  const current = await readCompareIds(request);
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

/** The results route's action (the card's Compare button posts `compare=N` to the page itself). */
export async function compareAction(request: Request, pageUrl: URL) {
  return handleCompareAction(request, `${pageUrl.pathname}${pageUrl.search}`);
}
