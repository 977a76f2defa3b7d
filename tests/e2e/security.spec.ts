// Security headers, the Content-Security-Policy nonce and the same-origin rule for POSTs
// (docs/resilience-and-security.md). Runs with JavaScript off and on; with JavaScript on, the page must hydrate and work
// under the enforced policy (any CSP violation is a console error, which fails the journey).
import { expect, test } from "./fixtures";

test("pages carry the security headers and an enforced CSP whose nonce is on every script", async ({ page, request }) => {
  const res = await request.get("/cars-for-sale");
  expect(res.status()).toBe(200);
  const h = res.headers();
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["x-frame-options"]).toBe("DENY");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["strict-transport-security"]).toContain("max-age=");
  expect(h["x-powered-by"]).toBeUndefined();
  expect(h["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  const csp = h["content-security-policy"];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-eval");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const html = await res.text();
  const inline = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>/g)].map((m) => m[1]!);
  expect(inline.length).toBeGreaterThan(0);
  for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);

  // A second request gets a different nonce.
  const again = await request.get("/cars-for-sale");
  expect(/'nonce-([^']+)'/.exec(again.headers()["content-security-policy"])?.[1]).not.toBe(nonce);

  // The page itself renders (and, with JavaScript on, hydrates) with no CSP violation.
  await page.goto("/cars-for-sale");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a POST from another website is refused with a clear page; the same site's POST works", async ({ page, request, baseURL }) => {
  await page.goto("/cars-for-sale");
  const firstCompare = page.locator("button[name=compare]").first();
  const id = await firstCompare.getAttribute("value");
  expect(id).toBeTruthy();

  const foreign = await request.post("/cars-for-sale", {
    form: { compare: id! },
    headers: { Origin: "https://evil.example", Accept: "text/html" },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
  expect(await foreign.text()).toContain("This form was not accepted");
  expect(foreign.headers()["set-cookie"] ?? "").not.toContain("fc_compare");

  const foreignReferer = await request.post("/cars-for-sale", { form: { compare: id! }, headers: { Referer: "https://evil.example/page" }, maxRedirects: 0 });
  expect(foreignReferer.status()).toBe(403);

  const same = await request.post("/cars-for-sale", { form: { compare: id! }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(same.status()).toBe(303);
  expect(same.headers()["set-cookie"]).toContain("fc_compare");

  // And the real form, in the browser (JavaScript off: a plain form post; on: a fetcher).
  await firstCompare.click();
  await expect(page.getByRole("link", { name: /Added to Compare/i }).first()).toBeVisible();
});

test("service calls are timed in Server-Timing and their breakers are visible in /healthz", async ({ request }) => {
  // A cookie keeps the request out of the page cache (an anonymous repeat is served from it).
  const page = await request.get("/cars-for-sale", { headers: { "x-request-id": "e2e-trace-1", cookie: "fc_e2e=1" } });
  expect(page.headers()["x-request-id"]).toBe("e2e-trace-1");
  expect(page.headers()["server-timing"]).toMatch(/svc-searchRequired;dur=\d/);
  const health = await (await request.get("/healthz")).json();
  expect(health.services.mode).toBe("in-process");
  expect(health.services.breakers.searchRequired).toMatchObject({ state: "closed", timeoutMs: 20000, resetMs: 30000 });
  expect(health.services.breakers.searchRequired.fires).toBeGreaterThan(0);
  expect(Object.keys(health.services.breakers)).toEqual(expect.arrayContaining(["count", "packages", "mileageStats", "modelInfo", "zip"]));
});
