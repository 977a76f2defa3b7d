// npm run seed -- --listings N [--seed S] [--reset]
// Seeds demo dealers, private sellers and listings into the configured database
// (DATABASE_URL, else SQLITE_PATH, default data/forecourt.db), after making sure the
// reference tables (catalogue, ZIPs) are loaded.
import { parseArgs } from "node:util";
import { openDatabase } from "../app/server/db/connection.server.ts";
import { getEnv } from "../app/server/env.server.ts";
import { ensureReferenceData } from "../app/server/reference/store.server.ts";
import { resetInventory, seedInventory } from "../app/server/inventory/seed.server.ts";

function usage(message?: string): never {
  if (message) console.error(message);
  console.error("Usage: npm run seed -- --listings N [--seed S] [--reset]");
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        listings: { type: "string", short: "n" },
        seed: { type: "string", short: "s" },
        reset: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
    });
  } catch (e) {
    return usage((e as Error).message);
  }
})();
if (values.help) usage();

const listings = Number(values.listings ?? getEnv().SEED_LISTINGS);
if (!Number.isInteger(listings) || listings < 0) usage(`--listings must be a whole number (got ${values.listings})`);
const seed = values.seed === undefined ? 1 : Number(values.seed);
if (!Number.isInteger(seed) || seed < 0) usage(`--seed must be a whole number (got ${values.seed})`);

const env = getEnv();
const started = performance.now();
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
console.log(`Database: ${db.description}`);
try {
  const ref = await ensureReferenceData(db);
  console.log(
    `Reference data: catalogue ${ref.catalogWritten ? "written" : "up to date"}, ZIPs ` +
      `${ref.zipsWritten ? "written" : "up to date"} (${fmtMs(performance.now() - started)})`,
  );
  if (values.reset) {
    const t = performance.now();
    await resetInventory(db);
    console.log(`Reset: deleted listings, price history and owners (${fmtMs(performance.now() - t)})`);
  }
  const tty = process.stdout.isTTY;
  let nextReport = 0;
  const result = await seedInventory(db, {
    listings,
    seed,
    now: Date.now(),
    onProgress: (p) => {
      const pct = p.total > 0 ? Math.floor((p.listings / p.total) * 100) : 100;
      const line =
        `Seeding: ${p.listings.toLocaleString("en-US")} / ${p.total.toLocaleString("en-US")} ` +
        `listings (${pct}%), ${p.owners.toLocaleString("en-US")} owners, ${fmtMs(p.ms)}`;
      if (tty) process.stdout.write(`\r${line}`);
      else if (pct >= nextReport) {
        console.log(line);
        nextReport = pct + 10;
      }
    },
  });
  if (tty) process.stdout.write("\n");
  const rate = result.ms > 0 ? Math.round((result.listings / result.ms) * 1000) : result.listings;
  console.log(
    `Seeded ${result.listings.toLocaleString("en-US")} listings and ${result.owners.toLocaleString("en-US")} ` +
      `owners (seed ${seed}) in ${fmtMs(result.ms)} (${rate.toLocaleString("en-US")} listings/s)`,
  );
  const { rows, indexes, verdicts, placements } = result.phases;
  console.log(`Phases: rows ${fmtMs(rows)}, indexes ${fmtMs(indexes)}, price verdicts ${fmtMs(verdicts)}, placements ${fmtMs(placements)}`);
  console.log(`Total time: ${fmtMs(performance.now() - started)}`);
} finally {
  await db.close();
}

function fmtMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
