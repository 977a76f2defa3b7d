// The one way a transaction is written by hand on either database (ADR 002): BEGIN, the work,
// COMMIT, or ROLLBACK and rethrow; on PostgreSQL on one pooled connection, released after.
// Query-builder code uses Kysely's `db.kysely.transaction()`, which does the same.
import type { DatabaseSync } from "node:sqlite";
import type pg from "pg";

/**
 * Runs fn inside one SQLite transaction. fn may be synchronous (prepared statements in a loop,
 * the fast path of bulk writes) or return a promise. `BEGIN IMMEDIATE` takes the write lock first.
 */
export function sqliteTransaction<T>(raw: DatabaseSync, fn: () => T, begin: "BEGIN" | "BEGIN IMMEDIATE" = "BEGIN"): T {
  raw.exec(begin);
  let out: T;
  try {
    out = fn();
  } catch (e) {
    raw.exec("ROLLBACK");
    throw e;
  }
  if (out instanceof Promise) {
    return out.then(
      (value: unknown) => {
        raw.exec("COMMIT");
        return value;
      },
      (e: unknown) => {
        raw.exec("ROLLBACK");
        throw e;
      },
    ) as T;
  }
  raw.exec("COMMIT");
  return out;
}

/** Runs fn on one connection of the pool inside a transaction. `lockKey` serialises instances doing the same job. */
export async function pgTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>, lockKey?: number): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    if (lockKey !== undefined) await client.query("SELECT pg_advisory_xact_lock($1)", [lockKey]);
    const out = await fn(client);
    await client.query("COMMIT");
    return out;
  } catch (e) {
    await client.query("ROLLBACK");
    throw e;
  } finally {
    client.release();
  }
}
