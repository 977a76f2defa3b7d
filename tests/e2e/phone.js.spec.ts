import type { Page } from "@playwright/test";
import { expect, openFilterSection, test } from "./fixtures";

// The phone's filter panel with JavaScript (docs/phone.md): a modal dialog. Focus moves in and
// stays in (Tab and Shift+Tab wrap), the page behind is inert, and Escape or Close hand focus
// back to what opened it. Without JavaScript it is a page of its own (phone.spec.ts).

const FILTERED = "/cars-for-sale/used/toyota?zip=10001&maxPrice=40000";

async function hydrated(page: Page) {
  await expect(page.locator("#filters > div:last-child")).toHaveClass(/lg:hidden/, { timeout: 20_000 });
}

const inDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest("#filters-dialog"));

test.describe("the filter dialog on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // A page load and its hydration on a loaded machine, then many key presses.
  test.describe.configure({ timeout: 90_000 });

  test("is modal: focus kept inside, the page behind inert, Escape and Close return focus", async ({ page }) => {
    await page.goto(FILTERED);
    await hydrated(page);
    const button = page.getByRole("link", { name: "Filters 2 selected" });
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(page.getByRole("heading", { name: "Filters", exact: true })).toBeFocused();
    // Everything else is inert: out of reach of Tab, clicks and screen readers.
    expect(await page.evaluate(() => [document.querySelector("header"), document.querySelector("footer")].every((e) => e?.closest("[inert]")))).toBe(true);
    // Shift+Tab from the first stop wraps to the last (See Results); Tab from there wraps back.
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("link", { name: "Close filters" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("button", { name: "See Results" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("link", { name: "Close filters" })).toBeFocused();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      expect(await inDialog(page)).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => document.querySelectorAll("[inert]").length)).toBe(0);

    await button.click();
    await dialog.getByRole("link", { name: "Close filters" }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`${FILTERED.replace(/[?]/g, "\\?")}$`));
  });

  test("a box ticked in the panel stays ticked when a closed section's choices load (choices kept as served, ADR 032)", async ({ page }) => {
    await page.goto(FILTERED);
    await hydrated(page);
    await page.getByRole("link", { name: "Filters 2 selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    // Body Style's choices are the document's own (kept as served); Exterior Color's load in place.
    const body = dialog.getByRole("group", { name: "Body Style" }).getByRole("checkbox", { disabled: false }).first();
    const bodyName = ((await body.locator("xpath=..").textContent()) ?? "").replace(/[\d,]+$/, "").trim();
    await body.check();
    await openFilterSection(dialog, "Exterior Color");
    const color = dialog.getByRole("group", { name: "Exterior Color" }).getByRole("checkbox", { disabled: false }).first();
    const colorName = ((await color.locator("xpath=..").textContent()) ?? "").replace(/[\d,]+$/, "").trim();
    await expect(body).toBeChecked();
    await color.check();
    await page.getByRole("button", { name: "See Results" }).click();
    // Both applied: each a chip (in the results' row, and in the panel's summary while it closes).
    await expect(page.getByRole("link", { name: `Remove ${bodyName}` }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("link", { name: `Remove ${colorName}` }).first()).toBeVisible();
  });

  test("a link into the panel opens it on its field ('Fix it in the filters'), and focus returns to the link", async ({ page }) => {
    await page.goto("/cars-for-sale?minPrice=20000&maxPrice=10000");
    await hydrated(page);
    const fix = page.getByRole("link", { name: "Fix it in the filters" });
    await fix.click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await expect(dialog).toBeVisible();
    const max = dialog.getByLabel("Max Price");
    await expect(max).toBeFocused();
    await expect(max).toHaveAttribute("aria-invalid", "true");
    await expect(max).toBeInViewport();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(fix).toBeFocused();
  });
});
