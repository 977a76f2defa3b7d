import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { acceptsEncoding } from "./encoding.server.ts";
import { createPageCache, isCacheablePath, keyUrl, splitBuffer } from "./page-cache.server.ts";
import { specCookiesMiddleware } from "./spec-cookies.server.ts";

/** A server whose pages say how many times they were rendered, with a nonce like React Router's. */
async function serve(opts: { ttlMs?: number; setCookie?: boolean; status?: number; cacheControl?: string; specCookies?: boolean } = {}) {
  let renders = 0;
  let version: number | null = 1;
  let clock = 1_000_000;
  let nonceSeq = 0;
  const hits: string[] = [];
  const cache = createPageCache({
    ttlMs: opts.ttlMs ?? 10_000,
    maxEntries: 3,
    maxBytes: 10 * 1024 * 1024,
    version: () => version,
    createNonce: () => `N${++nonceSeq}xyzNONCE`,
    contentSecurityPolicy: (n) => `script-src 'self' 'nonce-${n}'`,
    onHit: (path) => hits.push(path),
    now: () => clock,
  });
  const app = express();
  app.use(compression());
  if (opts.specCookies) app.use(specCookiesMiddleware);
  app.use(cache.middleware);
  app.get("/{*splat}", (req, res) => {
    renders++;
    const nonce = `R${renders}renderNONCE`;
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'`);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    if (opts.cacheControl) res.setHeader("Cache-Control", opts.cacheControl);
    if (opts.setCookie) res.setHeader("Set-Cookie", "a=b");
    res.status(opts.status ?? 200);
    // Streamed in pieces, like a React render; long enough to be compressed; non-ASCII text.
    res.write(`<!doctype html><title>Cars — ${req.path}</title><script nonce="${nonce}">1</script>`);
    res.write(`<main>render ${renders} ${"<p>Toyota RAV4 · 2021 · $24,000</p>".repeat(200)}</main>`);
    res.end(`<script nonce="${nonce}">2</script>`);
  });
  const server = app.listen(0);
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    cache,
    hits,
    renders: () => renders,
    setVersion: (v: number | null) => (version = v),
    advance: (ms: number) => (clock += ms),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let current: Awaited<ReturnType<typeof serve>> | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

/** The server stores a page on its 'finish' event, which can come just after the client has it. */
const settle = () => new Promise((r) => setTimeout(r, 25));

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers: { "accept-encoding": "gzip", ...headers } });
  const text = await res.text();
  await settle();
  return { res, text };
}

describe("page cache", () => {
  it("serves a second anonymous request from the cache, with a new nonce in the body and the policy", async () => {
    current = await serve();
    const a = await get(`${current.base}/cars-for-sale/used/toyota`);
    const b = await get(`${current.base}/cars-for-sale/used/toyota`);
    expect(current.renders()).toBe(1);
    expect(a.res.headers.get("x-page-cache")).toBe("miss");
    expect(b.res.headers.get("x-page-cache")).toBe("hit");
    expect(b.res.headers.get("content-encoding")).toBe("gzip");
    const nonce = /'nonce-([^']+)'/.exec(b.res.headers.get("content-security-policy")!)![1];
    expect(nonce).toBe("N1xyzNONCE");
    expect(b.text).toBe(a.text.replaceAll("R1renderNONCE", nonce!));
    expect(b.text).toContain("Cars — /cars-for-sale/used/toyota");
    expect(b.text.match(/nonce="N1xyzNONCE"/g)).toHaveLength(2);
    expect(b.text).not.toContain("R1renderNONCE");
    // The next hit gets its own nonce.
    const c = await get(`${current.base}/cars-for-sale/used/toyota`);
    expect(c.text).toContain('nonce="N2xyzNONCE"');
    expect(current.hits).toEqual(["/cars-for-sale/used/toyota", "/cars-for-sale/used/toyota"]);
  });

  it("answers a client without gzip with the plain body", async () => {
    current = await serve();
    await get(`${current.base}/cars-for-sale`);
    const res = await fetch(`${current.base}/cars-for-sale`, { headers: { "accept-encoding": "identity" } });
    expect(res.headers.get("x-page-cache")).toBe("hit");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.text()).toContain("render 1");
  });

  it("never serves or stores a request that carries a cookie", async () => {
    current = await serve();
    await get(`${current.base}/cars-for-sale`, { cookie: "fc_session=abc" });
    const b = await get(`${current.base}/cars-for-sale`, { cookie: "fc_session=abc" });
    expect(b.res.headers.get("x-page-cache")).toBeNull();
    expect(current.renders()).toBe(2);
    await get(`${current.base}/cars-for-sale`);
    await get(`${current.base}/cars-for-sale`, { cookie: "fc_compare=1" });
    expect(current.renders()).toBe(4);
  });

  it("does not store responses that set a cookie, fail, or say no-store", async () => {
    for (const opts of [{ setCookie: true }, { status: 500 }, { cacheControl: "no-store" }]) {
      current = await serve(opts);
      await get(`${current.base}/cars-for-sale`);
      await get(`${current.base}/cars-for-sale`);
      expect(current.renders()).toBe(2);
      await current.close();
      current = null;
    }
  });

  it("stores a page whose only cookies are the spec's cookies from its address, and sets them on every hit", async () => {
    current = await serve({ specCookies: true });
    const url = `${current.base}/cars-for-sale/used/toyota?zip=30301&psid=partner-7`;
    const a = await get(url);
    const b = await get(url);
    expect(current.renders()).toBe(1);
    expect(b.res.headers.get("x-page-cache")).toBe("hit");
    for (const r of [a, b]) expect(r.res.headers.getSetCookie().map((c) => c.split(";")[0])).toEqual(["psid=partner-7", "ATC_USER_ZIP=30301"]);
  });

  it("renders afresh once the inventory version changes, and not while changes are pending", async () => {
    current = await serve();
    await get(`${current.base}/cars-for-sale`);
    await get(`${current.base}/cars-for-sale`);
    expect(current.renders()).toBe(1);
    current.setVersion(2);
    const after = await get(`${current.base}/cars-for-sale`);
    expect(after.text).toContain("render 2");
    current.setVersion(null);
    await get(`${current.base}/cars-for-sale`);
    expect(current.renders()).toBe(3);
  });

  it("past the TTL one request re-renders while the others still get the stale page", async () => {
    current = await serve({ ttlMs: 1000 });
    await get(`${current.base}/cars-for-sale`);
    current.advance(1500);
    const refresh = await get(`${current.base}/cars-for-sale`);
    expect(refresh.res.headers.get("x-page-cache")).toBe("miss");
    expect(refresh.text).toContain("render 2");
    const again = await get(`${current.base}/cars-for-sale`);
    expect(again.res.headers.get("x-page-cache")).toBe("hit");
    expect(again.text).toContain("render 2");
    // Long past the TTL the old page is not served at all.
    current.advance(5000);
    expect((await get(`${current.base}/cars-for-sale`)).text).toContain("render 3");
  });

  it("keys on the whole URL, caches only its paths, and keeps at most maxEntries", async () => {
    current = await serve();
    await get(`${current.base}/cars-for-sale?zip=10001`);
    const other = await get(`${current.base}/cars-for-sale?zip=30301`);
    expect(other.text).toContain("render 2");
    await get(`${current.base}/account/saved`);
    await get(`${current.base}/account/saved`);
    expect(current.renders()).toBe(4);
    for (const p of ["a", "b", "c", "d"]) await get(`${current.base}/cars-for-sale/${p}`);
    expect(current.cache.stats().entries).toBe(3);
  });
});

describe("helpers", () => {
  it("splits a buffer at every separator", () => {
    expect(splitBuffer(Buffer.from("aXXbXXXXc"), Buffer.from("XX")).map(String)).toEqual(["a", "b", "", "c"]);
    expect(splitBuffer(Buffer.from("abc"), Buffer.from("X")).map(String)).toEqual(["abc"]);
  });

  it("reads Accept-Encoding", () => {
    expect(acceptsEncoding("gzip, deflate, br", "gzip")).toBe(true);
    expect(acceptsEncoding("gzip, deflate, br", "br")).toBe(true);
    expect(acceptsEncoding("br;q=1.0, gzip;q=0.8", "gzip")).toBe(true);
    expect(acceptsEncoding("gzip;q=0", "gzip")).toBe(false);
    expect(acceptsEncoding("gzip", "br")).toBe(false);
    expect(acceptsEncoding("identity", "gzip")).toBe(false);
    expect(acceptsEncoding(undefined, "gzip")).toBe(false);
  });

  it("caches results, vehicle and type-ahead paths only", () => {
    expect(isCacheablePath("/cars-for-sale")).toBe(true);
    expect(isCacheablePath("/cars-for-sale/vehicle/12")).toBe(true);
    expect(isCacheablePath("/rest/lsc/marketplace/suggested/keywords/toy")).toBe(true);
    expect(isCacheablePath("/cars-for-sale.data")).toBe(false);
    expect(isCacheablePath("/cars-for-sale-batch")).toBe(false);
    expect(isCacheablePath("/account")).toBe(false);
    expect(isCacheablePath("/compare")).toBe(false);
  });
});

it("a gzip hit decodes to exactly the plain hit", async () => {
  current = await serve();
  await get(`${current.base}/cars-for-sale`);
  const raw = await new Promise<Buffer>((resolve, reject) => {
    import("node:http").then((http) =>
      http.get(`${current!.base}/cars-for-sale`, { headers: { "accept-encoding": "gzip", "user-agent": "node" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (d: Buffer) => chunks.push(d));
        res.on("end", () => resolve(Buffer.concat(chunks)));
        res.on("error", reject);
      }),
    );
  });
  const text = gunzipSync(raw).toString("utf8");
  expect(text).toContain('nonce="N1xyzNONCE"');
  expect(text).toContain("Toyota RAV4 · 2021");
  expect(text.endsWith('<script nonce="N1xyzNONCE">2</script>')).toBe(true);
});

describe("cache keys", () => {
  it("leave a listing link's click parameters out, so every tile shares the car's entry", () => {
    expect(keyUrl("/cars-for-sale/vehicle/12?clickType=listing&tileClick=v_lstg_3")).toBe("/cars-for-sale/vehicle/12");
    expect(keyUrl("/cars-for-sale/vehicle/12?zip=30301&tileClick=similar")).toBe("/cars-for-sale/vehicle/12?zip=30301");
    expect(keyUrl("/cars-for-sale?makeCode=TOYOTA")).toBe("/cars-for-sale?makeCode=TOYOTA");
  });
});
