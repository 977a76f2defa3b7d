// First-party page events (docs/analytics.md), JavaScript off and on: a shopper's search and card
// click are counted, with the card's tier, and the operator reads the day's counts.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInAsOperator } from "./operator-support";

const today = () => new Date().toISOString().slice(0, 10);

/** The day's count of an event in the operator's view, and the count of one of its labels. */
async function counts(page: Page, event: string, label: string): Promise<{ total: number; label: number }> {
  await page.goto("/operator/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Page events" })).toBeVisible();
  const day = page.getByRole("region", { name: today() });
  if ((await day.count()) === 0) return { total: 0, label: 0 };
  const row = day.getByRole("row").filter({ has: page.getByRole("rowheader", { name: event, exact: true }) });
  const total = Number(((await row.getByRole("cell").first().textContent()) ?? "0").replace(/,/g, ""));
  const labels = (await row.getByRole("cell").nth(1).textContent()) ?? "";
  const m = new RegExp(`(?:^|· )${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} ([\\d,]+)`).exec(labels);
  return { total, label: m ? Number(m[1]!.replace(/,/g, "")) : 0 };
}

test("a search and a card click are counted with the card's tier, and the operator reads them per day", async ({ page }, info) => {
  test.setTimeout(120_000);
  await signInAsOperator(page, info.project.name);

  await page.goto("/cars-for-sale/used/honda");
  const link = page.locator("#listings article h3 a").first();
  const tile = new URL((await link.getAttribute("href"))!, "http://x").searchParams.get("tileClick")!;
  expect(tile).toMatch(/^[a-z_]+(_\d+)?$/);
  const before = await counts(page, "Card clicks", tile);
  const searchesBefore = await counts(page, "Searches", "used");

  await page.goto("/cars-for-sale/used/honda");
  await page.locator("#listings article h3 a").first().click();
  await expect(page).toHaveURL(/\/cars-for-sale\/vehicle\/\d+/);

  const after = await counts(page, "Card clicks", tile);
  expect(after.label).toBeGreaterThanOrEqual(before.label + 1);
  expect(after.total).toBeGreaterThanOrEqual(before.total + 1);
  expect((await counts(page, "Searches", "used")).label).toBeGreaterThanOrEqual(searchesBefore.label + 1);
  await expect(page.getByRole("region", { name: today() }).getByRole("rowheader", { name: "Page views" })).toBeVisible();
});

test("the page events are an operator's only", async ({ request }) => {
  expect((await request.get("/operator/analytics", { maxRedirects: 0 })).status()).toBe(404);
});
