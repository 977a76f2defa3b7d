import { defineConfig, devices } from "@playwright/test";

// Browser journeys run twice: with JavaScript off and on. The app is served from a production
// build on its own port and database, seeded with a small deterministic inventory.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "no-js", testIgnore: /\.js\.spec\.ts$/, use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, channel: undefined } },
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, channel: undefined } },
  ],
  webServer: {
    command: "node scripts/start.ts",
    url: `http://localhost:${PORT}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      NODE_ENV: "production",
      SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0123456789",
      SQLITE_PATH: process.env.E2E_SQLITE_PATH ?? "data/e2e.db",
      DATABASE_URL: "",
      SEED_LISTINGS: process.env.E2E_SEED_LISTINGS ?? "3000",
      PUBLIC_ORIGIN: `http://localhost:${PORT}`,
      // Journeys read the mail the app wrote at /dev/mail.
      DEV_MAIL: "true",
      // Rate limits count X-Forwarded-For's first address: the operator journey's reporters come
      // from their own addresses, so they do not spend the shared 127.0.0.1 report allowance.
      TRUST_PROXY: "true",
      // The operator journey's accounts (tests/e2e/operator.spec.ts).
      OPERATOR_EMAILS: "operator-no-js@forecourt.test,operator-js@forecourt.test",
      // Searching this keyword makes the search engine call throw (the failure screen journey).
      E2E_FAIL_SEARCH_KEYWORD: "e2e-search-failure",
    },
  },
});
