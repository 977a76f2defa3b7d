// One limit for saves, cars and searches alike (docs/accounts.md, docs/resilience-and-security.md):
// the heart's action (app/routes/account-save-vehicle/) and Save search's
// (app/routes/account-save-search/) count against it.
import { clientAddress, takeRateLimit, type RateLimitRule } from "../security/rate-limit.server.ts";

/** Saves (cars and searches) per account and per address: a person saves a few a minute at most. */
export const SAVE_LIMITS = { user: { limit: 30, windowMs: 60_000 }, ip: { limit: 120, windowMs: 60_000 } } satisfies Record<string, RateLimitRule>;

/** Counts one save for the account and its address; the 429 reply when over. */
export async function takeSaveLimit(request: Request, userId: number) {
  const perIp = await takeRateLimit([`save:ip:${clientAddress(request)}`], SAVE_LIMITS.ip);
  return perIp.ok ? await takeRateLimit([`save:user:${userId}`], SAVE_LIMITS.user) : perIp;
}
