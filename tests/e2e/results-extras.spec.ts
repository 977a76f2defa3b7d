import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { query } from "./db";

// The results page's section-2 extras, with JavaScript off and on: model reference tabs,
// suggested filters, card tiers, the sponsored dealer showcase, the shopping assistant, the Buy
// Online filter and the entry cards. Data comes from the deterministic e2e inventory; pages are
// found by browsing, not by ids.

const grid = (page: Page) => page.locator("#listings");
const gridItems = (page: Page) => page.locator("#listings > li");

/** Index in the grid of every tier card ("data-tier"), by tier. */
async function tierPositions(page: Page): Promise<Record<string, number[]>> {
  const tiers = await gridItems(page).evaluateAll((lis) => lis.map((li) => li.getAttribute("data-tier")));
  const out: Record<string, number[]> = {};
  tiers.forEach((t, i) => {
    if (t) (out[t] ??= []).push(i);
  });
  return out;
}

/** Goes from the Toyota page to its most common model through the first suggested filter. */
async function openToyotaModel(page: Page): Promise<string> {
  await page.goto("/cars-for-sale/used/toyota");
  const suggested = page.getByRole("region", { name: "Suggested filters" }).getByRole("link");
  const first = suggested.first();
  const label = ((await first.textContent()) ?? "")
    .replace(/^\+/, "")
    .replace(/\(\d[\d,]*\)$/, "")
    .trim();
  await first.click();
  await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\/[a-z0-9-]+$/);
  // The new page has rendered (a client navigation can be slow on a loaded machine).
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Toyota ${label}`, { timeout: 20_000 });
  return label;
}

test.describe("results page extras", () => {
  test("suggested filters are links that add a filter of the current results", async ({ page }) => {
    await page.goto("/cars-for-sale/used/toyota");
    const suggested = page.getByRole("region", { name: "Suggested filters" }).getByRole("link");
    expect(await suggested.count()).toBeGreaterThanOrEqual(3);
    for (const text of await suggested.allTextContents()) expect(text).toMatch(/\(\d[\d,]*\)$/);
    const model = await openToyotaModel(page);
    await expect(page.getByRole("link", { name: `Remove ${model}` }).first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Used Toyota ${model} for Sale`);
  });

  test("the model reference shows for a single make and model: Pricing, Compare Trims, FAQs", async ({ page }) => {
    // Several page loads and client navigations: on a busy 2-core CI machine they take more than 30 s.
    test.slow();
    await page.goto("/cars-for-sale/used/toyota");
    await expect(page.getByRole("heading", { name: /research$/ })).toHaveCount(0);
    const model = await openToyotaModel(page);
    const name = `Toyota ${model}`;
    const section = page.getByRole("region", { name: `${name} research` });
    await expect(section).toBeVisible();
    const tabs = section.getByRole("navigation", { name: `${name} research` }).getByRole("link");
    await expect(tabs).toHaveText(["Pricing", "Compare Trims", "FAQs"]);
    await expect(section.getByText("Safety")).toHaveCount(0);
    await expect(section.getByText("Consumer Reviews")).toHaveCount(0);

    // Pricing first: price by model year and by trim from the inventory, each row a search link.
    const byYear = section.getByRole("table", { name: `Used ${name} prices by model year` });
    await expect(byYear).toBeVisible();
    await expect(section.getByRole("table", { name: `Used ${name} prices by trim` })).toBeVisible();
    const rows = byYear.locator("tbody tr");
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThanOrEqual(11);
    await expect(rows.first().locator("td").first()).toHaveText(/^\$[\d,]+$/);

    await tabs.filter({ hasText: "Compare Trims" }).click();
    const compare = section.getByRole("link", { name: `Compare ${name} Trims` });
    await expect(compare).toBeVisible();
    await expect(compare).toHaveAttribute("href", /^\/compare\/trims\?makeCode=TOYOTA&modelCode=[A-Z0-9_-]+$/);
    await expect(byYear).toBeHidden();

    await tabs.filter({ hasText: "FAQs" }).click();
    const question = section.getByText(`How much does a used ${name} cost?`);
    await expect(question).toBeVisible();
    await question.click();
    await expect(section.getByText(/the average price is \$[\d,]+\. Prices run from \$[\d,]+ to \$[\d,]+\./)).toBeVisible();
    // The FAQ counts the same cars as the page's '{n} Matches' (every model year, 3P_CERT too).
    const matches = ((await page.getByRole("heading", { name: /Matches$/ }).textContent()) ?? "").replace(/ Matches$/, "");
    await expect(section.getByText(`Across the ${matches} used ${name} listings for sale`)).toBeVisible();

    // A year row leads to that year's search.
    await tabs.filter({ hasText: "Pricing" }).click();
    const yearLink = byYear.locator("tbody tr").first().getByRole("link");
    const year = ((await yearLink.textContent()) ?? "").trim();
    await yearLink.click();
    await expect(page).toHaveURL(new RegExp(`/cars-for-sale/used/toyota/[a-z0-9-]+/${year}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(year);
  });

  test("card tiers sit in the spec's slots, are labelled, and repeat no listing", async ({ page }) => {
    await page.goto("/cars-for-sale?sortBy=mileageASC");
    const at = await tierPositions(page);
    expect(at["sponsored-premium"]?.length ?? 0).toBeGreaterThan(0);
    for (const i of at["sponsored-premium"] ?? []) expect([0, 1, 2]).toContain(i);
    expect(at["simplified"]).toEqual([9]);
    expect(at["filter-promo"]).toEqual([14]);
    expect(at["sponsored-fourth"]).toEqual([23]);
    await expect(gridItems(page).nth(0)).toContainText("Sponsored");
    await expect(gridItems(page).nth(9)).toContainText("Sponsored");
    await expect(gridItems(page).nth(23)).toContainText("Sponsored");
    const promo = gridItems(page).nth(14);
    await expect(promo).toContainText("Not quite right?");
    await expect(promo.getByRole("link", { name: "All filters" })).toHaveAttribute("href", "#filters-dialog");
    // The vehicle highlight row at 12 (4 sponsored cars, each with its highlight line; none when
    // its call reads 3 or fewer, or fails under load) trims one result, and the next page starts
    // where this one stopped; nothing shows twice.
    const rows = at["highlights"] ?? [];
    if (rows.length > 0) {
      expect(rows).toEqual([12]);
      const cardsInRow = gridItems(page).nth(12).locator("[data-tier='highlight']");
      await expect(cardsInRow).toHaveCount(4);
      await expect(gridItems(page).nth(12).getByText("Sponsored")).toHaveCount(4);
      for (const line of await cardsInRow.locator("p.text-deal-good").allTextContents())
        expect(line).toMatch(/^(Price dropped \$[\d,]+ this week|Viewed \d[\d,]* times in the last 7 days|Listed today|Listed \d+ days? ago)$/);
      await expect(cardsInRow.locator("p.text-deal-good")).toHaveCount(4);
    }
    await expect(grid(page).getByRole("article")).toHaveCount(30 - rows.length);
    await expect(page.getByRole("link", { name: "See More Results" })).toHaveAttribute("href", new RegExp(`firstRecord=${30 - rows.length}$`));
    const hrefs = await grid(page)
      .locator("a.card-link")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(new Set(hrefs).size).toBe(hrefs.length);

    // A make search gets the new-car boost ("Recommended": a new car of the make from a dealer
    // holding a placement) at slot 6, and one result less again.
    const [boosted] = query<{ make_code: string }>(
      `SELECT l.make_code FROM listings l JOIN dealer_placements p ON p.owner_id = l.owner_id
       WHERE l.listing_type = 'NEW' AND l.status = 'active' GROUP BY l.make_code ORDER BY COUNT(*) DESC LIMIT 1`,
    );
    await page.goto(`/cars-for-sale?makeCode=${boosted.make_code}`);
    const make = await tierPositions(page);
    expect(make["recommended"]).toEqual([6]);
    await expect(gridItems(page).nth(6)).toContainText("Recommended: new");
    const boostId = Number(/\/vehicle\/(\d+)/.exec((await gridItems(page).nth(6).locator("a.card-link").getAttribute("href")) ?? "")?.[1]);
    expect(
      query(
        "SELECT 1 FROM listings l JOIN dealer_placements p ON p.owner_id = l.owner_id WHERE l.id = ? AND l.listing_type = 'NEW' AND l.make_code = ?",
        boostId,
        boosted.make_code,
      ),
    ).toHaveLength(1);
    const trims = 1 + (make["highlights"]?.length ?? 0);
    await expect(grid(page).getByRole("article")).toHaveCount(30 - trims);
    await expect(page.getByRole("link", { name: "See More Results" })).toHaveAttribute("href", new RegExp(`firstRecord=${30 - trims}$`));
  });

  test("the sponsored dealer showcase shows 2 cars, the rest behind View Vehicles, and can be hidden", async ({ page, context }) => {
    await page.goto("/cars-for-sale?sortBy=mileageASC");
    const showcase = page.getByRole("region", { name: /.+/ }).filter({ hasText: "Sponsored dealer" });
    await expect(showcase).toBeVisible();
    const tile = showcase.getByRole("list", { name: /: featured vehicles$/ }).getByRole("listitem");
    await expect(tile).toHaveCount(2);
    // Above the results on a phone: the first car's picture loads at once. A drawing says it is one.
    await expect(tile.first().locator("img")).toHaveAttribute("loading", "eager");
    const drawings = await showcase.locator('img[src^="/images/vehicles/"]').count();
    await expect(showcase.getByText("Illustration", { exact: true })).toHaveCount(drawings);
    const toggle = showcase.locator("summary");
    await expect(toggle).toContainText("View Vehicles");
    const more = showcase.getByRole("list", { name: /^More vehicles from / }).getByRole("listitem");
    await expect(more.first()).toBeHidden();
    await toggle.click();
    await expect(more.first()).toBeVisible();
    expect(await more.count()).toBeLessThanOrEqual(10);
    await expect(toggle).toContainText("Hide Vehicles");
    // Its cars are not repeated in the grid.
    const inShowcase = await showcase.locator("a.card-link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    const inGrid = await grid(page)
      .locator("a.card-link")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(inShowcase.filter((h) => inGrid.includes(h))).toEqual([]);

    await showcase.getByRole("button", { name: /^Hide the sponsored dealer/ }).click();
    await expect(page.getByText("Sponsored dealer")).toHaveCount(0);
    await expect(page).toHaveURL(/\/cars-for-sale\?sortBy=mileageASC/);
    const cookie = (await context.cookies()).find((c) => c.name === "fc_showcase_hidden");
    expect(cookie).toBeDefined();
    // 30 minutes (alphaHideCookie is on by default).
    const minutes = (cookie!.expires - Date.now() / 1000) / 60;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThanOrEqual(30.5);
    await page.goto("/cars-for-sale?sortBy=derivedpriceASC");
    await expect(page.getByText("Sponsored dealer")).toHaveCount(0);
  });

  test("the shopping assistant opens with its actions", async ({ page }) => {
    const model = await openToyotaModel(page);
    const name = `Toyota ${model}`;
    const summary = page.locator("summary", { hasText: "Shopping assistant" });
    await expect(page.getByRole("heading", { name: "What would you like to do?" })).toBeHidden();
    await summary.click();
    await expect(page.getByRole("heading", { name: "What would you like to do?" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Compare ${name} Trims` }).last()).toHaveAttribute("href", /^\/compare\/trims\?makeCode=TOYOTA&modelCode=/);
    const search = page.getByRole("link", { name: new RegExp(`^Search .+ ${name}s$`) });
    await expect(search).toBeVisible();
    // With the wallet flag on (the default), the budget lives in the wallet (decision 017).
    await expect(page.getByRole("link", { name: "Shop by Budget" })).toHaveAttribute("href", /^\/wallet\?ref=%2Fcars-for-sale%2Fused%2Ftoyota%2F/);
    await expect(page.getByRole("link", { name: "Get Price Alerts" })).toHaveAttribute("href", "#save-search");
    // ... and the form it points to is there.
    await expect(page.locator("#save-search").getByRole("form", { name: "Save search" })).toBeAttached();
    await search.click();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\/[a-z0-9-]+.*(\/\d{4}|fuelTypeGroup=)/);
    // After a client-side navigation (JavaScript), the wallet's way back is the search's own
    // address, never the framework's .data request.
    const here = new URL(page.url()).pathname + new URL(page.url()).search;
    // (read from the markup: without JavaScript the assistant is closed again on the new page)
    await expect(page.locator("a", { hasText: "Shop by Budget" }).first()).toHaveAttribute("href", `/wallet?${new URLSearchParams({ ref: here })}`);
  });

  test("the Buy Online filter and the automaker buy-online toggle are links", async ({ page }) => {
    // Several page loads and client navigations: on a busy 2-core CI machine they take more than 30 s.
    test.slow();
    await page.goto("/cars-for-sale");
    const box = page.getByRole("region", { name: "Buy Online" });
    await expect(box.getByRole("link", { name: /^Buy Online \(\d[\d,]*\)$/ })).toBeVisible();
    await expect(box.getByRole("link", { name: /^Online Paperwork \(\d[\d,]*\)$/ })).toBeVisible();
    await box.getByRole("link", { name: /^Online Paperwork/ }).click();
    await expect(page).toHaveURL(/homeServices=ONLINE_PAPERWORK/);
    await expect(page.getByRole("link", { name: "Remove Online Paperwork" }).first()).toBeVisible({ timeout: 20_000 });
    const toggle = page.getByRole("region", { name: "Buy Online" }).getByRole("link", { name: "Buy online from Ford: Off" });
    await toggle.click();
    await expect(page).toHaveURL(/experience=buy-online/);
    await expect(page.getByRole("region", { name: "Buy Online" }).getByRole("link", { name: "Buy online from Ford: On" })).toBeVisible({
      timeout: 20_000,
    });
  });

  test("entry cards lead to the best deals and the commercial search; no ads by default", async ({ page }) => {
    await page.goto("/cars-for-sale");
    await expect(page.getByRole("link", { name: /^Shop all the best deals/ })).toHaveAttribute("href", /dealType=goodprice(,|&dealType=)greatprice/);
    await expect(page.getByRole("link", { name: /^Commercial vehicles/ })).toHaveAttribute("href", /experience=commercial/);
    await expect(page.getByText("Advertisement")).toHaveCount(0);
  });
});
