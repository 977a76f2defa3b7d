import { describe, expect, it } from "vitest";
import { parseEnv } from "../../server/env.server.ts";
import { devMailEnabled } from "./loader.server.ts";

describe("devMailEnabled", () => {
  it("serves the outbox reader outside production, and in production only with DEV_MAIL", () => {
    expect(devMailEnabled(parseEnv({ SESSION_SECRET: "x".repeat(40) }))).toBe(true);
    expect(devMailEnabled(parseEnv({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(40) }))).toBe(true);
    const prod = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), PUBLIC_ORIGIN: "https://cars.example" };
    expect(devMailEnabled(parseEnv(prod))).toBe(false);
    expect(devMailEnabled(parseEnv({ ...prod, DEV_MAIL: "false" }))).toBe(false);
    expect(devMailEnabled(parseEnv({ ...prod, DEV_MAIL: "true" }))).toBe(true);
  });
});
