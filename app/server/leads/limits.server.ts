// How many enquiries and reports one sender may make (docs/resilience-and-security.md, Rate limits):
// shared by the vehicle page's forms and one-click email.
import type { RateLimitRule } from "../security/rate-limit.server.ts";

/** Enquiries (contact or offer): per address and per sender email. */
export const LEAD_LIMITS = { ip: { limit: 20, windowMs: 3_600_000 }, email: { limit: 5, windowMs: 3_600_000 } } satisfies Record<string, RateLimitRule>;
export const REPORT_LIMIT: RateLimitRule = { limit: 10, windowMs: 3_600_000 };
/** Reports per signed-in account (on top of the address's limit). */
export const REPORT_ACCOUNT_LIMIT: RateLimitRule = { limit: 20, windowMs: 24 * 3_600_000 };
