// Turning a feature flag on for one journey's own requests: the e2e_flags cookie, read only when
// the server runs with the E2E_FLAGS_COOKIE test hook (playwright.config.ts).
import type { BrowserContext } from "@playwright/test";

export async function withFlags(context: BrowserContext, baseURL: string | undefined, flags: Record<string, unknown>): Promise<void> {
  await context.addCookies([{ name: "e2e_flags", value: encodeURIComponent(JSON.stringify(flags)), url: baseURL! }]);
}

/** The house ads on (the ads flag is off by default). */
export const adsOn = (context: BrowserContext, baseURL: string | undefined) => withFlags(context, baseURL, { ads: true });
