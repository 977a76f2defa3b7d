// The operator's review of reported listings, JavaScript off and on: three shoppers with verified
// accounts, from three networks, report a car and it leaves the search; an operator
// (OPERATOR_EMAILS in playwright.config.ts) sees it with its reports and relists it, and it is
// searchable again. Anyone else, and an operator's address not yet verified, gets a 404.
import type { Browser } from "@playwright/test";
import { query } from "./db";
import { expect, test } from "./fixtures";
import { PASSWORD, signInAsOperator, signUpOrSignIn } from "./operator-support";
import { verifyMyEmail } from "./verify-email";

/**
 * One shopper's report: a new account that verified its email, from an address of its own
 * (TRUST_PROXY_HOPS in playwright.config.ts). Only such reports count towards hiding a car.
 */
async function report(browser: Browser, baseURL: string, js: boolean, id: number, address: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js, extraHTTPHeaders: { "x-forwarded-for": address } });
  const p = await context.newPage();
  const email = `reporter-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await p.goto("/account/sign-in?defaultScreen=signup&refUrl=/account");
  await p.getByLabel("Email").fill(email);
  await p.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await p.getByRole("button", { name: "Create account" }).click();
  await expect(p.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await verifyMyEmail(p, email);
  await p.goto(`/cars-for-sale/vehicle/${id}#report`);
  await p.locator("#report").getByLabel("The seller seems fraudulent").check();
  await p.locator("#report").getByRole("button", { name: "Report this Listing" }).click();
  await p.waitForLoadState("load");
  await context.close();
}

test("reported listings: hidden after three verified reporters, an operator relists one; others get a 404", async ({ page, browser, request }, info) => {
  test.setTimeout(180_000);
  // Not an operator: signed out, the page does not exist.
  expect((await request.get("/operator/reports", { maxRedirects: 0 })).status()).toBe(404);

  const rows = query<{ id: number; vin: string; title: string }>(
    `SELECT l.id, l.vin, l.title FROM listings l JOIN owners o ON o.id = l.owner_id
     WHERE l.status = 'active' AND o.seller_type = 'd' ORDER BY l.id LIMIT 1 OFFSET ?`,
    40 + (info.project.name === "js" ? 1 : 0),
  );
  const car = rows[0]!;
  const baseURL = info.project.use.baseURL!;
  const js = info.project.name === "js";
  // Three networks (/24): reporters from one network would not hide it (tests/integration/identity-abuse.test.ts).
  for (let i = 0; i < 3; i++) await report(browser, baseURL, js, car.id, `198.51.${(js ? 110 : 120) + i}.7`);
  await expect.poll(() => query<{ status: string }>("SELECT status FROM listings WHERE id = ?", car.id)[0]!.status, { timeout: 20_000 }).toBe("review");
  const searchable = async () => ((await (await request.get(`/rest/lsc/listing?vin=${car.vin}`)).json()) as { listings: unknown[] }).listings.length;
  await expect.poll(searchable).toBe(0);

  await signInAsOperator(page, info.project.name);
  const queue = page.getByRole("list", { name: "Listings waiting for review" });
  const item = queue.getByRole("listitem").filter({ has: page.getByRole("link", { name: car.title }) });
  await expect(item).toContainText("3 reports");
  await expect(item.getByRole("list", { name: `Reports on ${car.title}` })).toContainText("The seller seems fraudulent");
  await item.getByRole("button", { name: `Relist ${car.title}` }).click();
  await expect(page.getByRole("status")).toHaveText("Listing relisted: it is searchable again.");
  await expect(queue.getByRole("link", { name: car.title })).toHaveCount(0);
  expect(query<{ status: string }>("SELECT status FROM listings WHERE id = ?", car.id)[0]!.status).toBe("active");
  await expect.poll(searchable).toBe(1);
});

test("an account whose email is in OPERATOR_EMAILS but not verified gets a 404", async ({ page }, info) => {
  const email = `unverified-operator-${info.project.name}@forecourt.test`;
  await signUpOrSignIn(page, email);
  await expect(page.getByTestId("email-status")).toHaveText(
    `Verify your email: we sent a link to ${email}. Open it to turn on alerts and everything tied to your address.`,
  );
  await page.goto("/operator/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reported listings" })).toHaveCount(0);
});
