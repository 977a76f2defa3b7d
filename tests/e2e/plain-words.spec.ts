// Plain-words search (docs/search-urls.md "Plain words"): a sentence typed in the keyword box
// becomes the filters it names, on the canonical results URL, each shown as a removable chip;
// words nobody understood stay the keyword. JavaScript off and on.
import { expect, test } from "@playwright/test";

test.describe("plain-words search", () => {
  test("a sentence becomes its filters on the canonical URL, each a removable chip", async ({ page }) => {
    await page.goto("/cars-for-sale");
    const box = page.getByRole(test.info().project.name === "js" ? "combobox" : "searchbox", { name: "Search these results by keyword" });
    await box.fill("red awd suv under 30k near 30301 with sunroof");
    await box.press("Enter");
    await expect(page).toHaveURL(
      /\/cars-for-sale\/used\/suv-crossover\?zip=30301&searchRadius=50&maxPrice=30000&driveGroup=AWD4WD&extColorSimple=RED&featureCode=SUNROOF$/,
      { timeout: 20_000 },
    );
    const chips = page.getByRole("list", { name: "Selected filters" });
    await expect(page.getByText("Showing:").filter({ visible: true }).first()).toBeVisible();
    for (const label of ["Within 50 mi of Atlanta, GA", "SUV / Crossover", "Under $30,000", "All Wheel Drive / 4WD", "Red", "Sunroof / Moonroof"]) {
      await expect(chips.getByRole("link", { name: `Remove ${label}` })).toBeVisible();
    }
    await chips.getByRole("link", { name: "Remove Red" }).click();
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/suv-crossover\?zip=30301&searchRadius=50&maxPrice=30000&driveGroup=AWD4WD&featureCode=SUNROOF$/, {
      timeout: 20_000,
    });
    await expect(chips.getByRole("link", { name: "Remove Red" })).toHaveCount(0);
  });

  test("words nobody understands stay the keyword; the rest become filters", async ({ page }) => {
    await page.goto("/cars-for-sale");
    const box = page.getByRole(test.info().project.name === "js" ? "combobox" : "searchbox", { name: "Search these results by keyword" });
    await box.fill("2019+ tacoma 4x4 zzqx");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\/tacoma\?startYear=2019&driveGroup=AWD4WD&keyword=zzqx$/, { timeout: 20_000 });
    await expect(page.getByRole("list", { name: "Selected filters" }).getByRole("link", { name: "Remove “zzqx”" })).toBeVisible();
    await expect(box).toHaveValue("zzqx");
  });

  test("a sentence is answered with a 302 to the canonical URL; garbage never breaks the page", async ({ request }) => {
    const res = await request.get("/cars-for-sale?q=hybrid+minivan+cheapest", { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers()["location"]).toBe("/cars-for-sale/used/van-minivan?fuelTypeGroup=HYB&sortBy=derivedpriceASC");
    for (const q of ["%00%FF", "<script>alert(1)</script>", "9".repeat(500), "under $-5 to $abc near 0"]) {
      const r = await request.get(`/cars-for-sale?q=${encodeURIComponent(q)}`);
      expect(r.status()).toBe(200);
    }
  });
});
