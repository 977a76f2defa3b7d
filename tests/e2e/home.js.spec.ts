import { expect, test } from "./fixtures";

// Journeys that exist only with JavaScript on (the "js" project runs *.js.spec.ts files).
test.describe("home page with JavaScript", () => {
  test("the model list narrows to the chosen make", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("form", { name: "Search cars for sale" });
    const make = form.getByLabel("Make");
    const value = await make.locator("option").nth(1).getAttribute("value");
    await make.selectOption(value!);
    await expect(form.getByLabel("Model").locator("optgroup")).toHaveCount(1);
  });
});
