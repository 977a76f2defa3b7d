// Rate limits for public form actions (sign-in, sign-up, contact, make offer, report, email
// capture). A sliding window of hit times per key, kept in this process's memory: each app
// instance counts on its own, so N instances allow up to N times the limit (documented in
// docs/decisions/005-rate-limits.md). Keys are "<action>:ip:<address>" or "<action>:email:<addr>".
export interface RateLimitRule {
  /** Hits allowed inside the window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  ok: boolean;
  /** Seconds until the next hit would be allowed (0 when ok). */
  retryAfterS: number;
}

const hits = new Map<string, number[]>();
let lastSweep = 0;

function sweep(now: number, maxWindowMs: number) {
  if (now - lastSweep < 60_000) return;
  lastSweep = now;
  for (const [key, times] of hits) {
    if (times.length === 0 || now - times[times.length - 1]! > maxWindowMs) hits.delete(key);
  }
}

/** Counts one hit for every key; refused (and not counted) when any key is over its rule. */
export function takeRateLimit(keys: string[], rule: RateLimitRule, now = Date.now()): RateLimitResult {
  sweep(now, Math.max(rule.windowMs, 3_600_000));
  let retryAfterMs = 0;
  for (const key of keys) {
    const times = (hits.get(key) ?? []).filter((t) => now - t < rule.windowMs);
    hits.set(key, times);
    if (times.length >= rule.limit) retryAfterMs = Math.max(retryAfterMs, rule.windowMs - (now - times[0]!));
  }
  if (retryAfterMs > 0) return { ok: false, retryAfterS: Math.ceil(retryAfterMs / 1000) };
  for (const key of keys) hits.get(key)!.push(now);
  return { ok: true, retryAfterS: 0 };
}

/** The header the HTTP server sets on every request (overwriting anything the client sent). */
export const CLIENT_ADDRESS_HEADER = "x-forecourt-client-address";

/** The client address as the HTTP server saw it (app/server/http/app.server.ts sets it). */
export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || "unknown";
}

/** The message a refused form shows (HTTP 429). */
export function rateLimitMessage(retryAfterS: number): string {
  const minutes = Math.ceil(retryAfterS / 60);
  return retryAfterS < 90
    ? `Too many attempts. Please wait ${retryAfterS} seconds and try again.`
    : `Too many attempts. Please wait ${minutes} minutes and try again.`;
}

/** Headers of a refused form's 429: when to try again. */
export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  return { "Retry-After": String(Math.max(1, result.retryAfterS)) };
}

/** Tests only: forget every hit. */
export function resetRateLimits() {
  hits.clear();
}
