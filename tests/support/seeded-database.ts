// The set-up of the suites that run loaders and services in process (not through HTTP): the
// process's own database (`getDatabase`) opened on a fresh temporary SQLite file, with the
// reference data and a seeded demo inventory. `close()` ends the search engine and the database
// and removes the file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { closeDatabase, getDatabase, type Database } from "../../app/server/db/connection.server.ts";
import { seedInventory } from "../../app/server/inventory/seed.server.ts";
import { ensureReferenceData } from "../../app/server/reference/store.server.ts";
import { closeSearchEngine } from "../../app/server/search/search.server.ts";

export interface SeededDatabase {
  db: Database;
  close(): Promise<void>;
}

/** `name` names the temporary directory (forecourt-NAME-...); the inventory is seeded without workers. */
export async function seededDatabase(name: string, inventory: { listings: number; seed: number; now: number }): Promise<SeededDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), `forecourt-${name}-`));
  await closeDatabase();
  const db = await getDatabase({ sqlitePath: path.join(dir, `${name}.db`) });
  await ensureReferenceData(db);
  await seedInventory(db, { ...inventory, worker: false });
  return {
    db,
    async close() {
      await closeSearchEngine();
      await closeDatabase();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
