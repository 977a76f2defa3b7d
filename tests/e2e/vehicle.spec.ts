import { DatabaseSync } from "node:sqlite";
import { expect, test } from "./fixtures";

// The vehicle detail page, with JavaScript off and on (the "no-js" and "js" projects).

const DB_PATH = process.env.E2E_SQLITE_PATH ?? "data/e2e.db";

/** Ids straight from the e2e database (opened read-only; the server seeds it before tests run). */
function listingIdWhere(where: string): { id: number; make: string; model: string } {
  const db = new DatabaseSync(DB_PATH, { readOnly: true, timeout: 10_000 });
  try {
    const row = db
      .prepare(
        `SELECT l.id AS id, COALESCE(mk.name, l.make_code) AS make, COALESCE(md.name, l.model_code) AS model
         FROM listings l
         LEFT JOIN ref_makes mk ON mk.code = l.make_code
         LEFT JOIN ref_models md ON md.make_code = l.make_code AND md.code = l.model_code
         WHERE ${where} ORDER BY l.id LIMIT 1`,
      )
      .get() as { id: number; make: string; model: string } | undefined;
    if (!row) throw new Error(`no listing where ${where}`);
    return { id: Number(row.id), make: row.make, model: row.model };
  } finally {
    db.close();
  }
}

test.describe("vehicle detail page", () => {
  test("from the results: title, price, 4 pictures, specs, seller, pricing, warranty, share and report", async ({ page }) => {
    await page.goto("/cars-for-sale");
    const first = page.locator("#listings").getByRole("article").first();
    const cardTitle = ((await first.getByRole("heading", { level: 3 }).textContent()) ?? "").trim();
    await first.getByRole("heading", { level: 3 }).getByRole("link").click();
    await expect(page).toHaveURL(/\/cars-for-sale\/vehicle\/\d+\?clickType=listing&tileClick=v_lstg_\d+$/);
    const id = page.url().match(/vehicle\/(\d+)/)![1];

    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toBeVisible();
    // The card's title is "{Condition} {year} {make} {model} {trim}"; the page's heading drops the condition word.
    expect(cardTitle).toContain((await h1.textContent())!.trim());
    await expect(page).toHaveTitle(/ for sale in .+, [A-Z]{2} \| Forecourt$/);
    await expect(page.getByTestId("vehicle-price")).toHaveText(/^\$[\d,]+$/);

    // Gallery: a seeded listing has no dealer photo, so its four drawings show, labelled as
    // illustrations (docs/photos.md); the first eager, the rest lazy, each reachable from its thumbnail.
    const photos = page.getByRole("region", { name: "Illustrations" });
    await expect(photos.getByText("Illustration · Photos coming soon")).toBeVisible();
    const pictures = photos.locator("figure img");
    await expect(pictures).toHaveCount(4);
    await expect(pictures.first()).toHaveAttribute("loading", "eager");
    for (let i = 1; i < 4; i++) await expect(pictures.nth(i)).toHaveAttribute("loading", "lazy");
    const thumbs = photos.getByRole("list", { name: "All illustrations" }).getByRole("link");
    await expect(thumbs).toHaveCount(4);
    for (let i = 3; i >= 0; i--) {
      await thumbs.nth(i).click();
      // The carousel shows the chosen picture: it sits at the track's left edge.
      await expect
        .poll(() =>
          pictures.nth(i).evaluate((img) => {
            const track = img.closest("figure")!.parentElement!.getBoundingClientRect();
            return Math.round(img.getBoundingClientRect().left - track.left);
          }),
        )
        .toBe(0);
      await expect(pictures.nth(i)).toBeInViewport();
      await expect(pictures.nth(i)).toHaveJSProperty("complete", true);
      expect(await pictures.nth(i).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }

    // Key specs, seller, sections.
    const specs = page.getByRole("region", { name: "Key specs" });
    for (const label of ["Engine", "Drivetrain", "Transmission", "Fuel type", "Exterior color", "Interior color", "Doors", "Body style"]) {
      await expect(specs.getByText(label, { exact: true })).toBeVisible();
    }
    const seller = page.getByRole("region", { name: "Seller", exact: true });
    await expect(seller).toBeVisible();
    await expect(seller.locator("address")).toHaveText(/, [A-Z]{2} \d{5}/);
    await expect(page.locator("#pricingSection")).toBeVisible();
    await expect(page.locator("#pricingSection")).toContainText("Price history");
    await expect(page.locator("#warrantySection")).toBeVisible();

    const share = page.locator("#share");
    await expect(share.getByRole("heading", { name: "Share this Listing" })).toBeVisible();
    await expect(share.getByRole("textbox")).toHaveValue(new RegExp(`/cars-for-sale/vehicle/${id}$`));
    await expect(share.getByRole("link", { name: "Email this listing" })).toHaveAttribute("href", /^mailto:\?subject=/);
    // Report this Listing is folded behind its link (docs/phone.md): the form opens at #report.
    const report = page.locator("#report");
    await expect(report.getByRole("heading", { name: "Report this Listing" })).toBeVisible();
    await expect(report.getByRole("button", { name: "Report this Listing" })).toBeHidden();
    await expect(report.getByRole("link", { name: "Report this Listing" })).toHaveAttribute("href", "#report");

    // Price verdict with its reason, the price history chart, days on market, similar listings.
    await expect(page.locator("#pricingSection")).toContainText(
      /(below|above|In line with) (the average of \d+ similar cars (within \d+ miles|nationwide)|our estimate of \$[\d,]+ for this car)/,
    );
    await expect(page.getByTestId("price-history-chart")).toHaveAttribute("aria-label", /^Price history: listed at \$[\d,]+/);
    await expect(page.locator("#pricingSection")).toContainText(/Days on Forecourt\d+ days?/);
    // Similar listings: at most 20 (the most expensive car may have none near its price).
    expect(await page.getByTestId("similar-listings").getByRole("article").count()).toBeLessThanOrEqual(20);

    // SEO: canonical, Open Graph, JSON-LD Car with its Offer.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/cars-for-sale/vehicle/${id}$`));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
    // A drawing is never presented as the car: no Open Graph image, no JSON-LD image.
    await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(ld["@type"]).toBe("Car");
    expect(ld.image).toBeUndefined();
    expect(ld.offers).toMatchObject({ "@type": "Offer", priceCurrency: "USD", availability: "https://schema.org/InStock" });

    // The breadcrumb leads back to the make and model's results.
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link");
    await expect(crumbs).toHaveCount(3);
    await crumbs.last().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("for Sale");
  });

  test("the card's Share and Report anchors land on their sections; clickType and zip are accepted", async ({ page }) => {
    const { id } = listingIdWhere("l.status = 'active'");
    await page.goto(`/cars-for-sale/vehicle/${id}?clickType=listing&tileClick=1&zip=30301#share`);
    await expect(page.locator("#share")).toBeInViewport();
    await expect(page.getByRole("region", { name: "Seller", exact: true })).toContainText(/mi from Atlanta, GA 30301/);
    const similar = page.getByTestId("similar-listings").getByRole("article");
    await expect(similar.first()).toBeVisible();
    expect(await similar.count()).toBeLessThanOrEqual(20);
    await page.goto(`/cars-for-sale/vehicle/${id}#report`);
    await expect(page.locator("#report")).toBeInViewport();
  });

  test("an unknown id is a 404 with ways back to search", async ({ page }) => {
    const res = await page.goto("/cars-for-sale/vehicle/999999999");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that car");
    await page.getByRole("link", { name: "Search cars for sale" }).click();
    await expect(page).toHaveURL(/\/cars-for-sale$/);
  });

  test("a malformed id is a 404", async ({ page }) => {
    for (const bad of ["abc", "12x", "-5", "0", "1e3"]) {
      const res = await page.goto(`/cars-for-sale/vehicle/${bad}`);
      expect(res?.status(), bad).toBe(404);
    }
    await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  });

  test("a sold listing redirects to its make and model's results with the expired banner", async ({ page }) => {
    const sold = listingIdWhere("l.status = 'sold'");
    const res = await page.goto(`/cars-for-sale/vehicle/${sold.id}`);
    expect(res?.status()).toBe(200);
    const url = new URL(page.url());
    expect(url.pathname).toMatch(/^\/cars-for-sale\/[a-z-]+\/[a-z0-9-]+\/[a-z0-9-]+/);
    expect(url.searchParams.get("expired")).toBe(String(sold.id));
    await expect(page.getByRole("status").filter({ hasText: "no longer available" })).toHaveText(
      `We're sorry, the ${sold.make} ${sold.model} you were looking for is no longer available.`,
    );
  });

  test("an expired listing redirects too", async ({ page }) => {
    const expired = listingIdWhere("l.status = 'expired'");
    await page.goto(`/cars-for-sale/vehicle/${expired.id}`);
    expect(new URL(page.url()).searchParams.get("expired")).toBe(String(expired.id));
    await expect(page.getByText("no longer available")).toBeVisible();
  });
});
