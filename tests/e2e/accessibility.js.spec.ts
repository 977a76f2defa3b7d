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
