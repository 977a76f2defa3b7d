import { describe, expect, it } from "vitest";
import { checkSameOrigin, contentSecurityPolicy, securityHeaders } from "./headers.server.ts";

const base = {
  method: "POST",
  host: "localhost:3000",
  origin: undefined,
  referer: undefined,
  secFetchSite: undefined,
  publicOrigin: "https://www.forecourt.example",
};

describe("checkSameOrigin", () => {
  it("lets safe methods through whatever their origin", () => {
    expect(checkSameOrigin({ ...base, method: "GET", origin: "https://evil.example" }).ok).toBe(true);
  });
  it("accepts the public origin and the request's own host", () => {
    expect(checkSameOrigin({ ...base, origin: "https://www.forecourt.example" }).ok).toBe(true);
    expect(checkSameOrigin({ ...base, origin: "http://localhost:3000" }).ok).toBe(true);
    expect(checkSameOrigin({ ...base, referer: "http://localhost:3000/cars-for-sale?x=1" }).ok).toBe(true);
  });
  it("refuses another origin, a look-alike host, an opaque origin, and a foreign referer", () => {
    for (const origin of ["https://evil.example", "https://www.forecourt.example.evil.example", "http://localhost:3001", "null", "file://x"]) {
      expect(checkSameOrigin({ ...base, origin }).ok, origin).toBe(false);
    }
    expect(checkSameOrigin({ ...base, referer: "https://evil.example/page" }).ok).toBe(false);
    expect(checkSameOrigin({ ...base, method: "delete", origin: "https://evil.example" }).ok).toBe(false);
  });
  it("refuses a cross-site fetch without Origin, accepts a non-browser client with neither header", () => {
    expect(checkSameOrigin({ ...base, secFetchSite: "cross-site" }).ok).toBe(false);
    expect(checkSameOrigin(base).ok).toBe(true);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts only from self or with the nonce, and forbids framing", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy("n", { dev: true })).toContain("unsafe-eval");
  });
  it("sends HSTS only in production", () => {
    expect(securityHeaders({ production: true })["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(securityHeaders({ production: false })["Strict-Transport-Security"]).toBeUndefined();
  });
});
