// The vehicle page's POST forms (issue 6): contact the seller, make an offer (private sellers) and
// report the listing. Each is validated by its shared zod schema (app/lib/listing-forms.ts); a bad
// form answers 400 with the messages and the typed values, a filled honeypot 400 with nothing
// stored, a flood 429. Success redirects back to the page (no resubmission on reload).
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { HONEYPOT_FIELD, contactSchema, offerSchema, reportSchema, type ListingFormIntent } from "../../lib/listing-forms.ts";
import { PATHS } from "../../lib/routes.ts";
import { getDatabase } from "../db/connection.server.ts";
import { createLead, loadLeadListing } from "../leads/leads.server.ts";
import { ensureVisitorId } from "../leads/visitor.server.ts";
import { reportListing } from "../listings/reports.server.ts";
import { clientAddress, rateLimitHeaders, rateLimitMessage, takeRateLimit, type RateLimitRule } from "../security/rate-limit.server.ts";
import { parseListingId } from "./vehicle-page.server.ts";

/** Enquiries (contact or offer): per address and per sender email. */
export const LEAD_LIMITS = { ip: { limit: 20, windowMs: 3_600_000 }, email: { limit: 5, windowMs: 3_600_000 } } satisfies Record<string, RateLimitRule>;
export const REPORT_LIMIT: RateLimitRule = { limit: 10, windowMs: 3_600_000 };

export const HONEYPOT_MESSAGE = "We could not send this form. Please try again.";

export type VehicleActionData = {
  intent: ListingFormIntent;
  result: SubmissionResult<string[]>;
};

function reply(intent: ListingFormIntent, result: VehicleActionData["result"], status: number, headers?: HeadersInit) {
  return data<VehicleActionData>({ intent, result }, { status, headers });
}

export async function vehicleAction(request: Request, rawId: string | undefined) {
  const id = parseListingId(rawId);
  if (id === null) throw data(null, { status: 404, statusText: "Not Found" });
  const formData = await request.formData();
  const rawIntent = formData.get("intent");
  const intent: ListingFormIntent | null = rawIntent === "contact" || rawIntent === "offer" || rawIntent === "report" ? rawIntent : null;
  if (!intent) throw data(null, { status: 400, statusText: "Bad Request" });
  const schema = intent === "contact" ? contactSchema : intent === "offer" ? offerSchema : reportSchema;
  const submission = parseWithZod(formData, { schema });

  // A filled honeypot: a bot. Refuse without saying why and store nothing.
  const honey = formData.get(HONEYPOT_FIELD);
  if (typeof honey === "string" && honey.trim() !== "") {
    return reply(intent, submission.reply({ formErrors: [HONEYPOT_MESSAGE] }), 400);
  }
  if (submission.status !== "success") return reply(intent, submission.reply(), 400);

  const db = await getDatabase();
  const listing = await loadLeadListing(db, id);
  if (!listing) throw data(null, { status: 404, statusText: "Not Found" });
  if (listing.status !== "active") {
    return reply(intent, submission.reply({ formErrors: ["This car is no longer available."] }), 410);
  }
  const ip = clientAddress(request);
  const visitor = await ensureVisitorId(request);
  const headers: HeadersInit = visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : {};
  const value = submission.value;

  if (value.intent === "report") {
    const limited = takeRateLimit([`report:ip:${ip}`], REPORT_LIMIT);
    if (!limited.ok) return reply(intent, submission.reply({ formErrors: [rateLimitMessage(limited.retryAfterS)] }), 429, { ...headers, ...rateLimitHeaders(limited) });
    await reportListing(db, id, { reason: value.reason, comment: value.comment ?? null, reporterKey: `v:${visitor.id}`, ip });
    throw redirect(`${PATHS.vehicle(id)}?reported=1#report`, { headers });
  }

  if (value.intent === "contact" && listing.hideEmailForm) {
    return reply(intent, submission.reply({ formErrors: ["This dealer takes enquiries by phone only."] }), 400, headers);
  }
  if (value.intent === "offer" && !listing.privateSeller) {
    return reply(intent, submission.reply({ formErrors: ["Offers are for cars sold by private sellers. Please message the dealer."] }), 400, headers);
  }
  const email = value.fromEmailAddress.toLowerCase();
  for (const [key, rule] of [
    [`lead:ip:${ip}`, LEAD_LIMITS.ip],
    [`lead:email:${email}`, LEAD_LIMITS.email],
  ] as const) {
    const limited = takeRateLimit([key], rule);
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
    { visitorId: visitor.id, ip },
  );
  throw redirect(`${PATHS.vehicle(id)}?sent=${value.intent}#contact`, { headers });
}
