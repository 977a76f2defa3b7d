// npm run feed -- FILE
// Imports a dealer feed (docs/dealer-feed.md) into the configured database. The format follows
// the extension (.csv or .json). Exit code 0 when the file was processed, even with rejected
// rows; 1 when it cannot be read or parsed.
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { openDatabase } from "../app/server/db/connection.server.ts";
import { getEnv } from "../app/server/env.server.ts";
import { ensureReferenceData } from "../app/server/reference/store.server.ts";
import { FeedParseError, importFeed, type FeedFormat } from "../app/server/inventory/feed.server.ts";

const file = process.argv.slice(2).find((a) => !a.startsWith("-"));
if (!file) {
  console.error("Usage: npm run feed -- FILE (.csv or .json)");
  process.exit(1);
}
const ext = extname(file).toLowerCase();
const format: FeedFormat | null = ext === ".csv" ? "csv" : ext === ".json" ? "json" : null;
if (!format) {
  console.error(`Cannot tell the feed format of ${file}: use a .csv or .json file`);
  process.exit(1);
}

let text: string;
try {
  text = await readFile(file, "utf8");
} catch (e) {
  console.error(`Cannot read ${file}: ${(e as Error).message}`);
  process.exit(1);
}

const env = getEnv();
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
let exitCode = 0;
try {
  await ensureReferenceData(db);
  const started = performance.now();
  const s = await importFeed(db, { text, format });
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
  console.log(`Done in ${Math.round(performance.now() - started)} ms`);
} catch (e) {
  if (e instanceof FeedParseError) {
    console.error(`Cannot import ${file}: ${e.message}`);
    exitCode = 1;
  } else throw e;
} finally {
  await db.close();
}
process.exit(exitCode);
