// Rate-limit counters live in the database (ADR 021) and outlive the server: a rerun on the same
// e2e database within the hour would start with the previous run's counts (sign-ups from
// 127.0.0.1, say). Every run starts from none.
import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { E2E_DB_PATH } from "./db.ts";

export default function globalSetup(): void {
  if (!existsSync(E2E_DB_PATH)) return;
  const db = new DatabaseSync(E2E_DB_PATH, { timeout: 5000 });
  try {
    if (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'rate_limits'").get()) db.exec("DELETE FROM rate_limits");
  } finally {
    db.close();
  }
}
