// A small raw-SQL executor over both databases for bulk writes, where the query builder's
// per-row cost matters. SQL is written with `?` placeholders; PostgreSQL gets `$n`.
import type { Database } from "./connection.server.ts";
import { pgTransaction, sqliteTransaction } from "./transaction.server.ts";

export interface RawTx {
  readonly dialect: Database["dialect"];
  exec(sql: string, params?: unknown[]): Promise<void>;
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export function toPgPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** Runs fn in one transaction. `lockKey` (PostgreSQL) serialises instances doing the same job. */
export async function withTransaction<T>(db: Database, fn: (tx: RawTx) => Promise<T>, lockKey?: number): Promise<T> {
  if (db.sqlite) {
    const raw = db.sqlite;
    const tx: RawTx = {
      dialect: "sqlite",
      async exec(sql, params = []) {
        raw.prepare(sql).run(...(params as never[]));
      },
      async all<T>(sql: string, params: unknown[] = []) {
        return raw.prepare(sql).all(...(params as never[])) as T[];
      },
    };
    return sqliteTransaction(raw, () => fn(tx), "BEGIN IMMEDIATE");
  }
  return pgTransaction(
    db.pool!,
    (client) =>
      fn({
        dialect: "postgres",
        async exec(sql, params = []) {
          await client.query(toPgPlaceholders(sql), params);
        },
        async all<T>(sql: string, params: unknown[] = []) {
          return (await client.query(toPgPlaceholders(sql), params)).rows as T[];
        },
      }),
    lockKey,
  );
}

/** Inserts rows (all with the same keys) in multi-row statements. */
export async function insertMany(tx: RawTx, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]!);
  // SQLite allows 32766 variables, PostgreSQL 65535.
  const perBatch = Math.max(1, Math.floor(30000 / cols.length));
  const tuple = `(${cols.map(() => "?").join(", ")})`;
  for (let i = 0; i < rows.length; i += perBatch) {
    const batch = rows.slice(i, i + perBatch);
    const params: unknown[] = [];
    for (const r of batch) for (const c of cols) params.push(r[c] ?? null);
    await tx.exec(`INSERT INTO ${table} (${cols.join(", ")}) VALUES ${batch.map(() => tuple).join(", ")}`, params);
  }
}
