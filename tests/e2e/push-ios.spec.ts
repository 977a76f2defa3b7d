// The iOS step of the notification opt-in (decision 023): an iPhone's Safari offers push only to a
// site opened from the Home Screen, so a shopper there who qualifies for the opt-in is told to add
// Forecourt to the Home Screen, which needs the web app manifest. Chromium with an iPhone 13's user
// agent and screen, in a browser tab (no standalone display mode). Without JavaScript nothing shows
// and the page works; the manifest is linked either way.
import { devices, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

const iPhone = devices["iPhone 13"];
test.use({ userAgent: iPhone.userAgent, viewport: iPhone.viewport, deviceScaleFactor: iPhone.deviceScaleFactor, hasTouch: true });

const WITH_MODEL = "/cars-for-sale/used/honda/civic";
const step = (page: Page) => page.getByRole("complementary", { name: "Get notified about price drops?" });

test("an iPhone in Safari is told to add Forecourt to the Home Screen; the manifest is linked and served", async ({ page, request }, info) => {
  await page.goto(WITH_MODEL);
  await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();
  const href = await page.locator("#listings article h3 a").first().getAttribute("href");
  await page.goto(href!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // With JavaScript the car goes into this device's history (the opt-in needs a recent view).
  if (info.project.name === "js") await expect.poll(() => page.evaluate(() => localStorage.getItem("fc_browsing_history"))).not.toBeNull();
  await page.goto(WITH_MODEL);
  await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();

  // The manifest: linked from the page, served as a manifest with what Add to Home Screen uses.
  const link = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(link).toBe("/manifest.webmanifest");
  const res = await request.get(link!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as { name: string; short_name: string; start_url: string; display: string; icons: { src: string }[] };
  expect(manifest).toMatchObject({ name: "Forecourt: cars for sale", short_name: "Forecourt", start_url: "/cars-for-sale", display: "standalone" });
  expect(manifest.icons.length).toBeGreaterThan(0);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  expect((await request.get(manifest.start_url)).status()).toBe(200);

  if (info.project.name === "no-js") {
    // Without JavaScript: no step, no opt-in, and the results are all there.
    await page.waitForTimeout(500);
    await expect(step(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Turn on notifications" })).toHaveCount(0);
    await expect(page.locator("#listings article").first()).toBeVisible();
    return;
  }
  expect(await page.evaluate(() => matchMedia("(display-mode: standalone)").matches)).toBe(false);
  await expect(step(page)).toBeVisible({ timeout: 20_000 }); // loaded after hydration
  await expect(step(page)).toContainText("tap Share, then “Add to Home Screen”, and open Forecourt from there");
  // Nothing to turn on here: the browser cannot subscribe outside the Home Screen app.
  await expect(step(page).getByRole("button", { name: "Turn on notifications" })).toHaveCount(0);
  await step(page).getByRole("button", { name: "Not now" }).click();
  await expect(step(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(step(page)).toHaveCount(0);
});
