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
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // In CI a journey that fails is run once more and, if it then passes, reported as flaky by name
  // (scripts/test-all.ts prints them): a race in a test must not hide every other result (README).
  retries: process.env.CI ? 1 : 0,
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
      // One server process: a journey's write is searchable at once in the process that serves it
      // (several processes see each other's within the index's poll; tests/integration/server-processes.test.ts).
      WEB_CONCURRENCY: "1",
      SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0123456789",
      SQLITE_PATH: process.env.E2E_SQLITE_PATH ?? "data/e2e.db",
      DATABASE_URL: "",
      SEED_LISTINGS: process.env.E2E_SEED_LISTINGS ?? "3000",
      // Dealer photos of the photo journey (tests/e2e/photos.spec.ts imports its feed into it).
      PHOTO_STORE_DIR: process.env.E2E_PHOTO_STORE_DIR ?? "data/e2e-photos",
      PUBLIC_ORIGIN: `http://localhost:${PORT}`,
      // Feed listings not confirmed lately leave search: checked every second here (tests/e2e/listing-checks.spec.ts).
      LISTING_CHECKS_INTERVAL_MS: "1000",
      // Journeys read the mail the app wrote at /dev/mail.
      DEV_MAIL: "true",
      // Rate limits count the X-Forwarded-For entry one hop from the right (one proxy that appends):
      // journeys send a single entry, so the operator journey's reporters come from their own
      // addresses and do not spend the shared 127.0.0.1 report allowance.
      TRUST_PROXY_HOPS: "1",
      // The operator journey's accounts (tests/e2e/operator.spec.ts); the "unverified" ones never
      // open their verification link, so they must never see the operator's page.
      OPERATOR_EMAILS:
        "operator-no-js@forecourt.test,operator-js@forecourt.test,unverified-operator-no-js@forecourt.test,unverified-operator-js@forecourt.test",
      // Web push (decision 023): test-only VAPID keys (made for this suite, used nowhere else), so the
      // opt-in can subscribe; the journeys stub the browser's push service, which is not reachable here.
      VAPID_PUBLIC_KEY: "BE-n-4F7hjLMDFCISiL68VBDZDDy5NchlGsrI3LoFrOmLMHG4yyNsEs8sms_DK5HKY-pI1J33ard1L4Ek03kHkg",
      VAPID_PRIVATE_KEY: "lmEtioCMB1ksiVgc1bQQb44JNQ9eY6ctY1rPJmWYRUY",
      // Searching this keyword makes the search engine call throw (the failure screen journey).
      E2E_FAIL_SEARCH_KEYWORD: "e2e-search-failure",
      // This model's research services (consumer ratings) fail: tests/e2e/consumer-reviews.spec.ts.
      E2E_FAIL_RESEARCH_MODEL: "FORD|F150",
      // A deal with this down payment makes the deals service fail (tests/e2e/online-buying.spec.ts).
      E2E_FAIL_DEAL_DOWN: "13",
      // A journey's e2e_flags cookie overrides feature flags for its own requests (the house ads:
      // tests/e2e/house-ads.js.spec.ts); every other journey sees the defaults.
      E2E_FLAGS_COOKIE: "true",
      // This visitor's (fc_vid cookie) certified-sponsor content fetch fails (tests/e2e/trust-signals.spec.ts).
      E2E_FAIL_CERTIFIED_SPONSOR_VISITOR: "00000000-0000-4000-8000-00000000c0de",
    },
  },
});
