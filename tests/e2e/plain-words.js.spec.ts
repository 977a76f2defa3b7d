// Plain-words search with JavaScript: the type-ahead offers the sentence's reading first.
import { expect, test } from "@playwright/test";

test("the type-ahead's first suggestion is the plain-words reading, and Enter opens it", async ({ page }) => {
  await page.goto("/cars-for-sale");
  // Hydrated: the filter panel's script-only part is in place (as in results.js.spec.ts).
  await expect(page.locator("#filters > div:last-child")).toHaveClass(/lg:hidden/, { timeout: 20_000 });
  const box = page.getByRole("combobox", { name: "Search these results by keyword" });
  await box.pressSequentially("hybrid minivan", { delay: 30 });
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible({ timeout: 20_000 });
  const first = list.getByRole("option").first();
  await expect(first).toContainText("Showing: Van / Minivan · Hybrid");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cars-for-sale\/used\/van-minivan\?fuelTypeGroup=HYB$/, { timeout: 20_000 });
});
