// The notification opt-in with JavaScript (decision 023). Chromium's push service is not reachable
// from these machines, so the browser's PushManager.subscribe is replaced by one answering a
// subscription made here (the real protocol is exercised in tests/integration/web-push.test.ts);
// Notification permission is set per journey. Offered only when not yet prompted, with a car
// viewed in the last 24 hours and a model or body style filter; 'Not now' is remembered; granted
// registers the device (stored for the visitor); blocked removes the stored subscription, silently.
import { createECDH, randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { query } from "./db";
import { expect, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

const WITH_MODEL = "/cars-for-sale/used/honda/civic";
const NO_FILTER = "/cars-for-sale/used/honda"; // a make, no model
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

/** Permission as given, requestPermission answering `answer`, and the push service stubbed. */
async function stubPush(page: Page, permission: NotificationPermission, answer: NotificationPermission, sub: ReturnType<typeof subscription>) {
  await page.addInitScript(
    ([permission, answer, sub]) => {
      let state = permission as NotificationPermission;
      Object.defineProperty(Notification, "permission", { get: () => state, configurable: true });
      Notification.requestPermission = async () => (state = answer as NotificationPermission);
      const fake = { endpoint: (sub as { endpoint: string }).endpoint, toJSON: () => sub, unsubscribe: async () => true, options: {} };
      let made = false;
      PushManager.prototype.subscribe = async function () {
        made = true;
        return fake as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (made ? fake : null) as unknown as PushSubscription | null;
      };
    },
    [permission, answer, sub] as const,
  );
}

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
  await stubPush(page, "default", "default", subscription());
  await page.goto(WITH_MODEL);
  await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(optIn(page)).toHaveCount(0); // no car viewed yet
  await viewACar(page);
  await page.goto(NO_FILTER);
  await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(optIn(page)).toHaveCount(0); // no model or body style filter
  await page.goto(WITH_MODEL);
  await expect(optIn(page)).toBeVisible();
  await optIn(page).getByRole("button", { name: "Not now" }).click();
  await expect(optIn(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(optIn(page)).toHaveCount(0);
});

test("granted: the device is registered; blocked later: its stored subscription is removed without a message", async ({ page }) => {
  const sub = subscription();
  await stubPush(page, "default", "granted", sub);
  await viewACar(page);
  await page.goto(WITH_MODEL);
  await optIn(page).getByRole("button", { name: "Turn on notifications" }).click();
  await expect(optIn(page)).toHaveAccessibleName("Notifications are on for this device");
  const rows = stored(sub.endpoint);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ brand: "forecourt", user_id: null });
  expect(rows[0]!.pixall_id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  const registration = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/cars-for-sale/api/"))?.active?.scriptURL ?? null);
  expect(registration).toMatch(/\/cars-for-sale\/api\/push-sw\.js$/);

  // The shopper blocks notifications in the browser's settings: the next results page removes it.
  await page.evaluate(() => Object.defineProperty(Notification, "permission", { get: () => "denied", configurable: true }));
  await page.addInitScript(() => Object.defineProperty(Notification, "permission", { get: () => "denied", configurable: true }));
  await page.goto(WITH_MODEL);
  await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();
  await expect.poll(() => stored(sub.endpoint).length, { timeout: 10_000 }).toBe(0);
  await expect(optIn(page)).toHaveCount(0);
});
