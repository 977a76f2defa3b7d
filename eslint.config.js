// ESLint (decision 026 for formatting, decision 027 for the page layer and its import rules).
// typescript-eslint reads TypeScript's JavaScript API, which TypeScript 7 (the project's compiler)
// no longer ships: the linter alone loads TypeScript 6's API from @typescript/typescript6.
import { registerHooks } from "node:module";

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "typescript" && /node_modules\/(@typescript-eslint|typescript-eslint|ts-api-utils)\//.test(context.parentURL ?? "")) {
      return nextResolve("@typescript/typescript6", context);
    }
    return nextResolve(specifier, context);
  },
});

const { default: tseslint } = await import("typescript-eslint");
const { default: reactHooks } = await import("eslint-plugin-react-hooks");
const { default: boundaries } = await import("./eslint/boundaries.js");

// Files allowed to read process.env besides the env module: none (decision 027; kept as the one
// place to name an exception, should one ever be needed).
const PROCESS_ENV_ALLOWED = [];

export default tseslint.config(
  { ignores: ["build/", "data/", ".cache/", ".react-router/", "node_modules/", "public/", "test-results/", "playwright-report/", "eslint/fixtures/"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { forecourt: boundaries },
    rules: {
      "forecourt/no-server-in-client": "error",
      "forecourt/no-cross-page": "error",
      // The data layer's dialect adapters and a few parsers of untyped JSON use `any` on purpose.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // React code: pages, components, browser rules (server modules have no hooks; a server
    // function named use... is not one).
    files: ["app/routes/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}", "app/root.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // The typed env module is the only reader of process.env in the app.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/server/env.server.ts", "app/**/*.test.ts", ...PROCESS_ENV_ALLOWED],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through app/server/env.server.ts (getEnv()), the only reader of process.env." },
      ],
    },
  },
);
