// Paid placements (docs/placements.md, ADR 028), JavaScript off and on: a sponsored card says
// 'Sponsored' and keeps Save, Compare, Share and Report; an operator (OPERATOR_EMAILS in
// playwright.config.ts) sees which dealers hold which tier, is told beside the field when a dealer
// id is unknown, and a tier taken away takes the dealer's cars out of the sponsored slots.
import type { Page } from "@playwright/test";
import { query } from "./db";
import { expect, test } from "./fixtures";
import { signInAsOperator } from "./operator-support";
const SEARCH = "/cars-for-sale?sortBy=mileageASC";
const gridItems = (page: Page) => page.locator("#listings > li");

/** The listing id of a grid item's card. */
async function listingIdOf(page: Page, index: number): Promise<number> {
  const href = (await gridItems(page).nth(index).locator("a.card-link").getAttribute("href")) ?? "";
  return Number(/\/vehicle\/(\d+)/.exec(href)?.[1]);
}

test("a sponsored card says 'Sponsored' and keeps Save, Compare, Share and Report", async ({ page }) => {
  await page.goto(SEARCH);
  const card = page.locator("#listings > li[data-tier='sponsored-premium']").first();
  await expect(card).toContainText("Sponsored");
  const title = (await card.locator("a.card-link").textContent())!;
  await expect(card.getByRole("button", { name: `Save: ${title}` })).toBeVisible();
  await expect(card.getByRole("button", { name: `Compare ${title}` })).toBeVisible();
  await expect(card.getByRole("link", { name: `Share this Listing: ${title}` })).toBeVisible();
  await expect(card.getByRole("link", { name: `Report this Listing: ${title}` })).toBeVisible();
  await card.getByRole("button", { name: `Compare ${title}` }).click();
  await expect(
    page
      .locator("#listings > li[data-tier='sponsored-premium']")
      .first()
      .getByRole("link", { name: new RegExp(`^Added to Compare ?: ${title}$`) }),
  ).toBeVisible({
    timeout: 15_000,
  });
});

test("an operator sets which dealer holds which placement, and the results page follows", async ({ page }, info) => {
  test.setTimeout(90_000);
  await signInAsOperator(page, info.project.name);
  await page.goto("/operator/placements");
  await expect(page.getByRole("heading", { level: 1, name: "Paid placements" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Dealers with a placement" })).toContainText("premium");

  // An unknown dealer id: told beside the field, what was typed kept, nothing written.
  const before = query<{ n: number }>("SELECT COUNT(*) AS n FROM dealer_placements")[0].n;
  await page.getByLabel("Dealer id").fill("DLR-NOPE");
  await page.getByRole("button", { name: "Save placement", exact: true }).click();
  await expect(page.getByText("No dealer has the id DLR-NOPE.")).toBeVisible();
  await expect(page.getByLabel("Dealer id")).toHaveValue("DLR-NOPE");
  expect(query<{ n: number }>("SELECT COUNT(*) AS n FROM dealer_placements")[0].n).toBe(before);

  // A premium dealer of the sponsored cards loses its tier: its cars leave the sponsored slots.
  // Each project takes a different one of them (they run at once on one database).
  await page.goto(SEARCH);
  const premiumDealers: { external_id: string; tier: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const d = query<{ external_id: string; tier: string }>(
      "SELECT o.external_id, p.tier FROM listings l JOIN owners o ON o.id = l.owner_id JOIN dealer_placements p ON p.owner_id = o.id WHERE l.id = ?",
      await listingIdOf(page, i),
    )[0];
    if (d && !premiumDealers.some((x) => x.external_id === d.external_id)) premiumDealers.push(d);
  }
  const dealer = (info.project.name === "js" ? premiumDealers[1] : undefined) ?? premiumDealers[0]!;
  expect(dealer.tier).toBe("premium");
  try {
    await page.goto(`/operator/placements?q=${encodeURIComponent(dealer.external_id)}`);
    const found = page.getByRole("table", { name: `Dealers matching ${dealer.external_id}` });
    await found.getByRole("combobox").selectOption("none");
    await found.getByRole("button", { name: /^Save placement of / }).click();
    await expect(page.getByRole("status")).toHaveText("Placement removed.");
    expect(query("SELECT 1 FROM dealer_placements p JOIN owners o ON o.id = p.owner_id WHERE o.external_id = ?", dealer.external_id)).toEqual([]);
    await page.goto(SEARCH);
    const sponsored = await page
      .locator("#listings > li[data-tier^='sponsored'] a.card-link, #listings > li[data-tier='simplified'] a.card-link")
      .evaluateAll((as) => as.map((a) => Number(/\/vehicle\/(\d+)/.exec(a.getAttribute("href") ?? "")?.[1])));
    const theirs = query<{ id: number }>(
      "SELECT l.id FROM listings l JOIN owners o ON o.id = l.owner_id WHERE o.external_id = ? AND l.status = 'active'",
      dealer.external_id,
    ).map((r) => r.id);
    expect(sponsored.length).toBeGreaterThan(0);
    expect(sponsored.filter((id) => theirs.includes(id))).toEqual([]);
  } finally {
    // Back as it was, for the other journeys.
    await page.goto("/operator/placements");
    await page.getByLabel("Dealer id").fill(dealer.external_id);
    await page.getByLabel("Tier", { exact: true }).selectOption("premium");
    await page.getByRole("button", { name: "Save placement", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(/Placement saved/);
  }
  expect(
    query<{ tier: string }>("SELECT p.tier FROM dealer_placements p JOIN owners o ON o.id = p.owner_id WHERE o.external_id = ?", dealer.external_id),
  ).toEqual([{ tier: "premium" }]);
});

test("card highlights say only what the data shows: a price drop this week, views, new on the site", async ({ page }) => {
  await page.goto("/cars-for-sale?sortBy=datelistedDESC");
  const lines = page.locator("#listings article p.text-deal-good");
  const texts = await lines.allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts)
    expect(text).toMatch(/^(Price dropped \$[\d,]+ this week|Viewed \d[\d,]* times in the last 7 days|Listed today|Listed \d+ days? ago)$/);
  // Each 'Listed ...' line against the listing's own date.
  const cards = page.locator("#listings article", { has: page.locator("p.text-deal-good", { hasText: /^Listed / }) });
  const n = await cards.count();
  for (let i = 0; i < Math.min(n, 5); i++) {
    const id = Number(((await cards.nth(i).getAttribute("id")) ?? "").replace("listing-", ""));
    const [{ date_listed }] = query<{ date_listed: number }>("SELECT date_listed FROM listings WHERE id = ?", id);
    const days = Math.floor((Date.now() - date_listed) / 86_400_000);
    await expect(cards.nth(i).locator("p.text-deal-good")).toHaveText(days === 0 ? "Listed today" : `Listed ${days} ${days === 1 ? "day" : "days"} ago`);
  }
});

test("walking every page of a search reaches every matching car exactly once, though the first page is trimmed by the boost", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  // A make whose new cars a dealer with a placement sells: its first page carries the boost.
  const [{ make_code: make }] = query<{ make_code: string }>(
    `SELECT l.make_code FROM listings l JOIN dealer_placements p ON p.owner_id = l.owner_id
     WHERE l.listing_type = 'NEW' AND l.status = 'active' GROUP BY l.make_code ORDER BY COUNT(*) DESC LIMIT 1`,
  );
  const matching = query<{ id: number }>(`SELECT id FROM listings WHERE make_code = ? AND status = 'active' AND listing_type IN ('USED', '3P_CERT')`, make).map(
    (r) => r.id,
  );
  await page.goto(`/cars-for-sale?makeCode=${make}`);
  await expect(page.getByRole("heading", { name: /Matches$/ })).toHaveText(`${matching.length} Matches`);
  await expect(page.locator("#listings > li[data-tier='recommended']")).toHaveCount(1);
  const ids = (sel: string) => page.locator(sel).evaluateAll((as) => as.map((a) => Number(/\/vehicle\/(\d+)/.exec(a.getAttribute("href") ?? "")?.[1])));
  if (!javaScriptEnabled) {
    // Page after page through 'See More Results': the search's own cards, each once.
    const seen: number[] = [];
    for (let pages = 0; pages < 10; pages++) {
      seen.push(...(await ids("#listings article a.card-link")));
      const more = page.getByRole("link", { name: "See More Results" });
      if ((await more.count()) === 0) break;
      await more.click();
      await expect(page.getByText(new RegExp(`^Showing ${seen.length + 1}–`))).toBeVisible();
    }
    expect(seen.length).toBe(matching.length);
    expect(new Set(seen)).toEqual(new Set(matching));
    return;
  }
  // Infinite scroll: every batch below the first; a car is shown once on the screen, as its own
  // card, in a tier's or in the dealer showcase above the list.
  for (let i = 0; i < 10 && (await page.getByRole("link", { name: "See More Results" }).count()) > 0; i++) {
    const before = await page.locator("[data-batch]").count();
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return page.locator("[data-batch]").count();
        },
        { timeout: 30_000, intervals: [500, 1000] },
      )
      .toBeGreaterThan(before);
  }
  await expect(page.getByText(new RegExp(`^Showing 1–${matching.length} of`))).toBeVisible({ timeout: 20_000 });
  const onScreen = await ids("[data-testid='results'] a.card-link");
  expect(new Set(onScreen).size).toBe(onScreen.length);
  const reached = onScreen.filter((id) => matching.includes(id));
  expect(new Set(reached)).toEqual(new Set(matching));
});
