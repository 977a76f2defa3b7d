import { expect, test } from "./fixtures";
import { query } from "./db";

// Defects the spec audit and outside tools found (docs/search-urls.md, docs/services.md), each
// checked as a shopper or a crawler meets it, JavaScript off and on.

test.describe("audit fixes", () => {
  test("the legacy transformer's parameter names redirect (301) to the canonical search", async ({ request }) => {
    const res = await request.get("/cars-for-sale?searchZip=30301&makeCodes=TOYOTA,HONDA&sort=derivedpriceASC", { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(new URL(res.headers()["location"]!, "http://x").pathname + new URL(res.headers()["location"]!, "http://x").search).toBe(
      "/cars-for-sale?zip=30301&makeCode=HONDA,TOYOTA&sortBy=derivedpriceASC",
    );
  });

  test("the keyword finds features: 'sunroof' gives the Sunroof / Moonroof filter's matches", async ({ page }) => {
    const matches = async (url: string) => {
      await page.goto(url);
      const text = await page.getByRole("heading", { level: 2, name: /Matches$/ }).textContent();
      return Number(/([\d,]+) Matches/.exec(text ?? "")?.[1]?.replace(/,/g, ""));
    };
    const byFilter = await matches("/cars-for-sale/all?featureCode=SUNROOF");
    expect(byFilter).toBeGreaterThan(0);
    expect(await matches("/cars-for-sale/all?keyword=sunroof")).toBe(byFilter);
  });

  test("a bare model code goes to its make instead of widening to every car", async ({ page }) => {
    await page.goto("/cars-for-sale?modelCode=RAV4");
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\/rav4$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Used Toyota RAV4 for Sale");
  });

  test("a price of more than 10 digits is refused with a message, not cut", async ({ page }) => {
    await page.goto("/cars-for-sale?maxPrice=12345678901");
    await expect(page.locator("#f-price-error")).toHaveText("Enter a price of at most 10 digits.");
    await expect(page.getByLabel("Max Price")).toHaveValue("");
    // The search runs without that bound: as many matches as with no price at all.
    const matches = await page.getByRole("heading", { name: /Matches$/ }).textContent();
    await page.goto("/cars-for-sale");
    await expect(page.getByRole("heading", { name: /Matches$/ })).toHaveText(matches!);
  });

  test("the 404 page has a title of its own", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle("Page not found | Forecourt");
  });

  test("robots.txt keeps crawlers off the compare page but not off compare trims", async ({ request }) => {
    const body = await (await request.get("/robots.txt")).text();
    expect(body).toContain("Disallow: /compare$\n");
    expect(body).toContain("Disallow: /compare?\n");
    expect(body).not.toMatch(/Disallow: \/compare\n/);
  });

  test("the header's Sign in brings the shopper back to the search they were on", async ({ page }) => {
    await page.goto("/cars-for-sale/used/toyota?zip=30301");
    const signIn = page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" });
    await expect(signIn).toHaveAttribute("href", "/account/sign-in?refUrl=%2Fcars-for-sale%2Fused%2Ftoyota%3Fzip%3D30301");
    await signIn.click();
    await expect(page).toHaveURL(/\/account\/sign-in\?refUrl=/);
    await page.getByRole("link", { name: "Create a free account" }).click();
    await expect(page.getByRole("heading", { name: "Create a free account" })).toBeVisible();
    await page.getByLabel("Email").fill(`refurl-${test.info().project.name}-${Date.now().toString(36)}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-battery-staple");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\?zip=30301$/);
  });

  test("the certified program content is served as the spec's certifiedcontent.json", async ({ request }) => {
    const res = await request.get("/content/static/json/atc/cpo/certifiedcontent.json");
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { programs: { kind: string; label: string; text: string; rules?: { maxMiles: number; inspectionPoints: number } }[] };
    expect(body.programs.map((p) => p.label)).toEqual(["Ford Gold Certified", "Manufacturer certified", "Third-party certified"]);
    expect(body.programs[0]!.rules).toMatchObject({ maxMiles: 80000, inspectionPoints: 172 });
    expect(body.programs[1]!.text).not.toContain("172");
  });

  test("the certified-sponsor content is served by productId: the branded program's, and none for another program", async ({ request }) => {
    const res = await request.get("/content/static/json/atc/cpo/sponsorcontent.json?productId=Ford%20Gold%20Certified");
    expect(res.status()).toBe(200);
    const body = (await res.json()) as {
      productId: string;
      content: { name: string; sponsor: { makeCode: string }; rules: { label: string; text: string }[] };
    };
    expect(body.content).toMatchObject({ name: "Ford Gold Certified", sponsor: { makeCode: "FORD" } });
    expect(body.content.rules.map((r) => r.label)).toEqual(["Age", "Mileage", "Inspection", "Money back"]);
    const other = await request.get("/content/static/json/atc/cpo/sponsorcontent.json?productId=Toyota%20Certified%20Used%20Vehicles");
    expect(await other.json()).toEqual({ productId: "Toyota Certified Used Vehicles", content: null });
  });

  test("the sitemap index lists the category pages the site links to and every active vehicle page", async ({ request }) => {
    const index = await (await request.get("/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(files[0]).toBe("/sitemaps/categories.xml");
    expect(files.slice(1)).toEqual(["/sitemaps/vehicles-1.xml"]);
    const categories = await (await request.get("/sitemaps/categories.xml")).text();
    const paths = [...categories.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths).toContain("/cars-for-sale");
    expect(paths).toContain("/cars-for-sale/used/toyota/rav4");
    expect(paths).toContain("/cars-for-sale/used/suv-crossover");
    expect(paths).toContain("/cars-for-sale/new");
    expect(paths.filter((p) => /^\/cars-for-sale\/all\/[^/]+\/[^/]+$/.test(p))).toEqual([]);
    // Every listed category page answers 200 (no redirect).
    for (const p of paths.slice(0, 40)) expect((await request.get(p, { maxRedirects: 0 })).status(), p).toBe(200);
    const vehicles = await (await request.get("/sitemaps/vehicles-1.xml")).text();
    const [{ id }] = query<{ id: number }>("SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 1");
    expect(vehicles).toContain(`/cars-for-sale/vehicle/${id}</loc>`);
    expect((await request.get("/sitemaps/vehicles-99.xml")).status()).toBe(404);
  });

  test("the home page's and footer's links go straight to canonical pages (no redirect)", async ({ page, request }) => {
    await page.goto("/");
    const hrefs = new Set<string>();
    for (const a of await page.locator("main a[href^='/cars-for-sale'], footer a[href^='/cars-for-sale']").all()) hrefs.add((await a.getAttribute("href"))!);
    expect(hrefs.size).toBeGreaterThan(10);
    for (const h of hrefs) expect((await request.get(h, { maxRedirects: 0 })).status(), h).toBe(200);
  });

  test("a body style page of a model has its own title", async ({ page }) => {
    await page.goto("/cars-for-sale/used/suv-crossover/toyota/rav4");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Used Toyota RAV4 SUV / Crossover for Sale");
    await expect(page).toHaveTitle("Used Toyota RAV4 SUV / Crossover for Sale | Forecourt");
    const bodyStyleTitle = await page.title();
    await page.goto("/cars-for-sale/used/toyota/rav4");
    await expect(page).toHaveTitle("Used Toyota RAV4 for Sale | Forecourt");
    expect(await page.title()).not.toBe(bodyStyleTitle);
  });

  test("results pages say what they are to link previews: og:type, og:title and a description with the count", async ({ page }) => {
    await page.goto("/cars-for-sale/used/toyota/rav4");
    const count = ((await page.getByRole("heading", { level: 2, name: /Matches$/ }).textContent()) ?? "").replace(/ Matches$/, "");
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Used Toyota RAV4 for Sale");
    const description =
      `Shop ${count} used Toyota RAV4 for sale on Forecourt. Compare prices, ` + `deal ratings, mileage and features from dealers and private sellers.`;
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", description);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", /\/cars-for-sale\/used\/toyota\/rav4$/);
  });

  test("nothing near and nothing just outside the area: similar cars from anywhere, nearest first", async ({ page }) => {
    // No SUV matches the keyword anywhere (so no supplemental matches either), and none is within 10
    // miles of Ketchikan, Alaska: the similar cars come from the whole country.
    await page.goto("/cars-for-sale/used/suv-crossover?zip=99950&searchRadius=10&keyword=zzzznothing");
    await expect(page.getByRole("heading", { level: 2, name: "0 Matches" })).toBeVisible();
    await expect(page.getByText("Update filter criteria to see more results")).toBeVisible();
    await expect(page.getByRole("heading", { name: /^More matches beyond/ })).toHaveCount(0);
    const similar = page.getByRole("list", { name: "Similar vehicles you may like" }).getByRole("article");
    expect(await similar.count()).toBeGreaterThan(0);
    await expect(similar.first().getByRole("heading", { level: 3 }).getByRole("link")).toHaveAttribute("href", /clickType=similar&tileClick=similar$/);
    // Far beyond the 10 miles asked for.
    const away = Number(/([\d,]+) mi away/.exec((await similar.first().textContent()) ?? "")?.[1]?.replace(/,/g, ""));
    expect(away).toBeGreaterThan(10);
  });

  test("a card's price verdict leads to the vehicle page's pricing section, a certified label to its warranty section", async ({ page }) => {
    await page.goto("/cars-for-sale/certified");
    const card = page
      .locator("#listings li:not([data-tier]) > article")
      .filter({ has: page.locator("a.deal") })
      .first();
    const verdict = card.locator("a.deal");
    const label = card.locator("a.card-tag");
    await expect(verdict).toHaveAttribute("href", /^\/cars-for-sale\/vehicle\/\d+\?clickType=[a-z-]+&tileClick=[a-z_\d]+#pricingSection$/);
    await expect(label).toHaveAttribute("href", /^\/cars-for-sale\/vehicle\/\d+\?clickType=[a-z-]+&tileClick=[a-z_\d]+#warrantySection$/);
    await expect(label).toHaveText(/^(Manufacturer certified|Third-party certified|Ford Gold Certified)/);
    const labelHref = (await label.getAttribute("href"))!;
    await verdict.click();
    await expect(page).toHaveURL(/\/cars-for-sale\/vehicle\/\d+\?clickType=.+#pricingSection$/);
    await expect(page.locator("#pricingSection")).toBeInViewport();
    await expect(page.locator("#pricingSection").getByRole("heading", { level: 2 })).toHaveText("Pricing");
    await page.goto(labelHref);
    await expect(page.locator("#warrantySection")).toBeInViewport();
    await expect(page.locator("#warrantySection")).toContainText("certified");
  });

  test("a card's Report leads to the report form: the vehicle page's without JavaScript, a dialog with it", async ({ page, javaScriptEnabled }) => {
    await page.goto("/cars-for-sale");
    const report = page
      .locator("#listings li:not([data-tier]) > article")
      .first()
      .getByRole("link", { name: /^Report this Listing/ });
    await expect(report).toHaveAttribute("href", /^\/cars-for-sale\/vehicle\/\d+#report$/);
    if (javaScriptEnabled) await expect(page.locator("#filters > div:last-child")).toHaveClass(/lg:hidden/, { timeout: 20_000 });
    await report.click();
    if (javaScriptEnabled) {
      // The dialog holds the same form (sending it: results.js.spec.ts).
      await expect(page).toHaveURL(/\/cars-for-sale(\?|$)/);
      const dialog = page.getByRole("dialog", { name: "Report this Listing" });
      await expect(dialog.getByRole("group", { name: "What is wrong with this listing?" })).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/cars-for-sale\/vehicle\/\d+#report$/);
      await expect(page.locator("#report").getByRole("group", { name: "What is wrong with this listing?" })).toBeVisible();
    }
  });

  test("home and results pages carry canonical, Open Graph and JSON-LD (WebSite, BreadcrumbList)", async ({ page }) => {
    const ld = async () =>
      (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (t) => JSON.parse(t) as { "@type": string; itemListElement?: { name: string }[] },
      );
    await page.goto("/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og-image\.jpg$/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
    expect((await ld()).map((d) => d["@type"])).toContain("WebSite");
    await page.goto("/cars-for-sale/used/toyota/rav4");
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og-image\.jpg$/);
    const crumbs = (await ld()).find((d) => d["@type"] === "BreadcrumbList");
    expect(crumbs?.itemListElement?.map((c) => c.name)).toEqual(
      await page
        .getByRole("navigation", { name: /breadcrumb/i })
        .getByRole("listitem")
        .allTextContents(),
    );
  });

  test("listing links carry clickType and tileClick by tier", async ({ page }) => {
    await page.goto("/cars-for-sale");
    const first = page.locator("#listings article").first().getByRole("heading", { level: 3 }).getByRole("link");
    await expect(first).toHaveAttribute("href", /^\/cars-for-sale\/vehicle\/\d+\?clickType=(listing|market-extension)&tileClick=(v_lstg|ime)_\d+$/);
    const sponsored = page.locator("[data-tier^='sponsored'] h3 a").first();
    await expect(sponsored).toHaveAttribute("href", /clickType=spotlight&tileClick=spv_lstg_\d+$/);
    // A common car's page has similar cars: their links say where they were clicked.
    await page.goto("/cars-for-sale/used/toyota/rav4");
    await page.locator("#listings article").first().getByRole("heading", { level: 3 }).getByRole("link").click();
    await expect(page).toHaveURL(/clickType=/);
    // The vehicle page's canonical address carries no click parameters, nor do its similar cars' links but their own.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/cars-for-sale\/vehicle\/\d+$/);
    const similar = page.getByTestId("similar-listings").getByRole("heading", { level: 3 }).getByRole("link").first();
    await expect(similar).toHaveAttribute("href", /\?clickType=similar&tileClick=similar-listing$/);
  });
});
