import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localSessionSecret, parseEnv, serverProcesses } from "./env.server.ts";

const dir = mkdtempSync(path.join(tmpdir(), "forecourt-env-"));
const local = { SESSION_SECRET_FILE: path.join(dir, "session-secret") };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("environment", () => {
  it("has working local defaults", () => {
    const env = parseEnv(local);
    expect(env.PORT).toBe(3000);
    expect(env.SQLITE_PATH).toBe("data/forecourt.db");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(env.SEED_LISTINGS).toBe(20000);
    expect(env.PUBLIC_ORIGIN).toBe("http://localhost:3000");
    expect(parseEnv({ ...local, PORT: "3210" }).PUBLIC_ORIGIN).toBe("http://localhost:3210");
    expect(parseEnv({ ...local, PUBLIC_ORIGIN: "https://cars.example//" }).PUBLIC_ORIGIN).toBe("https://cars.example");
  });

  it("generates the local session secret once, into a file only its owner reads, and every parse reads it", () => {
    const file = path.join(dir, "once", "secret");
    const first = parseEnv({ SESSION_SECRET_FILE: file }).SESSION_SECRET;
    expect(parseEnv({ SESSION_SECRET_FILE: file }).SESSION_SECRET).toBe(first);
    expect(localSessionSecret(file)).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Set explicitly, it wins.
    expect(parseEnv({ SESSION_SECRET_FILE: file, SESSION_SECRET: "y".repeat(40) }).SESSION_SECRET).toBe("y".repeat(40));
  });

  it("requires a session secret and the public origin in production, naming them", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET.*PUBLIC_ORIGIN/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) })).toThrow(/required in production: PUBLIC_ORIGIN/);
    expect(() => parseEnv({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://cars.example" })).toThrow(/required in production: SESSION_SECRET/);
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), PUBLIC_ORIGIN: "https://cars.example" });
    expect(env.SESSION_SECRET).toBe("x".repeat(40));
    expect(env.PUBLIC_ORIGIN).toBe("https://cars.example");
  });

  it("reads TRUST_PROXY=true as one proxy hop", () => {
    expect(parseEnv(local).TRUST_PROXY_HOPS).toBe(0);
    expect(parseEnv({ ...local, TRUST_PROXY: "true" }).TRUST_PROXY_HOPS).toBe(1);
    expect(parseEnv({ ...local, TRUST_PROXY_HOPS: "2" }).TRUST_PROXY_HOPS).toBe(2);
  });

  it("runs one server process per core in production, one elsewhere, or WEB_CONCURRENCY's number", () => {
    expect(serverProcesses(parseEnv(local), 2)).toBe(1);
    const prod = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), PUBLIC_ORIGIN: "https://cars.example" };
    expect(serverProcesses(parseEnv(prod), 2)).toBe(2);
    expect(serverProcesses(parseEnv({ ...prod, WEB_CONCURRENCY: "1" }), 2)).toBe(1);
    expect(serverProcesses(parseEnv({ ...local, WEB_CONCURRENCY: "3" }), 2)).toBe(3);
    expect(() => parseEnv({ ...local, WEB_CONCURRENCY: "many" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("stops with the failing names", () => {
    expect(() => parseEnv({ PORT: "http", DATABASE_URL: "mysql://x" })).toThrow(/PORT.*DATABASE_URL|DATABASE_URL.*PORT/);
  });

  it("accepts a PostgreSQL URL", () => {
    expect(parseEnv({ ...local, DATABASE_URL: "postgres://root@127.0.0.1:5432/test" }).DATABASE_URL).toBe("postgres://root@127.0.0.1:5432/test");
  });
});
