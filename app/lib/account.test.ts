import { describe, expect, it } from "vitest";
import { safeRefUrl, signInHref } from "./account.ts";
import { passwordRule } from "./account-schemas.ts";

describe("safeRefUrl", () => {
  it("keeps same-site paths", () => {
    expect(safeRefUrl("/cars-for-sale?makeCode=TOYOTA#x")).toBe("/cars-for-sale?makeCode=TOYOTA#x");
    expect(safeRefUrl("/account/saved")).toBe("/account/saved");
  });
  it("rejects other sites, schemes and backslashes", () => {
    for (const bad of [
      "//evil.com",
      "https://evil.com/",
      "javascript:alert(1)",
      "/\\evil.com",
      "\\\\evil",
      "evil",
      "",
      "/\u0000x",
      undefined,
      42,
      // Dot segments that collapse to a protocol-relative URL; tabs and line breaks browsers strip.
      "/.//evil.com",
      "/a/..//evil.com",
      "/%2e//evil.com",
      "/%2E%2E//evil.com",
      "/\t/evil.com",
      "/\n/evil.com",
      " //evil.com",
      "http:evil.com",
      "%2F%2Fevil.com",
    ]) {
      expect(safeRefUrl(bad, "/fallback")).toBe("/fallback");
    }
  });
});

describe("password rule", () => {
  it("wants 10+ characters with letters and a digit or symbol", () => {
    expect(passwordRule.safeParse("short1").success).toBe(false);
    expect(passwordRule.safeParse("onlyletterslong").success).toBe(false);
    expect(passwordRule.safeParse("1234567890").success).toBe(false);
    expect(passwordRule.safeParse("correct-horse").success).toBe(true);
  });
});

describe("signInHref", () => {
  it("opens the sign-up screen with defaultScreen=signup and keeps refUrl", () => {
    expect(signInHref("/account/sign-in", "/cars-for-sale?zip=10001", { signup: true })).toBe(
      "/account/sign-in?defaultScreen=signup&refUrl=%2Fcars-for-sale%3Fzip%3D10001",
    );
  });
});
