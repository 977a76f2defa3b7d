// npm run bench:photos [-- --photos 200] [--listings 20000] [--iterations 40] [--port 3210]
//
// Dealer photos (docs/photos.md), two figures from one run:
// 1. Photos processed per second: generates N different 4000 x 3000 JPEGs (not timed), queues
//    them as photo jobs of N listings (files next to a feed, as `npm run feed` would) and runs the
//    photo runner with its default concurrency to the end: read, hash, decode, turn upright,
//    strip metadata, AVIF + WebP + JPEG at 4 widths, placeholder colour, store, database rows.
// 2. The extra server time of a results page with real photos: starts the production server on
//    the same inventory (page cache off), and requests the same results URLs without photos and
//    with every listing carrying 4-12 ready photos, alternating round by round in one run.
//    Build first (`npm run build`): a stale build would be rebuilt by the server mid-benchmark.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import sharp from "sharp";
import { openDatabase } from "../app/server/db/connection.server.ts";
import { runPhotoJobs } from "../app/server/photos/jobs.server.ts";
import { directoryPhotoStore } from "../app/server/photos/store.server.ts";
import { seedBenchDatabase, startBenchServer, stopper, waitForServer } from "./bench-server.ts";
import { makePhoto } from "../tests/support/photo-images.ts";

const { values } = parseArgs({
  options: {
    photos: { type: "string", default: "200" },
    listings: { type: "string", default: "20000" },
    iterations: { type: "string", default: "40" },
    port: { type: "string", default: "3210" },
  },
});
const PHOTOS = Math.max(1, Number(values.photos));
const LISTINGS = Math.max(1000, Number(values.listings));
const ITERATIONS = Math.max(5, Number(values.iterations));
const port = Number(values.port);

const URLS = [
  "/cars-for-sale",
  "/cars-for-sale/used/toyota?zip=30301&searchRadius=200",
  "/cars-for-sale/used/suv-crossover?zip=10001&searchRadius=500&maxPrice=40000",
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), "fc-bench-photos-"));
  const dbFile = path.join(work, "bench.db");
  const feedDir = path.join(work, "feed");
  const storeDir = path.join(work, "store");
  console.log(
    `photo benchmark in ${work}; ${cpus().length} cores, load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  try {
    await seedBenchDatabase(dbFile, LISTINGS);

    // 1. N different 4000 x 3000 JPEGs: one generated picture, its hue turned per file (not timed).
    console.log(`generating ${PHOTOS} JPEGs of 4000 x 3000 ...`);
    const base = await makePhoto(4000, 3000, { gps: true });
    const raw = await sharp(base).raw().toBuffer({ resolveWithObject: true });
    const { mkdirSync } = await import("node:fs");
    mkdirSync(feedDir);
    let bytes = 0;
    for (let i = 0; i < PHOTOS; i += 2) {
      await Promise.all(
        [i, i + 1]
          .filter((k) => k < PHOTOS)
          .map(async (k) => {
            const jpeg = await sharp(raw.data, { raw: raw.info })
              .modulate({ hue: (k * 7) % 360, brightness: 0.9 + (k % 5) * 0.05 })
              .jpeg({ quality: 88 })
              .toBuffer();
            bytes += jpeg.length;
            writeFileSync(path.join(feedDir, `p${k}.jpg`), jpeg);
          }),
      );
    }
    console.log(`  ${PHOTOS} files, ${(bytes / PHOTOS / 1024 / 1024).toFixed(2)} MB each on average`);

    const db = await openDatabase({ sqlitePath: dbFile });
    const ids = (await db.kysely.selectFrom("listings").select("id").where("status", "=", "active").orderBy("id").execute()).map((r) => Number(r.id));
    const now = Date.now();
    for (let k = 0; k < PHOTOS; k++) {
      await db.kysely
        .insertInto("listing_photos")
        .values({
          listing_id: ids[k],
          position: 0,
          source: `p${k}.jpg`,
          base_dir: feedDir,
          feed_row: k + 1,
          state: "pending",
          attempts: 0,
          run_after: now,
          updated_at: now,
        })
        .execute();
    }
    console.log(`processing ${PHOTOS} photos with the photo runner (concurrency 2) ...`);
    const t0 = performance.now();
    let lastLine = t0;
    const p = await runPhotoJobs(db, {
      store: directoryPhotoStore(storeDir),
      drain: true,
      onProgress: (x) => {
        if (performance.now() - lastLine < 10_000) return;
        lastLine = performance.now();
        console.log(`  fetched ${x.fetched}, failed ${x.failed}, skipped ${x.skipped}`);
      },
    });
    const seconds = (performance.now() - t0) / 1000;
    if (p.failed > 0 || p.fetched !== PHOTOS) throw new Error(`expected ${PHOTOS} processed photos, got ${JSON.stringify(p)}`);
    const hashes = (await db.kysely.selectFrom("photos").select("hash").execute()).map((r) => r.hash);
    const processing = { photos: PHOTOS, seconds, perSecond: PHOTOS / seconds };
    console.log(
      `photos processed: ${PHOTOS} in ${seconds.toFixed(1)} s = ${processing.perSecond.toFixed(2)} ` +
        `photos/s (${((seconds * 1000) / PHOTOS).toFixed(0)} ms a photo of wall time)\n`,
    );

    // 2. The results page without and with photos, same server, same run.
    await db.kysely.deleteFrom("listing_photos").execute();
    const child = startBenchServer({
      db: dbFile,
      port,
      name: "bench-photos",
      env: { PAGE_CACHE_MS: "0", PHOTO_STORE_DIR: storeDir, PHOTO_JOBS_INTERVAL_MS: "0" },
    });
    const stop = stopper(child);
    try {
      await waitForServer(child, port);
      const once = async (url: string) => {
        const t = performance.now();
        const res = await fetch(`http://localhost:${port}${url}`, { headers: { "Accept-Encoding": "identity" } });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
        return { ms: performance.now() - t, body };
      };
      // Conditions alternate round by round (the same rows switched between 'pending', which no
      // page shows, and 'ready'), so a machine that gets busier mid-run weighs on both alike.
      const samples = { without: [] as number[], with: [] as number[] };
      const pages = { without: { pictures: 0, html: 0, gzip: 0 }, with: { pictures: 0, html: 0, gzip: 0 } };
      const measure = async (cond: "without" | "with", record: boolean) => {
        for (const url of URLS) {
          const r = await once(url);
          if (!record) continue;
          samples[cond].push(r.ms);
          if (pages[cond].html === 0 || pages[cond].pictures === 0) {
            pages[cond].pictures = (r.body.match(/<picture>/g) ?? []).length;
            pages[cond].html = Buffer.byteLength(r.body);
            pages[cond].gzip = gzipSync(r.body, { level: 6 }).length;
          }
        }
      };
      // Every active listing gets 4-12 photos (the processed ones, shared), hidden until switched on.
      const rows: {
        listing_id: number;
        position: number;
        source: string;
        state: "pending";
        photo_hash: string;
        attempts: number;
        run_after: number;
        updated_at: number;
      }[] = [];
      for (const id of ids) {
        const n = 4 + (id % 9);
        for (let k = 0; k < n; k++) {
          const h = hashes[(id * 13 + k) % hashes.length];
          rows.push({
            listing_id: id,
            position: k,
            source: `https://dealer.example/${id}/${k}.jpg`,
            state: "pending",
            photo_hash: h,
            attempts: 1,
            run_after: now,
            updated_at: now,
          });
        }
      }
      for (let i = 0; i < rows.length; i += 500)
        await db.kysely
          .insertInto("listing_photos")
          .values(rows.slice(i, i + 500))
          .execute();
      const show = (on: boolean) =>
        db.kysely
          .updateTable("listing_photos")
          .set({ state: on ? "ready" : "pending" })
          .execute();
      const ROUNDS = 8;
      const perRound = Math.max(1, Math.ceil(ITERATIONS / ROUNDS));
      console.log(
        `results pages: ${URLS.length} URLs, ${ROUNDS} rounds of ${perRound} without then ${perRound} ` +
          `with photos (${rows.length.toLocaleString("en-US")} photo rows), whole response, page cache off`,
      );
      await show(true);
      for (let i = 0; i < 3; i++) await measure("with", false);
      await show(false);
      for (let i = 0; i < 3; i++) await measure("without", false);
      for (let round = 0; round < ROUNDS; round++) {
        await show(false);
        for (let i = 0; i < perRound; i++) await measure("without", true);
        await show(true);
        for (let i = 0; i < perRound; i++) await measure("with", true);
      }
      const stats = (cond: "without" | "with") => {
        const t = [...samples[cond]].sort((a, b) => a - b);
        const pg = pages[cond];
        console.log(
          `  ${(cond === "with" ? "with photos (4-12 each)" : "without photos").padEnd(23)} ` +
            `p50 ${ms(pct(t, 50))}, p95 ${ms(pct(t, 95))} (${t.length} requests); ` +
            `${pg.pictures} <picture> on the first page, HTML ${(pg.html / 1024).toFixed(1)} KB (${(pg.gzip / 1024).toFixed(1)} KB gzip)`,
        );
        return { p50: pct(t, 50), p95: pct(t, 95), pictures: pg.pictures };
      };
      const a = stats("without");
      const b = stats("with");
      const signed = (n: number) => `${n >= 0 ? "+" : "-"}${ms(Math.abs(n))}`;
      console.log(
        `\nextra server time with real photos: p50 ${signed(b.p50 - a.p50)} (${ms(a.p50)} -> ${ms(b.p50)}), ` +
          `p95 ${signed(b.p95 - a.p95)} (${ms(a.p95)} -> ${ms(b.p95)}); load average ${loadavg()[0].toFixed(2)}`,
      );
      console.log(
        `photos processed per second: ${processing.perSecond.toFixed(2)} (${PHOTOS} photos ` +
          `of 4000 x 3000 in ${processing.seconds.toFixed(1)} s, ${cpus().length} cores)`,
      );
      if (b.pictures === 0) throw new Error("the pages with photos showed no <picture>");
    } finally {
      stop();
      await db.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
