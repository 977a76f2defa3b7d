// "Verify my email" as a shopper does it: open the newest mail to the address in the local outbox
// (/dev/mail, DEV_MAIL in playwright.config.ts) and follow the link it holds. Also used for the
// confirmation link of alerts subscribed by email (double opt-in).
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const LINK = /https?:\/\/\S+\/account\/verify-email\?token=\S+/;

/** Follows the link in the newest mail whose subject matches, sent to `email`. */
export async function openMailedLink(page: Page, email: string, subject: RegExp): Promise<void> {
  // The outbox reader answers the loopback interface only and never a proxied request (ADR 021):
  // read it in a context of its own, without the X-Forwarded-For some journeys' shoppers send.
  const origin = new URL(page.url() === "about:blank" ? (test.info().project.use.baseURL ?? "") : page.url()).origin;
  const context = await page.context().browser()!.newContext({ baseURL: origin, javaScriptEnabled: false });
  let url: string | undefined;
  try {
    const reader = await context.newPage();
    await reader.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
    const mail = reader.getByRole("link", { name: subject }).first();
    await mail.click();
    await expect(mail).toHaveAttribute("aria-current", "page");
    const text = (await reader.getByTestId("mail-text").textContent()) ?? "";
    url = LINK.exec(text)?.[0];
  } finally {
    await context.close();
  }
  expect(url, `a link in the mail to ${email}`).toBeDefined();
  await page.goto(url!);
}

/** Verifies the account's email with the link mailed at sign-up (or at an email change). */
export async function verifyMyEmail(page: Page, email: string): Promise<void> {
  await openMailedLink(page, email, /Verify your email for Forecourt/);
  await expect(page.getByRole("heading", { level: 1, name: "Your email is verified" })).toBeVisible();
}
