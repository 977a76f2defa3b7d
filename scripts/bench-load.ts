// npm run bench:load [-- --db FILE] [--port 3204] [--connections 64] [--duration 60] [--listings 1000000]
//
// Load test (docs/resilience-and-security.md): starts the production server (scripts/start.ts, built if needed) on a
// SQLite inventory of 1,000,000 listings, then drives a fixed mix of results pages, vehicle
// pages and type-ahead requests with autocannon at 64 connections for 60 s, and prints
// throughput, p50 / p99 latency and errors. Targets on the 2-core machine: 0 errors, p99 <= 250 ms,
// >= 300 results pages a second.
//
// Requests carry no cookies, like most anonymous traffic, so the page cache (ADR 012) serves
// repeats; `-- --page-cache-ms 0` measures every request rendered afresh.
//
// The inventory: --db, else /tmp/fc-1m.db; when missing it is seeded there (seed 1, about 80 s).
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { seedBenchDatabase, startBenchServer, stopper, waitForServer } from "./bench-server.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "/tmp/fc-1m.db" },
    port: { type: "string", default: "3204" },
    connections: { type: "string", default: "64" },
    duration: { type: "string", default: "60" },
    listings: { type: "string", default: "1000000" },
    // The server's page cache TTL (PAGE_CACHE_MS); 0 measures every request rendered afresh.
    "page-cache-ms": { type: "string" },
  },
});
const port = Number(values.port);
const LISTINGS = Number(values.listings);
const TARGET = { p99Ms: 250, resultsPerSecond: 300 };

/** Results pages (canonical: no 301), most of the mix. */
const RESULTS = [
  "/cars-for-sale",
  "/cars-for-sale/used/toyota",
  "/cars-for-sale/used/toyota/rav4?zip=30301&searchRadius=50",
  "/cars-for-sale/used/suv-crossover?zip=10001&searchRadius=100&maxPrice=30000",
  "/cars-for-sale/new/ford",
  "/cars-for-sale/certified?dealType=goodprice,greatprice",
  "/cars-for-sale?makeCode=AUDI,BMW,LEXUS&startYear=2020&endYear=2024&mileage=60000",
  "/cars-for-sale?zip=60601&searchRadius=25&sortBy=distanceASC",
];
const TYPEAHEAD = ["toy", "hon", "f-1", "civ", "suv", "tesla m"].map((t) => `/rest/lsc/marketplace/suggested/keywords/${encodeURIComponent(t)}`);

async function main() {
  const db = values.db!;
  if (!existsSync(db)) await seedBenchDatabase(db, LISTINGS);
  const cacheEnv: Record<string, string> = values["page-cache-ms"] === undefined ? {} : { PAGE_CACHE_MS: values["page-cache-ms"] };
  const child = startBenchServer({ db, port, name: "bench-load", env: { LOG_LEVEL: "warn", ...cacheEnv } });
  const stop = stopper(child);
  try {
    const readyMs = await waitForServer(child, port);
    console.log(
      `server ready in ${(readyMs / 1000).toFixed(1)} s on ${db}; page cache ` +
        `${values["page-cache-ms"] === undefined ? "as configured (default 10 s)" : `${values["page-cache-ms"]} ms`}`,
    );
    // Vehicle pages: real listing ids from the search service.
    const listing = (await (await fetch(`http://localhost:${port}/rest/lsc/listing?numRecords=40&hideFilters=true`)).json()) as { listings: { id: number }[] };
    const DETAIL = listing.listings.map((l) => `/cars-for-sale/vehicle/${l.id}`);
    // The mix per connection, in order: 5 results pages, 2 vehicle pages, 1 type-ahead (8 requests).
    const requests: { method: "GET"; path: string }[] = [];
    for (let i = 0; i < 24; i++) {
      const slot = i % 8;
      const path = slot < 5 ? RESULTS[(i * 3 + slot) % RESULTS.length]! : slot < 7 ? DETAIL[(i * 7 + slot) % DETAIL.length]! : TYPEAHEAD[i % TYPEAHEAD.length]!;
      requests.push({ method: "GET", path });
    }
    const resultsShare = requests.filter((r) => r.path.startsWith("/cars-for-sale") && !r.path.startsWith("/cars-for-sale/vehicle/")).length / requests.length;
    // Warm up every URL once.
    for (const r of requests) await (await fetch(`http://localhost:${port}${r.path}`, { redirect: "manual" })).arrayBuffer();
    const connections = Number(values.connections);
    const duration = Number(values.duration);
    // Baseline in the same run: the same connections on a resource route that renders nothing,
    // so the figures below can be read against what this machine manages right now.
    const base = await autocannon({ url: `http://localhost:${port}/robots.txt`, connections, duration: Math.min(10, duration) });
    console.log(
      `baseline      /robots.txt: ${base.requests.average.toFixed(0)} req/s, p50 ` +
        `${base.latency.p50} ms, p99 ${base.latency.p99} ms (${Math.min(10, duration)} s)`,
    );
    console.log(
      `autocannon: ${connections} connections, ${duration} s, mix ${Math.round(resultsShare * 100)}% ` +
        `results / ${Math.round((2 / 8) * 100)}% vehicle / ${Math.round((1 / 8) * 100)}% type-ahead`,
    );
    const result = await autocannon({
      url: `http://localhost:${port}`,
      connections,
      duration,
      requests,
      headers: { "accept-encoding": "gzip" },
    });
    const rps = result.requests.average;
    // autocannon's `errors` already counts timeouts.
    const errors = result.errors + result.non2xx;
    const resultsPerSecond = rps * resultsShare;
    console.log("");
    console.log(`requests      ${result.requests.total.toLocaleString("en-US")} in ${duration} s`);
    console.log(`throughput    ${rps.toFixed(0)} req/s (${resultsPerSecond.toFixed(0)} results pages/s)`);
    console.log(`latency       p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
    console.log(`errors        ${errors} (of which timeouts ${result.timeouts}; non-2xx ${result.non2xx})`);
    const misses: string[] = [];
    if (errors > 0) misses.push(`${errors} errors`);
    if (result.latency.p99 > TARGET.p99Ms) misses.push(`p99 ${result.latency.p99} ms > ${TARGET.p99Ms} ms`);
    if (resultsPerSecond < TARGET.resultsPerSecond) misses.push(`${resultsPerSecond.toFixed(0)} results pages/s < ${TARGET.resultsPerSecond}`);
    console.log(misses.length === 0 ? "targets met" : `targets missed: ${misses.join("; ")}`);
    process.exitCode = misses.length === 0 ? 0 : 1;
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
