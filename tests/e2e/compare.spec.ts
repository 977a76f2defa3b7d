import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { expect as baseExpect, test } from "./fixtures";

// Posts and full page loads on a shared 2-core machine: allow slow answers.
const expect = baseExpect.configure({ timeout: 20_000 });

// Compare (docs/compare.md), with JavaScript off and on (the "no-js" and "js" projects): the compare
// list (cookie) from the results cards and the vehicle page, the bar and drawer, the /compare
// page, compare trims and build-and-price.

const DB_PATH = process.env.E2E_SQLITE_PATH ?? "data/e2e.db";

function rows<T>(sql: string): T[] {
  const db = new DatabaseSync(DB_PATH, { readOnly: true, timeout: 10_000 });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const cards = (page: Page) => page.locator("#listings").getByRole("article");
const bar = (page: Page) => page.getByRole("region", { name: "Compare list" });
const compareButtons = (page: Page) => cards(page).getByRole("button", { name: /^Compare / });

async function openDrawer(page: Page) {
  const details = page.locator("#compare-drawer");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  await expect(page.locator("#compare-drawer-items")).toBeVisible();
}

async function addFromCard(page: Page, index: number) {
  await cards(page)
    .nth(index)
    .getByRole("button", { name: /^Compare / })
    .click();
  await expect(
    cards(page)
      .nth(index)
      .getByRole("link", { name: /^Added to Compare/ }),
  ).toBeVisible();
}

test.describe("compare", () => {
  // Each add without JavaScript is a post and a full results page: give the long journeys room.
  test.describe.configure({ timeout: 120_000 });
  test("add 5 from the results, the sixth is refused, remove one", async ({ page }) => {
    await page.goto("/cars-for-sale?sortBy=mileageASC");
    await expect(bar(page)).toHaveCount(0);
    for (let i = 0; i < 5; i++) {
      await addFromCard(page, i);
      await expect(bar(page)).toContainText(`(${i + 1} of 5)`);
    }
    await expect(page).toHaveURL(/\/cars-for-sale\?sortBy=mileageASC/);
    // "The compare toggle shows only while fewer than 5 listings are compared."
    await expect(compareButtons(page)).toHaveCount(0);
    await expect(bar(page).getByRole("link", { name: "Compare 5 cars" })).toBeVisible();

    // A sixth posted anyway (a stale page) changes nothing.
    const sixth = await cards(page).nth(5).getAttribute("id");
    const sixthId = sixth!.replace("listing-", "");
    const res = await page.request.post("/compare", { form: { intent: "add", id: sixthId, returnTo: "/cars-for-sale?sortBy=mileageASC" }, maxRedirects: 0 });
    expect(res.status()).toBe(303);
    expect(res.headers()["location"]).toBe("/cars-for-sale?sortBy=mileageASC#compare-drawer-items");
    await page.reload();
    await expect(bar(page)).toContainText("(5 of 5)");
    await openDrawer(page);
    await expect(page.locator("#compare-drawer-items > li")).toHaveCount(5);

    // Remove the first: 4 left, and the toggles come back.
    const firstTitle = (await cards(page).nth(0).getByRole("heading", { level: 3 }).textContent())!.trim();
    await page.getByRole("button", { name: `Remove ${firstTitle} from compare` }).click();
    await expect(bar(page)).toContainText("(4 of 5)");
    await expect(
      cards(page)
        .nth(0)
        .getByRole("button", { name: /^Compare / }),
    ).toBeVisible();
    await expect(compareButtons(page)).not.toHaveCount(0);
    const href = await bar(page).getByRole("link", { name: "Compare 4 cars" }).getAttribute("href");
    expect(href).toMatch(/^\/compare\?ids=\d+,\d+,\d+,\d+$/);
  });

  test("adding a car already compared opens the drawer", async ({ page }) => {
    await page.goto("/cars-for-sale?sortBy=mileageASC");
    await addFromCard(page, 1);
    await expect(page.locator("#compare-drawer")).not.toHaveAttribute("open", "");
    await cards(page)
      .nth(1)
      .getByRole("link", { name: /^Added to Compare/ })
      .click();
    await expect(page.locator("#compare-drawer-items")).toBeVisible();
    await expect(page.locator("#compare-drawer-items > li")).toHaveCount(1);
    // The server ignores a second add of the same car too.
    const id = (await cards(page).nth(1).getAttribute("id"))!.replace("listing-", "");
    const res = await page.request.post("/compare", { form: { intent: "add", id, returnTo: "/cars-for-sale" }, maxRedirects: 0 });
    expect(res.headers()["location"]).toBe("/cars-for-sale#compare-drawer-items");
    await page.goto("/compare");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare 1 car");
  });

  test("the vehicle page's Compare button, then the compare page from the cookie with its shareable URL", async ({ page }) => {
    const [a, b] = rows<{ id: number }>("SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 2");
    for (const { id } of [a, b]) {
      await page.goto(`/cars-for-sale/vehicle/${id}`);
      // With JavaScript 'Added to Compare' shows while the request is on its way; leaving the page
      // before it is answered would cancel it (the journey then failed now and then): wait for it.
      const stored = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/compare"));
      await page.getByRole("button", { name: /^Compare / }).click();
      await stored;
      await expect(page.getByText("Added to Compare")).toBeVisible();
    }
    const view = page.getByRole("link", { name: /^View comparison \(2 of 5\)/ });
    await expect(view).toHaveAttribute("href", `/compare?ids=${a.id},${b.id}`);

    // The header's and the bar's /compare lands on the list's shareable address.
    await page.goto("/compare");
    await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${a.id},${b.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare 2 cars");
    const share = page.getByRole("textbox", { name: "Share your compare list" });
    await expect(share).toHaveValue(new RegExp(`/compare\\?ids=${a.id},${b.id}$`));

    // The shared link works for someone else (no cookie).
    const url = await share.inputValue();
    const other = await page.context().browser()!.newContext({ javaScriptEnabled: false });
    const p2 = await other.newPage();
    await p2.goto(url.replace(/^https?:\/\/[^/]+/, test.info().project.use.baseURL!));
    await expect(p2.getByRole("heading", { level: 1 })).toHaveText("Compare 2 cars");
    await expect(p2.locator("thead th[scope=col]")).toHaveCount(2);
    await other.close();
  });

  test("a shared compare link: garbage ignored, unknown dropped, a sold car shown as sold, only differences", async ({ page }) => {
    const active = rows<{ id: number }>("SELECT id FROM listings WHERE status = 'active' AND make_code <> 'TOYOTA' ORDER BY id LIMIT 1");
    const toyota = rows<{ id: number }>("SELECT id FROM listings WHERE status = 'active' AND make_code = 'TOYOTA' ORDER BY id LIMIT 1");
    const [sold] = rows<{ id: number; title: string }>("SELECT id, title FROM listings WHERE status = 'sold' ORDER BY id LIMIT 1");
    const ids = [active[0].id, toyota[0].id, sold.id];
    await page.goto(`/compare?ids=${ids.join(",")},abc,-3,${ids[0]},999999999`);
    await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${ids.join(",")},999999999$`));
    await expect(page.getByRole("status")).toHaveText(/1 car in this link is no longer listed/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare 3 cars");
    await expect(page.getByRole("textbox", { name: "Share this comparison" })).toHaveValue(new RegExp(`/compare\\?ids=${ids.join(",")}$`));

    const soldColumn = page.locator("thead th[scope=col]").nth(2);
    await expect(soldColumn).toContainText("Sold");
    await expect(soldColumn).toContainText("This car has sold.");
    await expect(soldColumn.getByRole("link", { name: "See similar cars" })).toBeVisible();
    const priceRow = page.getByRole("row", { name: /^Price/ }).first();
    await expect(priceRow.getByRole("cell").nth(2)).toContainText("No longer for sale");
    await expect(priceRow.getByRole("cell").nth(0)).toHaveText(/^\$[\d,]+/);
    for (const label of ["Price verdict", "Mileage", "Year", "Engine", "Drivetrain", "MPG / MPGe", "Exterior color", "Seller", "Location"]) {
      await expect(page.getByRole("rowheader", { name: new RegExp(`^${label}`) }).first()).toBeVisible();
    }
    // Makes differ, so at least the engine or the seller row does.
    const all = await page.locator("tbody tr:has(th[scope=row])").count();
    const differing = await page.locator("tbody tr[data-differs]").count();
    expect(differing).toBeGreaterThan(0);
    expect(differing).toBeLessThan(all);

    // Show only differences: a GET checkbox without JavaScript, instant with it.
    await page.getByRole("checkbox", { name: "Show only differences" }).check();
    if (!test.info().project.use.javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/diff=1/);
    await expect(page.locator("tbody tr:has(th[scope=row])")).toHaveCount(differing);
    await expect(page.locator("tbody tr:has(th[scope=row]):not([data-differs])")).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Show only differences" }).uncheck();
    if (!test.info().project.use.javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("tbody tr:has(th[scope=row])")).toHaveCount(all);

    // Distance from a ZIP.
    await page.getByLabel("Distance from ZIP Code").fill("30301");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("rowheader", { name: /^Distance/ })).toBeVisible();
    await expect(
      page
        .getByRole("row", { name: /^Distance/ })
        .getByRole("cell")
        .first(),
    ).toHaveText(/mi$/);

    // Remove the sold car from the comparison: the address follows.
    await soldColumn.getByRole("button", { name: /^Remove / }).click();
    await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${ids[0]},${ids[1]}&zip=30301$`));
    await expect(page.locator("thead th[scope=col]")).toHaveCount(2);
  });

  test("an empty compare page points to the search", async ({ page }) => {
    const res = await page.goto("/compare?ids=garbage");
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(/\/compare$/);
    await expect(page.getByRole("heading", { name: "No cars to compare yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search cars for sale" }).last()).toHaveAttribute("href", "/cars-for-sale");
  });

  test("compare trims with the fuel dropdown, then Custom Order Yours to build-and-price", async ({ page }) => {
    await page.goto("/compare/trims?makeCode=TOYOTA&modelCode=RAV4");
    const table = page.getByRole("region", { name: "Compare Toyota RAV4 Trims" });
    await expect(table).toBeVisible();
    const trimRows = table.locator("tbody tr");
    const allCount = await trimRows.count();
    expect(allCount).toBeGreaterThan(1);
    for (const h of ["Trim", "MSRP", "Engine", "Drive", "MPG / MPGe (city / hwy)", "Range"]) {
      await expect(table.getByRole("columnheader", { name: h, exact: true })).toBeVisible();
    }
    // The full trim name is there for screen readers and on hover.
    const firstTrim = trimRows.first().getByRole("rowheader");
    const shown = firstTrim.locator("[aria-hidden=true][title]");
    await expect(shown).toHaveAttribute("title", /\S/);
    await expect(firstTrim.locator(".sr-only")).toHaveText((await shown.getAttribute("title"))!);

    await table.getByLabel("Fuel type").selectOption("HYB");
    if (!test.info().project.use.javaScriptEnabled) await table.getByRole("button", { name: "Show trims" }).click();
    await expect(page).toHaveURL(/fuelTypeGroup=HYB/);
    await expect(table.getByLabel("Fuel type")).toHaveValue("HYB");
    const hybrids = await trimRows.count();
    expect(hybrids).toBeGreaterThan(0);
    expect(hybrids).toBeLessThan(allCount);
    for (const text of await trimRows.getByRole("rowheader").allTextContents()) expect(text).toContain("Hybrid");

    const order = trimRows.first().getByRole("link", { name: /^Custom Order Yours/ });
    const href = (await order.getAttribute("href"))!;
    const u = new URL(href, "http://x");
    expect(u.pathname).toBe("/build-and-price");
    expect(Object.fromEntries(u.searchParams)).toMatchObject({ makeCode: "TOYOTA", modelCode: "RAV4" });
    expect(u.searchParams.get("trim")).toBeTruthy();
    expect(u.searchParams.get("year")).toMatch(/^\d{4}$/);
    await order.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`^Build and price the \\d{4} Toyota RAV4 ${u.searchParams.get("trim")}$`));
  });

  test("build-and-price: configuration, packages with the total, dealers near the ZIP", async ({ page }) => {
    await page.goto("/build-and-price?makeCode=TOYOTA&modelCode=RAV4&trim=LE&year=2025");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Build and price the 2025 Toyota RAV4 LE");
    const config = page.getByRole("region", { name: "Configuration" });
    for (const k of ["Engine", "Drive", "Transmission", "Fuel", "MPG (city / hwy)"]) await expect(config.getByText(k, { exact: true })).toBeVisible();
    const total = page.getByTestId("build-total");
    const base = Number((await total.textContent())!.replace(/[^\d]/g, ""));
    const pkgs = page.getByRole("region", { name: "Packages" }).getByRole("checkbox");
    expect(await pkgs.count()).toBeGreaterThan(0);
    const priceText = await page.getByRole("region", { name: "Packages" }).locator("li").first().textContent();
    const pkgPrice = Number(priceText!.split("+")[1].replace(/[^\d]/g, ""));
    await pkgs.first().check();
    if (!test.info().project.use.javaScriptEnabled) await page.getByRole("button", { name: "Update price" }).click();
    await expect(total).toHaveText(`$${(base + pkgPrice).toLocaleString("en-US")}`);
    await expect(page).toHaveURL(/pkg=/);

    await page.getByLabel("ZIP Code").fill("30301");
    await page.getByRole("button", { name: "Find dealers" }).click();
    await expect(page).toHaveURL(/zip=30301/);
    // The chosen package survives the ZIP change.
    await expect(total).toHaveText(`$${(base + pkgPrice).toLocaleString("en-US")}`);
    const dealers = page.getByRole("list", { name: "Dealers" }).getByRole("listitem");
    expect(await dealers.count()).toBeGreaterThan(0);
    const distances = (await dealers.allTextContents()).map((t) => Number(/([\d,]+) mi away/.exec(t)?.[1].replace(/,/g, "") ?? "0"));
    expect([...distances].sort((x, y) => x - y)).toEqual(distances);
    const link = dealers.first().getByRole("link", { name: /^See \d+ Toyota RAV4 listings?/ });
    const n = Number(/See (\d+)/.exec((await link.textContent())!)![1]);
    await link.click();
    await expect(page).toHaveURL(/showcaseOwnerId=\d+/);
    await expect(page.getByRole("heading", { name: /^[\d,]+ Matches$/ })).toHaveText(`${n} Matches`);
    for (const title of await cards(page).getByRole("heading", { level: 3 }).allTextContents()) expect(title).toContain("Toyota RAV4");
  });

  test("build-and-price for a trim that does not exist is a 404 with a way back", async ({ page }) => {
    const res = await page.goto("/build-and-price?makeCode=TOYOTA&modelCode=RAV4&trim=Nope&year=2025");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that trim");
    await expect(page.getByRole("link", { name: "Compare trims" })).toHaveAttribute("href", "/compare/trims?makeCode=TOYOTA&modelCode=RAV4");
  });
});
