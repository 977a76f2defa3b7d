import { describe, expect, it } from "vitest";
import { CLIENT_LOOPBACK_HEADER, forwardedClientAddress, fromLoopback, hasProxyHeaders, isLoopbackAddress } from "./client-address.server.ts";

describe("forwardedClientAddress (TRUST_PROXY_HOPS)", () => {
  it("is the socket's address with no hops trusted, whatever the header says", () => {
    expect(forwardedClientAddress("10.0.0.9", "203.0.113.1", 0)).toBe("10.0.0.9");
    expect(forwardedClientAddress(undefined, undefined, 0)).toBe("unknown");
  });

  it("reads N hops from the right: the entries a client prepends are never the address", () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; one proxy appended the address it saw.
    expect(forwardedClientAddress("10.0.0.9", "1.1.1.1, 198.51.100.7", 1)).toBe("198.51.100.7");
    expect(forwardedClientAddress("10.0.0.9", "1.1.1.1, 198.51.100.7, 10.0.0.5", 2)).toBe("198.51.100.7");
    expect(forwardedClientAddress("10.0.0.9", ["1.1.1.1", "198.51.100.7"], 1)).toBe("198.51.100.7");
  });

  it("takes the furthest entry when there are fewer than the hops, and the socket when there is none", () => {
    expect(forwardedClientAddress("10.0.0.9", "198.51.100.7", 3)).toBe("198.51.100.7");
    expect(forwardedClientAddress("10.0.0.9", " , ", 1)).toBe("10.0.0.9");
    expect(forwardedClientAddress("10.0.0.9", undefined, 1)).toBe("10.0.0.9");
  });
});

describe("loopback", () => {
  it("knows loopback addresses, IPv4, IPv6 and mapped", () => {
    for (const a of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ["10.213.0.2", "::ffff:10.0.0.1", "128.0.0.1", "fe80::1", "", undefined, "127.0.0.1.evil"])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });

  it("sees proxy headers", () => {
    expect(hasProxyHeaders({ "x-forwarded-for": "1.2.3.4" })).toBe(true);
    expect(hasProxyHeaders({ forwarded: "for=1.2.3.4" })).toBe(true);
    expect(hasProxyHeaders({ host: "localhost" })).toBe(false);
  });

  it("trusts only the server's mark", () => {
    expect(fromLoopback(new Request("http://x/", { headers: { [CLIENT_LOOPBACK_HEADER]: "1" } }))).toBe(true);
    expect(fromLoopback(new Request("http://x/"))).toBe(false);
  });
});
