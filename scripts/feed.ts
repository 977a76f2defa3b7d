// npm run feed -- FILE
// Imports a dealer feed (docs/dealer-feed.md) into the configured database. The format follows
// the extension (.csv or .json). Exit code 0 when the file was processed, even with rejected
// rows; 1 when it cannot be read or parsed. Then the feed's photos are fetched and processed
// (docs/photos.md) with progress lines; photos left out are listed with their reasons. With
// --no-photos the photo jobs are left to the app's background runner.
import { dirname } from "node:path";
import { openDatabase } from "../app/server/db/connection.server.ts";
import { getEnv } from "../app/server/env.server.ts";
import { ensureReferenceData } from "../app/server/reference/store.server.ts";
import { FeedParseError, importFeed } from "../app/server/inventory/feed.server.ts";
import { photoReport, runPhotoJobs } from "../app/server/photos/jobs.server.ts";
import { getPhotoStore } from "../app/server/photos/store.server.ts";
import { readImportFile } from "./import-file.ts";

const { file, format, text } = await readImportFile("Usage: npm run feed -- FILE (.csv or .json)", "feed ");

const env = getEnv();
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
let exitCode = 0;
try {
  await ensureReferenceData(db);
  const started = performance.now();
  const s = await importFeed(db, { text, format, baseDir: dirname(file) });
  console.log(`Feed ${file} (${format}) into ${db.description}`);
  console.log(`  dealers:       ${s.dealers}`);
  console.log(`  rows:          ${s.rows}`);
  console.log(`  accepted:      ${s.accepted} (inserted ${s.inserted}, updated ${s.updated}, price changes ${s.priceChanges})`);
  console.log(`  rejected:      ${s.rejected.length}`);
  console.log(`  marked sold:   ${s.markedSold}`);
  for (const r of s.rejected) console.log(`  - row ${r.row}${r.vin ? ` (VIN ${r.vin})` : ""}: ${r.reason}`);
  if (s.warnings.length > 0) {
    console.log(`  warnings:      ${s.warnings.length}`);
    for (const w of s.warnings) console.log(`  ~ row ${w.row}${w.vin ? ` (VIN ${w.vin})` : ""}: ${w.message}`);
  }
  if (s.held.length > 0) {
    console.log(`  held for review: ${s.held.length} (not shown until an operator lets them through)`);
    for (const h of s.held) console.log(`  ? row ${h.row} (VIN ${h.vin}): ${h.reason}`);
  }
  if (s.released > 0) console.log(`  released:      ${s.released} (held before, price no longer far below its market)`);
  if (s.unconfirmed > 0) console.log(`  unconfirmed:   ${s.unconfirmed} listings hidden: no feed listed them for ${env.LISTING_CONFIRM_DAYS} days`);
  const p = s.photos;
  console.log(`  photos:        ${p.queued} to fetch, ${p.known} known, ${p.kept} unchanged, ${p.removed} removed, ${p.skipped.length} left out`);
  for (const x of p.skipped) console.log(`  ! row ${x.row} (VIN ${x.vin}) photo ${x.photo}: ${x.reason}`);
  console.log(`Rows imported in ${Math.round(performance.now() - started)} ms`);
  if (!process.argv.includes("--no-photos") && p.queued > 0) {
    const photoStart = performance.now();
    let lastLine = 0;
    const line = (x: { fetched: number; failed: number; skipped: number; retrying: number }) =>
      `  photos fetched ${x.fetched}, failed ${x.failed}, skipped ${x.skipped} (already processed), retrying ${x.retrying}`;
    const done = await runPhotoJobs(db, {
      drain: true,
      store: getPhotoStore(),
      onProgress: (x) => {
        if (performance.now() - lastLine < 2000) return;
        lastLine = performance.now();
        console.log(line(x));
      },
    });
    console.log(line(done));
    const report = await photoReport(db, s.listingIds);
    console.log(`  photos ready:  ${report.ready}, failed ${report.failed.length}, pending ${report.pending}`);
    for (const f of report.failed) console.log(`  ! row ${f.row ?? "?"} (VIN ${f.vin}) photo ${f.position + 1} ${f.source}: ${f.reason}`);
    console.log(`Photos processed in ${Math.round(performance.now() - photoStart)} ms (store: ${getPhotoStore().description})`);
  }
} catch (e) {
  if (e instanceof FeedParseError) {
    console.error(`Cannot import ${file}: ${e.message}`);
    exitCode = 1;
  } else throw e;
} finally {
  await db.close();
}
process.exit(exitCode);
