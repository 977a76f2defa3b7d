// Sending a web push (RFC 8030) with the web-push package's RFC 8291 encryption (aes128gcm) and
// RFC 8292 VAPID header (decision 023). The request itself goes through fetch, so its timeout and
// retries are ours: 404/410 deletes the subscription (the browser dropped it); 429 and 5xx are
// retried with backoff (Retry-After when given, capped); any other answer is a failure.
import webpush from "web-push";
import type { Database } from "../db/connection.server.ts";
import { log } from "../observability/log.server.ts";
import type { PushSubscriptionRow } from "./subscriptions.server.ts";
import { vapidKeys } from "./vapid.server.ts";

/** What a notification carries; the service worker shows it and opens `url` on a click. */
export interface PushPayload {
  title: string;
  body: string;
  /** A site path (the car or the search). */
  url: string;
  tag: string;
}

export const PUSH_TTL_S = 24 * 3600;
export const PUSH_TIMEOUT_MS = 5_000;
export const PUSH_RETRIES = 3;
export const PUSH_BACKOFF_MS = 500;
const RETRY_AFTER_CAP_MS = 10_000;

export type PushOutcome = "sent" | "gone" | "failed" | "off";

export interface SendOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  backoffMs?: number;
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function sendPush(db: Database, sub: PushSubscriptionRow, payload: PushPayload, opts: SendOptions = {}): Promise<PushOutcome> {
  const keys = vapidKeys();
  if (!keys) return "off";
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
    vapidDetails: keys,
    TTL: PUSH_TTL_S,
    contentEncoding: "aes128gcm",
    urgency: "normal",
    topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32) || undefined,
  });
  const doFetch = opts.fetch ?? fetch;
  const sleep = opts.sleep ?? wait;
  const base = opts.backoffMs ?? PUSH_BACKOFF_MS;
  for (let attempt = 0; ; attempt++) {
    let status = 0;
    let retryAfter: string | null = null;
    try {
      const res = await doFetch(details.endpoint, {
        method: "POST",
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        redirect: "error",
      });
      status = res.status;
      retryAfter = res.headers.get("retry-after");
      await res.arrayBuffer().catch(() => null);
    } catch (error) {
      log("warn", "push request failed", { subscription: sub.id, attempt, error: String(error) });
    }
    if (status >= 200 && status < 300) return "sent";
    if (status === 404 || status === 410) {
      await db.kysely.deleteFrom("push_subscriptions").where("id", "=", sub.id).execute();
      log("info", "push subscription gone, deleted", { subscription: sub.id, status });
      return "gone";
    }
    const retriable = status === 0 || status === 429 || status >= 500;
    if (!retriable || attempt >= PUSH_RETRIES) {
      log("warn", "push not delivered", { subscription: sub.id, status, attempts: attempt + 1 });
      return "failed";
    }
    const after = retryAfter && /^\d{1,4}$/.test(retryAfter) ? Math.min(Number(retryAfter) * 1000, RETRY_AFTER_CAP_MS) : null;
    await sleep(after ?? base * 2 ** attempt);
  }
}

/**
 * One push per key, ever (across runs, restarts and instances): the key is claimed in sent_alerts
 * first (the insert that wins sends); a failed send gives the claim back so a later run tries again.
 */
export async function pushOnce(
  db: Database,
  key: string,
  sub: PushSubscriptionRow,
  payload: PushPayload,
  now: number,
  opts?: SendOptions,
): Promise<PushOutcome | "duplicate"> {
  const claim = await db.kysely
    .insertInto("sent_alerts")
    .values({ alert_key: key, sent_at: now })
    .onConflict((oc) => oc.column("alert_key").doNothing())
    .returning("alert_key")
    .executeTakeFirst();
  if (!claim) return "duplicate";
  const outcome = await sendPush(db, sub, payload, opts);
  if (outcome === "failed" || outcome === "off") await db.kysely.deleteFrom("sent_alerts").where("alert_key", "=", key).execute();
  return outcome;
}
