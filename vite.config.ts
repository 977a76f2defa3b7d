import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  // node:sqlite and pg are server-only; never pre-bundle them for the browser.
  ssr: { external: ["pg", "kysely"] },
});
