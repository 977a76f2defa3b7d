// Rate limits for public form actions (sign-in, sign-up, contact, make offer, report, email
// capture). Counted with rate-limiter-flexible in the project's database (the `rate_limits` table,
// app/server/security/rate-limit-store.server.ts), so every app instance on one SQLite file or
// one PostgreSQL database shares each quota (docs/decisions/021-infrastructure-hardening.md; the
// first design, per process, is docs/decisions/005-rate-limits.md). A window starts with a key's
// first hit and lasts the rule's window. Keys are "<action>:ip:<address>" or "<action>:email:<addr>".
import { RateLimiterRes } from "rate-limiter-flexible";
import { getDatabase, type Database } from "../db/connection.server.ts";
import { reportError } from "../observability/log.server.ts";
import { RateLimiterDatabase } from "./rate-limit-store.server.ts";

export { CLIENT_ADDRESS_HEADER, clientAddress } from "./client-address.server.ts";

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

export interface RateLimitOptions {
  /** The database holding the counters (default: the app's). */
  db?: Database;
}

const limiters = new WeakMap<Database, Map<string, RateLimiterDatabase>>();

function limiterFor(db: Database, rule: RateLimitRule): RateLimiterDatabase {
  let byRule = limiters.get(db);
  if (!byRule) limiters.set(db, (byRule = new Map()));
  const name = `${rule.limit}/${rule.windowMs}`;
  let limiter = byRule.get(name);
  if (!limiter) {
    // The rule is part of the stored key: one key under two rules keeps two counters.
    limiter = new RateLimiterDatabase({ db, points: rule.limit, duration: Math.max(1, Math.ceil(rule.windowMs / 1000)), keyPrefix: `rl:${name}` });
    byRule.set(name, limiter);
  }
  return limiter;
}

const msToS = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts one hit for every key; refused (and not counted) when any key is over its rule. With
 * several instances a race can refuse a hit the quota would just have allowed, never the reverse.
 * If the database cannot be reached the hit is allowed and the failure reported: a form whose own
 * write needs the same database fails on that write anyway.
 */
export async function takeRateLimit(keys: string[], rule: RateLimitRule, options: RateLimitOptions = {}): Promise<RateLimitResult> {
  try {
    const db = options.db ?? (await getDatabase());
    const limiter = limiterFor(db, rule);
    // Already over: refuse without counting.
    let waitMs = 0;
    for (const key of keys) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= rule.limit) waitMs = Math.max(waitMs, res.msBeforeNext);
    }
    if (waitMs > 0) return { ok: false, retryAfterS: msToS(waitMs) };
    const taken: string[] = [];
    for (const key of keys) {
      try {
        await limiter.consume(key);
        taken.push(key);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        // Another instance got there first: give back what this attempt took, this key included.
        for (const k of [...taken, key]) await limiter.reward(k);
        return { ok: false, retryAfterS: msToS(refusal.msBeforeNext) };
      }
    }
    return { ok: true, retryAfterS: 0 };
  } catch (error) {
    reportError("rate limit store failed; the hit was allowed", error, { keys: keys.join(" ") });
    return { ok: true, retryAfterS: 0 };
  }
}

/** Hits counted on a key in its current window (0 when none). */
export async function rateLimitHits(key: string, rule: RateLimitRule, options: RateLimitOptions = {}): Promise<number> {
  try {
    const res = await limiterFor(options.db ?? (await getDatabase()), rule).get(key);
    return res?.consumedPoints ?? 0;
  } catch (error) {
    reportError("rate limit store failed", error, { key });
    return 0;
  }
}

/** Counts a hit without refusing (for counters that slow down rather than refuse). */
export async function addRateLimitHit(key: string, rule: RateLimitRule, options: RateLimitOptions = {}): Promise<void> {
  try {
    await limiterFor(options.db ?? (await getDatabase()), rule).penalty(key);
  } catch (error) {
    reportError("rate limit store failed", error, { key });
  }
}

/** Forgets a key's hits (a successful sign-in clears its address's failures). */
export async function clearRateLimit(key: string, rule: RateLimitRule, options: RateLimitOptions = {}): Promise<void> {
  try {
    await limiterFor(options.db ?? (await getDatabase()), rule).delete(key);
  } catch (error) {
    reportError("rate limit store failed", error, { key });
  }
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

/** Tests only: forget every counter in the database. */
export async function resetRateLimits(db?: Database): Promise<void> {
  await (db ?? (await getDatabase())).kysely.deleteFrom("rate_limits").execute();
}
