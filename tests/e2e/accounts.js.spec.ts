// JavaScript-only: the sign-in dialog of the heart, and the email-subscribe button states.
import { expect, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

test("closing the 'Save Cars with a Free Account' dialog undoes the tentative save", async ({ page }) => {
  await page.goto("/cars-for-sale");
  const grid = page.locator("#listings");
  // The next unsaved car's card (two cards may show cars of the same name: the card, not the name).
  let marked = 0;
  const nextCard = async () => {
    const heart = grid.getByRole("button", { name: /^Save: / }).first();
    const name = (await heart.getAttribute("aria-label"))!.replace(/^Save: /, "").trim();
    const mark = String(++marked);
    await heart.evaluate((el, m) => (el.closest("article, li") ?? el.parentElement)!.setAttribute("data-journey-card", m), mark);
    return { heart, name, card: grid.locator(`[data-journey-card="${mark}"]`) };
  };
  // Use up the quick-save quota (3).
  for (let i = 0; i < 3; i++) {
    const { heart, name, card } = await nextCard();
    await heart.click();
    await expect(card.getByRole("button", { name: `Saved: ${name}` })).toBeVisible();
  }
  const { heart, name, card } = await nextCard();
  await heart.click();
  const dialog = page.getByRole("dialog", { name: "Save Cars with a Free Account" });
  await expect(dialog).toBeVisible();
  await expect(card.getByRole("button", { name: `Saved: ${name}` })).toHaveAttribute("aria-pressed", "true");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole("button", { name: `Save: ${name}` })).toHaveAttribute("aria-pressed", "false");
});

test("email subscribe: 'Subscribed!' after success, reset when the email changes", async ({ page }) => {
  await page.goto("/cars-for-sale?sortBy=mileageDESC");
  const form = page.getByRole("form", { name: "Save search" });
  await form.getByPlaceholder("Email").fill(`states-${Date.now()}@example.com`);
  await form.getByRole("button", { name: "Save search" }).click();
  await expect(form.getByRole("button", { name: "Subscribed!" })).toBeVisible();
  await form.getByPlaceholder("Email").fill(`other-${Date.now()}@example.com`);
  await expect(form.getByRole("button", { name: "Save search" })).toBeVisible();
});
