import { test as base, expect, type Locator, type Page } from "@playwright/test";

const RESOURCE_404 = "Failed to load resource: the server responded with a status of 404";

// Every journey fails on a console error or an uncaught page error. A page that is itself a
// 404 logs one "Failed to load resource" line for its own document: that one is expected.
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      let documentNotFound = 0;
      // A form post the server refuses (400 invalid, 429 rate-limited ...) logs one line too.
      const rejectedPosts = new Map<number, number>();
      page.on("response", (res) => {
        if (res.request().isNavigationRequest() && res.status() === 404) documentNotFound++;
        if (res.request().method() === "POST" && res.status() >= 400 && res.status() < 500) {
          rejectedPosts.set(res.status(), (rejectedPosts.get(res.status()) ?? 0) + 1);
        }
      });
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      const unexpected = errors.filter((e) => {
        if (e.startsWith(RESOURCE_404) && documentNotFound > 0) {
          documentNotFound--;
          return false;
        }
        const status = Number(/status of (\d{3})/.exec(e)?.[1]);
        if (e.startsWith("Failed to load resource") && (rejectedPosts.get(status) ?? 0) > 0) {
          rejectedPosts.set(status, rejectedPosts.get(status)! - 1);
          return false;
        }
        // The local outbox (/dev/mail) shows a mail's HTML in a frame sandboxed without scripts on
        // purpose; the browser reports what it refuses to run there (that is the sandbox working).
        if (e.startsWith("Blocked script execution in 'about:srcdoc'")) return false;
        return true;
      });
      expect(unexpected, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Holds the page's scripts back (a shopper on a slow phone: the server's page is there, none of
 * its JavaScript has run) until `release()`; `hold()` holds the next ones again. Set up before
 * the page loads.
 */
export async function holdScripts(page: Page): Promise<{ release: () => void; hold: () => void }> {
  let release = () => {};
  let held = Promise.resolve();
  const hold = () => {
    held = new Promise<void>((resolve) => (release = resolve));
  };
  hold();
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release: () => release(), hold };
}

/**
 * Opens a filter section (a <details>) when it is closed, and shows its choices when the page left
 * them out (ADR 032: a closed section's choices are behind a 'Show … choices' button).
 */
export async function openFilterSection(form: Locator, name: string | RegExp): Promise<void> {
  const summary = form.locator("summary", { hasText: name }).first();
  const details = summary.locator("xpath=..");
  if ((await details.getAttribute("open")) === null) await summary.click();
  await showLeftOut(details.getByRole("button", { name: /^Show .+ choices$/ }));
}

/**
 * Shows a 'Show N more' list or 'Any make except …' inside `scope`: a button when the page left
 * its choices out (ADR 032), else a disclosure.
 */
export async function openFilterPart(scope: Locator, name: string | RegExp): Promise<void> {
  const button = scope.getByRole("button", { name }).first();
  if ((await button.count()) > 0) return showLeftOut(button);
  const summary = scope.locator("summary", { hasText: name }).first();
  if ((await summary.locator("xpath=..").getAttribute("open")) === null) await summary.click();
}

/**
 * Without JavaScript the button asks the page for the part (a new page, the part open); with
 * JavaScript the choices load in place (opening a section starts that already) and the button goes.
 */
async function showLeftOut(button: Locator): Promise<void> {
  await expect(async () => {
    if (await button.isVisible()) await button.click({ timeout: 5_000 });
    await expect(button).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}
