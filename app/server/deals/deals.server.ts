// Deals (docs/online-buying.md): the spec's deal save call `POST {host}my-wallet/share-dealxg/deals`
// (a new deal) and `POST .../deals/id/{id}` (the same deal changed), with a body `{ deal: {
// dealType, carId, ...terms } }` answering `{ id }`; `GET .../deals/id/{id}` reads one. A deal is
// saved only for a car that is eligible for online buying. Its id is random (the shareable deal
// page's address cannot be guessed). Pages call it through the breaker layer (5 s): when it fails
// or the breaker is open, the form shows 'Circuit Breaker for /deals is open'.
import { randomBytes } from "node:crypto";
import { DEFAULT_LOAN, defaultDownPayment } from "../../lib/loan.ts";
import { dealApiSchema, dealTermsSchema } from "../../lib/deal-schemas.ts";
import type { DealTerms, DealType } from "../../lib/deals.ts";
import { getDatabase, type Database } from "../db/connection.server.ts";
import { getEnv } from "../env.server.ts";
import { checkEligibility } from "./eligibility.server.ts";
import { reportError } from "../observability/log.server.ts";

export interface StoredDeal {
  id: string;
  listingId: number;
  dealType: DealType;
  terms: DealTerms;
  price: number;
  createdAt: number;
  updatedAt: number;
}

export class DealError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

const ID_PATTERN = /^[A-Za-z0-9_-]{16,40}$/;

export function newDealId(): string {
  return randomBytes(12).toString("base64url");
}

/** The deal's terms from an API body: its own, or for finance without valid terms the site's default loan. */
function termsOf(deal: Record<string, unknown> & { dealType: DealType }, price: number): DealTerms {
  const parsed = dealTermsSchema.safeParse(deal);
  if (parsed.success) return parsed.data;
  if (deal.dealType === "cash") return { dealType: "cash" };
  if (deal.dealType === "finance") return { dealType: "finance", down: defaultDownPayment(price), termMonths: DEFAULT_LOAN.termMonths, apr: DEFAULT_LOAN.apr };
  throw new DealError("A lease needs down, termMonths, residualPercent, moneyFactor and milesPerYear.", 400);
}

/** Saves a deal (new, or `id` changed); the car must be sellable online. */
export async function saveDeal(db: Database, body: unknown, id: string | null, now = Date.now()): Promise<{ id: string }> {
  const parsed = dealApiSchema.safeParse(body);
  if (!parsed.success) throw new DealError("The body must be { deal: { dealType, carId } }.", 400);
  const { deal } = parsed.data;
  const listing = await db.kysely.selectFrom("listings").select(["id", "vin", "sale_price"]).where("id", "=", deal.carId).executeTakeFirst();
  if (!listing) throw new DealError("No such car.", 404);
  const eligibility = await checkEligibility(db, [listing.vin]);
  if (!eligibility.sellable) throw new DealError("This car cannot be bought online.", 409);
  const price = Number(listing.sale_price);
  const terms = termsOf(deal as Record<string, unknown> & { dealType: DealType }, price);
  // Test hook (browser journeys only): this down payment makes the service fail.
  const failDown = getEnv().E2E_FAIL_DEAL_DOWN;
  if (failDown !== undefined && "down" in terms && terms.down === failDown) throw new Error("deals service failure (E2E_FAIL_DEAL_DOWN)");
  if (id !== null) {
    if (!ID_PATTERN.test(id)) throw new DealError("No such deal.", 404);
    const r = await db.kysely
      .updateTable("deals")
      .set({ listing_id: Number(listing.id), deal_type: terms.dealType, terms: JSON.stringify(terms), price, updated_at: now })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw new DealError("No such deal.", 404);
    return { id };
  }
  const newId = newDealId();
  await db.kysely
    .insertInto("deals")
    .values({ id: newId, listing_id: Number(listing.id), deal_type: terms.dealType, terms: JSON.stringify(terms), price, created_at: now, updated_at: now })
    .execute();
  return { id: newId };
}

export async function readDeal(db: Database, id: string): Promise<StoredDeal | null> {
  if (!ID_PATTERN.test(id)) return null;
  const r = await db.kysely.selectFrom("deals").selectAll().where("id", "=", id).executeTakeFirst();
  if (!r) return null;
  let terms: DealTerms;
  try {
    const parsed = dealTermsSchema.safeParse(JSON.parse(r.terms));
    if (!parsed.success) return null;
    terms = parsed.data;
  } catch {
    return null;
  }
  return {
    id: r.id,
    listingId: Number(r.listing_id),
    dealType: terms.dealType,
    terms,
    price: Number(r.price),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** The JSON routes' work: POST (new or `id`), GET (`id`). */
export async function dealsService(request: Request, id: string | null): Promise<Response> {
  const db = await getDatabase();
  const headers = { "Cache-Control": "no-store" };
  try {
    if (request.method === "GET") {
      if (id === null) return Response.json({ error: "Method not allowed" }, { status: 405, headers });
      const deal = await readDeal(db, id);
      return deal ? Response.json({ deal }, { headers }) : Response.json({ error: "No such deal." }, { status: 404, headers });
    }
    if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers });
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return Response.json({ error: "The body must be JSON." }, { status: 400, headers });
    }
    return Response.json(await saveDeal(db, body, id), { headers });
  } catch (error) {
    if (error instanceof DealError) return Response.json({ error: error.message }, { status: error.status, headers });
    reportError("deals service failed", error);
    return Response.json({ error: "The service could not answer this request." }, { status: 500, headers });
  }
}
