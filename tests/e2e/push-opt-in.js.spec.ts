// The notification opt-in with JavaScript (decision 023). Notification permission is the browser's
// own, set as a shopper would: nothing granted (the browser would ask), granted through Playwright's
// permission control (the shopper's Allow), denied through Chromium's own Browser.setPermission
// (CDP: the shopper's Block). Chromium's push service is not reachable from these machines, so only
// PushManager.subscribe is replaced, by one answering a subscription made here (the real protocol is
// exercised in tests/integration/web-push.test.ts). Offered only when not yet prompted, with a car
// viewed in the last 24 hours and a model or body style filter; 'Not now' is remembered; granted
// registers the device (stored for the visitor) with this browser's history; blocked removes the
// stored subscription, silently; blocked from the start or in the prompt: nothing offered or stored.
import { createECDH, randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { query } from "./db";
import { expect, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

const WITH_MODEL = "/cars-for-sale/used/honda/civic";
const NO_FILTER = "/cars-for-sale/used/honda"; // a make, no model
/** The opt-in is loaded after hydration: on a busy machine that takes a while. */
const AFTER_HYDRATION = { timeout: 20_000 };
const optIn = (page: Page) => page.getByRole("complementary", { name: /^(Get notified about price drops\?|Notifications are on for this device)$/ });

function subscription() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.test/send/${randomBytes(12).toString("hex")}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

/** The push service stubbed: subscribe answers `sub` (no push service is reachable from here). */
async function stubPushService(page: Page, sub: ReturnType<typeof subscription>) {
  await page.addInitScript((sub) => {
    const fake = { endpoint: (sub as { endpoint: string }).endpoint, toJSON: () => sub, unsubscribe: async () => true, options: {} };
    let made = false;
    PushManager.prototype.subscribe = async function () {
      made = true;
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (made ? fake : null) as unknown as PushSubscription | null;
    };
  }, sub);
}

/** The shopper blocks notifications for this site (Chromium's own permission setting, over CDP). */
async function blockNotifications(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send("Target.getTargetInfo");
  await cdp.send("Browser.setPermission", {
    permission: { name: "notifications" },
    setting: "denied",
    origin: new URL(page.url()).origin,
    browserContextId: targetInfo.browserContextId,
  });
  // The session stays open: Chromium drops the permissions a DevTools session set when it detaches.
}

/** The shopper allows notifications for this site. */
async function allowNotifications(page: Page) {
  await page.context().grantPermissions(["notifications"], { origin: new URL(page.url()).origin });
}

const permission = (page: Page) => page.evaluate(() => Notification.permission);

async function viewACar(page: Page) {
  await page.goto(WITH_MODEL);
  const href = await page.locator("#listings article h3 a").first().getAttribute("href");
  await page.goto(href!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("fc_browsing_history"))).not.toBeNull();
}

const stored = (endpoint: string) =>
  query<{ pixall_id: string; brand: string; user_id: number | null }>("SELECT pixall_id, brand, user_id FROM push_subscriptions WHERE endpoint = ?", endpoint);

test("offered only with a recent view and a model filter; 'Not now' is remembered", async ({ page }) => {
  await stubPushService(page, subscription());
  await page.goto(WITH_MODEL);
  expect(await permission(page)).toBe("default");
  await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(optIn(page)).toHaveCount(0); // no car viewed yet
  await viewACar(page);
  await page.goto(NO_FILTER);
  await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(optIn(page)).toHaveCount(0); // no model or body style filter
  await page.goto(WITH_MODEL);
  await expect(optIn(page)).toBeVisible(AFTER_HYDRATION);
  await optIn(page).getByRole("button", { name: "Not now" }).click();
  await expect(optIn(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(optIn(page)).toHaveCount(0);
  expect(await permission(page)).toBe("default");
});

test("allowed: the device is registered with this browser's history; blocked later: its stored subscription is removed without a message", async ({ page }) => {
  const sub = subscription();
  await stubPushService(page, sub);
  await viewACar(page);
  const viewedId = Number(/\/vehicle\/(\d+)/.exec(page.url())![1]);
  await page.goto(WITH_MODEL);
  await expect(optIn(page)).toBeVisible(AFTER_HYDRATION);
  expect(await permission(page)).toBe("default");
  // The shopper answers the browser's question with Allow.
  await allowNotifications(page);
  await optIn(page).getByRole("button", { name: "Turn on notifications" }).click();
  await expect(optIn(page)).toHaveAccessibleName("Notifications are on for this device");
  expect(await permission(page)).toBe("granted");
  await expect.poll(() => stored(sub.endpoint).length).toBe(1);
  const rows = stored(sub.endpoint);
  expect(rows[0]).toMatchObject({ brand: "forecourt", user_id: null });
  expect(rows[0]!.pixall_id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  const registration = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/cars-for-sale/api/"))?.active?.scriptURL ?? null);
  expect(registration).toMatch(/\/cars-for-sale\/api\/push-sw\.js$/);
  // The car viewed before the visitor cookie existed is the visitor's now (its price drops reach this device).
  await expect
    .poll(
      () =>
        query<{ n: number }>(
          "SELECT count(*) AS n FROM listing_viewers v JOIN push_subscriptions s ON v.viewer = 'visitor:' || s.visitor_id WHERE s.endpoint = ? AND v.listing_id = ?",
          sub.endpoint,
          viewedId,
        )[0]!.n,
    )
    .toBe(1);

  // The shopper blocks notifications in the browser's settings: the next results page removes it.
  await blockNotifications(page);
  expect(await permission(page)).toBe("denied");
  await page.goto(WITH_MODEL);
  await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();
  await expect.poll(() => stored(sub.endpoint).length, { timeout: 10_000 }).toBe(0);
  await expect(optIn(page)).toHaveCount(0);
});

test("blocked in the browser's question: nothing stored and nothing said", async ({ page }) => {
  const sub = subscription();
  await stubPushService(page, sub);
  await viewACar(page);
  await page.goto(WITH_MODEL);
  await expect(optIn(page)).toBeVisible(AFTER_HYDRATION);
  await blockNotifications(page);
  await optIn(page).getByRole("button", { name: "Turn on notifications" }).click();
  await expect(optIn(page)).toHaveCount(0);
  expect(await permission(page)).toBe("denied");
  await page.waitForTimeout(500);
  expect(stored(sub.endpoint)).toHaveLength(0);
  // Prompted: not offered again.
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(optIn(page)).toHaveCount(0);
});

test("blocked before any offer: never offered, nothing stored", async ({ page }) => {
  const sub = subscription();
  await stubPushService(page, sub);
  await page.goto(WITH_MODEL);
  await blockNotifications(page);
  await viewACar(page);
  await page.goto(WITH_MODEL);
  expect(await permission(page)).toBe("denied");
  // Hydrated, with the viewed car asked about (so the opt-in's conditions were met): no offer.
  await expect(page.getByRole("complementary", { name: "Still interested?" })).toBeVisible(AFTER_HYDRATION);
  await page.waitForTimeout(1000);
  await expect(optIn(page)).toHaveCount(0);
  expect(stored(sub.endpoint)).toHaveLength(0);
});

test.describe("allowed before any offer", () => {
  test.use({ permissions: ["notifications"] });

  test("the device is registered silently: no offer", async ({ page }) => {
    const sub = subscription();
    await stubPushService(page, sub);
    await viewACar(page);
    await page.goto(WITH_MODEL);
    expect(await permission(page)).toBe("granted");
    await expect.poll(() => stored(sub.endpoint).length, { timeout: 10_000 }).toBe(1);
    await expect(optIn(page)).toHaveCount(0);
  });
});
