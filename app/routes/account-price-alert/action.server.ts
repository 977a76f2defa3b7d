// Subscribe to price-drop emails for one car, by email, from the vehicle page (signed in or not).
import { data } from "react-router";
import { z } from "zod";
import { getDatabase } from "../../server/db/connection.server.ts";
import { clientAddress, rateLimitHeaders, rateLimitMessage, takeRateLimit } from "../../server/security/rate-limit.server.ts";
import { subscribePriceAlert } from "../../server/accounts/alerts-data.server.ts";
import { getSessionUser } from "../../server/accounts/session.server.ts";
import { sendAlertConfirmation } from "../../server/accounts/verification.server.ts";
import { ACCOUNT_HONEYPOT_FIELD } from "../../lib/account.ts";

export type PriceAlertReply = { ok: boolean; message: string; email: string; listingId: number | null };

const form = z.object({
  listingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: "Enter a valid email address, like name@example.com" })),
});
const RULE = { limit: 10, windowMs: 10 * 60_000 };
const confirmMessage = (email: string) => `Almost done: open the link we sent to ${email} to turn on price alerts for this car.`;

export async function priceAlertAction(request: Request) {
  const raw = Object.fromEntries(await request.formData());
  const typed = typeof raw.email === "string" ? raw.email.slice(0, 254) : "";
  const listingId = Number(raw.listingId) || null;
  if (typeof raw[ACCOUNT_HONEYPOT_FIELD] === "string" && raw[ACCOUNT_HONEYPOT_FIELD] !== "") {
    // Answered like a person's signed-out subscription, so a bot learns nothing.
    return data<PriceAlertReply>({ ok: true, message: confirmMessage(typed), email: typed, listingId });
  }
  const parsed = form.safeParse(raw);
  if (!parsed.success) {
    return data<PriceAlertReply>(
      { ok: false, message: parsed.error.issues[0]?.message ?? "Enter a valid email address", email: typed, listingId },
      { status: 400 },
    );
  }
  const { email } = parsed.data;
  const limit = await takeRateLimit([`price-alert:ip:${clientAddress(request)}`, `price-alert:email:${email}`], RULE);
  if (!limit.ok)
    return data<PriceAlertReply>(
      { ok: false, message: rateLimitMessage(limit.retryAfterS), email: typed, listingId },
      { status: 429, headers: rateLimitHeaders(limit) },
    );
  // The address is proven only by an account that verified it; anyone else confirms by mail.
  const user = await getSessionUser(request);
  const proven = user !== null && user.emailVerified && user.email === email;
  const db = await getDatabase();
  const r = await subscribePriceAlert(db, email, parsed.data.listingId, { confirmed: proven });
  if (r.status === "missing") return data<PriceAlertReply>({ ok: false, message: "This car is no longer for sale.", email: typed, listingId }, { status: 404 });
  if (!r.confirmed) {
    await sendAlertConfirmation(db, { kind: "price", id: r.id, email }, `price drops of the ${r.title}`);
    return data<PriceAlertReply>({ ok: true, message: confirmMessage(email), email: typed, listingId });
  }
  return data<PriceAlertReply>({
    ok: true,
    message: r.status === "already" ? `Price alerts for this car already go to ${email}.` : `Price alerts are on. We will email ${email} when the price drops.`,
    email: typed,
    listingId,
  });
}
