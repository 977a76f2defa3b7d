// The eligibility service (docs/online-buying.md): may a listing be bought online? A check per
// listing by VIN (`GET /rest/lsc/eligibility?vin=...`, several VINs in one call) or by vehicle
// payload (`POST /rest/lsc/eligibility`), answering the spec's `totalMatched` and `sellable` with
// each vehicle's verdict and the rules it breaks (the rules: app/lib/deals.ts; the facts they read:
// online-eligible.server.ts). Pages call it through the breaker layer (`eligibleListings`); an open
// breaker, a timeout or an error counts as ineligible: no 'Buy Online' anywhere.
import { z } from "zod";
import { BUY_ONLINE_CTA, DEAL_PATHS, ineligibleReasons, type IneligibleReason } from "../../lib/deals.ts";
import { getDatabase, type Database } from "../db/connection.server.ts";
import { selectCached } from "../db/compiled.server.ts";
import { serviceCalls } from "../services/calls.server.ts";
import { reportError } from "../observability/log.server.ts";
import { ELIGIBILITY_COLUMNS, factsOf, type EligibilityRow } from "./online-eligible.server.ts";

export const ELIGIBILITY_MAX_VINS = 100;

export interface EligibilityResult {
  vin: string;
  /** The listing the VIN is (null: a vehicle payload we do not list). */
  listingId: number | null;
  sellable: boolean;
  reasons: IneligibleReason[];
  /** The spec's `esntial` block: set only for a sellable listing (ineligible: e-commerce data removed). */
  esntial: { eligibilityService: true; ecommWebsite: { href: string; label: string } } | null;
}

export interface EligibilityAnswer {
  /** Listings found for the VINs asked. */
  totalMatched: number;
  /** Every matched listing is sellable online (and at least one matched). */
  sellable: boolean;
  results: EligibilityResult[];
}

const vinParam = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{17}$/);

/** Checks the listings of these VINs against the rules (VINs not found are not matched). */
export async function checkEligibility(db: Database, vins: readonly string[]): Promise<EligibilityAnswer> {
  const unique = [...new Set(vins)].slice(0, ELIGIBILITY_MAX_VINS);
  if (unique.length === 0) return { totalMatched: 0, sellable: false, results: [] };
  const rows = await selectCached(db, "eligibility by VIN", unique, () =>
    db.kysely
      .selectFrom("listings as l")
      .innerJoin("owners as o", "o.id", "l.owner_id")
      .select([...ELIGIBILITY_COLUMNS])
      .where("l.vin", "in", unique),
  );
  return answerOf(rows.map((r) => resultOf(r.vin, Number(r.id), ineligibleReasons(factsOf(r)))));
}

function resultOf(vin: string, listingId: number | null, reasons: IneligibleReason[]): EligibilityResult {
  const sellable = reasons.length === 0;
  return {
    vin,
    listingId,
    sellable,
    reasons,
    esntial:
      sellable && listingId !== null ? { eligibilityService: true, ecommWebsite: { href: DEAL_PATHS.buyOnline(listingId), label: BUY_ONLINE_CTA } } : null,
  };
}

function answerOf(results: EligibilityResult[]): EligibilityAnswer {
  return { totalMatched: results.length, sellable: results.length > 0 && results.every((r) => r.sellable), results };
}

/** The JSON route: `vin` repeated or comma-separated (bad ones dropped and listed). */
export async function eligibilityService(url: URL) {
  const raw = url.searchParams.getAll("vin").flatMap((v) => v.split(","));
  const vins: string[] = [];
  const invalidQueryParams: { name: string; value: string; reason: string }[] = [];
  for (const v of raw) {
    const p = vinParam.safeParse(v);
    if (p.success) vins.push(p.data);
    else invalidQueryParams.push({ name: "vin", value: v.slice(0, 40), reason: "not a 17-character VIN" });
  }
  if (vins.length > ELIGIBILITY_MAX_VINS) invalidQueryParams.push({ name: "vin", value: "", reason: `at most ${ELIGIBILITY_MAX_VINS} VINs are checked` });
  const answer = await checkEligibility(await getDatabase(), vins);
  return { ...answer, invalidQueryParams };
}

// =============================================================================================
// By vehicle payload: `POST /rest/lsc/eligibility`

/**
 * One vehicle as the caller describes it (a car not listed yet, or a listing as another service
 * holds it): its VIN and asking price, and the seller by our owner id or its feed id. What only
 * we can know comes from our records: the seller (a dealer, opted in, selling online) and, when
 * the VIN is a listing of that seller, whether it is still for sale.
 */
export const vehiclePayload = z
  .object({
    vin: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{17}$/, "not a 17-character VIN"),
    price: z.coerce.number().finite().nullable().optional(),
    ownerId: z.coerce.number().int().positive().optional(),
    dealerId: z.string().trim().min(1).max(64).optional(),
  })
  .refine((v) => v.ownerId !== undefined || v.dealerId !== undefined, { message: "ownerId or dealerId is required", path: ["ownerId"] });
export type VehiclePayload = z.infer<typeof vehiclePayload>;

const payloadBody = z.union([
  z.object({ vehicles: z.array(z.unknown()).min(1).max(ELIGIBILITY_MAX_VINS) }),
  z.object({ vehicle: z.unknown() }).transform((b) => ({ vehicles: [b.vehicle] })),
]);

/**
 * Checks vehicles by payload with the same rules. A vehicle whose seller we do not know is not
 * matched (as a VIN we do not list is not). A sellable vehicle listed with us carries the 'Buy
 * Online' link; one not listed yet passes the rules but has no deal page to link to.
 */
export async function checkVehicles(db: Database, vehicles: readonly VehiclePayload[]): Promise<EligibilityAnswer & { unmatched: string[] }> {
  const list = vehicles.slice(0, ELIGIBILITY_MAX_VINS);
  const ownerIds = [...new Set(list.flatMap((v) => (v.ownerId !== undefined ? [v.ownerId] : [])))];
  const dealerIds = [...new Set(list.flatMap((v) => (v.dealerId !== undefined ? [v.dealerId.toUpperCase()] : [])))];
  const vins = [...new Set(list.map((v) => v.vin))];
  const [owners, listings] = await Promise.all([
    ownerIds.length + dealerIds.length === 0
      ? Promise.resolve([])
      : db.kysely
          .selectFrom("owners")
          .select(["id", "external_id", "seller_type", "ecommerce_opt_in", "home_services"])
          .where((eb) =>
            eb.or([
              ...(ownerIds.length ? [eb("id", "in", ownerIds)] : []),
              ...(dealerIds.length ? [eb(eb.fn("upper", ["external_id"]), "in", dealerIds)] : []),
            ]),
          )
          .execute(),
    vins.length === 0
      ? Promise.resolve([])
      : db.kysely.selectFrom("listings").select(["id", "vin", "owner_id", "status", "home_services"]).where("vin", "in", vins).execute(),
  ]);
  const byId = new Map(owners.map((o) => [Number(o.id), o]));
  const byExternal = new Map(owners.map((o) => [o.external_id.toUpperCase(), o]));
  const listingOf = new Map(listings.map((l) => [l.vin, l]));
  const results: EligibilityResult[] = [];
  const unmatched: string[] = [];
  for (const v of list) {
    const owner =
      (v.ownerId !== undefined ? byId.get(v.ownerId) : undefined) ?? (v.dealerId !== undefined ? byExternal.get(v.dealerId.toUpperCase()) : undefined);
    if (!owner) {
      unmatched.push(v.vin);
      continue;
    }
    const listed = listingOf.get(v.vin);
    const ours = listed && Number(listed.owner_id) === Number(owner.id) ? listed : undefined;
    const row: EligibilityRow = {
      id: ours ? Number(ours.id) : 0,
      vin: v.vin,
      // A car of this seller we list is judged by its listing's status; any other is offered now.
      status: ours ? ours.status : "active",
      sale_price: v.price ?? null,
      // The listing's services when we list it, else the dealer's.
      home_services: ours ? ours.home_services : owner.home_services,
      seller_type: owner.seller_type,
      ecommerce_opt_in: owner.ecommerce_opt_in,
    };
    results.push(resultOf(v.vin, ours ? Number(ours.id) : null, ineligibleReasons(factsOf(row))));
  }
  return { ...answerOf(results), unmatched };
}

/** The POST route: `{ vehicles: [...] }` or `{ vehicle: {...} }` as JSON, or one vehicle as form fields. */
export async function eligibilityPayloadService(request: Request, db?: Database): Promise<Response> {
  const headers = { "Cache-Control": "no-store" };
  try {
    const { status, body } = await payloadAnswer(request, db ?? (await getDatabase()));
    return Response.json(body, { status, headers });
  } catch (error) {
    reportError("eligibility service failed", error);
    return Response.json({ error: "The service could not answer this request." }, { status: 500, headers });
  }
}

async function payloadAnswer(request: Request, db: Database): Promise<{ status: number; body: unknown }> {
  let body: unknown;
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) body = await request.json();
    else if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await request.formData();
      const field = (k: string) => {
        const v = form.get(k);
        return typeof v === "string" && v.trim() !== "" ? v : undefined;
      };
      body = { vehicle: { vin: field("vin"), price: field("price"), ownerId: field("ownerId"), dealerId: field("dealerId") } };
    } else return { status: 415, body: { error: "Send JSON ({ vehicles: [...] }) or form fields (vin, price, ownerId or dealerId)." } };
  } catch {
    return { status: 400, body: { error: "The body could not be read." } };
  }
  const outer = payloadBody.safeParse(body);
  if (!outer.success) return { status: 400, body: { error: `Send { vehicles: [...] } with 1 to ${ELIGIBILITY_MAX_VINS} vehicles, or { vehicle: {...} }.` } };
  const vehicles: VehiclePayload[] = [];
  const invalidVehicles: { index: number; field: string; reason: string }[] = [];
  outer.data.vehicles.forEach((raw, index) => {
    const p = vehiclePayload.safeParse(raw);
    if (p.success) vehicles.push(p.data);
    else for (const issue of p.error.issues) invalidVehicles.push({ index, field: String(issue.path[0] ?? ""), reason: issue.message });
  });
  if (vehicles.length === 0) return { status: 400, body: { error: "No vehicle in the body can be checked.", invalidVehicles } };
  return { status: 200, body: { ...(await checkVehicles(db, vehicles)), invalidVehicles } };
}

/** Listing id -> 'Buy Online' href for the sellable ones, through the breaker layer (open breaker: none). */
export async function eligibleListings(listings: readonly { id: number; vin: string }[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const asked = new Set(listings.map((l) => l.id));
  for (let i = 0; i < listings.length; i += ELIGIBILITY_MAX_VINS) {
    const answer = await serviceCalls().eligibility(listings.slice(i, i + ELIGIBILITY_MAX_VINS).map((l) => l.vin));
    for (const r of answer.results)
      if (r.sellable && r.esntial && r.listingId !== null && asked.has(r.listingId)) out.set(r.listingId, r.esntial.ecommWebsite.href);
  }
  return out;
}

/**
 * Whether the eligibility service could pass the listing at all: only a dealer's listing that
 * lists BUY_ONLINE among its home services can (the rules' `sellsOnline` and `dealer`), so no
 * other is asked (a call and a read saved on most cards and vehicle pages).
 */
export function mayBuyOnline(l: { homeServices: readonly string[]; sellerType: string }): boolean {
  return l.sellerType === "d" && l.homeServices.includes("BUY_ONLINE");
}

/**
 * Sets each card's 'Buy Online' link (the website call-to-action) when the service says the
 * listing is sellable; leaves it unset otherwise (ineligible: no e-commerce data). Only listings
 * of dealers who list BUY_ONLINE are asked: no other can pass the rules.
 */
export async function withBuyOnline<C extends { buyOnlineHref?: string }>(
  cards: Map<number, C>,
  summaries: readonly { id: number; vin: string; homeServices: readonly string[]; sellerType: string }[],
): Promise<void> {
  const candidates = summaries.filter((l) => mayBuyOnline(l) && cards.has(l.id));
  if (candidates.length === 0) return;
  for (const [id, href] of await eligibleListings(candidates)) cards.set(id, { ...cards.get(id)!, buyOnlineHref: href });
}
