// npm run size: builds the app, then prints the compressed size of the JavaScript the results page
// (/cars-for-sale and its category paths) loads: the route manifest, the client entry, the root
// route and the results route with every chunk they import (what React Router puts in the page's
// modulepreload links). Fails above the budget of issue 5: 100 KB gzip in total. Brotli is printed
// beside it: at quality 4, what the `compression` middleware serves to browsers that accept it
// (its default), and at 11, what files compressed at build time would weigh.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

const BUDGET_BYTES = 100 * 1024;
const CLIENT = "build/client";
const ROUTES = ["root", "routes/cars-for-sale", "routes/cars-for-sale.category"];

if (!process.argv.includes("--no-build")) execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });

const manifestFile = readdirSync(join(CLIENT, "assets")).find((f) => /^manifest-[\w-]+\.js$/.test(f));
if (!manifestFile) throw new Error("no route manifest in build/client/assets: did the build run?");
const manifestText = readFileSync(join(CLIENT, "assets", manifestFile), "utf8");
const manifest = JSON.parse(manifestText.slice(manifestText.indexOf("{"), manifestText.lastIndexOf("}") + 1)) as {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

const files = new Set<string>([`/assets/${manifestFile}`, manifest.entry.module, ...manifest.entry.imports]);
for (const id of ROUTES) {
  const route = manifest.routes[id];
  if (!route) throw new Error(`route ${id} is not in the manifest`);
  files.add(route.module);
  for (const f of route.imports ?? []) files.add(f);
}

let raw = 0;
let gz = 0;
let br4 = 0;
let br11 = 0;
const brotli = (bytes: Buffer, quality: number) => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality } }).length;
const rows: [string, number, number, number][] = [];
for (const file of files) {
  const bytes = readFileSync(join(CLIENT, file));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gz += zipped;
  br4 += brotli(bytes, 4);
  const best = brotli(bytes, 11);
  br11 += best;
  rows.push([file, bytes.length, zipped, best]);
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
rows.sort((a, b) => b[2] - a[2]);
for (const [file, size, zipped, best] of rows) console.log(`${kb(zipped).padStart(9)} gzip ${kb(best).padStart(9)} br-11 ${kb(size).padStart(9)} raw  ${file}`);
console.log(`results page JavaScript: ${kb(gz)} gzip (${kb(raw)} raw) in ${files.size} files; budget ${kb(BUDGET_BYTES)} gzip`);
console.log(`  brotli: ${kb(br4)} at quality 4 (what the compression middleware serves), ${kb(br11)} at quality 11 (compressed at build time)`);
if (gz > BUDGET_BYTES) {
  console.error(`over budget by ${kb(gz - BUDGET_BYTES)}`);
  process.exit(1);
}
