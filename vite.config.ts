import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // node:sqlite and pg are server-only; never pre-bundle them for the browser.
  ssr: { external: ["pg", "kysely"] },
});
