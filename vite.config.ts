import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress.ts";

// Small shared modules of ours that the results page uses, in one chunk instead of a file each:
// each chunk costs its own module wrapper, imports and compression window (ADR 013). Only pure
// modules whose imports stay inside this list belong here (a group also takes its modules'
// dependencies), and only ones the results page needs (the page loads the whole chunk).
const SMALL_SHARED = /[\\/]app[\\/]lib[\\/](constants|format|routes|account|vehicle-image-path|zip|compare)\.ts$/;

// React, React DOM and React Router in one chunk: left to itself the bundler splits them by which
// routes share which part, and a new route can move a piece of the framework into a chunk of its
// own that every page then loads on top (ADR 013).
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  // node:sqlite and pg are server-only; never pre-bundle them for the browser.
  ssr: { external: ["pg", "kysely"] },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "shared", test: SMALL_SHARED },
                { name: "framework", test: FRAMEWORK },
              ],
            },
          },
        },
      },
    },
  },
});
