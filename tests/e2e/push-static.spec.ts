// Web push's static parts and the page without JavaScript (decision 023): the manifest is linked and
// served, the service worker is served as JavaScript from /cars-for-sale/api/, the VAPID public key
// is published; without JavaScript no opt-in shows and the results page works as before.
import { expect, test } from "./fixtures";

test("manifest, service worker and key are served; no opt-in without JavaScript", async ({ page, request }, info) => {
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect((await manifest.json()).display).toBe("standalone");
  const sw = await request.get("/cars-for-sale/api/push-sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toMatch(/javascript/);
  expect(await sw.text()).toContain('addEventListener("push"');
  // The worker's folder does not turn the results page into a directory redirect.
  for (const path of ["/cars-for-sale", "/cars-for-sale/api"]) {
    const r = await request.get(path, { maxRedirects: 0 });
    expect(r.status(), path).not.toBe(301);
  }
  const key = await (await request.get("/cars-for-sale/consumer-device/browser")).json();
  expect(key.applicationServerKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);

  await page.goto("/cars-for-sale/used/honda/civic");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  if (info.project.name === "js") return; // The opt-in journeys: push-opt-in.js.spec.ts.
  const href = await page.locator("#listings article h3 a").first().getAttribute("href");
  await page.goto(href!);
  await page.goto("/cars-for-sale/used/honda/civic");
  await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();
  await expect(page.getByText("Get notified about price drops?")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Turn on notifications" })).toHaveCount(0);
});
