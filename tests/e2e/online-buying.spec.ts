import { expect, test } from "./fixtures";
import { query } from "./db";

// Online buying (docs/online-buying.md, ADR 028), JavaScript off and on: a car the eligibility
// service passes carries 'Buy Online' on its card and its page; the deal form refuses bad lease
// inputs beside their fields and writes nothing; a good lease becomes a shareable deal page with
// its estimates labelled; a failing deals service says 'Circuit Breaker for /deals is open' and
// keeps what was typed; a car that fails the rules has no 'Buy Online'; the Ford buy-online
// experience lists Ford cars only.

type Row = { id: number; vin: string };

/** A listing the rules pass: active, a dealer that opted in and sells online, priced. */
function sellableCar(offset: number): Row {
  return query<Row>(
    `SELECT l.id, l.vin FROM listings l JOIN owners o ON o.id = l.owner_id
     WHERE l.status = 'active' AND o.seller_type = 'd' AND o.ecommerce_opt_in = 1 AND l.home_services LIKE '%,BUY_ONLINE,%' AND l.sale_price > 0
     ORDER BY l.id LIMIT 1 OFFSET ?`,
    offset,
  )[0];
}

const dealCount = (listingId: number) => query<{ n: number }>("SELECT COUNT(*) AS n FROM deals WHERE listing_id = ?", listingId)[0].n;

test("a sellable car: 'Buy Online', a refused lease, then a shareable lease deal", async ({ page }, info) => {
  const car = sellableCar(info.project.name === "js" ? 1 : 0);
  await page.goto(`/cars-for-sale/vehicle/${car.id}`);
  await page.getByRole("link", { name: "Buy Online", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cars-for-sale/vehicle/${car.id}/buy-online$`));
  await expect(page.getByRole("heading", { name: "Buy Online", level: 1 })).toBeVisible();

  const before = dealCount(car.id);
  await page.getByRole("radio", { name: "Lease" }).check();
  await page.getByLabel("Down payment ($)").fill("2,000");
  await page.getByLabel("Lease term").selectOption("36");
  await page.getByLabel("Miles a year").selectOption("12000");
  await page.getByLabel("Residual (% of price)").fill("95");
  await page.getByLabel("Money factor or rate").fill("0.00250");
  await page.getByRole("button", { name: "Save my deal" }).click();
  await expect(page.getByText("Enter a residual between 20 and 90 percent, for example 58.")).toBeVisible();
  await expect(page.getByLabel("Residual (% of price)")).toHaveValue("95");
  await expect(page.getByLabel("Down payment ($)")).toHaveValue("2,000");
  await expect(page.getByRole("radio", { name: "Lease" })).toBeChecked();
  expect(dealCount(car.id)).toBe(before);

  await page.getByLabel("Residual (% of price)").fill("58");
  await page.getByRole("button", { name: "Save my deal" }).click();
  await expect(page).toHaveURL(/\/deal\/[\w-]{16}$/);
  await expect(page.getByRole("heading", { name: "Your lease deal" })).toBeVisible();
  const figures = page.getByTestId("deal-figures");
  await expect(figures).toContainText("Monthly payment(estimated)");
  await expect(figures).toContainText("Miles a year12,000 miles");
  await expect(figures).toContainText("Money factor0.00250");
  await expect(page.getByText(/taxes, title, registration and dealer fees are not included/)).toBeVisible();
  const id = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByLabel("Anyone with this link can see the deal:")).toHaveValue(new RegExp(`/deal/${id}$`));
  const stored = query<{ deal_type: string; terms: string }>("SELECT deal_type, terms FROM deals WHERE id = ?", id)[0];
  expect(stored.deal_type).toBe("lease");
  expect(JSON.parse(stored.terms)).toEqual({ dealType: "lease", down: 2000, termMonths: 36, residualPercent: 58, moneyFactor: 0.0025, milesPerYear: 12000 });

  // The link works for anyone (a fresh visitor).
  const other = await page.context().browser()!.newPage();
  await other.goto(`/deal/${id}`);
  await expect(other.getByRole("heading", { name: "Your lease deal" })).toBeVisible();
  await other.close();
});

test("a failing deals service: 'Circuit Breaker for /deals is open', the form kept, nothing stored", async ({ page }, info) => {
  const car = sellableCar(info.project.name === "js" ? 3 : 2);
  const before = dealCount(car.id);
  await page.goto(`/cars-for-sale/vehicle/${car.id}/buy-online`);
  await page.getByRole("radio", { name: "Finance" }).check();
  await page.getByLabel("Down payment ($)").fill("13");
  await page.getByLabel("Loan term").selectOption("48");
  await page.getByLabel("APR (%)", { exact: true }).fill("6.9");
  await page.getByRole("button", { name: "Save my deal" }).click();
  await expect(page.getByTestId("deal-form-error")).toHaveText("Circuit Breaker for /deals is open");
  await expect(page.getByLabel("APR (%)", { exact: true })).toHaveValue("6.9");
  await expect(page.getByLabel("Loan term")).toHaveValue("48");
  expect(dealCount(car.id)).toBe(before);
});

test("a car that fails the rules has no 'Buy Online' and no deal form", async ({ page }) => {
  const car = query<Row>(
    `SELECT l.id, l.vin FROM listings l JOIN owners o ON o.id = l.owner_id
     WHERE l.status = 'active' AND o.ecommerce_opt_in = 0 ORDER BY l.id LIMIT 1`,
  )[0];
  await page.goto(`/cars-for-sale/vehicle/${car.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Buy Online", exact: true })).toHaveCount(0);
  await page.goto(`/cars-for-sale/vehicle/${car.id}/buy-online`);
  await expect(page.getByTestId("not-eligible")).toContainText("This car can't be bought online right now.");
  await expect(page.getByRole("button", { name: "Save my deal" })).toHaveCount(0);
});

test("the Ford buy-online experience lists only Ford cars that can be bought online: every card has 'Buy Online'", async ({ page }) => {
  await page.goto("/cars-for-sale?experience=buy-online");
  const cards = page.locator("#listings article");
  const each = await cards.evaluateAll((as) =>
    as.map((a) => ({
      title: a.querySelector("h3")?.textContent ?? "",
      buy: [...a.querySelectorAll("a")].filter((l) => /^Buy Online/.test((l.textContent ?? "").trim())).length,
    })),
  );
  expect(each.length).toBeGreaterThan(0);
  for (const c of each) {
    expect(c.title).toMatch(/^\d{4} Ford /);
    expect(c.buy, c.title).toBe(1);
  }
  // A Ford of a dealer that lists BUY_ONLINE without opting in is not in the experience.
  const notOptedIn = query<{ id: number }>(
    `SELECT l.id FROM listings l JOIN owners o ON o.id = l.owner_id
     WHERE l.status = 'active' AND l.make_code = 'FORD' AND o.seller_type = 'd' AND o.ecommerce_opt_in = 0`,
  ).map((r) => r.id);
  const shown = await cards.evaluateAll((as) => as.map((a) => Number(a.id.replace("listing-", ""))));
  expect(shown.filter((id) => notOptedIn.includes(id))).toEqual([]);
  await cards
    .first()
    .getByRole("link", { name: /^Buy Online/ })
    .click();
  await expect(page.getByRole("button", { name: "Save my deal" })).toBeVisible();
});
