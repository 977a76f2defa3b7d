// Subscribe to price-drop emails for one car, by email, from the vehicle page (signed in or not).
import { data } from "react-router";
import { z } from "zod";
import { getDatabase } from "../db/connection.server.ts";
import { clientAddress, rateLimitHeaders, rateLimitMessage, takeRateLimit } from "../security/rate-limit.server.ts";
import { subscribePriceAlert } from "./alerts-data.server.ts";

export type PriceAlertReply = { ok: boolean; message: string; email: string; listingId: number | null };

const form = z.object({
  listingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email({ error: "Enter a valid email address, like name@example.com" })),
});
const RULE = { limit: 10, windowMs: 10 * 60_000 };

export async function priceAlertAction(request: Request) {
  const raw = Object.fromEntries(await request.formData());
  const typed = typeof raw.email === "string" ? raw.email.slice(0, 254) : "";
  const listingId = Number(raw.listingId) || null;
  if (typeof raw.fc_website === "string" && raw.fc_website !== "") {
    return data<PriceAlertReply>({ ok: true, message: "Price alerts are on.", email: typed, listingId });
  }
  const parsed = form.safeParse(raw);
  if (!parsed.success) {
    return data<PriceAlertReply>({ ok: false, message: parsed.error.issues[0]?.message ?? "Enter a valid email address", email: typed, listingId }, { status: 400 });
  }
  const { email } = parsed.data;
  const limit = takeRateLimit([`price-alert:ip:${clientAddress(request)}`, `price-alert:email:${email}`], RULE);
  if (!limit.ok) return data<PriceAlertReply>({ ok: false, message: rateLimitMessage(limit.retryAfterS), email: typed, listingId }, { status: 429, headers: rateLimitHeaders(limit) });
  const r = await subscribePriceAlert(await getDatabase(), email, parsed.data.listingId);
  if (r === "missing") return data<PriceAlertReply>({ ok: false, message: "This car is no longer for sale.", email: typed, listingId }, { status: 404 });
  return data<PriceAlertReply>({
    ok: true,
    message: r === "already" ? `Price alerts for this car already go to ${email}.` : `Price alerts are on. We will email ${email} when the price drops.`,
    email: typed,
    listingId,
  });
}
