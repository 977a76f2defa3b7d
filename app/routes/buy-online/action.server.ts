// The deal form's post (docs/online-buying.md): the terms checked (400 with a message beside each
// wrong field), then saved through the deal save call and on to the deal's own page (303). When
// the call fails the form keeps what was typed and says so.
import { data, redirect } from "react-router";
import { DEAL_PATHS, DEFAULT_DEAL_VALUES } from "../../lib/deals.ts";
import { dealFormSchema, readDealForm, type DealField, type DealFormValues } from "../../lib/deal-schemas.ts";
import { parseListingId } from "../../lib/vehicle-rules.ts";
import { dealCarOf } from "../../server/deals/deal-car.server.ts";
import type { AppContext } from "../../server/http/request-context.server.ts";
import { serviceCalls } from "../../server/services/calls.server.ts";

export interface BuyOnlineReply {
  values: DealFormValues;
  errors: Partial<Record<DealField, string>>;
  /** A message for the whole form ('Circuit Breaker for /deals is open', or the service's refusal). */
  formError: string | null;
}

export async function buyOnlineAction(request: Request, rawId: string | undefined, app: AppContext) {
  const id = parseListingId(rawId);
  const car = id === null ? null : await dealCarOf(app.db, id);
  if (!car) throw data(null, { status: 404, statusText: "Not Found" });
  const form = await request.formData().catch(() => null);
  const fields = [...(form?.entries() ?? [])].filter(([, v]) => typeof v === "string");
  const raw = Object.fromEntries(fields.map(([k, v]) => [k, String(v).slice(0, 40)]));
  const parsed = dealFormSchema.safeParse(raw);
  const values: DealFormValues = parsed.success ? parsed.data : DEFAULT_DEAL_VALUES;
  const read = readDealForm(values, car.price);
  if (!read.ok) {
    const reply = { values: { ...values, dealType: read.dealType }, errors: read.errors, formError: null };
    return data<BuyOnlineReply>(reply, { status: 400 });
  }
  const saved = await serviceCalls().saveDeal({ deal: { carId: car.id, ...read.terms } });
  if ("id" in saved) throw redirect(DEAL_PATHS.deal(saved.id), 303);
  // The service's refusal keeps its status; a failure is the catalogue's fallback text on the page
  // (200: the page itself answered, as with every other fallback).
  return data<BuyOnlineReply>({ values, errors: {}, formError: saved.error }, { status: saved.status ?? 200 });
}
