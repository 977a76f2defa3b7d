// POST /cars-for-sale/consumer-device/browser (decision 023): the spec's device registration,
// JSON { brand, pixall_id, browser_token }. Validated (400 and nothing stored otherwise), stored
// through the breaker layer (1 s; 503 when it fails), for the visitor and the signed-in account.
// 30 registrations per address an hour (429 after). DELETE with { browser_token } removes the visitor's or account's own subscription ('blocked').
import { getSessionUser, readQuickSaves } from "../accounts/session.server.ts";
import { reportError } from "../observability/log.server.ts";
import { getDatabase } from "../db/connection.server.ts";
import { ensureVisitorId, readVisitorId } from "../leads/visitor.server.ts";
import { serviceCalls } from "../services/calls.server.ts";
import { clientAddress, rateLimitHeaders, rateLimitMessage, takeRateLimit, type RateLimitRule } from "../security/rate-limit.server.ts";
import { devicePayload, removeSubscription, saveSubscription } from "./subscriptions.server.ts";
import { storeVisitorSaves } from "./visitor-saves.server.ts";
import { z } from "zod";

const MAX_BODY = 8_000;
/** Registrations per address: a browser registers once per subscription and account. */
export const DEVICE_LIMIT: RateLimitRule = { limit: 30, windowMs: 3_600_000 };
const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text().catch(() => "");
  if (text.length === 0 || text.length > MAX_BODY) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const removal = z.object({
  browser_token: z.object({ endpoint: z.string().max(2000) }).or(
    z
      .string()
      .max(4000)
      .transform((s, ctx) => {
        try {
          return z.object({ endpoint: z.string().max(2000) }).parse(JSON.parse(s));
        } catch {
          ctx.addIssue({ code: "custom", message: "bad token" });
          return z.NEVER;
        }
      }),
  ),
});

export async function consumerDeviceAction(request: Request): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method === "DELETE") {
    const body = removal.safeParse(await readJson(request));
    if (!body.success) return json({ error: "Give browser_token." }, 400);
    const user = await getSessionUser(request);
    const removed = await removeSubscription(await getDatabase(), body.data.browser_token.endpoint, {
      visitorId: await readVisitorId(request),
      userId: user?.id ?? null,
    });
    return json({ removed }, 200);
  }
  if (method !== "POST") return json({ error: "POST or DELETE" }, 405, { Allow: "POST, DELETE" });
  const parsed = devicePayload.safeParse(await readJson(request));
  if (!parsed.success) return json({ error: "Give brand, pixall_id and browser_token (a push subscription)." }, 400);
  const limited = await takeRateLimit([`push-device:ip:${clientAddress(request)}`], DEVICE_LIMIT);
  if (!limited.ok) return json({ error: rateLimitMessage(limited.retryAfterS) }, 429, rateLimitHeaders(limited));
  const user = await getSessionUser(request);
  const visitor = await ensureVisitorId(request);
  const headers: Record<string, string> = visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : {};
  const db = await getDatabase();
  const id = await serviceCalls().registerDevice(() => saveSubscription(db, parsed.data, { visitorId: visitor.id, userId: user?.id ?? null }));
  if (id === null) return json({ error: "The device could not be registered. Try again later." }, 503, headers);
  // A visitor's device: the cars it quick-saved before are its saves from now on (their drops
  // from today's price are pushed to it; app/server/push/visitor-saves.server.ts).
  if (!user) await storeVisitorSaves(db, visitor.id, await readQuickSaves(request)).catch((error: unknown) => reportError("storing quick saves failed", error));
  return json({ registered: true }, 201, headers);
}
