// One-click email (docs/accounts.md), JavaScript off and on: an opted-in shopper with first name,
// last name and email emails a dealer from a results card and from the vehicle page in one click
// (the lead is stored, mailed to the dealer and the car marked emailed); an opted-in shopper
// missing a detail gets the form in edit mode with what is known; a shopper not opted in the
// normal, empty form. What is stored is read from the e2e database.
import type { Page } from "@playwright/test";
import { DEFAULT_CONTACT_MESSAGE } from "../../app/lib/listing-forms";
import { query } from "./db";
import { expect, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

const PASSWORD = "correct-horse-42";
const RESULTS = "/cars-for-sale/used/toyota";

async function signUp(page: Page, tag: string): Promise<string> {
  // Its own address: the lead and sign-up limits count per address (TRUST_PROXY in the e2e server).
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  const email = `oneclick-${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto(`/account/sign-in?defaultScreen=signup&refUrl=${encodeURIComponent("/account")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 20_000 });
  return email;
}

async function saveDetails(page: Page, d: { firstName: string; lastName: string; optIn: boolean }) {
  await page.goto("/account");
  const details = page.getByRole("region", { name: "Your details" });
  await details.getByLabel("First name").fill(d.firstName);
  await details.getByLabel("Last name").fill(d.lastName);
  const box = details.getByRole("checkbox", { name: /One-click email/ });
  if (d.optIn) await box.check();
  else await box.uncheck();
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details.getByText("Your details are saved.")).toBeVisible();
}

/** Cards on the page of dealers that take email. */
function emailDealerIds(ids: number[]): { id: number; dealer: string }[] {
  if (ids.length === 0) return [];
  return query<{ id: number; dealer: string }>(
    `SELECT l.id, o.name AS dealer FROM listings l JOIN owners o ON o.id = l.owner_id
     WHERE l.id IN (${ids.map(() => "?").join(",")}) AND o.seller_type = 'd' AND o.hide_email_form = 0 AND l.status = 'active'`,
    ...ids,
  );
}

async function cardIds(page: Page): Promise<number[]> {
  const ids = await page.locator("#listings article[id^=listing-]").evaluateAll((els) => els.map((e) => Number(e.id.replace("listing-", ""))));
  return ids.filter((n) => Number.isInteger(n) && n > 0);
}

const leadsOf = (email: string) =>
  query<{ listing_id: number; first_name: string; last_name: string; comments: string }>(
    "SELECT listing_id, first_name, last_name, comments FROM leads WHERE email = ? ORDER BY id",
    email,
  );

test("opted in with name and email: one click from a card and from the vehicle page sends the message", async ({ page }, info) => {
  const email = await signUp(page, info.project.name);
  await saveDetails(page, { firstName: "Ana", lastName: "Rivera", optIn: true });

  await page.goto(RESULTS);
  const dealers = emailDealerIds(await cardIds(page));
  expect(dealers.length).toBeGreaterThanOrEqual(2);
  const [onCard, onPage] = dealers;
  const card = page.locator(`#listing-${onCard!.id}`);
  await expect(card.getByText("You emailed this seller")).toHaveCount(0);
  await card.getByRole("button", { name: /^Email seller/ }).click();
  await expect(card.getByText("You emailed this seller")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`${RESULTS}(#listing-${onCard!.id})?$`));
  expect(leadsOf(email)).toEqual([{ listing_id: onCard!.id, first_name: "Ana", last_name: "Rivera", comments: DEFAULT_CONTACT_MESSAGE }]);
  // The dealer's mail is in the outbox.
  expect(
    query("SELECT id FROM mail_outbox WHERE subject LIKE 'New enquiry:%' AND text_body LIKE ?", `%Ana Rivera asks about your%Reply to: ${email}%`).length,
  ).toBeGreaterThanOrEqual(1);

  await page.goto(`/cars-for-sale/vehicle/${onPage!.id}`);
  const contact = page.locator("#contact");
  await contact.getByRole("button", { name: "Email seller in one click" }).click();
  await expect(page.getByText(`Your message was sent to ${onPage!.dealer}.`)).toBeVisible({ timeout: 20_000 });
  expect(leadsOf(email).map((l) => l.listing_id)).toEqual([onCard!.id, onPage!.id]);
});

test("opted in with a detail missing: the form in edit mode with what is known; not opted in: the normal form", async ({ page }, info) => {
  const email = await signUp(page, `edit-${info.project.name}`);
  await saveDetails(page, { firstName: "Ana", lastName: "", optIn: true });

  await page.goto(RESULTS);
  const [car] = emailDealerIds(await cardIds(page));
  await page
    .locator(`#listing-${car!.id}`)
    .getByRole("link", { name: /^Email seller/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/cars-for-sale/vehicle/${car!.id}\\?contact=edit#contact$`));
  const contact = page.locator("#contact");
  await expect(contact.getByText(/to email sellers in one click/)).toBeVisible();
  await expect(contact.getByRole("button", { name: "Email seller in one click" })).toHaveCount(0);
  await expect(contact.getByLabel("First name")).toHaveValue("Ana");
  await expect(contact.getByLabel("Last name")).toHaveValue("");
  await expect(contact.getByLabel("Email")).toHaveValue(email);
  expect(leadsOf(email)).toHaveLength(0);

  await saveDetails(page, { firstName: "Ana", lastName: "Rivera", optIn: false });
  await page.goto(RESULTS);
  await page
    .locator(`#listing-${car!.id}`)
    .getByRole("link", { name: /^Email seller/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/cars-for-sale/vehicle/${car!.id}#contact$`));
  await expect(contact.getByRole("button", { name: "Email seller in one click" })).toHaveCount(0);
  await expect(contact.getByLabel("First name")).toHaveValue("");
  await expect(contact.getByLabel("Email")).toHaveValue("");
  expect(leadsOf(email)).toHaveLength(0);
});
