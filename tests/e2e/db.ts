// Read-only queries on the browser suites' SQLite database (the server's own file), for journeys
// that check what was stored.
import { DatabaseSync } from "node:sqlite";

export const E2E_DB_PATH = process.env.E2E_SQLITE_PATH ?? "data/e2e.db";

export function query<T>(sql: string, ...params: (string | number)[]): T[] {
  const db = new DatabaseSync(E2E_DB_PATH, { readOnly: true, timeout: 10_000 });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
