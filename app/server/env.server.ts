// Typed, validated environment. Parsed once at start-up; a bad value stops the process with the
// failing names. Every setting has a working local default; production requires SESSION_SECRET and
// PUBLIC_ORIGIN (docs/resilience-and-security.md, "What production needs").
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { LISTING_CONFIRM_DAYS, SAVED_SEARCHES_MAX, SAVED_VEHICLES_MAX } from "../lib/constants.ts";

/** SQLite's own page cache per connection when SQLITE_CACHE_MB is unset, MB (docs/performance.md, Memory). */
export const DEFAULT_SQLITE_CACHE_MB = 16;

const boolish = z.enum(["true", "false", "1", "0", "yes", "no", ""]).transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  NODE_ENV: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["development", "production", "test"]).default("development")),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /**
   * HTTP server processes (`npm start`, docs/performance.md): "auto" is one per core in
   * production and 1 elsewhere; each process holds its own search index (about 135 MB at 1M).
   */
  WEB_CONCURRENCY: z
    .union([z.literal("auto"), z.literal(""), z.coerce.number().int().min(1).max(64)])
    .default("auto")
    .transform((v) => (v === "" ? "auto" : v)),
  /** PostgreSQL connection string; when absent the embedded SQLite file is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** SQLite file path (embedded default). */
  SQLITE_PATH: z.string().default("data/forecourt.db"),
  /** SQLite commit durability: FULL (fsync per commit, survives power loss) or NORMAL (survives a killed process). */
  SQLITE_SYNCHRONOUS: z.enum(["FULL", "NORMAL"]).default("FULL"),
  /** SQLite's own page cache per connection, MB (docs/performance.md, Memory). */
  SQLITE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(DEFAULT_SQLITE_CACHE_MB),
  /**
   * Signs session cookies and unsubscribe links. Required in production; locally it is generated
   * once into SESSION_SECRET_FILE and read from there by every entry point (server, alerts, feed).
   */
  SESSION_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Where the local session secret is kept (outside production, when SESSION_SECRET is not set). */
  SESSION_SECRET_FILE: z.string().default("data/session-secret"),
  /** Public origin (https://www.example.com), used for canonical URLs and mail links. Required in production. */
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** SMTP connection URL; without it mail stays in the outbox (readable at /dev/mail locally). */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Forecourt <no-reply@forecourt.local>"),
  /** Serve the outbox reader at /dev/mail even when NODE_ENV=production (browser tests, staging). */
  DEV_MAIL: boolish.default(false),
  /** Feature flag overrides: a JSON object, and/or a JSON file path. FLAG_<NAME>=value also works. */
  FLAGS_JSON: z.string().optional(),
  FLAGS_FILE: z.string().default("config/flags.json"),
  /** Inventory size seeded automatically into an empty database by `npm start`. */
  SEED_LISTINGS: z.coerce.number().int().min(0).max(2_000_000).default(20_000),
  SEED_ON_START: boolish.default(true),
  /** Call the services (search, count, ...) over HTTP at this base URL instead of in-process. */
  SERVICES_BASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** How often the app runs the alert jobs (saved-search digests, price drops); 0 turns the in-app runner off. */
  /** Days a dealer-feed listing stays in search without its feed confirming it (docs/decisions/030-no-stale-or-bait-listings.md). */
  LISTING_CONFIRM_DAYS: z.coerce.number().int().min(1).max(365).default(LISTING_CONFIRM_DAYS),
  /** How often the app hides feed listings not confirmed lately (0: only at start). */
  /** How often page-event counts are added to the database (docs/analytics.md). */
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  LISTING_CHECKS_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
  ALERTS_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 60_000),
  /**
   * Accounts (by email, comma-separated) that may review reported listings at /operator/reports.
   * Empty: nobody (the page answers 404).
   */
  OPERATOR_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Test hook (browser journeys only, never set in a deployment): a `MAKE|MODEL` whose research
   * services (consumer ratings, safety ratings, expert reviews) fail, so a journey can see the page
   * stay up without those sections.
   */
  E2E_FAIL_RESEARCH_MODEL: z.string().optional(),
  /** Test hook (browser journeys only): searching exactly this keyword fails, to reach the error screen. */
  E2E_FAIL_SEARCH_KEYWORD: z.string().optional(),
  /**
   * Test hook (browser journeys only): a down payment (whole dollars) for which the deals service
   * fails, so a journey sees the deal form's 'Circuit Breaker for /deals is open' (ADR 028).
   */
  E2E_FAIL_DEAL_DOWN: z.coerce.number().int().optional(),
  /**
   * Test hook (browser journeys only, never set in a deployment): a request's `e2e_flags` cookie
   * (a JSON object of flag values) overrides the feature flags for that request, so one journey
   * can turn a flag on (the house ads) without changing the others. A cookie keeps the page out of
   * the page cache.
   */
  E2E_FLAGS_COOKIE: boolish.default(false),
  /**
   * Test hook (browser journeys only, never set in a deployment): a visitor id (the fc_vid cookie)
   * for whose requests the certified-sponsor content fetch fails, so a journey sees a branded-program
   * car's page stand without the sponsor block (docs/services.md).
   */
  E2E_FAIL_CERTIFIED_SPONSOR_VISITOR: z.string().optional(),
  /**
   * How long anonymous results pages, vehicle pages and type-ahead answers are served from the
   * page cache (app/server/http/page-cache.server.ts); 0 turns it off.
   */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Saved searches / saved cars one account may keep (app/lib/constants.ts); lower values for tests. */
  SAVED_SEARCHES_MAX: z.coerce.number().int().min(1).max(SAVED_SEARCHES_MAX).default(SAVED_SEARCHES_MAX),
  SAVED_VEHICLES_MAX: z.coerce.number().int().min(1).max(SAVED_VEHICLES_MAX).default(SAVED_VEHICLES_MAX),
  /**
   * How many proxies in front of the app append to X-Forwarded-For: the client address the rate
   * limits count is the entry this many hops from the right (0: the socket's address).
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Older setting: `true` reads as TRUST_PROXY_HOPS=1 (one proxy that appends), never as "trust the first entry". */
  TRUST_PROXY: boolish.default(false),
  /**
   * Where processed dealer photos are stored (docs/photos.md): a directory, content-addressed.
   * Point several app instances at one shared directory.
   */
  PHOTO_STORE_DIR: z.string().min(1).default("data/photos"),
  /** How often the app looks for photo jobs to run; 0 turns the in-app photo runner off. */
  PHOTO_JOBS_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  /** Download timeout of one photo. */
  PHOTO_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Web push (decision 023): VAPID keys (base64url, as web-push makes them) in production; locally
  // generated once into VAPID_KEYS_FILE. The subject is a mailto: or https: URL (RFC 8292).
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default("mailto:push@forecourt.local"),
  VAPID_KEYS_FILE: z.string().default("data/vapid.json"),
  // Tests only: push endpoints on http://127.0.0.1 (a local push receiver); production takes https only.
  PUSH_ALLOW_LOOPBACK: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
});

export type Env = Omit<z.infer<typeof envSchema>, "SESSION_SECRET" | "PUBLIC_ORIGIN"> & { SESSION_SECRET: string; PUBLIC_ORIGIN: string };

/**
 * The local session secret: read from `file`, or generated there once (mode 0600). Two processes
 * starting together agree: the file is created exclusively and the loser reads the winner's.
 */
export function localSessionSecret(file: string): string {
  const read = () => readFileSync(file, "utf8").trim();
  try {
    const existing = read();
    if (existing.length >= 32) return existing;
  } catch {
    /* not there yet */
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  try {
    writeFileSync(file, secret + "\n", { flag: "wx", mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const existing = read();
    if (existing.length >= 32) return existing;
    // A file too short to be a secret (damaged): replace it.
    writeFileSync(file, secret + "\n", { mode: 0o600 });
    chmodSync(file, 0o600);
    return secret;
  }
}

let cached: Env | undefined;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const names = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${names}`);
  }
  const { SESSION_SECRET, PUBLIC_ORIGIN, ...env } = result.data;
  const production = env.NODE_ENV === "production";
  if (production) {
    const missing = [
      ...(SESSION_SECRET ? [] : ["SESSION_SECRET (at least 32 characters)"]),
      ...(PUBLIC_ORIGIN ? [] : ["PUBLIC_ORIGIN (the site's public origin, e.g. https://www.example.com)"]),
    ];
    if (missing.length > 0) throw new Error(`Invalid environment: required in production: ${missing.join("; ")}`);
  }
  return {
    ...env,
    SESSION_SECRET: SESSION_SECRET ?? localSessionSecret(env.SESSION_SECRET_FILE),
    // Without a trailing slash, once here: every link is `PUBLIC_ORIGIN + path`.
    PUBLIC_ORIGIN: (PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    // TRUST_PROXY=true is one proxy that appends, never "trust the first entry".
    TRUST_PROXY_HOPS: Math.max(env.TRUST_PROXY_HOPS, env.TRUST_PROXY ? 1 : 0),
  };
}

const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

/**
 * LOG_LEVEL, read when asked and never throwing (the logger also reports a bad environment):
 * anything but debug, info, warn or error reads as info.
 */
export function logLevel(): (typeof LOG_LEVELS)[number] {
  const v = process.env.LOG_LEVEL;
  return (LOG_LEVELS as readonly string[]).includes(v ?? "") ? (v as (typeof LOG_LEVELS)[number]) : "info";
}

/** The FLAG_<NAME> variables (feature flag overrides, app/server/flags.server.ts), read when asked. */
export function flagVariables(): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("FLAG_")));
}

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests. */
export function resetEnvCache(): void {
  cached = undefined;
}

/** The site's public origin without a trailing slash (PUBLIC_ORIGIN, or http://localhost:PORT locally). */
export function publicOrigin(): string {
  return getEnv().PUBLIC_ORIGIN;
}

/** An absolute URL on the site for a path such as PATHS.vehicle(id): canonical links, links in mail. */
export function siteUrl(path: string): string {
  return publicOrigin() + path;
}

/** How many HTTP server processes `npm start` runs: WEB_CONCURRENCY, or for "auto" one per core in production, else 1. */
export function serverProcesses(env: Pick<Env, "WEB_CONCURRENCY" | "NODE_ENV">, cores: number): number {
  if (env.WEB_CONCURRENCY !== "auto") return env.WEB_CONCURRENCY;
  return env.NODE_ENV === "production" ? Math.max(1, cores) : 1;
}
