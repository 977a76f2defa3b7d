// VAPID keys (decision 023): from the environment in production, else generated once into
// VAPID_KEYS_FILE and read back from it, so a browser's subscription outlives a restart.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "../env.server.ts";
import { resetVapidKeys, vapidKeys } from "./vapid.server.ts";

const NAMES = ["NODE_ENV", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_KEYS_FILE", "SESSION_SECRET", "PUBLIC_ORIGIN"] as const;

describe("VAPID keys", () => {
  let dir: string;
  let file: string;
  const saved: Record<string, string | undefined> = {};

  function configure(values: Partial<Record<(typeof NAMES)[number], string>>) {
    for (const name of NAMES) delete process.env[name];
    Object.assign(process.env, values);
    resetEnvCache();
    resetVapidKeys();
  }

  beforeEach(() => {
    for (const name of NAMES) saved[name] = process.env[name];
    dir = mkdtempSync(path.join(tmpdir(), "fc-vapid-"));
    file = path.join(dir, "nested", "vapid.json");
  });

  afterEach(() => {
    for (const name of NAMES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnvCache();
    resetVapidKeys();
    rmSync(dir, { recursive: true, force: true });
  });

  it("generates a key pair once into the file, owner-only, and reads the same pair after a restart", () => {
    configure({ NODE_ENV: "development", VAPID_KEYS_FILE: file });
    const first = vapidKeys();
    expect(first?.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect(first?.privateKey).toMatch(/^[A-Za-z0-9_-]{40,50}$/);
    const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    expect(stored).toEqual({ publicKey: first!.publicKey, privateKey: first!.privateKey });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A restart (the cache forgotten) reads the kept pair instead of making a new one.
    resetVapidKeys();
    expect(vapidKeys()).toEqual(first);
  });

  it("replaces a file that does not hold a usable pair", () => {
    configure({ NODE_ENV: "development", VAPID_KEYS_FILE: file });
    vapidKeys();
    writeFileSync(file, JSON.stringify({ publicKey: "short", privateKey: 42 }));
    resetVapidKeys();
    const fresh = vapidKeys();
    expect(fresh?.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect((JSON.parse(readFileSync(file, "utf8")) as { publicKey: string }).publicKey).toBe(fresh!.publicKey);
  });

  it("takes the environment's pair when both keys are set, and writes no file", () => {
    configure({ NODE_ENV: "development", VAPID_KEYS_FILE: file, VAPID_PUBLIC_KEY: "P".repeat(87), VAPID_PRIVATE_KEY: "k".repeat(43) });
    expect(vapidKeys()).toMatchObject({ publicKey: "P".repeat(87), privateKey: "k".repeat(43) });
    expect(() => statSync(file)).toThrow();
  });

  it("in production without keys in the environment, push is off and nothing is generated", () => {
    configure({
      NODE_ENV: "production",
      VAPID_KEYS_FILE: file,
      SESSION_SECRET: "a-production-secret-that-is-long-enough-0123456789",
      PUBLIC_ORIGIN: "https://forecourt.example",
    });
    expect(vapidKeys()).toBeNull();
    expect(() => statSync(file)).toThrow();
  });
});
