// The operator's review of reported listings, JavaScript off and on: three shoppers report a car,
// it leaves the search; an operator (OPERATOR_EMAILS in playwright.config.ts) sees it with its
// reports and relists it, and it is searchable again. Anyone else gets a 404.
import type { Browser, Page } from "@playwright/test";
import { query } from "./db";
import { expect, test } from "./fixtures";

const PASSWORD = "correct-horse-42";

/** An account in OPERATOR_EMAILS, one per project (created on first use, signed in after). */
async function signInAsOperator(page: Page, project: string) {
  const email = `operator-${project}@forecourt.test`;
  await page.goto("/account/sign-in?defaultScreen=signup&refUrl=/operator/reports");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  if (await page.getByText("An account with this email already exists.").isVisible()) {
    await page.goto("/account/sign-in?refUrl=/operator/reports");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Reported listings" })).toBeVisible();
}

/** One shopper's report, from an address of its own (TRUST_PROXY in playwright.config.ts). */
async function report(browser: Browser, baseURL: string, js: boolean, id: number, address: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js, extraHTTPHeaders: { "x-forwarded-for": address } });
  const p = await context.newPage();
  await p.goto(`/cars-for-sale/vehicle/${id}#report`);
  await p.locator("#report").getByLabel("The seller seems fraudulent").check();
  await p.locator("#report").getByRole("button", { name: "Report this Listing" }).click();
  await p.waitForLoadState("load");
  await context.close();
}

test("reported listings: hidden after three reports, an operator relists one; others get a 404", async ({ page, browser, request }, info) => {
  test.setTimeout(120_000);
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
  for (let i = 0; i < 3; i++) await report(browser, baseURL, js, car.id, `198.51.100.${(js ? 10 : 20) + i}`);
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
