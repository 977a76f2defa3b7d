// "Any make except ..." (docs/search-urls.md, `excludeMakeCode`): from the Make section and from
// plain words; the chip 'Not Make' removes it; no card of an excluded make; facet counts honour it.
import { expect, test, type Page } from "@playwright/test";
import { openFilterPart } from "./fixtures";

const filters = (page: Page) => page.getByRole("form", { name: "Filters" });
const matches = (page: Page) => page.getByRole("heading", { name: /^[\d,]+ Matches$/ });
const count = async (page: Page) => Number(((await matches(page).textContent()) ?? "").replace(/\D/g, ""));

async function apply(page: Page) {
  const button = filters(page).getByRole("button", { name: "See Results" });
  if (await button.isVisible()) await button.click();
}

test("excluding a make from the Make section: chip, no such cards, counts without it, removable", async ({ page }) => {
  await page.goto("/cars-for-sale");
  const before = await count(page);
  const except = filters(page).getByRole("group", { name: "Any make except …" });
  await openFilterPart(filters(page), "Any make except …");
  const toyota = except.getByRole("checkbox", { name: /^Toyota/ });
  const toyotaCount = Number(((await toyota.locator("xpath=..").locator(".facet-count").textContent()) ?? "").replace(/\D/g, ""));
  expect(toyotaCount).toBeGreaterThan(0);
  await toyota.check();
  await apply(page);
  await expect(page).toHaveURL(/\/cars-for-sale\?excludeMakeCode=TOYOTA$/, { timeout: 20_000 });
  await expect(matches(page)).toHaveText(`${(before - toyotaCount).toLocaleString("en-US")} Matches`);
  const cards = page.locator("#listings").getByRole("article");
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).not.toMatch(/\bToyota\b/);
  // The Make facet honours it: Toyota counts 0 there too.
  const makeToyota = filters(page)
    .getByRole("group", { name: "Make" })
    .getByRole("checkbox", { name: /^Toyota/ });
  await expect(makeToyota.locator("xpath=..").locator(".facet-count")).toHaveText("0");
  const chip = page.getByRole("list", { name: "Selected filters" }).getByRole("link", { name: "Remove Not Toyota" });
  await chip.click();
  await expect(page).toHaveURL(/\/cars-for-sale$/, { timeout: 20_000 });
  await expect(matches(page)).toHaveText(`${before.toLocaleString("en-US")} Matches`);
});

test("plain words 'suv not nissan' exclude the make", async ({ page }) => {
  await page.goto("/cars-for-sale");
  const box = page.getByRole(test.info().project.name === "js" ? "combobox" : "searchbox", { name: "Search these results by keyword" });
  await box.fill("suv not nissan");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/cars-for-sale\/used\/suv-crossover\?excludeMakeCode=NISSAN$/, { timeout: 20_000 });
  await expect(page.getByRole("list", { name: "Selected filters" }).getByRole("link", { name: "Remove Not Nissan" })).toBeVisible();
});
