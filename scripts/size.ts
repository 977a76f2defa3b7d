// npm run size: builds the app, then prints the compressed size of the JavaScript the results page
// (/cars-for-sale and its category paths) loads: the client entry, the root route and the results
// route with every chunk they import (what React Router puts in the page's modulepreload links),
// brotli as served (the build's brotli-11 copies, scripts/vite-precompress.ts; a file its copy
// would not make smaller goes as it is) and gzip, with the
// framework's share and our own apart. The route manifest file is not among them: with lazy route
// discovery the page carries the two routes' entries inline in its HTML and never loads the file. Fails when our own code passes 35 KB or
// the page 125 KB brotli; the earlier 100 KB goal is printed with whether it is met (ADR 013).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

/** The first budget for the whole page (ADR 013), which the mandated framework alone nearly fills. */
const FIRST_PAGE_BUDGET_BYTES = 100 * 1024;
/** What this script holds (ADR 013): our own code, and the page in all, brotli as served. */
const OWN_BUDGET_BYTES = 35 * 1024;
const TOTAL_BUDGET_BYTES = 125 * 1024;
const CLIENT = "build/client";
const ROUTES = ["root", "routes/cars-for-sale", "routes/cars-for-sale.category"];

if (!process.argv.includes("--no-build")) execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });

const manifestFile = readdirSync(join(CLIENT, "assets")).find((f) => /^manifest-[\w-]+\.js$/.test(f));
if (!manifestFile) throw new Error("no route manifest in build/client/assets: did the build run?");
// The manifest file is read for the chunk lists only (see the header).
const manifestText = readFileSync(join(CLIENT, "assets", manifestFile), "utf8");
const manifest = JSON.parse(manifestText.slice(manifestText.indexOf("{"), manifestText.lastIndexOf("}") + 1)) as {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
for (const id of ROUTES) {
  const route = manifest.routes[id];
  if (!route) throw new Error(`route ${id} is not in the manifest`);
  files.add(route.module);
  for (const f of route.imports ?? []) files.add(f);
}

/**
 * Chunks that are React, React DOM and React Router themselves: the "framework" group of
 * vite.config.ts, and the client entry (other names are the bundler's own, for older builds).
 */
const FRAMEWORK = /^\/assets\/(entry\.client|framework|components|jsx-runtime|chunk-[A-Z0-9]+)-[\w-]+\.js$/;
const brotli = (bytes: Buffer, quality: number) => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality } }).length;
/** The compression middleware's threshold: smaller responses go uncompressed. */
const COMPRESSION_THRESHOLD = 1024;
/** What a browser that takes brotli downloads: the build's brotli-11 copy, else the file as it is (under 1 KB, or no smaller compressed) or the middleware's quality 4. */
function servedBrotli(file: string, bytes: Buffer): number {
  const copy = join(CLIENT, `${file}.br`);
  if (existsSync(copy)) return statSync(copy).size;
  return bytes.length < COMPRESSION_THRESHOLD ? bytes.length : brotli(bytes, 4);
}

const total = { raw: 0, gz: 0, served: 0 };
const own = { gz: 0, served: 0 };
const rows: [string, number, number, number, boolean][] = [];
for (const file of files) {
  const bytes = readFileSync(join(CLIENT, file));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  const served = servedBrotli(file, bytes);
  const framework = FRAMEWORK.test(file);
  total.raw += bytes.length;
  total.gz += zipped;
  total.served += served;
  if (!framework) {
    own.gz += zipped;
    own.served += served;
  }
  rows.push([file, bytes.length, zipped, served, framework]);
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
rows.sort((a, b) => b[3] - a[3]);
for (const [file, size, zipped, served, framework] of rows) {
  console.log(`${kb(served).padStart(9)} br served ${kb(zipped).padStart(9)} gzip ${kb(size).padStart(9)} raw  ${file}${framework ? "  (framework)" : ""}`);
}
console.log(`results page JavaScript, ${files.size} files: ${kb(total.served)} brotli as served, ${kb(total.gz)} gzip, ${kb(total.raw)} raw`);
console.log(`  framework (React, React DOM, React Router): ${kb(total.served - own.served)} brotli, ${kb(total.gz - own.gz)} gzip`);
console.log(`  Forecourt's own code: ${kb(own.served)} brotli, ${kb(own.gz)} gzip; budget ${kb(OWN_BUDGET_BYTES)} brotli`);
console.log(
  `  the first page budget of ${kb(FIRST_PAGE_BUDGET_BYTES)} for the whole page: ` +
    `${total.served <= FIRST_PAGE_BUDGET_BYTES ? "met" : "not met: the framework alone is close to it (ADR 013)"}`,
);
const over: string[] = [];
if (own.served > OWN_BUDGET_BYTES) over.push(`our own code is over its budget by ${kb(own.served - OWN_BUDGET_BYTES)}`);
if (total.served > TOTAL_BUDGET_BYTES) over.push(`the page is over ${kb(TOTAL_BUDGET_BYTES)} by ${kb(total.served - TOTAL_BUDGET_BYTES)}`);
if (over.length > 0) {
  console.error(over.join("; "));
  process.exit(1);
}
