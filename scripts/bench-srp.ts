// npm run bench:srp [-- --db FILE] [--port 3200] [--iterations 30] [--keep-server]
//
// Renders the results page at 1,000,000 listings: starts the production server (scripts/start.ts)
// on a SQLite inventory of that size, waits for the search index, then requests a fixed set of
// results URLs many times, one at a time, and prints per URL the p50 / p95 server time (the
// loader's own Server-Timing, and the whole response as the client sees it) and the HTML size:
// raw, gzip as served on the wire, and the whole document compressed in one go (gzip -6,
// brotli q4). Targets (docs/search-index.md): p95 <= 60 ms and <= 60 KB compressed for a page of 30 results.
//
// The inventory: --db, else /tmp/fc-1m.db, else the one `npm run bench:search` caches; when none
// exists it is seeded (seed 1, about 90 s) into /tmp/fc-1m.db.
import { existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { seedBenchDatabase, startBenchServer, stopper, waitForServer } from "./bench-server.ts";
import { loaderTiming } from "./server-timing.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string" },
    port: { type: "string", default: "3200" },
    iterations: { type: "string", default: "30" },
    listings: { type: "string", default: "1000000" },
    "keep-server": { type: "boolean", default: false },
  },
});
const port = Number(values.port);
const iterations = Math.max(5, Number(values.iterations));
const LISTINGS = Number(values.listings);
const TARGET_MS = 60;
const TARGET_BYTES = 60 * 1024;
// The render path's targets (docs/decisions/032-render-path-at-1m.md): the loader's own server time,
// the page's elements and its inline hydration data (React Router's loader data and manifest).
const TARGET_LOADER_MS = 10;
const TARGET_ELEMENTS = 1500;
const TARGET_HYDRATION_BYTES = 15 * 1024;

/** Start tags in the document (elements a browser builds), and the bytes of React Router's inline data scripts. */
function pageWeight(html: string): { elements: number; hydrationBytes: number } {
  const elements = (html.match(/<[a-zA-Z][^\s/>]*/g) ?? []).length;
  let hydrationBytes = 0;
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    if (m[1]!.includes("__reactRouterContext")) hydrationBytes += m[1]!.length;
  }
  return { elements, hydrationBytes };
}

/** A fixed mix: category pages, location searches, deep filters, paging, keyword, sort. All canonical (no 301). */
const URLS = [
  "/cars-for-sale",
  "/cars-for-sale/used/toyota",
  "/cars-for-sale/used/toyota/rav4?zip=30301&searchRadius=50",
  "/cars-for-sale/used/suv-crossover?zip=10001&searchRadius=100&maxPrice=30000",
  "/cars-for-sale/new/ford",
  "/cars-for-sale/all?sortBy=mileageASC&firstRecord=300",
  "/cars-for-sale/certified?dealType=goodprice,greatprice",
  "/cars-for-sale?makeCode=AUDI,BMW,LEXUS&startYear=2020&endYear=2024&mileage=60000",
  "/cars-for-sale?fuelTypeGroup=ELE&electricMileRange=250",
  "/cars-for-sale?keyword=honda+civic",
  "/cars-for-sale?zip=60601&searchRadius=25&sortBy=distanceASC",
];

function findDatabase(): string | null {
  if (values.db) return values.db;
  if (existsSync("/tmp/fc-1m.db")) return "/tmp/fc-1m.db";
  const dir = path.join(tmpdir(), "forecourt-bench");
  if (existsSync(dir)) {
    const cached = readdirSync(dir).find((f) => f.startsWith(`listings-${LISTINGS}-seed1-`) && f.endsWith(".db"));
    if (cached) return path.join(dir, cached);
  }
  return null;
}

interface Sample {
  totalMs: number;
  loaderMs: number;
}

async function once(url: string, encoding = "identity"): Promise<{ status: number; body: Buffer; sample: Sample; location: string | null }> {
  const t0 = performance.now();
  const res = await fetch(`http://localhost:${port}${url}`, { redirect: "manual", headers: { "Accept-Encoding": encoding } });
  const body = Buffer.from(await res.arrayBuffer());
  const totalMs = performance.now() - t0;
  return { status: res.status, body, sample: { totalMs, loaderMs: loaderTiming(res.headers.get("server-timing")) }, location: res.headers.get("location") };
}

/** Bytes on the wire for a gzip request (fetch decodes bodies, so read the socket with node:http). */
async function wireGzipBytes(url: string): Promise<number> {
  const http = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "localhost", port, path: url, headers: { "Accept-Encoding": "gzip" } }, (res) => {
      let n = 0;
      res.on("data", (d: Buffer) => (n += d.length));
      res.on("end", () => resolve(n));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "n/a");

async function main() {
  let db = findDatabase();
  if (!db) {
    db = "/tmp/fc-1m.db";
    await seedBenchDatabase(db, LISTINGS);
  }
  console.log(`results page benchmark: ${db}, ${iterations} runs per URL, port ${port}`);
  // The page cache is off: this measures rendering the page, not replaying it (bench:load
  // measures the whole server, cache included).
  const child = startBenchServer({ db, port, name: "bench-srp", env: { PAGE_CACHE_MS: "0" } });
  const stop = stopper(child);
  try {
    const readyMs = await waitForServer(child, port);
    const health = (await (await fetch(`http://localhost:${port}/healthz`)).json()) as { listings?: { active?: number } };
    console.log(`server ready in ${(readyMs / 1000).toFixed(1)} s, ${health.listings?.active?.toLocaleString("en-US") ?? "?"} active listings\n`);

    // Warm up: every URL a few times (JIT, caches, the first Pricing aggregate per model) before
    // anything is measured, so the first URL is not charged for the server's start.
    for (let round = 0; round < 5; round++) for (const url of URLS) await once(url);

    // Baseline in the same run: a resource route that renders nothing (the HTTP + framework cost
    // on this machine right now), so a slow figure can be told apart from a busy machine.
    const baseline: number[] = [];
    for (let i = 0; i < 3; i++) await once("/robots.txt");
    for (let i = 0; i < iterations * 3; i++) baseline.push((await once("/robots.txt")).sample.totalMs);
    baseline.sort((a, b) => a - b);
    console.log(`baseline /robots.txt: p50 ${ms(pct(baseline, 50))}, p95 ${ms(pct(baseline, 95))}\n`);

    const rows: string[][] = [
      ["url", "status", "cards", "loader p50", "loader p95", "total p50", "total p95", "raw", "gzip served", "gzip doc", "br doc", "elements", "hydration"],
    ];
    const allLoader: number[] = [];
    const allTotal: number[] = [];
    const failures: string[] = [];
    for (const url of URLS) {
      for (let i = 0; i < 3; i++) await once(url);
      const samples: Sample[] = [];
      let last: Awaited<ReturnType<typeof once>> | null = null;
      for (let i = 0; i < iterations; i++) {
        last = await once(url);
        samples.push(last.sample);
      }
      if (!last) continue;
      if (last.status !== 200) {
        failures.push(`${url}: HTTP ${last.status}${last.location ? ` -> ${last.location}` : ""}`);
        rows.push([url, String(last.status), "", "", "", "", "", "", "", "", "", "", ""]);
        continue;
      }
      const html = last.body.toString("utf8");
      const cards = (html.match(/<article /g) ?? []).length;
      const weight = pageWeight(html);
      const loader = samples.map((s) => s.loaderMs).sort((a, b) => a - b);
      const total = samples.map((s) => s.totalMs).sort((a, b) => a - b);
      allLoader.push(...loader);
      allTotal.push(...total);
      const served = await wireGzipBytes(url);
      const gz = gzipSync(last.body, { level: 6 }).length;
      const br = brotliCompressSync(last.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }).length;
      rows.push([
        url,
        "200",
        String(cards),
        ms(pct(loader, 50)),
        ms(pct(loader, 95)),
        ms(pct(total, 50)),
        ms(pct(total, 95)),
        kb(last.body.length),
        kb(served),
        kb(gz),
        kb(br),
        String(weight.elements),
        kb(weight.hydrationBytes),
      ]);
      if (pct(loader, 95) > TARGET_LOADER_MS) failures.push(`${url}: loader p95 ${ms(pct(loader, 95))} > ${TARGET_LOADER_MS} ms`);
      if (weight.elements > TARGET_ELEMENTS) failures.push(`${url}: ${weight.elements} elements > ${TARGET_ELEMENTS}`);
      if (weight.hydrationBytes > TARGET_HYDRATION_BYTES)
        failures.push(`${url}: ${kb(weight.hydrationBytes)} inline hydration data > ${kb(TARGET_HYDRATION_BYTES)}`);
      if (pct(total, 95) > TARGET_MS) failures.push(`${url}: p95 ${ms(pct(total, 95))} > ${TARGET_MS} ms`);
      if (gz > TARGET_BYTES) failures.push(`${url}: ${kb(gz)} gzip > ${kb(TARGET_BYTES)}`);
      if (served > TARGET_BYTES) failures.push(`${url}: ${kb(served)} gzip as served > ${kb(TARGET_BYTES)}`);
    }
    const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
    for (const r of rows) console.log(r.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join("  "));
    allLoader.sort((a, b) => a - b);
    allTotal.sort((a, b) => a - b);
    console.log(
      `\nall URLs: loader p50 ${ms(pct(allLoader, 50))}, p95 ${ms(pct(allLoader, 95))}; ` +
        `whole response p50 ${ms(pct(allTotal, 50))}, p95 ${ms(pct(allTotal, 95))}`,
    );
    console.log(
      `baseline (/robots.txt, same run) p50 ${ms(pct(baseline, 50))}, p95 ${ms(pct(baseline, 95))}: ` +
        `the page costs ${ms(pct(allTotal, 95) - pct(baseline, 95))} over it at p95`,
    );
    console.log(
      `targets: p95 <= ${TARGET_MS} ms, <= ${kb(TARGET_BYTES)} compressed; loader p95 <= ${TARGET_LOADER_MS} ms, ` +
        `<= ${TARGET_ELEMENTS} elements, <= ${kb(TARGET_HYDRATION_BYTES)} inline hydration data`,
    );
    if (failures.length > 0) {
      console.log(`\nmissed:\n  ${failures.join("\n  ")}`);
      process.exitCode = 1;
    } else {
      console.log("\nall targets met");
    }
  } finally {
    if (!values["keep-server"]) stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
