// One-click email (docs/accounts.md, "One-click email"): 'Email seller' on a card or the vehicle
// page. An opted-in, signed-in shopper with first name, last name and email sends the availability
// message in one click (sendOneClickEmail); anyone else is sent to the vehicle page's form, in
// edit mode with the known details filled in for an opted-in shopper missing some. A POST form
// without JavaScript (answer: a redirect back), a fetcher with it (answer: JSON, or the same
// redirect, which the router follows). Rate limits and the outbox are the contact form's.
import { data, redirect } from "react-router";
import { z } from "zod";
import { oneClickMode, safeRefUrl } from "../../lib/account.ts";
import { PATHS } from "../../lib/routes.ts";
import { getSessionUser } from "../../server/accounts/session.server.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { clientAddress, rateLimitHeaders, rateLimitMessage, takeRateLimit } from "../../server/security/rate-limit.server.ts";
import { LEAD_LIMITS } from "../../server/leads/limits.server.ts";
import { attributionLabel } from "../../server/security/cookies.server.ts";
import { loadLeadListing, sendOneClickEmail } from "../../server/leads/leads.server.ts";
import { ensureVisitorId } from "../../server/leads/visitor.server.ts";

const oneClickForm = z.object({
  listingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  refUrl: z.string().max(2000).optional(),
  via: z.string().max(10).optional(),
});

export type OneClickReply = { ok: true; listingId: number } | { ok: false; listingId: number | null; error: string; backUrl: string };

/** The vehicle page's form: `?contact=edit` opens it with the shopper's known details. */
export function contactFormHref(listingId: number, edit: boolean): string {
  return `${PATHS.vehicle(listingId)}${edit ? "?contact=edit" : ""}#contact`;
}

export async function oneClickEmailAction(request: Request) {
  const form = await request.formData().catch(() => null);
  const parsed = oneClickForm.safeParse(form ? Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) : {});
  if (!parsed.success)
    return data<OneClickReply>({ ok: false, listingId: null, error: "That car could not be emailed.", backUrl: PATHS.search }, { status: 400 });
  const { listingId, via } = parsed.data;
  const vehicle = PATHS.vehicle(listingId);
  const refUrl = safeRefUrl(parsed.data.refUrl, vehicle);
  const refused = (error: string, status: number, headers?: HeadersInit) =>
    data<OneClickReply>({ ok: false, listingId, error, backUrl: refUrl }, { status, headers });

  const user = await getSessionUser(request);
  const mode = oneClickMode(user ? { optedIn: user.oneClickOptIn, ...user } : null);
  if (!user || mode !== "send") throw redirect(contactFormHref(listingId, mode === "edit"), 303);

  const db = await getDatabase();
  const listing = await loadLeadListing(db, listingId);
  if (!listing) return refused("This car is no longer available.", 404);
  if (listing.status !== "active") return refused("This car is no longer available.", 410);
  // Private sellers take offers, some dealers only the phone: their own section of the page.
  if (listing.privateSeller || listing.hideEmailForm) throw redirect(contactFormHref(listingId, false), 303);

  const ip = clientAddress(request);
  const email = user.email.toLowerCase();
  for (const [key, rule] of [
    [`lead:ip:${ip}`, LEAD_LIMITS.ip],
    [`lead:email:${email}`, LEAD_LIMITS.email],
  ] as const) {
    const limited = await takeRateLimit([key], rule);
    if (!limited.ok) return refused(rateLimitMessage(limited.retryAfterS), 429, rateLimitHeaders(limited));
  }
  const visitor = await ensureVisitorId(request);
  const headers: HeadersInit = visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : {};
  const copyToShopper = user.emailVerified;
  const result = await sendOneClickEmail(
    db,
    listing,
    { firstName: user.firstName ?? "", lastName: user.lastName ?? "", email: user.email, phone: user.phone, isOneClickOptedIn: user.oneClickOptIn },
    { visitorId: visitor.id, userId: user.id, ip, copyToShopper, source: attributionLabel(request.headers.get("Cookie")) },
  );
  if (result.status !== "SUCCESS") throw redirect(contactFormHref(listingId, result.editMode), { status: 303, headers });
  if (via === "fetch") return data<OneClickReply>({ ok: true, listingId }, { headers });
  // Back where the shopper clicked: the vehicle page says the message went; a results page marks the card.
  const back = new URL(refUrl, "http://same.invalid");
  if (back.pathname === vehicle) throw redirect(`${vehicle}?sent=contact${copyToShopper ? "&copy=1" : ""}#contact`, { status: 303, headers });
  throw redirect(`${back.pathname}${back.search}#listing-${listingId}`, { status: 303, headers });
}
