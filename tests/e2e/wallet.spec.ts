import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The wallet (decision 017), with JavaScript off (the toggle and the card lead to /wallet, a plain
// form) and on (the same form in a modal dialog): a bad budget is refused beside its fields and
// stores nothing; a good one turns on the cards' monthly payments, fills the wallet card at slot 3
// and gives a search within the budget; the toggle turns the payments off again.

const SEARCH = "/cars-for-sale/used/toyota";
const toggle = (page: Page) => page.getByRole("button", { name: "Monthly payments" });
const walletCard = (page: Page) => page.locator("li[data-tier='wallet']");
const cards = (page: Page) => page.locator("#listings article");
/** The dollars a text starts with ("$24,995", or a card's price "$24,995Price drop"). */
const dollars = (text: string) => Number((text.match(/\$[\d,]+/)?.[0] ?? "").replace(/[^0-9]/g, ""));

/** Waits until React has hydrated the page (the apply button's bar then hides on a desktop). */
async function hydrated(page: Page) {
  await expect(page.locator("#filters > div:last-child")).toHaveClass(/lg:hidden/, { timeout: 20_000 });
}

/** The loan payment the page should show: price less the down payment over the term at the APR, whole dollars. */
function expectedMonthly(price: number, down: number, term: number, apr: number): number {
  const principal = Math.max(0, price - down);
  const r = apr / 100 / 12;
  return Math.round((principal * r) / (1 - Math.pow(1 + r, -term)));
}

/** The wallet form: the dialog with JavaScript, the /wallet page without. */
async function walletForm(page: Page, javaScriptEnabled: boolean): Promise<Locator> {
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "Your wallet" });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    return dialog;
  }
  await expect(page).toHaveURL(/\/wallet\?ref=%2Fcars-for-sale%2Fused%2Ftoyota$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your wallet");
  return page.locator("main");
}

test.describe("Wallet", () => {
  test.describe.configure({ timeout: 120_000 });

  test("set a budget: payments on every card, the wallet card, a search within budget, and off again", async ({ page, context, javaScriptEnabled }) => {
    await page.goto(SEARCH);
    await expect(toggle(page)).toHaveAttribute("aria-pressed", "false");
    await expect(walletCard(page)).toContainText("Shop by budget");
    await expect(cards(page).first()).not.toContainText("/mo.");

    // On without a budget asks for one.
    if (javaScriptEnabled) await hydrated(page);
    await toggle(page).click();
    let form = await walletForm(page, javaScriptEnabled);
    // The spec's sample payment sits in the empty budget field.
    await expect(form.getByLabel("Monthly budget")).toHaveAttribute("placeholder", "ex. $600/mo.");

    // A bad budget: messages beside the fields, what was typed kept, nothing stored.
    await form.getByLabel("Monthly budget").fill("lots");
    await form.getByLabel("APR (%)").fill("45");
    // With JavaScript the fetcher's answer is awaited first, so a failure here says whether the
    // server refused the budget (400) or the page did not show its answer.
    const refused = javaScriptEnabled
      ? page.waitForResponse((r) => /^\/wallet(\.data)?$/.test(new URL(r.url()).pathname) && r.request().method() === "POST", { timeout: 20_000 })
      : null;
    await form.getByRole("button", { name: "Save and show payments" }).click();
    if (refused) expect((await refused).status()).toBe(400);
    await expect(form.getByText("Enter a monthly budget between $50 and $10,000.")).toBeVisible({ timeout: 20_000 });
    await expect(form.getByText("Enter an APR between 0 and 30%, for example 6.9.")).toBeVisible();
    await expect(form.getByLabel("Monthly budget")).toHaveValue("lots");
    await expect(form.getByLabel("Monthly budget")).toHaveAttribute("aria-invalid", "true");
    expect((await context.cookies()).find((c) => c.name === "fc_wallet")).toBeUndefined();

    // A good one: back on the same search with payments on.
    form = javaScriptEnabled ? page.getByRole("dialog", { name: "Your wallet" }) : page.locator("main");
    await form.getByLabel("Monthly budget").fill("450");
    await form.getByLabel("Down payment (optional)").fill("3,000");
    await form.getByLabel("Term").selectOption("72");
    await form.getByLabel("APR (%)").fill("6.9");
    await form.getByRole("button", { name: "Save and show payments" }).click();
    await expect(page).toHaveURL(new RegExp(`${SEARCH}$`), { timeout: 20_000 });
    await expect(page.getByRole("dialog", { name: "Your wallet" })).toBeHidden();
    await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");
    await expect(walletCard(page)).toContainText("Your budget: $450/mo.");
    await expect(walletCard(page)).toContainText("$3,000 down · 72 months · 6.9% APR");
    await expect(walletCard(page)).toContainText("Cars up to $29,400");

    // Every card's payment is the loan on the wallet's terms.
    const first = cards(page).first();
    const price = dollars((await first.locator(".card-price").first().textContent()) ?? "");
    await expect(first.locator(".card-payment")).toContainText(`$${expectedMonthly(price, 3000, 72, 6.9).toLocaleString("en-US")}/mo.`);
    await expect(first.locator(".card-payment")).toContainText("est. with your wallet");
    expect(await cards(page).locator(".card-payment").count()).toBe(await cards(page).count());

    // The budget as a search: nothing over the price it reaches.
    await walletCard(page).getByRole("link", { name: "Show cars in my budget" }).click();
    await expect(page).toHaveURL(/maxPrice=29400/, { timeout: 20_000 });
    // With JavaScript the address changes before the new results land: wait for them.
    const prices = async () => (await cards(page).locator(".card-price").allTextContents()).map(dollars);
    await expect.poll(async () => (await prices()).length > 0 && (await prices()).every((p) => p <= 29_400), { timeout: 20_000 }).toBe(true);
    await expect(cards(page).locator(".card-payment").getByText("In your budget").first()).toBeVisible();

    // Off again: no payments; the budget stays.
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute("aria-pressed", "false", { timeout: 20_000 });
    await expect(cards(page).locator(".card-payment")).toHaveCount(0);
    await expect(walletCard(page)).toContainText("Your budget: $450/mo.");
    const stored = JSON.parse(Buffer.from(decodeURIComponent((await context.cookies()).find((c) => c.name === "fc_wallet")!.value), "base64").toString());
    expect(stored).toEqual({ monthly: 450, down: 3000, term: 72, apr: 6.9, on: false });

    // The vehicle page's payment estimate starts from the wallet's terms.
    const card = cards(page).first();
    const carPrice = dollars((await card.locator(".card-price").first().textContent()) ?? "");
    await card.locator("h3 a").click();
    await expect(page).toHaveURL(/\/cars-for-sale\/vehicle\/\d+/, { timeout: 20_000 });
    await expect(page.getByLabel("APR (%)")).toHaveValue("6.9");
    await expect(page.getByTestId("payment-result")).toContainText(`$${expectedMonthly(carPrice, 3000, 72, 6.9).toLocaleString("en-US")}/mo.`);
  });

  test("Clear wallet forgets the budget", async ({ page, context, javaScriptEnabled }) => {
    await page.goto(SEARCH);
    if (javaScriptEnabled) await hydrated(page);
    await walletCard(page).getByRole("link", { name: "Set your budget" }).click();
    const form = await walletForm(page, javaScriptEnabled);
    await form.getByLabel("Monthly budget").fill("$600");
    await form.getByLabel("APR (%)").fill("0");
    await form.getByRole("button", { name: "Save and show payments" }).click();
    await expect(walletCard(page)).toContainText("Your budget: $600/mo.", { timeout: 20_000 });
    // 0% over the default 60 months: $36,000.
    await expect(walletCard(page)).toContainText("Cars up to $36,000");
    await walletCard(page).getByRole("link", { name: "Edit budget" }).click();
    const again = await walletForm(page, javaScriptEnabled);
    await expect(again.getByLabel("Monthly budget")).toHaveValue("600");
    await again.getByRole("button", { name: "Clear wallet" }).click();
    await expect(walletCard(page)).toContainText("Shop by budget", { timeout: 20_000 });
    await expect(toggle(page)).toHaveAttribute("aria-pressed", "false");
    expect((await context.cookies()).find((c) => c.name === "fc_wallet" && c.value !== "")).toBeUndefined();
  });
});
