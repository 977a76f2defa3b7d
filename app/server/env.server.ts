// Typed, validated environment. Parsed once at start-up; a bad value stops the process with the
// failing names. Every setting has a working local default except SESSION_SECRET in production.
import { randomBytes } from "node:crypto";
import { z } from "zod";

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
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
  /** Signs session cookies. Generated per process for local use; required in production. */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Public origin, used for canonical URLs and mail links. */
  PUBLIC_ORIGIN: z.string().url().default("http://localhost:3000"),
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
  ALERTS_INTERVAL_MS: z.coerce.number().int().min(0).default(10 * 60_000),
  /**
   * Accounts (by email, comma-separated) that may review reported listings at /operator/reports.
   * Empty: nobody (the page answers 404).
   */
  OPERATOR_EMAILS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((e) => e.trim().toLowerCase()).filter(Boolean)),
  /**
   * How long anonymous results pages, vehicle pages and type-ahead answers are served from the
   * page cache (app/server/http/page-cache.server.ts); 0 turns it off.
   */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
});

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string };

let cached: Env | undefined;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const names = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${names}`);
  }
  const env = result.data;
  if (!env.SESSION_SECRET) {
    if (env.NODE_ENV === "production") {
      throw new Error("Invalid environment: SESSION_SECRET: required in production (at least 32 characters)");
    }
    return { ...env, SESSION_SECRET: randomBytes(32).toString("hex") };
  }
  return env as Env;
}

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests. */
export function resetEnvCache(): void {
  cached = undefined;
}
