// Signing up or in, and the operator's sign-in, shared by the operator journeys (operator, listing
// checks, analytics, consumer and expert reviews).
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { verifyMyEmail } from "./verify-email";

export const PASSWORD = "correct-horse-42";

/**
 * An account in OPERATOR_EMAILS, one per project (created on first use, signed in after). A new
 * account gets a 404 at /operator/reports until it opens the link mailed to its address.
 */
export async function signInAsOperator(page: Page, project: string) {
  const email = `operator-${project}@forecourt.test`;
  await signUpOrSignIn(page, email);
  if ((await page.getByTestId("email-status").textContent())?.startsWith("Verify your email")) {
    // Claiming an operator's address grants nothing until the address is verified.
    expect((await page.request.get("/operator/reports", { maxRedirects: 0 })).status()).toBe(404);
    await verifyMyEmail(page, email);
  }
  await page.goto("/operator/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reported listings" })).toBeVisible();
}

/**
 * Signs in, or creates the account when no journey has yet; ends on the account page. Signing in
 * first keeps the suite's sign-ups (all from one address) under the app's per-address sign-up limit.
 */
export async function signUpOrSignIn(page: Page, email: string) {
  await page.goto("/account/sign-in?refUrl=/account");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  const unknown = page.getByText("That email and password do not match an account.", { exact: false });
  await expect(page.getByRole("heading", { level: 1, name: "My account" }).or(unknown)).toBeVisible({ timeout: 15_000 });
  if (await unknown.isVisible()) {
    await page.goto("/account/sign-in?defaultScreen=signup&refUrl=/account");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible({ timeout: 15_000 });
}
