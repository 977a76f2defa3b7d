import { test as base, expect } from "@playwright/test";

const RESOURCE_404 = "Failed to load resource: the server responded with a status of 404";
/** A form the server refuses (400 with its messages, 429) logs this for its response: expected. */
const RESOURCE_REFUSED = /^Failed to load resource: the server responded with a status of (400|429)/;

// Every journey fails on a console error or an uncaught page error. A page that is itself a
// 404 logs one "Failed to load resource" line for its own document: that one is expected.
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      let documentNotFound = 0;
      let formRefused = 0;
      page.on("response", (res) => {
        if (res.request().isNavigationRequest() && res.status() === 404) documentNotFound++;
        if (res.request().method() === "POST" && (res.status() === 400 || res.status() === 429)) formRefused++;
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
        if (RESOURCE_REFUSED.test(e) && formRefused > 0) {
          formRefused--;
          return false;
        }
        return true;
      });
      expect(unexpected, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
