// The vehicle page's POST forms (docs/vehicle-page.md): contact the seller, make an offer (private sellers) and
// report the listing. Each is validated by its shared zod schema (app/lib/listing-forms.ts); a bad
// form answers 400 with the messages and the typed values, a filled honeypot 400 with nothing
// stored, a flood 429. Success redirects back to the page (no resubmission on reload); a report
// posted by the results page's Report dialog (a fetcher, `via=fetch`) is answered with data instead,
// so the shopper stays on the results (docs/results-page.md).
import { parseWithZod } from "@conform-to/zod/v4";
import type { VehicleActionData } from "../../lib/vehicle-view.ts";
import { data, redirect } from "react-router";
import { HONEYPOT_FIELD, contactSchema, offerSchema, reportSchema, type ListingFormIntent } from "../../lib/listing-forms.ts";
import { VIA_FETCH } from "../../lib/listing-form-fields.ts";
import { PATHS } from "../../lib/routes.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { createLead, loadLeadListing } from "../../server/leads/leads.server.ts";
import { ensureVisitorId } from "../../server/leads/visitor.server.ts";
import { reportListing } from "../../server/listings/reports.server.ts";
import type { ShopperContext } from "../../server/http/request-context.server.ts";
import { clientAddress, rateLimitHeaders, rateLimitMessage, takeRateLimit } from "../../server/security/rate-limit.server.ts";
import { parseListingId } from "../../lib/vehicle-rules.ts";
import { LEAD_LIMITS, REPORT_ACCOUNT_LIMIT, REPORT_LIMIT } from "../../server/leads/limits.server.ts";
import { attributionLabel } from "../../server/security/cookies.server.ts";

export const HONEYPOT_MESSAGE = "We could not send this form. Please try again.";

export type { VehicleActionData } from "../../lib/vehicle-view.ts";

function reply(intent: ListingFormIntent, result: VehicleActionData["result"], status: number, headers?: HeadersInit, sent?: true) {
  return data<VehicleActionData>(sent ? { intent, result, sent } : { intent, result }, { status, headers });
}

export async function vehicleAction(request: Request, rawId: string | undefined, shopper: Pick<ShopperContext, "user">) {
  const id = parseListingId(rawId);
  if (id === null) throw data(null, { status: 404, statusText: "Not Found" });
  const formData = await request.formData();
  const rawIntent = formData.get("intent");
  const intent: ListingFormIntent | null = rawIntent === "contact" || rawIntent === "offer" || rawIntent === "report" ? rawIntent : null;
  if (!intent) throw data(null, { status: 400, statusText: "Bad Request" });
  const schema = intent === "contact" ? contactSchema : intent === "offer" ? offerSchema : reportSchema;
  const viaFetch = formData.get(VIA_FETCH.name) === VIA_FETCH.value;
  const submission = parseWithZod(formData, { schema });

  // A filled honeypot: a bot. Refuse without saying why and store nothing.
  const honey = formData.get(HONEYPOT_FIELD);
  if (typeof honey === "string" && honey.trim() !== "") {
    return reply(intent, submission.reply({ formErrors: [HONEYPOT_MESSAGE] }), 400);
  }
  if (submission.status !== "success") return reply(intent, submission.reply(), 400);

  const db = await getDatabase();
  const listing = await loadLeadListing(db, id);
  if (!listing) {
    // A dialog on another page says so in place; the page's own form is a 404 like the page.
    if (viaFetch) return reply(intent, submission.reply({ formErrors: ["This car is no longer available."] }), 410);
    throw data(null, { status: 404, statusText: "Not Found" });
  }
  // A listing its feed stopped confirming may still be there: the seller can be asked (decision 030).
  if (listing.status !== "active" && listing.status !== "unconfirmed") {
    return reply(intent, submission.reply({ formErrors: ["This car is no longer available."] }), 410);
  }
  const ip = clientAddress(request);
  const visitor = await ensureVisitorId(request);
  const headers: HeadersInit = visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : {};
  const value = submission.value;

  if (value.intent === "report") {
    // Only an account with a verified email is an independent reporter (reports.server.ts); any
    // other report is kept for the operator but never hides the car.
    const user = await shopper.user();
    const reporter = user?.emailVerified ? user : null;
    const perIp = await takeRateLimit([`report:ip:${ip}`], REPORT_LIMIT);
    const limited = perIp.ok && reporter ? await takeRateLimit([`report:user:${reporter.id}`], REPORT_ACCOUNT_LIMIT) : perIp;
    if (!limited.ok)
      return reply(intent, submission.reply({ formErrors: [rateLimitMessage(limited.retryAfterS)] }), 429, { ...headers, ...rateLimitHeaders(limited) });
    await reportListing(db, id, {
      reason: value.reason,
      comment: value.comment ?? null,
      reporterKey: reporter ? `u:${reporter.id}` : `v:${visitor.id}`,
      ip,
      userId: reporter?.id ?? null,
    });
    if (viaFetch) return reply(intent, submission.reply({ resetForm: true }), 200, headers, true);
    throw redirect(`${PATHS.vehicle(id)}?reported=1#report`, { headers });
  }

  if (value.intent === "contact" && listing.hideEmailForm) {
    return reply(intent, submission.reply({ formErrors: ["This dealer takes enquiries by phone only."] }), 400, headers);
  }
  if (value.intent === "offer" && !listing.privateSeller) {
    return reply(intent, submission.reply({ formErrors: ["Offers are for cars sold by private sellers. Please message the dealer."] }), 400, headers);
  }
  const email = value.fromEmailAddress.toLowerCase();
  // A copy only to the signed-in shopper's own verified address; the seller's mail goes regardless.
  const account = await shopper.user();
  const copyToShopper = account !== null && account.emailVerified && account.email === email;
  for (const [key, rule] of [
    [`lead:ip:${ip}`, LEAD_LIMITS.ip],
    [`lead:email:${email}`, LEAD_LIMITS.email],
  ] as const) {
    const limited = await takeRateLimit([key], rule);
    if (!limited.ok) {
      return reply(intent, submission.reply({ formErrors: [rateLimitMessage(limited.retryAfterS)] }), 429, { ...headers, ...rateLimitHeaders(limited) });
    }
  }
  await createLead(
    db,
    listing,
    {
      kind: value.intent === "offer" ? "offer" : "email",
      firstName: value.firstName,
      lastName: value.lastName,
      email: value.fromEmailAddress,
      phone: value.phoneNumber ?? null,
      comments: value.comments ?? "",
      offerAmount: value.intent === "offer" ? value.offerAmount : null,
    },
    { visitorId: visitor.id, ip, userId: account?.id ?? null, copyToShopper, source: attributionLabel(request.headers.get("Cookie")) },
  );
  throw redirect(`${PATHS.vehicle(id)}?sent=${value.intent}${copyToShopper ? "&copy=1" : ""}#contact`, { headers });
}
