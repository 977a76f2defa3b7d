import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

// axe-core finds no violations on the pages shoppers use (WCAG 2.1 A and AA rules). axe runs
// inside the page, so this suite runs in the JavaScript project only (the markup is the same).
const PAGES = [
  { name: "home", path: "/" },
  { name: "results", path: "/cars-for-sale" },
  { name: "results with filters", path: "/cars-for-sale/used/toyota?zip=30301&searchRadius=100" },
  { name: "results with a bad price", path: "/cars-for-sale?minPrice=20000&maxPrice=10000" },
  { name: "empty results", path: "/cars-for-sale?keyword=zzzzqqq" },
  { name: "wallet", path: "/wallet?ref=%2Fcars-for-sale" },
  { name: "email link", path: "/account/verify-email?token=not-a-token" },
];

for (const p of PAGES) {
  test(`${p.name} has no axe violations`, async ({ page }) => {
    await page.goto(p.path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target.join(" ")}`);
    expect(summary).toEqual([]);
  });
}

test("a vehicle page has no axe violations", async ({ page }) => {
  await page.goto("/cars-for-sale");
  const href = await page.locator("a.card-link").first().getAttribute("href");
  await page.goto(href!);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);
});

test("results with the wallet's payments on, and the wallet dialog open, have no axe violations", async ({ page }) => {
  // Two full axe runs of a results page (each 15-20 s on a busy 2-core CI machine) and a form post.
  test.slow();
  await page.goto("/wallet?ref=%2Fcars-for-sale");
  await page.getByLabel("Monthly budget").fill("500");
  await page.getByLabel("APR (%)").fill("5.9");
  await page.getByRole("button", { name: "Save and show payments" }).click();
  await expect(page.locator(".card-payment").first()).toBeVisible({ timeout: 20_000 });
  const axe = () => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect((await axe()).violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);
  await expect(page.locator("#filters > div:last-child")).toHaveClass(/lg:hidden/, { timeout: 20_000 });
  await page.locator("li[data-tier='wallet']").getByRole("link", { name: "Edit budget" }).click();
  await expect(page.getByRole("dialog", { name: "Your wallet" })).toBeVisible();
  expect((await axe()).violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);
});
