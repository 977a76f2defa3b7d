import type { Page } from "@playwright/test";
import { expect, holdScripts, test } from "./fixtures";

// The results page's 'Model Name Clarification' and 'dealer difference' dialogs (docs/results-page.md), with
// JavaScript off (an inline section / the dialog shown as the :target) and on (modal dialogs).
// Decisions: docs/decisions/016-js-results-restore-and-dialogs.md.

const clarification = (page: Page) => page.getByRole("dialog", { name: "Model Name Clarification" });
const isModal = (page: Page, name: string) => page.getByRole("dialog", { name }).evaluate((d) => d.matches(":modal"));

test.describe("Model Name Clarification", () => {
  // Several page loads and form posts each, on a loaded machine.
  test.describe.configure({ timeout: 120_000 });
  test("a keyword naming a model asks; Yes adds the make and model and searches again", async ({ page, javaScriptEnabled }) => {
    await page.goto("/cars-for-sale?keyword=camry");
    const dialog = clarification(page);
    await expect(dialog).toContainText("Did you mean the Toyota Camry?", { timeout: 20_000 });
    await expect.poll(() => isModal(page, "Model Name Clarification"), { timeout: 20_000 }).toBe(javaScriptEnabled);
    await dialog.getByRole("button", { name: "Yes" }).click();
    // The keyword said no more than the make and model do now: it goes.
    await expect(page).toHaveURL(/\/cars-for-sale\/used\/toyota\/camry$/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Toyota Camry/);
    await expect(page.getByRole("link", { name: "Remove Camry" }).first()).toBeVisible();
    // A model is chosen now: nothing left to clarify.
    await expect(clarification(page)).toHaveCount(0);
  });

  test("No dismisses for the session; 'Don't show me this again' keeps the model code in a cookie", async ({ page, context, javaScriptEnabled }) => {
    await page.goto("/cars-for-sale?keyword=rav4");
    const dialog = clarification(page);
    await expect(dialog).toContainText("Did you mean the Toyota RAV4?", { timeout: 20_000 });
    const heading = page.getByRole("heading", { name: /^[\d,]+ Matches$/ });
    const matches = await heading.textContent();
    if (javaScriptEnabled) {
      // Escape closes the modal without an answer: the next visit asks again.
      await expect.poll(() => isModal(page, "Model Name Clarification"), { timeout: 20_000 }).toBe(true);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await page.reload();
      await expect(clarification(page)).toBeVisible({ timeout: 20_000 });
      // Answer the modal one (a click before the page is ready posts the form: the next journey).
      await expect.poll(() => isModal(page, "Model Name Clarification"), { timeout: 20_000 }).toBe(true);
    }
    await clarification(page).getByRole("button", { name: "No" }).click();
    await expect(clarification(page)).toBeHidden({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/cars-for-sale\?keyword=rav4$/);
    await expect(heading).toHaveText(matches!);
    // (With JavaScript the dialog closes at once and the answer is sent behind it.)
    const sessionCookie = async () => (await context.cookies()).find((c) => c.name === "fc_model_clarify_no");
    await expect.poll(sessionCookie, { timeout: 20_000 }).toMatchObject({ expires: -1, httpOnly: true }); // a session cookie
    await page.reload();
    await expect(heading).toBeVisible();
    await expect(clarification(page)).toHaveCount(0);

    // Another model: 'Don't show me this again' with No.
    await page.goto("/cars-for-sale?keyword=corolla");
    const corolla = clarification(page);
    await expect(corolla).toContainText("Did you mean the Toyota Corolla?", { timeout: 20_000 });
    await expect.poll(() => isModal(page, "Model Name Clarification"), { timeout: 20_000 }).toBe(javaScriptEnabled);
    await corolla.getByRole("checkbox", { name: "Don't show me this again" }).check();
    await corolla.getByRole("button", { name: "No" }).click();
    await expect(clarification(page)).toBeHidden({ timeout: 20_000 });
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "fc_model_clarify_off"), { timeout: 20_000 })
      .toMatchObject({ httpOnly: true });
    const off = (await context.cookies()).find((c) => c.name === "fc_model_clarify_off")!;
    expect(off.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);
    // The cookie holds the model code, not just "seen".
    expect(Buffer.from(decodeURIComponent(off.value), "base64").toString("utf8")).toContain("TOYOTA|COROLLA");
    await page.goto("/cars-for-sale?keyword=corolla");
    await expect(page.getByRole("heading", { name: /^[\d,]+ Matches$/ })).toBeVisible();
    await expect(clarification(page)).toHaveCount(0);
  });

  test("the dialog does not move when the page becomes ready, and a No given before then is kept", async ({ page, context, javaScriptEnabled }) => {
    // The page's scripts are held back until released: the server-rendered dialog is measured, and
    // answered, before they run (a shopper on a slow phone).
    const scripts = await holdScripts(page);
    if (!javaScriptEnabled) scripts.release();
    await page.setViewportSize({ width: 390, height: 844 }); // a phone: the modal's own margins are nearest the dialog's
    await page.goto("/cars-for-sale?keyword=camry", { waitUntil: "commit" });
    const dialog = clarification(page);
    await expect(dialog).toContainText("Did you mean the Toyota Camry?", { timeout: 20_000 });
    const position = () => dialog.evaluate((d) => getComputedStyle(d).position);
    if (!javaScriptEnabled) {
      // Without scripting: an inline section in the page's flow.
      expect(await position()).toBe("static");
    } else {
      // With scripting: drawn over the page, centred, before the scripts run; showModal() keeps it there.
      expect(await position()).toBe("fixed");
      const before = await dialog.boundingBox();
      expect(await isModal(page, "Model Name Clarification")).toBe(false);
      scripts.release();
      await expect.poll(() => isModal(page, "Model Name Clarification"), { timeout: 20_000 }).toBe(true);
      const after = await dialog.boundingBox();
      for (const key of ["x", "y", "width", "height"] as const) expect(Math.abs(after![key] - before![key]), key).toBeLessThanOrEqual(1);
      // Another model, its scripts held again: No is answered before they run.
      scripts.hold();
      await page.goto("/cars-for-sale?keyword=corolla", { waitUntil: "commit" });
      await expect(clarification(page)).toContainText("Did you mean the Toyota Corolla?", { timeout: 20_000 });
      expect(await isModal(page, "Model Name Clarification")).toBe(false);
    }
    await clarification(page).getByRole("button", { name: "No" }).click();
    await expect(page.getByRole("heading", { name: /^[\d,]+ Matches$/ })).toBeVisible({ timeout: 20_000 });
    await expect(clarification(page)).toHaveCount(0, { timeout: 20_000 });
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "fc_model_clarify_no"), { timeout: 20_000 }).toBeTruthy();
    scripts.release();
  });

  test("a keyword naming a make does not ask", async ({ page }) => {
    await page.goto("/cars-for-sale?keyword=toyota");
    await expect(page.getByRole("heading", { name: /^[\d,]+ Matches$/ })).toBeVisible();
    await expect(clarification(page)).toHaveCount(0);
  });
});

test.describe("dealer difference", () => {
  test.describe.configure({ timeout: 60_000 });
  test("the Seller Type filter explains buying from a dealer or a private seller", async ({ page, javaScriptEnabled }) => {
    await page.goto("/cars-for-sale");
    const form = page.getByRole("form", { name: "Filters" });
    const summary = form.locator("summary", { hasText: "Seller Type" });
    if ((await summary.locator("xpath=..").getAttribute("open")) === null) await summary.click();
    const trigger = form.getByRole("link", { name: "Dealer or private seller: what is the difference?" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Buying from a dealer or a private seller" });
    await expect(dialog).toBeVisible();
    for (const row of ["What Forecourt checks", "Returns", "Financing", "Fees"]) await expect(dialog.getByRole("rowheader", { name: row })).toBeVisible();
    await expect(dialog.getByRole("row", { name: /Returns/ })).toContainText("within 14 days or 1,000 miles");
    await expect(dialog.getByRole("row", { name: /Returns/ })).toContainText("Sold as is");
    if (javaScriptEnabled) {
      expect(await isModal(page, "Buying from a dealer or a private seller")).toBe(true);
      await expect(page).toHaveURL(/\/cars-for-sale$/);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    } else {
      await expect(page).toHaveURL(/\/cars-for-sale#dealer-difference$/);
      await dialog.getByRole("link", { name: /^Close/ }).click();
      await expect(dialog).toBeHidden();
    }
  });
});
