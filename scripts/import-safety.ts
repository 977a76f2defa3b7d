// npm run import:safety -- FILE
// Imports NHTSA 5-Star Safety Ratings (NHTSA's field layout, .json or .csv; docs/model-research.md)
// into the configured database. Idempotent (keyed by NHTSA's VehicleId); each unusable row is
// listed with its reason. Exit code 0 when the file was processed, even with rejected rows; 1 when
// it cannot be read or parsed.
import { openDatabase } from "../app/server/db/connection.server.ts";
import { getEnv } from "../app/server/env.server.ts";
import { ensureReferenceData } from "../app/server/reference/store.server.ts";
import { SafetyParseError, importSafetyRatings } from "../app/server/research/safety.server.ts";
import { readImportFile } from "./import-file.ts";

const { file, format, text } = await readImportFile("Usage: npm run import:safety -- FILE (.json or .csv in NHTSA's Safety Ratings field layout)");

const env = getEnv();
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
let exitCode = 0;
try {
  await ensureReferenceData(db);
  const s = await importSafetyRatings(db, { text, format });
  console.log(`Safety ratings ${file} (${format}) into ${db.description}`);
  console.log(`  rows:      ${s.rows}`);
  console.log(`  inserted:  ${s.inserted}`);
  console.log(`  updated:   ${s.updated}`);
  console.log(`  unchanged: ${s.unchanged}`);
  console.log(`  rejected:  ${s.rejected.length}`);
  for (const r of s.rejected) console.log(`  - row ${r.row}${r.vehicleId ? ` (VehicleId ${r.vehicleId})` : ""}: ${r.reason}`);
} catch (e) {
  if (e instanceof SafetyParseError) {
    console.error(`Cannot import ${file}: ${e.message}`);
    exitCode = 1;
  } else throw e;
} finally {
  await db.close();
}
process.exit(exitCode);
