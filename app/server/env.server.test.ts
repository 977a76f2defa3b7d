import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";

describe("environment", () => {
  it("has working local defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.SQLITE_PATH).toBe("data/forecourt.db");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(env.SEED_LISTINGS).toBe(20000);
  });

  it("generates a fresh session secret per process for local use", () => {
    expect(parseEnv({}).SESSION_SECRET).not.toBe(parseEnv({}).SESSION_SECRET);
  });

  it("requires a session secret in production, naming it", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) });
    expect(env.SESSION_SECRET).toBe("x".repeat(40));
  });

  it("stops with the failing names", () => {
    expect(() => parseEnv({ PORT: "http", DATABASE_URL: "mysql://x" })).toThrow(/PORT.*DATABASE_URL|DATABASE_URL.*PORT/);
  });

  it("accepts a PostgreSQL URL", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://root@127.0.0.1:5432/test" }).DATABASE_URL).toBe("postgres://root@127.0.0.1:5432/test");
  });
});
