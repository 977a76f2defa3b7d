import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { query } from "./db";
import { expect, test } from "./fixtures";

// Phone first (docs/phone.md), with JavaScript off and on: the first car on the first screen, the
// sticky bars that never cover a focused field, the folded controls, compare on a phone, nothing
// wider than a 320 px screen; and on a desktop the skip link and focus rings nothing cuts off.

// Page loads, hydration and many key presses on a machine shared with other work.
test.describe.configure({ timeout: 150_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** A plain search, and a filtered one with a ZIP, a make and a price (its first page carries the sponsored dealer showcase). */
const PLAIN = "/cars-for-sale";
const FILTERED = "/cars-for-sale/used/toyota?zip=10001&maxPrice=40000";

/** The first car (a card and its picture) of the results, the sponsored showcase included. */
async function firstCarTop(page: Page): Promise<number> {
  const card = page.getByTestId("results").locator(".card").first();
  await expect(card).toBeVisible();
  const box = (await card.boundingBox())!;
  const picture = (await card.locator("img").first().boundingBox())!;
  expect(Math.abs(picture.y - box.y)).toBeLessThan(2);
  return box.y;
}

/** What has focus, where it is, and whether a bar overlaps it (the bar's own links excepted). */
async function focusedUnderBar(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el.closest("[data-sticky-bar]")) return null;
    const r = el.getBoundingClientRect();
    if (r.height === 0) return null;
    for (const bar of document.querySelectorAll("[data-sticky-bar]")) {
      const b = bar.getBoundingClientRect();
      if (b.height === 0) continue;
      const overlap = Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top);
      if (overlap > 1 && r.right > b.left && r.left < b.right)
        return `${el.tagName} "${(el.textContent || el.getAttribute("name") || "").trim().slice(0, 40)}" under ${bar.getAttribute("data-sticky-bar")} bar`;
    }
    return null;
  });
}

/** Tabs `n` times; after each stop the focused element must be clear of every sticky bar. */
async function tabClearOfBars(page: Page, n: number, key = "Tab") {
  const covered: string[] = [];
  for (let i = 0; i < n; i++) {
    await page.keyboard.press(key);
    const hit = await focusedUnderBar(page);
    if (hit) covered.push(hit);
  }
  expect(covered).toEqual([]);
}

/** No element makes the page wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, "page wider than the screen").toBeLessThanOrEqual(width);
}

/**
 * The focused element's ring (outline) drawn whole: no ancestor that clips (overflow other than
 * visible) cuts it. Returns what was cut, or null.
 */
async function clippedRing(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    const width = Number.parseFloat(s.outlineWidth) || 0;
    if (s.outlineStyle === "none" || width === 0) return null;
    const grow = Math.max(0, width + (Number.parseFloat(s.outlineOffset) || 0));
    const r = el.getBoundingClientRect();
    const name = (e: Element) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""} "${(e.textContent ?? "").trim().slice(0, 30)}"`;
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      const as = getComputedStyle(a);
      if (as.overflowX === "visible" && as.overflowY === "visible") continue;
      const ar = a.getBoundingClientRect();
      const left = ar.left + a.clientLeft;
      const top = ar.top + a.clientTop;
      if (
        r.left - grow < left - 0.5 ||
        r.top - grow < top - 0.5 ||
        r.right + grow > left + a.clientWidth + 0.5 ||
        r.bottom + grow > top + a.clientHeight + 0.5
      ) {
        return `${name(el)} cut by ${name(a)}`;
      }
    }
    return null;
  });
}

function activeListing(where: string): number {
  const [row] = query<{ id: number }>(
    `SELECT l.id FROM listings l JOIN owners o ON o.id = l.owner_id WHERE l.status = 'active' AND ${where} ORDER BY l.id LIMIT 1`,
  );
  if (!row) throw new Error(`no listing where ${where}`);
  return Number(row.id);
}

const hydrated = async (page: Page, javaScriptEnabled: boolean) => {
  if (javaScriptEnabled) await expect(page.locator("#filters > div:last-child")).toHaveClass(/lg:hidden/, { timeout: 20_000 });
};

test.describe("results on a phone (390 x 844)", () => {
  test.use({ viewport: PHONE });

  test("the first car starts within 600 px on a plain and on a filtered search", async ({ page, javaScriptEnabled }) => {
    for (const url of [PLAIN, FILTERED]) {
      await page.goto(url);
      await hydrated(page, javaScriptEnabled);
      expect(await firstCarTop(page), url).toBeLessThanOrEqual(600);
      await expectNoSidewaysScroll(page);
    }
  });

  test("a sticky bar with Filters (the count), Sort and Save search replaces the stacked controls", async ({ page, javaScriptEnabled }) => {
    await page.goto(FILTERED);
    await hydrated(page, javaScriptEnabled);
    const bar = page.locator("[data-sticky-bar=top]");
    await expect(bar.getByRole("link", { name: "Filters 2 selected" })).toBeVisible();
    await expect(bar.locator("summary", { hasText: "Sort" })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Save search" })).toBeVisible();
    // Folded: the hero's location editor, the keyword box, the sort form and the save-search form.
    await expect(page.getByRole("form", { name: "Location" })).toBeHidden();
    await expect(page.getByRole("searchbox", { name: "Search these results by keyword" })).toBeHidden();
    await expect(page.getByRole("combobox", { name: "Search these results by keyword" })).toBeHidden();
    await expect(page.getByRole("form", { name: "Sort results" })).toBeHidden();
    await expect(page.getByRole("form", { name: "Save search" })).toBeHidden();
    // It stays at the top of the screen while the results scroll.
    await page.mouse.wheel(0, 3000);
    await expect.poll(async () => (await bar.boundingBox())?.y).toBe(0);

    // Sort opens under the bar; its form sorts.
    await bar.locator("summary", { hasText: "Sort" }).click();
    const sort = bar.getByRole("form", { name: "Sort results" });
    await expect(sort).toBeVisible();
    await sort.getByLabel("Sort By").selectOption("derivedpriceASC");
    if (!javaScriptEnabled) await sort.getByRole("button", { name: "Sort" }).click();
    await expect(page).toHaveURL(/sortBy=derivedpriceASC/);

    // Save search shows the form below the bar, not under it.
    await page.locator("[data-sticky-bar=top]").getByRole("link", { name: "Save search" }).click();
    const form = page.getByRole("form", { name: "Save search" });
    await expect(form).toBeVisible();
    const email = form.getByRole("textbox", { name: "Email me new matches for this search" });
    await expect(email).toBeInViewport();
    const barBox = (await bar.boundingBox())!;
    expect((await form.boundingBox())!.y).toBeGreaterThanOrEqual(barBox.y + barBox.height - 1);
  });

  test("the location and keyword live in the filter panel: a full page without JavaScript, a dialog with it", async ({ page, javaScriptEnabled }) => {
    await page.goto(FILTERED);
    await hydrated(page, javaScriptEnabled);
    await page.getByRole("link", { name: "Filters 2 selected" }).click();
    const panel = page.locator("#filters-dialog");
    expect(await panel.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await expect(panel.getByLabel("ZIP Code")).toHaveValue("10001");
    await expect(panel.getByLabel("Distance")).toBeVisible();
    // The distance select is wide enough for its longest option.
    const cut = await panel.getByLabel("Distance").evaluate((s: HTMLSelectElement) => s.scrollWidth > s.clientWidth);
    expect(cut).toBe(false);
    const keyword = panel.getByRole(javaScriptEnabled ? "combobox" : "searchbox", { name: "Search these results by keyword" });
    // Plain words become filters (decision 025): 'sunroof' is the Sunroof / Moonroof feature.
    await keyword.fill("sunroof");
    await keyword.press("Enter");
    await expect(page).toHaveURL(/featureCode=SUNROOF/);
    await expect(page.locator("#filters-dialog")).toBeHidden();
  });

  test("the shopping assistant sits in the page, and 'Get Price Alerts' leads to the save-search form", async ({ page, javaScriptEnabled }) => {
    await page.goto(FILTERED);
    await hydrated(page, javaScriptEnabled);
    const summary = page.locator("summary", { hasText: "Shopping assistant" });
    // In the page's flow: nothing fixed over the cards.
    expect(await summary.evaluate((s) => getComputedStyle(s.closest("details")!).position)).toBe("static");
    await summary.click();
    await page.getByRole("link", { name: "Get Price Alerts" }).click();
    await expect(page).toHaveURL(/#save-search$/);
    const email = page.getByRole("form", { name: "Save search" }).getByRole("textbox");
    await expect(email).toBeVisible();
    await expect(email).toBeInViewport();
    await email.focus();
    expect(await focusedUnderBar(page)).toBeNull();
  });

  test("sticky bars never cover a focused field, going down or back up", async ({ page, javaScriptEnabled }) => {
    await page.goto(FILTERED);
    await hydrated(page, javaScriptEnabled);
    await tabClearOfBars(page, 45);
    // Back up the page: each field scrolls out from under the bar at the top.
    await tabClearOfBars(page, 25, "Shift+Tab");
  });

  test("nothing is wider than a 320 px screen", async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const vehicle = activeListing("o.seller_type = 'p'");
    const [a, b, c] = query<{ id: number }>("SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 3");
    for (const url of ["/", PLAIN, FILTERED, `/cars-for-sale/vehicle/${vehicle}`, `/compare?ids=${a.id},${b.id},${c.id}`]) {
      await page.goto(url);
      if (url === PLAIN || url === FILTERED) await hydrated(page, javaScriptEnabled);
      await expectNoSidewaysScroll(page);
    }
    // The bar's three controls fit side by side.
    await page.goto(FILTERED);
    await hydrated(page, javaScriptEnabled);
    for (const item of await page.locator("[data-sticky-bar=top] > div > :is(a, details > summary)").all()) {
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }
  });
});

test.describe("vehicle page on a phone (390 x 844)", () => {
  test.use({ viewport: PHONE });

  test("a sticky bar with the price, Call and Email; the seller and the payment within two screens", async ({ page }) => {
    const id = activeListing("o.seller_type = 'd' AND o.hide_email_form = 0 AND o.phone IS NOT NULL");
    await page.goto(`/cars-for-sale/vehicle/${id}`);
    const bar = page.locator("[data-sticky-bar=bottom]");
    const price = (await page.getByTestId("vehicle-price").textContent())!.trim();
    await expect(bar).toContainText(price);
    await expect(bar.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+?\d+$/);
    await expect(bar.getByRole("link", { name: "Email the seller" })).toHaveAttribute("href", "#contact");
    // Stuck to the bottom of the screen from the first screen on.
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(PHONE.height, 0);
    for (const section of [page.getByRole("region", { name: "Seller", exact: true }), page.locator("#payment")]) {
      expect((await section.boundingBox())!.y).toBeLessThan(2 * PHONE.height);
    }

    // Email opens the form clear of the bar, and every field of it stays clear while typing.
    await bar.getByRole("link", { name: "Email the seller" }).click();
    await expect(page).toHaveURL(/#contact$/);
    const first = page.locator("#contact").getByLabel("First name");
    await expect(first).toBeInViewport();
    await first.focus();
    expect(await focusedUnderBar(page)).toBeNull();
    await tabClearOfBars(page, 7);
  });

  test("a private seller's bar says Make Offer", async ({ page }) => {
    await page.goto(`/cars-for-sale/vehicle/${activeListing("o.seller_type = 'p' AND o.hide_email_form = 0")}`);
    await expect(page.locator("[data-sticky-bar=bottom]").getByRole("link", { name: "Make Offer" })).toHaveAttribute("href", "#contact");
  });

  test("the Report form is folded behind a link", async ({ page }) => {
    await page.goto(`/cars-for-sale/vehicle/${activeListing("1 = 1")}`);
    const report = page.locator("#report");
    await expect(report.getByRole("heading", { name: "Report this Listing" })).toBeVisible();
    await expect(report.getByRole("radio")).toHaveCount(0);
    await expect(report.getByRole("button", { name: "Report this Listing" })).toBeHidden();
    await report.getByRole("link", { name: "Report this Listing" }).click();
    await expect(page).toHaveURL(/#report$/);
    await expect(report.getByRole("button", { name: "Report this Listing" })).toBeVisible();
    await expect(report.getByRole("radio").first()).toBeVisible();
  });
});

test.describe("compare on a phone (390 x 844)", () => {
  test.use({ viewport: PHONE });

  test("two cars side by side, each label above its values, the car headers pinned", async ({ page }) => {
    const [a, b, c] = query<{ id: number }>("SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 3");
    await page.goto(`/compare?ids=${a.id},${b.id},${c.id}`);
    const heads = page.locator("thead th[scope=col]");
    await expect(heads).toHaveCount(3);
    const [h1, h2] = [(await heads.nth(0).boundingBox())!, (await heads.nth(1).boundingBox())!];
    // Two to the screen's width, the third one swipe away.
    expect(h1.x).toBeGreaterThanOrEqual(0);
    expect(h2.x + h2.width).toBeLessThanOrEqual(PHONE.width);
    expect(h1.width).toBeGreaterThan(PHONE.width * 0.4);
    expect((await heads.nth(2).boundingBox())!.x).toBeGreaterThanOrEqual(PHONE.width - 20);
    // The label on a line of its own, above the two values.
    const row = page.getByRole("row", { name: /^Mileage/ });
    const label = (await row.getByRole("rowheader").boundingBox())!;
    const value = (await row.getByRole("cell").first().boundingBox())!;
    expect(value.y).toBeGreaterThanOrEqual(label.y + label.height - 1);
    expect(value.x).toBeLessThan(label.x + 20);
    // Scrolling the rows keeps the car headers at the top of the table.
    const scroller = page.locator(".compare-scroll");
    await scroller.scrollIntoViewIfNeeded();
    await scroller.evaluate((el) => el.scrollTo({ top: 900 }));
    const top = (await scroller.boundingBox())!.y;
    await expect.poll(async () => Math.round((await heads.first().boundingBox())!.y - top)).toBeLessThanOrEqual(2);
    await expect(heads.first()).toBeInViewport();
    // Sections are row groups.
    await expect(page.locator("tbody th[scope=rowgroup]").first()).toHaveText("Overview");
    await expect(page.locator("th[scope=colgroup]")).toHaveCount(0);
  });
});

test.describe("desktop (1440 x 900)", () => {
  test.use({ viewport: DESKTOP });

  test("the first Tab reaches 'Skip to vehicle Listings', which lands past the header and filters on the first result", async ({ page, javaScriptEnabled }) => {
    await page.goto(FILTERED);
    await hydrated(page, javaScriptEnabled);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to vehicle Listings" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("#listings")).toBeFocused();
    await expect(page.locator("#listings")).toBeInViewport();
    // The next stop is the first result's own link (not the header, not a filter).
    await page.keyboard.press("Tab");
    const inFirst = await page.evaluate(() => {
      const first = document.querySelector("#listings > li");
      return !!first && first.contains(document.activeElement) && document.activeElement !== document.body;
    });
    expect(inFirst).toBe(true);
  });

  test("no focus ring is cut off on the results, a vehicle page and compare", async ({ page, javaScriptEnabled }) => {
    const [a, b] = query<{ id: number }>("SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 2");
    for (const [url, stops] of [
      [FILTERED, 70],
      [`/cars-for-sale/vehicle/${a.id}`, 40],
      [`/compare?ids=${a.id},${b.id}`, 16],
    ] as const) {
      await page.goto(url);
      if (url === FILTERED) await hydrated(page, javaScriptEnabled);
      const cut: string[] = [];
      for (let i = 0; i < stops; i++) {
        await page.keyboard.press("Tab");
        const hit = await clippedRing(page);
        if (hit) cut.push(hit);
      }
      expect(cut, url).toEqual([]);
    }
  });

  test("the results keep their desktop layout: sidebar filters, the keyword box and Sort By in view, no sticky bar", async ({ page }) => {
    await page.goto(FILTERED);
    await expect(page.getByRole("form", { name: "Filters" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Location" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Sort results" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Save search" })).toBeVisible();
    await expect(page.locator("[data-sticky-bar=top]")).toBeHidden();
    await expectNoSidewaysScroll(page);
  });
});

test("screenshots of each page type, phone and desktop (docs/phone.md)", async ({ browser, javaScriptEnabled }) => {
  test.setTimeout(240_000);
  // Written to docs/screenshots with PHONE_SCREENSHOTS=1, else to a temporary folder: either way
  // the journey fails when a page does not render.
  const out = process.env.PHONE_SCREENSHOTS ? "docs/screenshots" : mkdtempSync(path.join(tmpdir(), "forecourt-phone-"));
  const suffix = javaScriptEnabled ? "" : "-nojs";
  const vehicle = activeListing("o.seller_type = 'd' AND o.hide_email_form = 0 AND o.phone IS NOT NULL");
  const [a, b, c] = query<{ id: number }>("SELECT id FROM listings WHERE status = 'active' AND model_code = 'RAV4' ORDER BY id LIMIT 3");
  const pages: [string, string][] = [
    ["home", "/"],
    ["results", FILTERED],
    ["vehicle", `/cars-for-sale/vehicle/${vehicle}`],
    ["compare", `/compare?ids=${a.id},${b.id},${c.id}`],
  ];
  for (const [device, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, javaScriptEnabled });
    const page = await context.newPage();
    for (const [name, url] of pages) {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      expect((await page.screenshot({ path: `${out}/phone-${name}-${device}${suffix}.png` })).length).toBeGreaterThan(10_000);
    }
    if (device === "phone") {
      // The filter panel open, and the vehicle page scrolled to its seller with the bar below.
      await page.goto(FILTERED);
      await page.waitForLoadState("networkidle");
      if (javaScriptEnabled) await hydrated(page, true);
      await page.getByRole("link", { name: /^Filters/ }).click();
      await expect(page.locator("#filters-dialog")).toBeVisible();
      await page.screenshot({ path: `${out}/phone-filters-${device}${suffix}.png` });
      await page.goto(`/cars-for-sale/vehicle/${vehicle}`);
      await page.waitForLoadState("networkidle");
      await scrollTo(page.getByRole("region", { name: "Seller", exact: true }));
      await page.screenshot({ path: `${out}/phone-vehicle-seller-${device}${suffix}.png` });
    }
    await context.close();
  }
});

async function scrollTo(target: Locator) {
  await target.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 16));
}
