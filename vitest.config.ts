import { defineConfig } from "vitest/config";

// Unit and data-layer tests only; browser journeys live in tests/e2e (Playwright).
// No React Router plugin here: tests import modules directly.
export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
