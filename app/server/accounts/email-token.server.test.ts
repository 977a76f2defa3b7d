// The links mailed to prove an address: signed, bound to what they confirm and the address, expiring.
import { describe, expect, it } from "vitest";
import { EMAIL_LINK_TTL_MS } from "../../lib/constants.ts";
import { emailLinkToken, verifyEmailLinkToken } from "./email-token.server.ts";

const SECRET = "test-secret-that-is-long-enough-0123456789";
const NOW = Date.UTC(2026, 10, 24, 12);

describe("email link tokens", () => {
  it("round-trips each kind of target", () => {
    for (const target of [
      { kind: "account", userId: 7, email: "a@example.com" },
      { kind: "price", id: 12, email: "b@example.com" },
      { kind: "search", id: "AbC-_12", email: "c@example.com" },
    ] as const) {
      expect(verifyEmailLinkToken(SECRET, emailLinkToken(SECRET, target, NOW), NOW)).toEqual({ ok: true, target });
    }
  });

  it("refuses another secret, a changed payload or signature, garbage, and an expired link", () => {
    const token = emailLinkToken(SECRET, { kind: "account", userId: 7, email: "a@example.com" }, NOW);
    const [payload, mac] = token.split(".");
    expect(verifyEmailLinkToken("another-secret-that-is-long-enough-000000", token, NOW)).toEqual({ ok: false, reason: "invalid" });
    const moved = Buffer.from(JSON.stringify(["account", "7", "evil@example.com", NOW + 1000])).toString("base64url");
    expect(verifyEmailLinkToken(SECRET, `${moved}.${mac}`, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyEmailLinkToken(SECRET, `${payload}.${mac!.slice(0, -2)}AA`, NOW)).toEqual({ ok: false, reason: "invalid" });
    for (const junk of [null, "", ".", "a.b.c", "x".repeat(2000), 42]) expect(verifyEmailLinkToken(SECRET, junk, NOW).ok).toBe(false);
    expect(verifyEmailLinkToken(SECRET, token, NOW + EMAIL_LINK_TTL_MS - 1).ok).toBe(true);
    expect(verifyEmailLinkToken(SECRET, token, NOW + EMAIL_LINK_TTL_MS + 1)).toEqual({ ok: false, reason: "expired" });
  });
});
