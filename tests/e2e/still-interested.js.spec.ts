// Still Interested for a signed-out shopper (decision 023), with JavaScript: the device keeps its
// views in local storage, the results page asks about them (newest first, numviewed over 3, Dismiss
// remembered on the device), fetches the cars again only after 120000 ms, sends the beacon, and
// merges the history into the account at sign-in. Bots keep no history. The svc calls refuse bad input.
import type { Page } from "@playwright/test";
import { query } from "./db";
import { expect, test } from "./fixtures";
import { viewedByOthers } from "./views-support";

test.describe.configure({ timeout: 120_000 });

const KEY = "fc_browsing_history";
const RESULTS = "/cars-for-sale/used/honda";
const stillInterested = (page: Page) => page.getByRole("complementary", { name: "Still interested?" });
const reminder = (page: Page, title: string) => stillInterested(page).getByRole("listitem", { name: `Still interested in the ${title}?` });

async function twoCars(page: Page) {
  await page.goto(RESULTS);
  const links = page.locator("#listings article h3 a");
  // The car's own page (a card's link also says where it was clicked).
  const car = async (i: number) => ({ href: (await links.nth(i).getAttribute("href"))!.split("?")[0]!, title: (await links.nth(i).textContent())!.trim() });
  return [await car(0), await car(1)] as const;
}

test("a signed-out shopper's viewed cars come back from this device until dismissed, and join the account at sign-in", async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  const [first, second] = await twoCars(page);
  await expect(stillInterested(page)).toHaveCount(0);
  await page.goto(first.href);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
  // The view is kept once the page's script has run: a shopper reads the page before moving on.
  await expect.poll(() => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "{}").views?.length ?? 0, KEY)).toBe(1);
  await page.goto(second.href);
  // The shopper's reloads count once (ADR 036); three other shoppers view it too: four views.
  for (let i = 0; i < 3; i++) await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(second.title);
  await viewedByOthers(playwright, baseURL!, second.href.split("?")[0]!, 3);
  await expect.poll(() => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "{}").views?.length ?? 0, KEY)).toBe(2);

  const historyCalls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/cars-for-sale/svc/browsing-history") && r.method() === "GET") historyCalls.push(r.url());
  });
  const beacon = page.waitForRequest((r) => r.url().endsWith("/cars-for-sale/svc/still-interested") && r.method() === "POST");
  await page.goto(RESULTS);
  await expect(stillInterested(page).getByRole("listitem")).toHaveCount(2);
  await expect(stillInterested(page).getByRole("listitem").first()).toHaveAccessibleName(`Still interested in the ${second.title}?`);
  await expect(reminder(page, first.title).getByRole("link", { name: "View it again" })).toHaveAttribute("href", first.href);
  const views = Number(/Viewed (\d+) times in the last 7 days/.exec((await reminder(page, second.title).textContent()) ?? "")?.[1]);
  expect(views).toBeGreaterThanOrEqual(4);
  // The beacon's body passed the server's checks (brand, 1-10 VINs): 204.
  expect((await (await beacon).response())?.status()).toBe(204);
  expect(historyCalls).toHaveLength(1);

  // Within 120000 ms the cars are not fetched again; after it they are.
  await page.reload();
  await expect(stillInterested(page).getByRole("listitem")).toHaveCount(2);
  expect(historyCalls).toHaveLength(1);
  await page.evaluate((k) => {
    const s = JSON.parse(localStorage.getItem(k)!);
    s.fetched.at -= 120_001;
    localStorage.setItem(k, JSON.stringify(s));
  }, KEY);
  await page.reload();
  await expect(stillInterested(page).getByRole("listitem")).toHaveCount(2);
  expect(historyCalls).toHaveLength(2);

  // Dismiss is remembered on this device, for that car only.
  await reminder(page, second.title)
    .getByRole("button", { name: /^Dismiss/ })
    .click();
  await expect(reminder(page, second.title)).toHaveCount(0);
  await page.reload();
  await expect(reminder(page, first.title)).toHaveCount(1);
  await expect(reminder(page, second.title)).toHaveCount(0);

  // Sign up: the device's history (the dismissal too) moves to the account.
  const email = `local-history-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto(`/account/sign-in?defaultScreen=signup&refUrl=${encodeURIComponent(RESULTS)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-42");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(new RegExp(`${RESULTS}$`), { timeout: 20_000 });
  await expect.poll(() => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "{}").views?.length ?? 0, KEY)).toBe(0);
  const stored = query<{ listing_id: number; dismissed_at: number | null }>(
    "SELECT rv.listing_id, rv.dismissed_at FROM recent_views rv JOIN users u ON u.id = rv.user_id WHERE u.email = ? ORDER BY rv.viewed_at DESC",
    email,
  );
  expect(stored.map((r) => [`/cars-for-sale/vehicle/${r.listing_id}`, r.dismissed_at !== null])).toEqual([
    [second.href, true],
    [first.href, false],
  ]);
  await page.reload();
  await expect(reminder(page, first.title)).toHaveCount(1);
  await expect(reminder(page, second.title)).toHaveCount(0);
});

test.describe("as a bot", () => {
  test.use({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
  test("keeps no browsing history", async ({ page }) => {
    const [first] = await twoCars(page);
    await page.goto(first.href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
    await page.goto(RESULTS);
    await expect(page.getByRole("heading", { level: 2, name: /Matches$/ })).toBeVisible();
    expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();
    await expect(stillInterested(page)).toHaveCount(0);
  });
});

test("listing-view-count, browsing-history and the beacon answer bad input with 400 and store nothing", async ({ request }) => {
  const [car] = query<{ id: number; vin: string }>("SELECT id, vin FROM listings WHERE status = 'active' ORDER BY id LIMIT 1");
  const ok = await request.get(`/cars-for-sale/svc/listing-view-count?vin=${car!.vin}&dateRange=7`);
  expect(ok.status()).toBe(200);
  const body = await ok.json();
  expect(body.dateRange).toBe(7);
  expect(body.counts).toEqual([{ vin: car!.vin.toUpperCase(), ATC: expect.any(Number), KBB: null }]);
  for (const q of [
    "",
    "?vin=",
    "?vin=<script>",
    `?vin=${car!.vin}&dateRange=0`,
    `?vin=${car!.vin}&dateRange=abc`,
    `?vin=${Array(11).fill(car!.vin).join(",")}`,
  ]) {
    expect((await request.get(`/cars-for-sale/svc/listing-view-count${q}`)).status(), q).toBe(400);
  }
  expect((await request.get(`/cars-for-sale/svc/browsing-history?listingIds=1,x`)).status()).toBe(400);
  expect((await request.get(`/cars-for-sale/svc/browsing-history?listingIds=${car!.id}`)).status()).toBe(200);
  expect((await request.post("/cars-for-sale/svc/browsing-history", { data: "not json", headers: { "Content-Type": "application/json" } })).status()).toBe(400);
  const signedOut = await request.post("/cars-for-sale/svc/browsing-history", { data: { views: [{ listingId: car!.id, viewedAt: Date.now() }] } });
  expect(signedOut.status(), await signedOut.text()).toBe(401);
  expect((await request.post("/cars-for-sale/svc/still-interested", { data: "{]" })).status()).toBe(400);
  expect((await request.post("/cars-for-sale/svc/still-interested", { data: { brand: "other", vins: [car!.vin] } })).status()).toBe(400);
  expect(
    (await request.post("/cars-for-sale/svc/still-interested", { data: { brand: "forecourt", vins: [car!.vin], consumer_id: null, email: null } })).status(),
  ).toBe(204);
});
