// Shoppers' accounts, JavaScript off and on: sign up, sign in, wrong password, sign out, quick
// save, save while signed out then sign in, save search, the anonymous saved-search limit,
// unsubscribe, delete account.
import type { Page } from "@playwright/test";
import { unsubscribeToken } from "../../app/server/accounts/unsubscribe-token.server.ts";
import { query } from "./db";
import { expect, test } from "./fixtures";
import { openMailedLink, verifyMyEmail } from "./verify-email";

// The e2e server's SESSION_SECRET (playwright.config.ts): the test signs a token like a mail would.
const E2E_SECRET = "e2e-session-secret-that-is-long-enough-0123456789";

const PASSWORD = "correct-horse-42";

// Several page loads per journey on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

function uniqueEmail(tag: string) {
  return `${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function signUp(page: Page, email: string, refUrl = "/cars-for-sale") {
  await page.goto(`/account/sign-in?defaultScreen=signup&refUrl=${encodeURIComponent(refUrl)}`);
  await expect(page.getByRole("heading", { name: "Create a free account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/account/sign-in?refUrl=/account");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The answer to a heart's POST (with JavaScript the fetch, without it the form's redirect). */
const saveAnswered = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === "POST" && /^\/account\/save-vehicle(\.data)?$/.test(new URL(r.url()).pathname));

const account = (page: Page) => page.getByRole("navigation", { name: "Account" });

test("sign up, sign out, sign in again, and a wrong password", async ({ page }) => {
  const email = uniqueEmail("signup");
  await signUp(page, email);
  await expect(page).toHaveURL(/\/cars-for-sale/);
  await expect(account(page).getByRole("link", { name: "My account" })).toBeVisible();
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "__Host-fc_session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  expect(cookies.find((c) => c.name === "fc_signed_in")?.httpOnly).toBe(false);

  await page.goto("/account");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(account(page).getByRole("link", { name: "Sign in" })).toBeVisible();

  await signIn(page, email, "not-the-password-1");
  await expect(page.getByText("That email and password do not match an account.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

  await signIn(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});

test("sign up, see 'verify your email', open the mailed link: verified", async ({ page }) => {
  const email = uniqueEmail("verify");
  await signUp(page, email, "/account");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("email-status")).toHaveText(
    `Verify your email: we sent a link to ${email}. Open it to turn on alerts and everything tied to your address.`,
  );
  await page.getByRole("button", { name: "Resend verification email" }).click();
  await expect(page.getByText("We sent you a new link.")).toBeVisible();
  await verifyMyEmail(page, email);
  await expect(page.getByText(`${email} is verified for your account.`)).toBeVisible();
  await page.getByRole("link", { name: "My account" }).first().click();
  await expect(page.getByTestId("email-status")).toHaveText("Your email is verified.");
  await expect(page.getByRole("button", { name: "Resend verification email" })).toHaveCount(0);
});

test("sign-up errors show beside the fields and keep the email", async ({ page }) => {
  await page.goto("/account/sign-in?defaultScreen=signup");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter a valid email address, like name@example.com")).toBeVisible();
  await expect(page.getByText("Use at least 10 characters")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
});

test("refUrl only returns to paths on this site", async ({ page }) => {
  const email = uniqueEmail("ref");
  await signUp(page, email, "//evil.example.com/steal");
  await expect(page).toHaveURL(/\/account$/);
});

test("quick save, then saving past the quota asks for an account and completes after sign-up", async ({ page }) => {
  await page.goto("/cars-for-sale");
  const hearts = page.locator("#listings").getByRole("button", { name: /^Save: / });
  const titles: string[] = [];
  for (let i = 0; i < 3; i++) {
    const heart = hearts.first();
    const name = (await heart.getAttribute("aria-label"))!.replace(/^Save: /, "").trim();
    titles.push(name);
    const answered = saveAnswered(page);
    await heart.click();
    await expect(page.locator("#listings").getByRole("button", { name: `Saved: ${name}` })).toHaveAttribute("aria-pressed", "true");
    // With JavaScript "Saved" shows before the answer: leaving now would abort the save.
    await answered;
  }
  await page.goto("/account/saved");
  for (const t of titles) await expect(page.getByRole("link", { name: t })).toBeVisible();

  // The fourth needs an account: the page (no JS) or the dialog (JS).
  await page.goto("/cars-for-sale");
  const fourth = page
    .locator("#listings")
    .getByRole("button", { name: /^Save: / })
    .first();
  const fourthTitle = (await fourth.getAttribute("aria-label"))!.replace(/^Save: /, "").trim();
  await fourth.click();
  // The dialog (JS) or the sign-in page (no JS); slow under load.
  await expect(page.getByRole("heading", { name: "Save Cars with a Free Account" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Create an account to track price changes, saved cars across devices, and more.")).toBeVisible();
  if (!page.url().includes("/account/sign-in")) {
    await page.getByRole("dialog").getByRole("link", { name: "Create a free account" }).click();
  }
  await expect(page).toHaveURL(/\/account\/sign-in\?/);
  // With JavaScript the address changes a moment before the sign-in page replaces the results,
  // whose "Email seller: ..." links and "Email me new matches" field a loose label would match:
  // the exact label waits for the sign-in form.
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("quick"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/cars-for-sale/);
  await expect(page.locator("#listings").getByRole("button", { name: `Saved: ${fourthTitle}` })).toBeVisible();

  await page.goto("/account/saved");
  const saved = page.getByRole("list", { name: "Saved cars" });
  for (const t of [...titles, fourthTitle]) await expect(saved.getByRole("link", { name: t })).toBeVisible();
});

test("two hearts clicked one straight after the other are both quick-saved", async ({ page }) => {
  await page.goto("/cars-for-sale");
  const hearts = page.locator("#listings").getByRole("button", { name: /^Save: / });
  const titles = [await hearts.nth(0).getAttribute("aria-label"), await hearts.nth(1).getAttribute("aria-label")].map((l) => l!.replace(/^Save: /, "").trim());
  let answers = 0;
  page.on("response", (r) => {
    if (r.request().method() === "POST" && /^\/account\/save-vehicle(\.data)?$/.test(new URL(r.url()).pathname)) answers++;
  });
  // The first save is held back until the second is sent (or a second has passed): a second save
  // sent before the first had answered would carry the quick-save cookie without the first car.
  let secondSent = () => {};
  const second = new Promise<void>((resolve) => (secondSent = resolve));
  let posts = 0;
  await page.route(/\/account\/save-vehicle/, async (route) => {
    if (route.request().method() === "POST" && ++posts === 1) await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 1000))]);
    else secondSent();
    await route.continue();
  });
  // With JavaScript the second click comes while the first save is in flight; both hearts show saved at once.
  for (const t of titles)
    await page
      .locator("#listings")
      .getByRole("button", { name: `Save: ${t}` })
      .click();
  for (const t of titles) await expect(page.locator("#listings").getByRole("button", { name: `Saved: ${t}` })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => answers).toBe(2);
  await page.goto("/account/saved");
  for (const t of titles) await expect(page.getByRole("link", { name: t })).toBeVisible();
});

test("signed in, the heart on the vehicle page toggles", async ({ page }) => {
  await signUp(page, uniqueEmail("heart"));
  await page.goto("/cars-for-sale");
  await page.locator("#listings a.card-link").first().click();
  await expect(page).toHaveURL(/\/cars-for-sale\/vehicle\//);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Saved", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Saved", exact: true }).click();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveAttribute("aria-pressed", "false");
});

test("profile details are editable and delete account removes it", async ({ page }) => {
  const email = uniqueEmail("delete");
  await signUp(page, email, "/account");
  await expect(page).toHaveURL(/\/account$/);
  await page.getByLabel("First name").fill("Dana");
  await page.getByLabel("Last name").fill("Reyes");
  await page.getByLabel("Phone").fill("(555) 123-4567");
  await page.getByLabel(/One-click email/).check();
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Your details are saved.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Dana");
  await expect(page.getByLabel(/One-click email/)).toBeChecked();

  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Tick the box to confirm you want to delete your account.")).toBeVisible();
  await page.getByLabel("I understand this cannot be undone").check();
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/\?accountDeleted=1$/);
  await signIn(page, email);
  await expect(page.getByText("That email and password do not match an account.")).toBeVisible();
});

test("signed in: save, rename, share and delete a search", async ({ page }) => {
  const email = uniqueEmail("search");
  await signUp(page, email, "/cars-for-sale?sortBy=mileageASC");
  await expect(page).toHaveURL(/sortBy=mileageASC/);
  const form = page.getByRole("form", { name: "Save search" });
  await form.getByLabel("Name this search").fill("Low miles");
  await form.getByRole("button", { name: "Save search" }).click();
  await expect(page.getByText("Search saved.")).toBeVisible();

  await page.goto("/account/saved");
  const list = page.getByRole("list", { name: "Saved searches" });
  await expect(list.getByRole("link", { name: "Low miles", exact: true })).toBeVisible();
  await list.getByLabel("Name").fill("Lowest miles first");
  await list.getByRole("button", { name: /Rename/ }).click();
  await expect(page.getByText("Search renamed.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Saved searches" }).getByRole("link", { name: "Lowest miles first", exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Share link for Lowest miles first" }).click();
  await expect(page).toHaveURL(/\/cars-for-sale\?sortBy=mileageASC$/);
  // The results page opens a saved search by its id (spec: searchBookmarkId).
  const [saved] = query<{ id: string }>("SELECT s.id FROM saved_searches s JOIN users u ON u.id = s.user_id WHERE u.email = ?", email.toLowerCase());
  await page.goto(`/cars-for-sale?searchBookmarkId=${saved!.id}`);
  await expect(page).toHaveURL(/\/cars-for-sale\?sortBy=mileageASC$/);

  await page.goto("/account/saved");
  await page.getByRole("button", { name: "Delete Lowest miles first" }).click();
  await expect(page.getByText("Search deleted.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Saved searches" })).toHaveCount(0);
});

test("signed out: email capture saves two searches, the third is refused with the spec's message", async ({ page }) => {
  const email = uniqueEmail("capture");
  for (const sort of ["mileageASC", "yearDESC"]) {
    await page.goto(`/cars-for-sale?sortBy=${sort}`);
    const form = page.getByRole("form", { name: "Save search" });
    await expect(form.getByPlaceholder("Email")).toHaveAttribute("maxlength", "45");
    await form.getByPlaceholder("Email").fill(email);
    await form.getByRole("button", { name: "Save search" }).click();
    await expect(page.getByText("Subscribed!")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`sortBy=${sort}`));
  }
  // This device subscribed: the inline subscribe is not offered again for that search.
  await page.goto("/cars-for-sale?sortBy=mileageASC");
  await expect(page.getByPlaceholder("Email")).toHaveCount(0);

  await page.goto("/cars-for-sale?sortBy=datelistedDESC");
  await page.getByPlaceholder("Email").fill(email);
  await page.getByRole("button", { name: "Save search" }).click();
  await expect(page.getByText("You have a maximum of 2 searches saved.")).toBeVisible();
  const create = page.getByRole("link", { name: "Create a free account" });
  await expect(create).toHaveAttribute("href", /defaultScreen=signup/);
  await expect(page.getByPlaceholder("Email")).toHaveValue(email);
});

test("a shared bookmark that does not exist opens a new search", async ({ page }) => {
  await page.goto("/account-api/searchbookmarks/share-bookmark/no-such-bookmark");
  await expect(page).toHaveURL(/\/cars-for-sale$/);
  await expect(page.getByRole("heading", { name: /Matches/ })).toBeVisible();
  // The same for the results page's searchBookmarkId: 'Bookmark not found' is empty filters and a new search.
  await page.goto("/cars-for-sale/used/toyota?searchBookmarkId=no-such-bookmark");
  await expect(page).toHaveURL(/\/cars-for-sale$/);
  await expect(page.getByRole("heading", { name: /Matches/ })).toBeVisible();
});

test("unsubscribe from a saved search's alerts with the link from the mail, signed out", async ({ page }) => {
  await signUp(page, uniqueEmail("unsub"), "/cars-for-sale?sortBy=yearASC");
  await page.getByRole("form", { name: "Save search" }).getByRole("button", { name: "Save search" }).click();
  await expect(page.getByText("Search saved.")).toBeVisible();
  await page.goto("/account/saved");
  const share = await page.getByRole("link", { name: /^Share link for / }).getAttribute("href");
  const bookmarkId = share!.split("/").pop()!;
  await page.goto("/account");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);

  // Opening the link changes nothing (a mail scanner follows links); the button unsubscribes.
  await page.goto(`/account/unsubscribe?token=${encodeURIComponent(unsubscribeToken(E2E_SECRET, { kind: "search", id: bookmarkId }))}`);
  await expect(page.getByRole("heading", { name: "Unsubscribe from these emails?" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await page.goto(
    `/account/unsubscribe?token=${encodeURIComponent(unsubscribeToken("a-forged-secret-that-is-long-enough-000", { kind: "search", id: bookmarkId }))}`,
  );
  await expect(page.getByRole("heading", { name: "This unsubscribe link is not valid" })).toBeVisible();
});

test("price alerts by email from the vehicle page, confirmed by the mailed link", async ({ page }) => {
  await page.goto("/cars-for-sale");
  await page.locator("#listings a.card-link").first().click();
  const form = page.getByRole("form", { name: "Get Price Alerts" });
  const email = uniqueEmail("price");
  await form.getByLabel("Get Price Alerts").fill(email);
  await form.getByRole("button", { name: "Notify me" }).click();
  // Double opt-in: nothing is sent to the address until it opens the link.
  await expect(page.getByText(`Almost done: open the link we sent to ${email} to turn on price alerts for this car.`)).toBeVisible();
  await openMailedLink(page, email, /^Confirm your alerts/);
  await expect(page.getByRole("heading", { level: 1, name: "Alerts confirmed" })).toBeVisible();
});

test("signed in, a price alert shows on the Saved page and can be stopped and turned back on", async ({ page }) => {
  const email = uniqueEmail("alerts");
  await signUp(page, email);
  await expect(account(page).getByRole("link", { name: "My account" })).toBeVisible();
  // Alerts held under an address show to an account once it verified that address.
  await verifyMyEmail(page, email);
  await page.goto("/cars-for-sale");
  await page.locator("#listings a.card-link").first().click();
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  const form = page.getByRole("form", { name: "Get Price Alerts" });
  await form.getByLabel("Get Price Alerts").fill(email);
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(page.getByText(`Price alerts are on. We will email ${email} when the price drops.`)).toBeVisible();

  await page.goto("/account/saved");
  const alerts = page.getByRole("list", { name: "Price alerts" });
  const item = alerts.getByRole("listitem").filter({ hasText: title });
  await expect(item).toContainText("Price alert on");
  await item.getByRole("button", { name: /^Stop alerts for / }).click();
  await expect(page.getByText("Price alert stopped.")).toBeVisible();
  await expect(alerts.getByRole("listitem").filter({ hasText: title })).toContainText("Price alert off");
  await alerts
    .getByRole("listitem")
    .filter({ hasText: title })
    .getByRole("button", { name: /^Turn back on for / })
    .click();
  await expect(page.getByText("Price alert back on.")).toBeVisible();
  await expect(alerts.getByRole("listitem").filter({ hasText: title })).toContainText("Price alert on");
});
