// The true monthly cost (docs/decisions/031-monthly-cost.md), JavaScript off and on. A dealer's
// feed (`npm run feed`) lists six cars in a town of their own: a hybrid, a compact, an EV, an SUV,
// a pickup and a hydrogen Toyota Mirai, the cheapest of all by price but without an EPA fuel
// cost. 'Lowest monthly cost' orders the cards by the cost they show (loan on the default terms
// + EPA fuel), the Mirai last with none; the filter keeps the cars under the amount and its chip
// removes it; the vehicle page's breakdown adds up; with a wallet the figures follow its terms.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { vinCheckDigit } from "../../app/server/inventory/generator.server.ts";
import { E2E_DB_PATH, query } from "./db";
import { expect, openFilterSection, test } from "./fixtures";

/** Fixed VINs: both journeys of a project (maybe in two workers) import the same cars; a rerun updates them. */
const SERIAL = 31_031;
/** Each project's cars in a town of their own (no seeded dealer within 25 miles). */
const TOWN: Record<string, { zip: string; place: string }> = { "no-js": { zip: "99701", place: "Fairbanks" }, js: { zip: "99801", place: "Juneau" } };

const CARS = [
  { year: 2020, make: "Hyundai", model: "Ioniq", trim: "Limited Plug-in Hybrid", price: 18_500, annual: 850 },
  { year: 2020, make: "Honda", model: "Civic", trim: "EX", price: 19_800, annual: 1_350 },
  { year: 2022, make: "Tesla", model: "Model 3", trim: "Standard Range", price: 31_000, annual: 550 },
  { year: 2021, make: "Toyota", model: "RAV4", trim: "XLE", price: 27_500, annual: 1_550 },
  { year: 2019, make: "Ford", model: "F150", trim: "XLT", price: 29_000, annual: 2_400 },
  { year: 2022, make: "Toyota", model: "Mirai", trim: "XLE", price: 14_900, annual: null },
] as const;

function vinFor(project: string, i: number): string {
  const base = `5NPEB4AC0${project === "js" ? "FJ" : "FN"}${String(SERIAL * 10 + i).padStart(6, "0")}`;
  return base.slice(0, 8) + vinCheckDigit(base) + base.slice(9);
}

function importFeed(project: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "forecourt-e2e-monthly-"));
  const file = path.join(dir, "feed.json");
  const feed = {
    dealers: [
      {
        id: `DLR-E2E-MONTHLY-${project}`,
        name: `${TOWN[project].place} Motors ${project}`,
        zip: TOWN[project].zip,
        vehicles: CARS.map((c, i) => ({
          vin: vinFor(project, i),
          condition: "USED",
          year: c.year,
          make: c.make,
          model: c.model,
          trim: c.trim,
          mileage: 20_000 + i * 1_000,
          price: c.price,
          exterior_color: "White",
          interior_color: "Black",
        })),
      },
    ],
  };
  writeFileSync(file, JSON.stringify(feed));
  return execFileSync(process.execPath, ["scripts/feed.ts", file, "--no-photos"], {
    env: { ...process.env, SQLITE_PATH: E2E_DB_PATH, DATABASE_URL: "" },
    encoding: "utf8",
  });
}

/** The loan payment the page should show: app/lib/loan.ts, written out. */
function payment(price: number, down: number, term: number, apr: number): number {
  const principal = Math.max(0, price - down);
  const r = apr / 100 / 12;
  return Math.round(r === 0 ? principal / term : (principal * r) / (1 - Math.pow(1 + r, -term)));
}
const defaultPayment = (price: number) => payment(price, Math.round(price / 10), 60, 7.5);
const dollars = (text: string | null) => Number((text ?? "").replace(/[^0-9]/g, ""));
const usd = (n: number) => `$${n.toLocaleString("en-US")}`;

const filters = (page: Page) => page.getByRole("form", { name: "Filters" });
/** The search's own cards (not the sponsored tiers placed between them). */
const cards = (page: Page) => page.locator("#listings > li:not([data-tier]) article");
const cardOf = (page: Page, title: RegExp) => cards(page).filter({ has: page.getByRole("heading", { name: title }) });

async function apply(page: Page) {
  const button = filters(page).getByRole("button", { name: "See Results" });
  if (await button.isVisible()) await button.click();
}

/** A card's shown monthly cost: total, loan and fuel. */
async function costOf(card: Locator): Promise<{ total: number; loan: number; fuel: number }> {
  const text = (await card.locator(".card-cost").textContent()) ?? "";
  const m = /\$([\d,]+)\/mo\. with fuel \(\$([\d,]+) loan \+ \$([\d,]+) fuel\)/.exec(text);
  expect(m, text).not.toBeNull();
  return { total: dollars(m![1]!), loan: dollars(m![2]!), fuel: dollars(m![3]!) };
}

test.describe("The true monthly cost", () => {
  test.describe.configure({ timeout: 180_000 });

  test("'Lowest monthly cost' orders cards by the cost they show, the filter keeps cars under it, the vehicle page's breakdown adds up", async ({
    page,
    javaScriptEnabled,
  }, info) => {
    const project = info.project.name;
    const town = TOWN[project];
    const out = importFeed(project);
    expect(out).toContain(`accepted:      ${CARS.length}`);
    const ids = CARS.map((_, i) => Number(query<{ id: number }>("SELECT id FROM listings WHERE vin = ?", vinFor(project, i))[0]!.id));
    // The feed's cars carry their trims' EPA fuel cost; the hydrogen car none.
    expect(ids.map((id) => query<{ c: number | null }>("SELECT annual_fuel_cost AS c FROM listings WHERE id = ?", id)[0]!.c)).toEqual(
      CARS.map((c) => c.annual),
    );

    const search = `/cars-for-sale?zip=${town.zip}&searchRadius=25`;
    await expect
      .poll(
        async () => {
          await page.goto(search);
          return cards(page).count();
        },
        { timeout: 20_000 },
      )
      .toBe(CARS.length);
    // Not sorted or filtered by it, payments off: no card shows a monthly cost.
    await expect(page.locator(".card-cost")).toHaveCount(0);

    const sort = page.getByRole("form", { name: "Sort results" });
    await sort.getByLabel("Sort By").selectOption({ label: "Lowest monthly cost" });
    if (!javaScriptEnabled) await sort.getByRole("button", { name: "Sort" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?zip=${town.zip}&searchRadius=25&sortBy=monthlycostASC$`), { timeout: 20_000 });
    await expect(page.locator("#monthly-cost-note")).toContainText("loan payment on default terms (10% down, 60 months, an assumed 7.5% APR)", {
      timeout: 20_000,
    });
    await expect(page.locator("#monthly-cost-note")).toContainText("Excludes insurance and maintenance");

    // Every card with an EPA fuel cost shows loan + fuel = total, in ascending order; the Mirai last, with none.
    const titles = await cards(page).locator("h3").allTextContents();
    expect(titles).toHaveLength(CARS.length);
    expect(titles[titles.length - 1]).toContain("Toyota Mirai");
    await expect(cards(page).last().locator(".card-cost")).toHaveCount(0);
    const shown: number[] = [];
    for (let i = 0; i < CARS.length - 1; i++) {
      const card = cards(page).nth(i);
      const cost = await costOf(card);
      const car = CARS.find((c) => titles[i]!.includes(`${c.make} ${c.model}`))!;
      expect(cost.loan, titles[i]).toBe(defaultPayment(car.price));
      expect(cost.fuel, titles[i]).toBe(Math.round(car.annual! / 12));
      expect(cost.total).toBe(cost.loan + cost.fuel);
      shown.push(cost.total);
    }
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    // The EV costs more to buy than the RAV4 but less a month: fuel counts.
    expect(titles.findIndex((t) => t.includes("Tesla"))).toBeLessThan(titles.findIndex((t) => t.includes("RAV4")));

    // The filter: under $600 a month keeps the plug-in hybrid and the Civic only.
    await openFilterSection(filters(page), "Monthly Cost (with fuel)");
    const section = filters(page).getByRole("group", { name: "Monthly Cost (with fuel)" });
    await expect(section).toContainText("Excludes insurance and maintenance");
    await section.getByRole("radio", { name: "Under $600/mo." }).check();
    await apply(page);
    await expect(page).toHaveURL(new RegExp(`maxMonthlyCost=600&sortBy=monthlycostASC$`), { timeout: 20_000 });
    await expect(cards(page)).toHaveCount(2, { timeout: 20_000 });
    for (let i = 0; i < 2; i++) expect((await costOf(cards(page).nth(i))).total).toBeLessThanOrEqual(600);
    await expect(cards(page).locator("h3")).toContainText([/Hyundai Ioniq/, /Honda Civic/]);
    const chip = page.getByRole("list", { name: "Selected filters" }).getByRole("link", { name: "Remove Under $600/mo. with fuel" });
    await chip.click();
    await expect(page).toHaveURL(new RegExp(`\\?zip=${town.zip}&searchRadius=25&sortBy=monthlycostASC$`), { timeout: 20_000 });
    await expect(cards(page)).toHaveCount(CARS.length, { timeout: 20_000 });

    // The vehicle page: loan + fuel = total, with EPA's assumptions; the Civic on the default terms.
    await cardOf(page, /Honda Civic/)
      .locator("h3 a")
      .click();
    await expect(page).toHaveURL(new RegExp(`/cars-for-sale/vehicle/${ids[1]}`), { timeout: 20_000 });
    const breakdown = page.getByRole("region", { name: "True monthly cost" });
    await expect(breakdown.getByTestId("cost-loan")).toHaveText(`${usd(defaultPayment(19_800))}/mo.`);
    await expect(breakdown.getByTestId("cost-fuel")).toHaveText(`${usd(113)}/mo.`);
    await expect(breakdown.getByTestId("cost-total")).toHaveText(`${usd(defaultPayment(19_800) + 113)}/mo.`);
    await expect(breakdown).toContainText("on default terms (10% down, 60 months, an assumed 7.5% APR)");
    await expect(breakdown).toContainText("EPA: $1,350 a year");
    await expect(breakdown).toContainText("15,000 miles a year, 55% city and 45% highway driving");
    await expect(breakdown).toContainText("Excludes insurance and maintenance");

    // The plug-in hybrid's figure is EPA's on gasoline only, and says so.
    await page.goto(`/cars-for-sale/vehicle/${ids[0]}`);
    await expect(page.getByRole("region", { name: "True monthly cost" })).toContainText("running on gasoline only");

    // The hydrogen car: no figure, never an estimate.
    await page.goto(`/cars-for-sale/vehicle/${ids[5]}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Toyota Mirai");
    await expect(page.getByText("No monthly cost with fuel: EPA publishes no annual fuel cost for this vehicle.")).toBeVisible();
    await expect(page.getByTestId("cost-total")).toHaveCount(0);
    await expect(page.getByText(/With fuel:/)).toHaveCount(0);
  });

  test("with a wallet the monthly cost is on its terms: the cards, the note, the order and the vehicle page", async ({ page }, info) => {
    const project = info.project.name;
    const town = TOWN[project];
    const search = `/cars-for-sale?zip=${town.zip}&searchRadius=25&sortBy=monthlycostASC`;
    // The same cars as the first journey (each project has its own town; a feed is idempotent by VIN).
    importFeed(project);
    // The wallet as a page: the same form without JavaScript as with it.
    await page.goto(`/wallet?ref=${encodeURIComponent(search)}`);
    const form = page.locator("main");
    await form.getByLabel("Monthly budget").fill("450");
    await form.getByLabel("Down payment (optional)").fill("3,000");
    await form.getByLabel("Term").selectOption("72");
    await form.getByLabel("APR (%)").fill("6.9");
    await form.getByRole("button", { name: "Save and show payments" }).click();
    await expect(page).toHaveURL(new RegExp(`searchRadius=25&sortBy=monthlycostASC$`), { timeout: 20_000 });
    await expect(page.locator("#monthly-cost-note")).toContainText("loan payment on your wallet's terms ($3,000 down, 72 months, 6.9% APR)");
    await expect(cards(page)).toHaveCount(CARS.length, { timeout: 20_000 });
    const shown: number[] = [];
    for (let i = 0; i < CARS.length - 1; i++) {
      const card = cards(page).nth(i);
      const title = (await card.locator("h3").textContent()) ?? "";
      const car = CARS.find((c) => title.includes(`${c.make} ${c.model}`))!;
      const cost = await costOf(card);
      // The same loan the card's wallet payment shows.
      expect(cost.loan, title).toBe(payment(car.price, 3000, 72, 6.9));
      await expect(card.locator(".card-payment")).toContainText(`${usd(cost.loan)}/mo.`);
      expect(cost.total).toBe(cost.loan + Math.round(car.annual! / 12));
      shown.push(cost.total);
    }
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    await expect(cards(page).last()).toContainText("Toyota Mirai");

    // Payments on show the cost without the sort, too: where the card shows a payment.
    await page.goto(`/cars-for-sale?zip=${town.zip}&searchRadius=25`);
    await expect(cards(page).locator(".card-cost")).toHaveCount(CARS.length - 1, { timeout: 20_000 });

    // The vehicle page's estimate starts from the wallet; the breakdown follows it.
    await page.goto(`/cars-for-sale/vehicle/${Number(query<{ id: number }>("SELECT id FROM listings WHERE vin = ?", vinFor(project, 3))[0]!.id)}`);
    const breakdown = page.getByRole("region", { name: "True monthly cost" });
    const loan = payment(27_500, 3000, 72, 6.9);
    await expect(breakdown.getByTestId("cost-loan")).toHaveText(`${usd(loan)}/mo.`);
    await expect(breakdown).toContainText("your wallet's terms");
    await expect(breakdown.getByTestId("cost-total")).toHaveText(`${usd(loan + Math.round(1550 / 12))}/mo.`);
  });
});
