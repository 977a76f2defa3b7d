// Smaller hardening items, through the real server (docs/resilience-and-security.md):
// - an anonymous repeat of a results page comes from the page cache, with a fresh nonce;
// - a malformed URL (`/cars-for-sale/all/%E0%A4%A`) answers the plain error page in every mode,
//   never a stack trace with file paths; the stack goes to the log;
// - `/account-api/search` takes the JSON body its handler reads (the unreadable-form guard leaves
//   the JSON services alone);
// - in production every cookie the site sets is Secure (fc_compare, fc_wallet, fc_visitor ...);
// - every page's action answers an unknown intent with a 400 and changes nothing
//   (docs/architecture.md: one intent switch per action);
// - a document is rendered whole (one data script), and compressed with brotli for browsers and
//   with gzip at GZIP_LEVEL for the rest.
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormClient, activeListingIds, startAppServer, testServerPort, type AppServer } from "../support/app-server.ts";
import { testDatabaseFactories, type TestDatabase } from "../support/databases.ts";
import { GZIP_LEVEL } from "../../app/server/http/app.server.ts";
import { rawGet } from "../support/raw-get.ts";

const root = path.resolve(import.meta.dirname, "../..");
const MALFORMED = "/cars-for-sale/all/%E0%A4%A";

function expectPlain(body: string) {
  expect(body).toContain("This address could not be read");
  expect(body).not.toContain(root);
  expect(body).not.toMatch(/URIError|\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+/);
}

describe("malformed URLs answer the plain error page, in every mode", () => {
  const modes: { name: string; env: Record<string, string>; slot: number }[] = [
    { name: "npm start without NODE_ENV", env: { NODE_ENV: "" }, slot: 11 },
    { name: "production", env: {}, slot: 12 },
  ];
  for (const mode of modes) {
    describe(mode.name, () => {
      let t: TestDatabase;
      let server: AppServer;
      beforeAll(async () => {
        t = await testDatabaseFactories()[0]!.create();
        server = await startAppServer({ port: await testServerPort(mode.slot), ...t.location, seedListings: 20, env: mode.env });
      }, 600_000);
      afterAll(async () => {
        await server?.stop();
        await t?.drop();
      });

      it(`GET ${MALFORMED}: 400, no stack or path; the stack is logged`, async () => {
        const r = await fetch(server.origin + MALFORMED, { headers: { accept: "text/html" } });
        expect(r.status).toBe(400);
        expect(r.headers.get("content-type")).toContain("text/html");
        expectPlain(await r.text());
        await expect.poll(() => server.stderr.join("")).toMatch(/"msg":"request refused".*URIError/);
      });
    });
  }
});

describe("production server: JSON services and cookies", () => {
  let t: TestDatabase;
  let server: AppServer;
  beforeAll(async () => {
    t = await testDatabaseFactories()[0]!.create();
    server = await startAppServer({ port: await testServerPort(13), ...t.location, seedListings: 30 });
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
    await t?.drop();
  });

  it("an anonymous repeat of a results page comes from the page cache with its own nonce", async () => {
    // Its own server with no journey beside it: the cache keys on the inventory version, which any
    // listing change moves (docs/decisions/012-page-cache.md). Two visitors without cookies (a
    // request with a cookie is never cached); a response is stored once it has been sent whole, so
    // the first body is read before the second visitor asks.
    const anonymous = async (url: string) => {
      const res = await fetch(server.origin + url, { redirect: "manual" });
      return { res, body: await res.text() };
    };
    const version = async () => ((await (await fetch(`${server.origin}/healthz`)).json()) as { search: { version: number } }).search.version;
    // If the server's own start-up jobs change a listing around the visits (the version moves), the
    // pair is asked again at an address nobody asked for yet, so its first visit is a miss.
    let url = "";
    let pair: [Awaited<ReturnType<typeof anonymous>>, Awaited<ReturnType<typeof anonymous>>];
    for (const zip of ["30301", "10001", "60601"]) {
      // The canonical address (a rewritten query answers 301 first), asked with HEAD: the page cache
      // keeps GET responses only, so this stores nothing.
      url = new URL((await fetch(`${server.origin}/cars-for-sale/used?zip=${zip}`, { method: "HEAD" })).url).pathname + `?zip=${zip}`;
      const before = await version();
      pair = [await anonymous(url), await anonymous(url)];
      if ((await version()) === before) break;
    }
    const [{ res: first, body: firstBody }, { res: second, body }] = pair!;
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("server-timing")).toContain("cache");
    const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
    const n1 = nonceOf(first.headers.get("content-security-policy"));
    const n2 = nonceOf(second.headers.get("content-security-policy"));
    expect(n1).toBeTruthy();
    expect(n2).toBeTruthy();
    expect(n2).not.toBe(n1);
    expect(body).toContain(`nonce="${n2}"`);
    expect(body).not.toContain(`nonce="${n1}"`);
    // Same page apart from the nonce: the same cars in the same order.
    expect(body.replaceAll(n2!, "NONCE")).toBe(firstBody.replaceAll(n1!, "NONCE"));
    // With any cookie the page is rendered for the visitor, never from the cache.
    const personal = await fetch(server.origin + url, { headers: { cookie: "fc_compare=1" }, redirect: "manual" });
    expect(personal.status).toBe(200);
    expect(personal.headers.get("x-page-cache")).toBeNull();
  });

  it("a document is rendered whole: its loader data in one script, then the data stream's close, every script with the nonce", async () => {
    // app/entry.server.tsx reads the hydration data whole before one synchronous render
    // (app/server/http/document.server.ts); the browser's hydration reads these scripts.
    const res = await fetch(`${server.origin}/cars-for-sale/all`, { headers: { cookie: "document-test=1" }, redirect: "manual" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(html.endsWith("</body></html>")).toBe(true);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    for (const [, attrs] of scripts.filter(([, a]) => !a.includes("application/ld+json"))) expect(attrs).toContain(`nonce="${nonce}"`);
    const bodies = scripts.map(([, , body]) => body);
    const enqueued = bodies.filter((b) => b.startsWith("window.__reactRouterContext.streamController.enqueue("));
    expect(enqueued).toHaveLength(1);
    const closeAt = bodies.indexOf("window.__reactRouterContext.streamController.close();");
    expect(closeAt).toBeGreaterThan(bodies.indexOf(enqueued[0]!));
    // The data is the page's: its first card's title is in it.
    const data = JSON.parse(enqueued[0]!.slice("window.__reactRouterContext.streamController.enqueue(".length, -2)) as string;
    const flat = JSON.parse(data.split("\n")[0]!) as unknown[];
    expect(flat).toContain("loaderData");
    const firstTitle = /class="card-link">([^<]+)</.exec(html)?.[1];
    expect(firstTitle).toBeTruthy();
    expect(flat).toContain(firstTitle);
  });

  it("a page goes out as brotli to a browser and as gzip at GZIP_LEVEL to a crawler", async () => {
    const raw = (encoding: string) => rawGet(`${server.origin}/cars-for-sale/all`, { "accept-encoding": encoding, cookie: "encoding-test=1" });
    const browser = await raw("gzip, deflate, br, zstd");
    expect(browser.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(browser.body).toString("utf8")).toContain('class="card-link"');
    const crawler = await raw("gzip");
    expect(crawler.headers["content-encoding"]).toBe("gzip");
    const html = gunzipSync(crawler.body);
    expect(html.toString("utf8")).toContain('class="card-link"');
    // The level shows in the size: within a few bytes of that level's own output, and well
    // away from the middleware's default (6).
    const atLevel = gzipSync(html, { level: GZIP_LEVEL }).length;
    const atDefault = gzipSync(html, { level: 6 }).length;
    expect(Math.abs(crawler.body.length - atLevel)).toBeLessThan(64);
    expect(Math.abs(atLevel - atDefault)).toBeGreaterThan(256);
  });

  it("static files: public/ and the build's files are served (an hour's cache), nothing else is, and pages still answer", async () => {
    for (const [file, type] of [
      ["/manifest.webmanifest", "application/manifest+json"],
      ["/cars-for-sale/api/push-sw.js", "text/javascript"],
      ["/favicon.svg", "image/svg+xml"],
    ] as const) {
      const r = await fetch(`${server.origin}${file}`);
      expect(r.status, file).toBe(200);
      expect(r.headers.get("content-type"), file).toContain(type);
      expect(r.headers.get("cache-control"), file).toBe("public, max-age=3600");
      expect((await r.text()).length, file).toBeGreaterThan(20);
    }
    for (const missing of ["/nope.js", "/favicon.svg/", "/cars-for-sale/api/", "/%2e%2e/package.json"])
      expect((await fetch(`${server.origin}${missing}`, { redirect: "manual" })).status, missing).not.toBe(200);
    const page = await fetch(`${server.origin}/cars-for-sale/all`, { headers: { cookie: "x=1" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Matches");
  });

  it("POST /account-api/search with a JSON body is read (not refused as an unreadable form)", async () => {
    const shopper = new FormClient(server.origin, null);
    const signUp = await shopper.post("/account/sign-in", {
      intent: "sign-up",
      email: "json-api@example.com",
      password: "correct-horse-battery-9",
      refUrl: "/account",
    });
    expect(signUp.status).toBe(302);
    expect((await shopper.post("/account/save-search", { searchUrl: "/cars-for-sale?sortBy=yearASC", title: "Oldest first" })).status).toBe(302);
    const saved = await t.db.kysely.selectFrom("saved_searches").select("id").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    const cookie = [...shopper.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const r = await fetch(`${server.origin}/account-api/search`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", origin: server.origin, cookie },
      body: JSON.stringify({ bookmarkId: saved.id, bookmarkTitle: "Oldest cars", lastExecuted: "2026/11/24 10:30:00" }),
    });
    const body = await r.text();
    expect(r.status, body.slice(0, 300)).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ bookmarkId: saved.id, bookmarkTitle: "Oldest cars" });
  });

  it("every cookie the site sets in production is Secure", async () => {
    const client = new FormClient(server.origin, null);
    const id = (await activeListingIds(t.db.kysely, "d"))[0]!;
    const lines: string[] = [];
    const collect = (headers: Headers) => lines.push(...headers.getSetCookie());
    collect((await client.post("/compare", { intent: "add", id: String(id), returnTo: "/cars-for-sale" })).headers);
    collect((await client.post("/wallet", { intent: "save", monthly: "450", down: "1000", term: "60", apr: "6.9", ref: "/cars-for-sale" })).headers);
    collect((await client.post(`/cars-for-sale/vehicle/${id}`, { intent: "report", reason: "price" })).headers);
    collect(
      (await client.post("/account/sign-in", { intent: "sign-up", email: "cookies@example.com", password: "correct-horse-battery-9", refUrl: "/account" }))
        .headers,
    );
    const names = lines.map((l) => l.split("=")[0]);
    for (const name of ["fc_compare", "fc_wallet", "fc_visitor", "__Host-fc_session"]) expect(names, lines.join("\n")).toContain(name);
    for (const line of lines) expect(line, line).toMatch(/;\s*Secure/i);
  });

  it("an unknown intent is a 400 on every page's action, and changes nothing", async () => {
    const shopper = new FormClient(server.origin, "198.51.100.77");
    expect((await shopper.post("/account/sign-in", { intent: "nonsense", email: "x@example.com", password: "correct-horse-battery-9" })).status).toBe(400);
    const signUp = await shopper.post("/account/sign-in", {
      intent: "sign-up",
      email: "intents@example.com",
      password: "correct-horse-battery-9",
      refUrl: "/account",
    });
    expect(signUp.status).toBe(302);
    const id = (await activeListingIds(t.db.kysely, "d"))[0]!;
    const posts: [string, Record<string, string>][] = [
      ["/cars-for-sale", { intent: "nonsense" }],
      ["/compare", { intent: "nonsense", id: String(id) }],
      [`/cars-for-sale/vehicle/${id}`, { intent: "nonsense", reason: "price" }],
      ["/account", { intent: "nonsense", firstName: "Changed" }],
      ["/account/saved", { intent: "nonsense", bookmarkId: "x" }],
      ["/account/reviews", { intent: "nonsense", reviewId: "1" }],
    ];
    for (const [path, fields] of posts) expect((await shopper.post(path, fields)).status, path).toBe(400);
    // Nothing was written: the compare list is empty, the profile unchanged.
    expect(shopper.cookies.get("fc_compare") ?? "").toBe("");
    const user = await t.db.kysely.selectFrom("users").select("first_name").where("email", "=", "intents@example.com").executeTakeFirstOrThrow();
    expect(user.first_name ?? "").not.toBe("Changed");
  });
});
