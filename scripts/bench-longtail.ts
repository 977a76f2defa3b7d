// npm run bench:longtail [-- --db FILE] [--port 3205] [--connections 64] [--duration 60] [--urls 25000]
//
// The long tail (docs/performance.md): the results pages no cache answers. Draws at least 20,000
// distinct canonical results URLs from the inventory's own values (its makes and models, the ZIPs
// its cars are at, price and year ranges inside what it holds, every sort, the first pages), each
// checked to be its own canonical address (no redirect among them), then drives them with
// autocannon at 64 connections for 60 s, every request carrying a cookie so the page cache never
// answers, and prints results pages/s, p50, p99 and errors beside the `/robots.txt` baseline
// measured in the same run. Then vehicle pages of random ids, with a cookie, the same way.
// Targets (2-core machine, 1M listings): >= 200 results pages/s, p99 <= 300 ms, 0 errors;
// >= 400 vehicle pages/s; at most 700 MB resident per server process (printed after the load).
//
// The inventory: --db, else /tmp/fc-1m.db; when missing it is seeded there (seed 1).
// The server runs as `npm start` runs in production (WEB_CONCURRENCY processes; see README).
// `-- --print` prints the URLs and stops.
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { seedBenchDatabase, startBenchServer, stopper, waitForServer } from "./bench-server.ts";
import { drawLongTailUrls, random } from "./longtail-urls.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "/tmp/fc-1m.db" },
    port: { type: "string", default: "3205" },
    connections: { type: "string", default: "64" },
    duration: { type: "string", default: "60" },
    urls: { type: "string", default: "25000" },
    listings: { type: "string", default: "1000000" },
    // Print the drawn URLs and stop (to look at them, or to time single pages).
    print: { type: "boolean", default: false },
    // Server processes (WEB_CONCURRENCY); unset: the server's own default.
    processes: { type: "string" },
  },
});
const port = Number(values.port);
const TARGET = { resultsPerSecond: 200, p99Ms: 300, vehiclePerSecond: 400, rssMb: 700 };
const COOKIE = "bench_session=long-tail";

async function main() {
  const db = values.db!;
  if (!existsSync(db)) await seedBenchDatabase(db, Number(values.listings));
  const { urls: list, tried, ids } = await drawLongTailUrls(db, Number(values.urls));
  console.log(`${list.length.toLocaleString("en-US")} distinct canonical results URLs drawn from the inventory (${tried.toLocaleString("en-US")} tried)`);
  if (values.print) {
    for (const u of list) console.log(u);
    return;
  }

  const env: Record<string, string> = { LOG_LEVEL: "warn" };
  if (values.processes) env.WEB_CONCURRENCY = values.processes;
  const child = startBenchServer({ db, port, name: "bench-longtail", env });
  const stop = stopper(child);
  try {
    const readyMs = await waitForServer(child, port);
    console.log(`server ready in ${(readyMs / 1000).toFixed(1)} s on ${db}; processes ${values.processes ?? "(server default)"}`);
    const headers = { "accept-encoding": "gzip", cookie: COOKIE };
    // Warm-up: a few hundred of the URLs (code paths compiled; most URLs stay unseen).
    for (const u of list.slice(0, 300)) {
      const r = await fetch(`http://localhost:${port}${u}`, { redirect: "manual", headers });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${u} answered ${r.status}: not a canonical address`);
    }
    const connections = Number(values.connections);
    const duration = Number(values.duration);
    const base = await autocannon({ url: `http://localhost:${port}/robots.txt`, connections, duration: Math.min(10, duration), headers });
    console.log(`baseline      /robots.txt: ${base.requests.average.toFixed(0)} req/s, p50 ${base.latency.p50} ms, p99 ${base.latency.p99} ms`);

    let next = 300;
    const results = await autocannon({
      url: `http://localhost:${port}`,
      connections,
      duration,
      headers,
      requests: [{ method: "GET", path: list[0]!, setupRequest: (req) => ({ ...req, path: list[next++ % list.length]! }) }],
    });
    const served = Math.min(next - 300, list.length);
    console.log("");
    console.log(`results pages (long tail, cookie: no page cache), ${connections} connections, ${duration} s`);
    console.log(
      `  throughput  ${results.requests.average.toFixed(0)} pages/s ` +
        `(${results.requests.total.toLocaleString("en-US")} pages, ${served.toLocaleString("en-US")} distinct URLs)`,
    );
    console.log(`  latency     p50 ${results.latency.p50} ms, p99 ${results.latency.p99} ms, max ${results.latency.max} ms`);
    const resultErrors = results.errors + results.non2xx;
    console.log(`  errors      ${resultErrors} (timeouts ${results.timeouts}; non-2xx ${results.non2xx})`);

    const rndId = random(7);
    const vehicle = await autocannon({
      url: `http://localhost:${port}`,
      connections,
      duration: Math.min(30, duration),
      headers,
      requests: [
        {
          method: "GET",
          path: `/cars-for-sale/vehicle/${ids[0]}`,
          setupRequest: (req) => ({ ...req, path: `/cars-for-sale/vehicle/${ids[Math.floor(rndId() * ids.length)]}` }),
        },
      ],
    });
    const vehicleErrors = vehicle.errors + vehicle.non2xx;
    console.log("");
    console.log(`vehicle pages (random ids, cookie), ${connections} connections, ${Math.min(30, duration)} s`);
    console.log(`  throughput  ${vehicle.requests.average.toFixed(0)} pages/s`);
    console.log(`  latency     p50 ${vehicle.latency.p50} ms, p99 ${vehicle.latency.p99} ms`);
    console.log(`  errors      ${vehicleErrors} (timeouts ${vehicle.timeouts}; non-2xx ${vehicle.non2xx})`);

    // Resident memory of every server process after the load (the target: at most 700 MB
    // a serving process); the primary of several only supervises.
    const memory = serverMemory(child.pid!);
    console.log("");
    console.log("resident memory after the load (VmRSS, peak VmHWM)");
    for (const m of memory) console.log(`  ${m.role.padEnd(10)} pid ${m.pid}: ${m.rssMb} MB (peak ${m.peakMb} MB)`);
    console.log(`  total      ${memory.reduce((t, m) => t + m.rssMb, 0)} MB`);

    const misses: string[] = [];
    for (const m of memory) if (m.role !== "primary" && m.rssMb > TARGET.rssMb) misses.push(`pid ${m.pid} ${m.rssMb} MB > ${TARGET.rssMb} MB resident`);
    if (resultErrors + vehicleErrors > 0) misses.push(`${resultErrors + vehicleErrors} errors`);
    if (results.requests.average < TARGET.resultsPerSecond) misses.push(`${results.requests.average.toFixed(0)} results pages/s < ${TARGET.resultsPerSecond}`);
    if (results.latency.p99 > TARGET.p99Ms) misses.push(`results p99 ${results.latency.p99} ms > ${TARGET.p99Ms} ms`);
    if (vehicle.requests.average < TARGET.vehiclePerSecond) misses.push(`${vehicle.requests.average.toFixed(0)} vehicle pages/s < ${TARGET.vehiclePerSecond}`);
    console.log("");
    console.log(misses.length === 0 ? "targets met" : `targets missed: ${misses.join("; ")}`);
    process.exitCode = misses.length === 0 ? 0 : 1;
  } finally {
    stop();
  }
}

/** VmRSS and VmHWM (MB) of the server process and its forked servers (Linux /proc). */
function serverMemory(pid: number): { pid: number; role: "server" | "primary"; rssMb: number; peakMb: number }[] {
  const read = (p: number) => {
    const status = readFileSync(`/proc/${p}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
    return { rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
  };
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    /* no children file: one process */
  }
  if (children.length === 0) return [{ pid, role: "server", ...read(pid) }];
  return [{ pid, role: "primary", ...read(pid) }, ...children.map((c) => ({ pid: c, role: "server" as const, ...read(c) }))];
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
