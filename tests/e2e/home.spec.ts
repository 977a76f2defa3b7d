import { expect, test } from "./fixtures";

test.describe("home page", () => {
  test("shows the site frame and the search form", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Forecourt home" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Account" });
    await expect(nav.getByRole("link", { name: "Saved" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Compare" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Find your next car");
    const form = page.getByRole("form", { name: "Search cars for sale" });
    await expect(form.getByLabel("Make")).toBeVisible();
    await expect(form.getByLabel("Model")).toBeVisible();
    await expect(form.getByLabel("ZIP Code")).toBeVisible();
    await expect(form.getByText("Used", { exact: true })).toBeVisible();
    await expect(form.getByText("New", { exact: true })).toBeVisible();
    await expect(form.getByText("Certified", { exact: true })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("fueleconomy.gov");
  });

  test("submits make, model, ZIP and condition with GET to /cars-for-sale", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("form", { name: "Search cars for sale" });
    const make = form.getByLabel("Make");
    const firstMake = await make.locator("option").nth(1).getAttribute("value");
    expect(firstMake).toBeTruthy();
    await make.selectOption(firstMake!);
    // Without JavaScript every make's models are listed in groups; with it, only the chosen make's.
    const makeName = (await make.locator(`option[value="${firstMake}"]`).textContent())!.trim();
    const model = form.getByLabel("Model");
    const modelValue = await model.locator(`optgroup[label="${makeName}"] option`).first().getAttribute("value");
    const modelName = (await model.locator(`optgroup[label="${makeName}"] option[value="${modelValue}"]`).textContent())!.trim();
    await model.selectOption(modelValue!);
    await form.getByLabel("ZIP Code").fill("30301");
    await form.getByText("Used", { exact: true }).click();
    await form.getByRole("button", { name: "Show cars" }).click();
    // The results page answers the form's query with a 301 to the canonical category URL:
    // condition, make and model in the path, the ZIP in the query.
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/[a-z0-9-]+\/[a-z0-9-]+\?zip=30301$/);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link");
    await expect(crumbs).toHaveText(["Home", "Used Cars for Sale", "Atlanta, GA", makeName, modelName]);
    await expect(page.getByRole("heading", { name: /\d[\d,]* Matches/ })).toBeVisible();
  });

  test("a model chosen with 'All makes' selects its make and lands on the model's page", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("form", { name: "Search cars for sale" });
    await expect(form.getByLabel("Make")).toHaveValue("");
    // Each model's value names its make.
    await form.getByLabel("Model").selectOption("HONDA:CIVIC");
    await form.getByRole("button", { name: "Show cars" }).click();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/honda\/civic$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Used Honda Civic for Sale");
  });

  test("a make and another make's model: the results page says what it searched, with a link to each", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    const form = page.getByRole("form", { name: "Search cars for sale" });
    await form.getByLabel("Make").selectOption("TOYOTA");
    const civic = form.getByLabel("Model").locator('option[value="HONDA:CIVIC"]');
    if (javaScriptEnabled) {
      // With JavaScript the model list follows the make: a Civic cannot be chosen with Toyota.
      await expect(civic).toHaveCount(0);
      await page.goto("/cars-for-sale?listingType=USED&makeCode=TOYOTA&modelCode=HONDA:CIVIC&zip=");
    } else {
      await form.getByLabel("Model").selectOption("HONDA:CIVIC");
      await form.getByRole("button", { name: "Show cars" }).click();
    }
    const notice = page.getByRole("status").filter({ hasText: "Civic is a Honda model" });
    await expect(notice).toHaveText(/Civic is a Honda model, not a Toyota model: this search shows Honda Civic as well as the Toyota cars you chose\./);
    await expect(page.getByRole("heading", { level: 1 })).not.toContainText("CIVIC");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    await notice.getByRole("link", { name: "Only Honda Civic" }).click();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/honda\/civic$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Used Honda Civic for Sale");

    // An older address with a bare model the make does not have: left out, and said so.
    await page.goto("/cars-for-sale?makeCode=TOYOTA&modelCode=CIVIC");
    const dropped = page.getByRole("status").filter({ hasText: "Civic is not a Toyota model" });
    await expect(dropped).toContainText("Civic is not a Toyota model, so it was left out of this search.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Used Toyota Cars for Sale");
    await dropped.getByRole("link", { name: "Search Honda Civic instead" }).click();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/honda\/civic$/);
  });

  test("the header search reads plain words: a make becomes the make's page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("searchbox", { name: "Search by make, model or keyword" }).fill("Toyota");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota$/);
    await expect(page.getByRole("heading", { name: /Matches/ })).toBeVisible();
    await expect(page.getByRole("article").first()).toContainText("Toyota");
  });
});

test.describe("site", () => {
  test("/healthz reports the database and the active listings", async ({ request }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.status).toBe("ok");
    expect(body.database).toMatchObject({ status: "ok", dialect: "sqlite" });
    expect(body.listings.active).toBeGreaterThan(1000);
  });

  test("an unknown page is a 404 in the site frame", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search cars for sale" })).toBeVisible();
  });

  test("results link to the next batch (a page load without JavaScript, more cards in place with it)", async ({ page, javaScriptEnabled }) => {
    await page.goto("/cars-for-sale");
    await expect(page.getByRole("heading", { name: /Matches/ })).toBeVisible();
    const more = page.getByRole("link", { name: "See More Results" });
    // The next page starts where this one stopped (29 here: the vehicle highlight row took a slot).
    if (!javaScriptEnabled) await expect(more).toHaveAttribute("href", /firstRecord=\d+$/);
    if (!javaScriptEnabled) await more.click();
    else await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    if (javaScriptEnabled) {
      // Infinite scroll appends the batches in place (its own journeys are in results.js.spec.ts).
      await expect.poll(() => page.getByRole("article").count(), { timeout: 20_000 }).toBeGreaterThan(30);
    } else {
      await expect(page).toHaveURL(/firstRecord=\d+$/);
      await expect(page.getByRole("article")).toHaveCount(30);
    }
  });
});
