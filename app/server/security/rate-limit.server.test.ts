import { beforeEach, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddress, rateLimitMessage, resetRateLimits, takeRateLimit } from "./rate-limit.server.ts";

describe("takeRateLimit", () => {
  beforeEach(() => resetRateLimits());
  const rule = { limit: 3, windowMs: 60_000 };

  it("allows up to the limit inside the window, then refuses with the wait", () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(takeRateLimit(["contact:ip:1"], rule, t0 + i).ok).toBe(true);
    const refused = takeRateLimit(["contact:ip:1"], rule, t0 + 10);
    expect(refused).toEqual({ ok: false, retryAfterS: 60 });
    expect(takeRateLimit(["contact:ip:1"], rule, t0 + 60_001).ok).toBe(true);
  });

  it("refuses when any key is over, and counts nothing then", () => {
    const t0 = 5_000_000;
    for (let i = 0; i < 3; i++) takeRateLimit(["c:email:a@b.c"], rule, t0);
    expect(takeRateLimit(["c:ip:9", "c:email:a@b.c"], rule, t0 + 1).ok).toBe(false);
    // The IP key was not charged by the refused attempt.
    for (let i = 0; i < 3; i++) expect(takeRateLimit(["c:ip:9"], rule, t0 + 2).ok).toBe(true);
  });

  it("keeps keys apart", () => {
    for (let i = 0; i < 3; i++) takeRateLimit(["a"], rule, 1);
    expect(takeRateLimit(["b"], rule, 2).ok).toBe(true);
  });

  it("reads the address the server put in its own header", () => {
    expect(clientAddress(new Request("http://x/", { headers: { [CLIENT_ADDRESS_HEADER]: "10.0.0.7" } }))).toBe("10.0.0.7");
    expect(clientAddress(new Request("http://x/"))).toBe("unknown");
  });

  it("words the wait", () => {
    expect(rateLimitMessage(30)).toBe("Too many attempts. Please wait 30 seconds and try again.");
    expect(rateLimitMessage(600)).toBe("Too many attempts. Please wait 10 minutes and try again.");
  });
});
