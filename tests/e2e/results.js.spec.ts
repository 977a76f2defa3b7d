import type { Page } from "@playwright/test";
import { expect, holdScripts, test } from "./fixtures";
import { query } from "./db";

// The results page's JavaScript-only journeys (docs/results-page.md). Everything here has a no-JS equivalent
// proven by results.spec.ts (run in both projects); these prove the enhancements.

const filters = (page: Page) => page.getByRole("form", { name: "Filters" });
const matches = (page: Page) => page.getByRole("heading", { name: /^[\d,]+ Matches$/ });
/** The search's cards, every loaded batch (the first batch may be the tiered grid). */
const cards = (page: Page) => page.getByTestId("results").locator("li:not([data-tier]) > article");
const historyLength = (page: Page) => page.evaluate(() => window.history.length);

/** Each batch of the list (data-batch) with its items in order: the tier ("listing" for the search's own card) and the card's link. */
async function batchLayout(page: Page) {
  return page
    .getByTestId("results")
    .locator("[data-batch]")
    .evaluateAll((divs) =>
      divs.map((d) => ({
        batch: d.getAttribute("data-batch"),
        // Each card by its car (a link's click parameters name its slot in its own batch).
        items: [...d.querySelectorAll(":scope > ol > li")].map(
          (li) => `${li.getAttribute("data-tier") ?? "listing"} ${(li.querySelector("a.card-link")?.getAttribute("href") ?? "").split("?")[0]}`,
        ),
      })),
    );
}

/** Waits until React has hydrated the page (the apply button's bar then hides on a desktop). */
async function hydrated(page: Page) {
  await expect(page.locator("#filters > div:last-child")).toHaveClass(/lg:hidden/, { timeout: 20_000 });
}

async function matchCount(page: Page): Promise<number> {
  return Number(((await matches(page).textContent()) ?? "").replace(/[^\d]/g, ""));
}

/** How many results the list shows ('Showing 1–60 of 397' is 60). */
async function shown(page: Page): Promise<number> {
  const text = (await page.getByText(/^Showing [\d,]+–[\d,]+ of/).textContent()) ?? "";
  const [, a, b] = text.replace(/,/g, "").match(/^Showing (\d+)–(\d+)/) ?? [];
  return Number(b) - Number(a) + 1;
}

/** Scrolls to the bottom until the list shows `want` results (or more). */
async function scrollUntil(page: Page, want: number) {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return shown(page);
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBeGreaterThanOrEqual(want);
}

test.describe("results page with JavaScript", () => {
  test.describe.configure({ timeout: 240_000 });

  test("a filter applies by itself after the wait, with replace, and the apply button is gone", async ({ page }) => {
    await page.goto("/cars-for-sale");
    await hydrated(page);
    const before = await historyLength(page);
    await filters(page)
      .getByRole("checkbox", { name: /^Toyota\b/ })
      .check();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota$/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Used Toyota Cars for Sale", { timeout: 20_000 });
    await expect(page.getByRole("status").filter({ hasText: /Matches$/ })).toHaveText(await matches(page).innerText());
    expect(await historyLength(page)).toBe(before);
  });

  test("a filter ticked before the page is ready applies once it is (the apply button is gone by then)", async ({ page }) => {
    // The page's scripts are held back until the box is ticked: a shopper on a slow phone.
    const scripts = await holdScripts(page);
    await page.goto("/cars-for-sale/used/toyota?zip=30301", { waitUntil: "commit" });
    await filters(page).getByRole("checkbox", { name: "Include extended delivery" }).check();
    scripts.release();
    await hydrated(page);
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\?zip=30301&marketExtension=include$/, { timeout: 20_000 });
    await expect(filters(page).getByRole("checkbox", { name: "Include extended delivery" })).toBeChecked();
    // Nothing changed before a page is ready: nothing is sent.
    await page.goto("/cars-for-sale/used/toyota?zip=30301");
    await hydrated(page);
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\?zip=30301$/);
  });

  test("the list dims and is aria-busy while a search loads", async ({ page }) => {
    await page.goto("/cars-for-sale");
    await hydrated(page);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await filters(page)
      .getByRole("checkbox", { name: /^Honda\b/ })
      .check();
    const busy = page.locator("[aria-busy=true]");
    await expect(busy).toBeVisible({ timeout: 10_000 });
    await expect(busy).toHaveClass(/opacity-50/);
    release();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/honda$/, { timeout: 20_000 });
    await expect(busy).toHaveCount(0);
  });

  test("fast typing in price applies only on blur or Enter, and nothing typed is lost", async ({ page }) => {
    await page.goto("/cars-for-sale");
    await hydrated(page);
    const form = filters(page);
    const requests: string[] = [];
    page.on("request", (r) => r.url().includes(".data") && requests.push(r.url()));
    await form.getByLabel("Max Price").pressSequentially("25000", { delay: 20 });
    await page.waitForTimeout(1200); // longer than the debounce wait: still nothing sent
    expect(requests).toEqual([]);
    await form.getByLabel("Min Price").click(); // blur applies Max
    await form.getByLabel("Min Price").pressSequentially("12000", { delay: 20 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/cars-for-sale\?minPrice=12000&maxPrice=25000$/, { timeout: 20_000 });
    await expect(page.getByRole("link", { name: "Remove Between $12,000 - $25,000" })).toBeVisible();
    await expect(filters(page).getByLabel("Min Price")).toHaveValue("12,000");
    await expect(filters(page).getByLabel("Max Price")).toHaveValue("25,000");
  });

  test("ZIP applies only at 5 digits; the market-extension box toggles include and off", async ({ page }) => {
    await page.goto("/cars-for-sale");
    await hydrated(page);
    const zip = filters(page).getByLabel("ZIP Code");
    await zip.pressSequentially("303", { delay: 20 });
    await page.waitForTimeout(1200);
    await expect(page).toHaveURL(/\/cars-for-sale$/);
    await zip.pressSequentially("01", { delay: 20 });
    await expect(page).toHaveURL(/zip=30301/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/near Atlanta, GA/, { timeout: 20_000 });

    const extension = filters(page).getByRole("checkbox", { name: "Include extended delivery" });
    await extension.check();
    await expect(page).toHaveURL(/marketExtension=include/, { timeout: 20_000 });
    await filters(page).getByRole("checkbox", { name: "Include extended delivery" }).uncheck();
    await expect(page).not.toHaveURL(/marketExtension/, { timeout: 20_000 });
  });

  test("a filter change resets paging; a category tab replaces the search", async ({ page }) => {
    await page.goto("/cars-for-sale?firstRecord=30");
    await hydrated(page);
    await filters(page)
      .getByRole("checkbox", { name: /^Ford\b/ })
      .check();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/ford$/, { timeout: 20_000 });
    const before = await historyLength(page);
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Certified Used" }).click();
    await expect(page).toHaveURL(/\/cars-for-sale\/certified/, { timeout: 20_000 });
    expect(await historyLength(page)).toBe(before);
  });

  test("infinite scroll loads batches with placeholders, keeps the address in step and stops at the end", async ({ page }) => {
    await page.goto("/cars-for-sale/used/toyota");
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { cls: number }).cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) (window as unknown as { cls: number }).cls += e.value;
      }).observe({ type: "layout-shift", buffered: false });
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/cars-for-sale-batch?**", async (route) => {
      await held;
      await route.continue();
    });
    // Scrolling as a shopper does: the next batch is asked for before the end comes into view.
    await page.mouse.move(700, 500);
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 700);
          return page.getByTestId("placeholders").locator("li[data-placeholder]").count();
        },
        { timeout: 60_000, intervals: [300, 500] },
      )
      .toBe(25);
    // The placeholders never take a click, and they hold the batch's room.
    const placeholders = page.getByTestId("placeholders");
    await expect(placeholders).toHaveCSS("pointer-events", "none");
    const room = await placeholders.evaluate((el) => el.getBoundingClientRect().height);
    const cardRow = await placeholders
      .locator("li")
      .first()
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(cardRow).toBeGreaterThan(200);
    release();
    await expect.poll(() => shown(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(59);
    await expect(page.getByTestId("placeholders")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThan(0.1);
    // The batch fills about the room its placeholders held (as many cells as the batch above, each
    // as tall as its last row): the paging links below move less than two card rows. A batch's
    // tier cards and rows differ from the batch above (decision 016): the first page's dealer
    // showcase leaves premium tiles out that the second page has, a row more here. Without the
    // reservation they would move by the whole batch, some twelve rows.
    const filled = await page.locator('[data-batch="30"]').evaluate((el) => el.getBoundingClientRect().height);
    expect(Math.abs(filled - room)).toBeLessThan(2 * cardRow);
    expect(filled).toBeGreaterThan(8 * cardRow);
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 500);
          return page.url();
        },
        { timeout: 30_000, intervals: [300, 500] },
      )
      .toMatch(/\/cars-for-sale\/used\/toyota\?firstRecord=30$/);

    // To the end of a small search: no 'See More Results' left, the address at the last batch.
    await page.goto("/cars-for-sale/used/toyota/rav4");
    await hydrated(page);
    const total = await matchCount(page);
    expect(total).toBeGreaterThan(30);
    expect(total).toBeLessThanOrEqual(60);
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return page.getByRole("link", { name: "See More Results" }).count();
        },
        { timeout: 60_000, intervals: [500, 1000] },
      )
      .toBe(0);
    // (The first batch may lend a card to a sponsored tile: the count shown can sit under the total.)
    expect(await shown(page)).toBeGreaterThan(total - 3);
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\/rav4\?firstRecord=30$/, { timeout: 20_000 });

    // Reload keeps the address and shows every batch again (kept in the history entry).
    const before = await shown(page);
    await page.reload();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\/rav4\?firstRecord=30$/);
    await expect(page.getByText(new RegExp(`^Showing 1–[\\d,]+ of ${total}$`))).toBeVisible({ timeout: 20_000 });
    expect(await shown(page)).toBe(before);
  });

  test("every batch keeps its page's card tiers, scrolled in and after a reload", async ({ page, browser, baseURL }) => {
    await page.goto("/cars-for-sale/used/toyota");
    await hydrated(page);
    await scrollUntil(page, 59);
    await expect(page.getByTestId("placeholders")).toHaveCount(0, { timeout: 20_000 });
    const before = await batchLayout(page);
    expect(before.map((b) => b.batch).slice(0, 2)).toEqual(["0", "30"]);
    // The batch loaded in place is laid out as its own page: the same tier cards in the same slots.
    const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const own = await plain.newPage();
    await own.goto("/cars-for-sale/used/toyota?firstRecord=30");
    const ownPage = (await batchLayout(own))[0]!;
    await plain.close();
    expect(ownPage.batch).toBe("30");
    const tiers = (items: string[]) => items.map((it, i) => (it.startsWith("listing ") ? null : `${i} ${it}`)).filter(Boolean);
    expect(tiers(ownPage.items).length).toBeGreaterThan(0);
    // ... less the cards the first batch and the dealer showcase above the list already show (no
    // listing shows twice on one screen).
    const hrefOf = (it: string) => it.split(" ")[1] || null;
    const showcase = await page
      .getByRole("region")
      .filter({ hasText: "Sponsored dealer" })
      .locator("a.card-link")
      .evaluateAll((as) => as.map((a) => (a.getAttribute("href") ?? "").split("?")[0]!));
    const above = new Set([...before[0]!.items.map(hrefOf).filter(Boolean), ...showcase]);
    expect(before[1]!.items).toEqual(ownPage.items.filter((it) => !above.has(hrefOf(it))));
    // The showcase is there, and one of its cars is on the firstRecord=30 page of its own, yet
    // batch 2 does not show it again.
    expect(showcase.length).toBeGreaterThan(0);
    const repeated = showcase.filter((h) => ownPage.items.map(hrefOf).includes(h));
    expect(repeated.length).toBeGreaterThan(0);
    for (const h of repeated) expect(before[1]!.items.map(hrefOf)).not.toContain(h);
    expect(tiers(before[1]!.items).length).toBeGreaterThan(0);
    // Reload in the second batch: once hydrated, every batch is back, laid out as before.
    await page.locator('[data-batch="30"] li:not([data-tier]) > article').nth(10).scrollIntoViewIfNeeded();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\?firstRecord=30$/, { timeout: 20_000 });
    await page.reload();
    await expect(page.getByText(/^Showing 1–/)).toBeVisible({ timeout: 20_000 });
    expect(await batchLayout(page)).toEqual(before);
  });

  test("'Show earlier results' loads the batch before in place, above the cards on screen, which stay put", async ({ page, browser, baseURL }) => {
    await page.goto("/cars-for-sale/used/toyota?firstRecord=30");
    await hydrated(page);
    const length = await historyLength(page);
    const earlier = page.getByRole("link", { name: "Show earlier results" });
    await expect(earlier).toHaveAttribute("href", "/cars-for-sale/used/toyota");
    await expect(page.getByText(/^Showing 31–/)).toBeVisible();
    // The shopper has the link and the first cards on screen; the first of the search's own cards, and where it is.
    await earlier.evaluate((el) => el.scrollIntoView({ block: "start" }));
    const onScreen = page.locator('[data-batch="30"] li:not([data-tier]) > article').first();
    await expect(onScreen).toBeInViewport();
    const id = await onScreen.getAttribute("id");
    const top = (await onScreen.boundingBox())!.y;
    await earlier.click();
    // Results 1-30 land above, laid out as their own page (less cards the list already shows).
    await expect(page.locator('[data-batch="0"] li:not([data-tier]) > article').first()).toBeAttached({ timeout: 20_000 });
    await expect(page.getByText(/^Showing 1–/)).toBeVisible();
    const [first, second] = await batchLayout(page);
    expect([first!.batch, second!.batch]).toEqual(["0", "30"]);
    const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const own = await plain.newPage();
    await own.goto("/cars-for-sale/used/toyota");
    const ownPage = (await batchLayout(own))[0]!;
    await plain.close();
    const hrefOf = (it: string) => it.split(" ")[1] || null;
    const below = new Set(second!.items.map(hrefOf).filter(Boolean));
    expect(first!.items).toEqual(ownPage.items.filter((it) => !below.has(hrefOf(it))));
    expect(first!.items.filter((it) => it.startsWith("listing ")).length).toBeGreaterThanOrEqual(25);
    // The card that was on screen has not moved: no jump.
    const card = page.locator(`#${id}`);
    await expect(card).toBeInViewport();
    expect(Math.abs((await card.boundingBox())!.y - top)).toBeLessThan(4);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    // The way up is gone with the first batch loaded; the bottom's 'Previous 30' too.
    await expect(earlier).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Previous 30" })).toHaveCount(0);
    // The address follows the batch in view, in the same history entry.
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\?firstRecord=30$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota$/, { timeout: 20_000 });
    expect(await historyLength(page)).toBe(length);
    // The history entry keeps both batches: a reload shows them again, without the link.
    await page.reload();
    // The server's page already says 'Showing 1–30': wait for hydration to bring the second batch back.
    await expect.poll(async () => (await batchLayout(page)).map((b) => b.batch), { timeout: 20_000 }).toEqual(["0", "30"]);
    // 'Showing 1–59' or '1–60' (a new-car boost trims a page by one): both batches counted.
    expect(Number(/^Showing 1–(\d+)/.exec((await page.getByText(/^Showing 1–/).textContent()) ?? "")?.[1])).toBeGreaterThan(50);
    await expect(page.getByRole("link", { name: "Show earlier results" })).toHaveCount(0);
  });

  test("back from a vehicle page and reload return to the same cars, place and address", async ({ page }) => {
    await page.goto("/cars-for-sale/used/toyota");
    await hydrated(page);
    // Two batches (the first may lend a card to a sponsored tile: 59 or 60 shown).
    await scrollUntil(page, 59);
    // (A last scroll to the bottom may have asked for a third batch: let it land.)
    await expect(page.getByTestId("placeholders")).toHaveCount(0, { timeout: 20_000 });
    const count = await shown(page);
    const lastIds = () => cards(page).evaluateAll((els) => els.slice(-20).map((e) => e.id));
    const ids = await lastIds();
    const card = cards(page).nth(45);
    const title = (await card.getByRole("heading", { level: 3 }).textContent())!.trim();
    await card.scrollIntoViewIfNeeded();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\?firstRecord=30$/, { timeout: 20_000 });
    const address = page.url();
    const sameAsBefore = async () => {
      await expect(page.getByText(/^Showing 1–/)).toBeVisible({ timeout: 20_000 });
      expect(await shown(page)).toBe(count);
      expect(await lastIds()).toEqual(ids);
      await expect(
        cards(page)
          .filter({ has: page.getByRole("link", { name: title, exact: true }) })
          .first(),
      ).toBeInViewport();
      expect(page.url()).toBe(address);
    };
    // The card's title is a plain link: the vehicle page is another document.
    await card.getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL(/\/cars-for-sale\/vehicle\/\d+/, { timeout: 20_000 });
    await page.goBack();
    await expect(page).toHaveURL(address);
    await sameAsBefore();
    await page.reload();
    await sameAsBefore();
    await page.goForward();
    await expect(page).toHaveURL(/\/cars-for-sale\/vehicle\/\d+/);
    await page.goBack();
    await sameAsBefore();
  });

  test("back and forward between searches return to the same results", async ({ page }) => {
    // A link (a chip) pushes; back restores the search before it.
    await page.goto("/cars-for-sale/used/toyota?maxPrice=30000");
    await hydrated(page);
    const count = await matchCount(page);
    await page.getByRole("link", { name: "Remove Under $30,000" }).first().click();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota$/);
    await page.goBack();
    await expect(page).toHaveURL(/maxPrice=30000$/);
    await expect(matches(page)).toHaveText(`${count.toLocaleString("en-US")} Matches`);
  });

  test("the keyword box is a combobox: suggestions, arrows, Enter, Escape", async ({ page }) => {
    await page.goto("/cars-for-sale");
    await hydrated(page);
    const box = page.getByRole("combobox", { name: "Search these results by keyword" });
    await box.pressSequentially("toyo", { delay: 30 });
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list).toBeVisible({ timeout: 20_000 });
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const options = list.getByRole("option");
    await expect(options.first()).toContainText("Toyota");
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await page.keyboard.press("ArrowDown");
    await expect(list).toBeVisible();
    await page.keyboard.press("ArrowDown");
    const second = options.nth(1);
    const secondId = await second.getAttribute("id");
    await expect(box).toHaveAttribute("aria-activedescendant", secondId!);
    await expect(second).toHaveAttribute("aria-selected", "true");
    const label = (await second.locator("span").first().textContent())!.trim();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\/[a-z0-9-]+$/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1 })).toContainText(label.replace(/^Toyota /, ""), { timeout: 20_000 });
  });

  test("certified and electric vehicle dialogs open modally, close with Escape and return focus", async ({ page }) => {
    await page.goto("/cars-for-sale");
    await hydrated(page);
    const trigger = page.getByRole("link", { name: "What does certified mean?" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Certified pre-owned program" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("172-point inspection");
    await expect(page).toHaveURL(/\/cars-for-sale$/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await trigger.click();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await trigger.click();
    await dialog.getByRole("link", { name: "Include Certified Vehicles" }).click();
    await expect(page).toHaveURL(/listingType=USED,CERTIFIED$/, { timeout: 20_000 });

    const ev = page.getByRole("link", { name: "Electric vehicle types" });
    await ev.click();
    const evDialog = page.getByRole("dialog", { name: "Electric vehicle types and their differences" });
    await expect(evDialog).toContainText("Plug-in hybrid");
    await page.keyboard.press("Escape");
    await expect(ev).toBeFocused();
  });

  test("a card's Share and Report open dialogs for that listing", async ({ page }) => {
    await page.goto("/cars-for-sale");
    await hydrated(page);
    const card = cards(page).nth(1);
    const title = (await card.getByRole("heading", { level: 3 }).textContent())!.trim();
    const share = card.getByRole("link", { name: /^Share this Listing/ });
    await share.click();
    const dialog = page.getByRole("dialog", { name: "Share this Listing" });
    await expect(dialog).toContainText(title);
    await expect(dialog.getByLabel("Link to this listing")).toHaveValue(/\/cars-for-sale\/vehicle\/\d+$/);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(share).toBeFocused();
    await card.getByRole("link", { name: /^Report this Listing/ }).click();
    const report = page.getByRole("dialog", { name: "Report this Listing" });
    await expect(report.getByRole("group", { name: "What is wrong with this listing?" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(report).toBeHidden();
  });

  test("a card's Report sends the report from the dialog: the vehicle page's checks and messages, stored, without leaving the results", async ({
    page,
  }, info) => {
    // Reports from an address of this run's own (the rate limit counts per address).
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    await page.setExtraHTTPHeaders({ "x-forwarded-for": address });
    const stored = () => query<{ n: number }>("SELECT count(*) AS n FROM listing_reports WHERE ip = ?", address)[0]!.n;
    await page.goto("/cars-for-sale?sortBy=mileageASC");
    await hydrated(page);
    const card = cards(page).nth(2);
    const id = Number((await card.getAttribute("id"))!.slice("listing-".length));
    const title = (await card.getByRole("heading", { level: 3 }).textContent())!.trim();
    await card.getByRole("link", { name: /^Report this Listing/ }).click();
    const dialog = page.getByRole("dialog", { name: "Report this Listing" });
    await expect(dialog).toContainText(title);

    // A bad submission: no reason and a comment too long. The action's messages, in the dialog, the typed comment kept.
    const comment = dialog.getByLabel(/^Comment/);
    await comment.fill("x".repeat(501));
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByText("Choose what is wrong with this listing.")).toBeVisible();
    await expect(dialog.getByText("Your comment can be at most 500 characters.")).toBeVisible();
    await expect(comment).toHaveValue("x".repeat(501));
    expect(stored()).toBe(0);

    const words = `Sold last week (${info.project.name} ${Date.now().toString(36)})`;
    await comment.fill(words);
    await dialog.getByLabel("The car is already sold").check();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByRole("status")).toHaveText("Your report was sent. Thank you: our team will review this listing.");
    await expect(page).toHaveURL(/\/cars-for-sale\?sortBy=mileageASC$/);
    expect(query<{ reason: string; comment: string }>("SELECT reason, comment FROM listing_reports WHERE listing_id = ? AND ip = ?", id, address)).toEqual([
      { reason: "sold", comment: words },
    ]);
    expect(stored()).toBe(1);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The card's link still leads to the vehicle page's form (its address without JavaScript).
    await expect(card.getByRole("link", { name: /^Report this Listing/ })).toHaveAttribute("href", `/cars-for-sale/vehicle/${id}#report`);
  });

  test("Compare shows 'Added to Compare' at once and the toggle goes once 5 are compared", async ({ page }) => {
    await page.goto("/cars-for-sale?sortBy=mileageASC");
    await hydrated(page);
    for (let i = 0; i < 5; i++) {
      await cards(page)
        .nth(i)
        .getByRole("button", { name: /^Compare / })
        .click();
      await expect(
        cards(page)
          .nth(i)
          .getByRole("link", { name: /^Added to Compare/ }),
      ).toBeVisible();
    }
    await expect(page).toHaveURL(/\/cars-for-sale\?sortBy=mileageASC$/);
    await expect(
      cards(page)
        .nth(6)
        .getByRole("button", { name: /^Compare / }),
    ).toHaveCount(0, { timeout: 20_000 });
  });

  test("a failed batch leaves See More Results working", async ({ browser, baseURL }) => {
    // Its own page: the failed request logs a console error, which is what this journey expects.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.route("**/cars-for-sale-batch?**", (route) => route.fulfill({ status: 503, body: "{}" }));
    await page.goto("/cars-for-sale/used/toyota");
    await hydrated(page);
    // 30, or 29 when a recommended card took a slot (card tiers): the failed load changes nothing.
    const before = await shown(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByRole("alert")).toContainText("We could not load more results.", { timeout: 20_000 });
    expect(await shown(page)).toBe(before);
    await page.getByRole("link", { name: "See More Results" }).click();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\?firstRecord=30$/, { timeout: 20_000 });
    // The next batch's page: results 31 on (31-60, or 31-59 when a card tier took a slot, as on
    // the first page), and the failed load's message is gone with the page it was about.
    await expect(page.getByText(/^Showing 31–(59|60) of/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Show earlier results" })).toHaveAttribute("href", "/cars-for-sale/used/toyota");
    // 'Show earlier results' fails the same way: it says so and is a plain link again.
    await hydrated(page);
    await page.getByRole("link", { name: "Show earlier results" }).click();
    await expect(page.getByRole("alert")).toContainText("We could not load earlier results.", { timeout: 20_000 });
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\?firstRecord=30$/);
    await page.getByRole("link", { name: "Show earlier results" }).click();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota$/, { timeout: 20_000 });
    await expect(page.getByText(/^Showing 1–/)).toBeVisible({ timeout: 20_000 });
    await context.close();
  });
});

test.describe("results page with JavaScript on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 240_000 });

  test("the filter panel opens and closes without a page load and returns focus", async ({ page }) => {
    await page.goto("/cars-for-sale/used/toyota");
    await hydrated(page);
    let documents = 0;
    page.on("request", (r) => r.isNavigationRequest() && documents++);
    const button = page.getByRole("link", { name: /^Filters/ });
    await button.click();
    const form = filters(page);
    await expect(form).toBeVisible();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota$/);
    await expect(page.getByRole("heading", { name: "Filters", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(form).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await page.getByRole("dialog", { name: "Filters" }).getByRole("link", { name: "Close filters" }).click();
    await expect(form).toBeHidden();
    await expect(button).toBeFocused();
    expect(documents).toBe(0);
  });
});
