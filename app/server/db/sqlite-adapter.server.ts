// Kysely's SqliteDialect expects a better-sqlite3-shaped database; node:sqlite's DatabaseSync
// differs in two ways: parameters are spread, and there is no `reader` flag. This adapter bridges
// them (without it Kysely fails with "Unknown named parameter '0'").
import type { DatabaseSync, StatementSync, SQLInputValue } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

function toSqlite(params: ReadonlyArray<unknown>): SQLInputValue[] {
  return params.map((p) => {
    if (typeof p === "boolean") return p ? 1 : 0;
    if (p === undefined) return null;
    if (p instanceof Date) return p.getTime();
    return p as SQLInputValue;
  });
}

export function adaptDatabaseSync(db: DatabaseSync): SqliteDatabase {
  // Prepared once per text, with whether it returns rows (columns() builds its answer on each call).
  const cache = new Map<string, { stmt: StatementSync; reader: boolean }>();
  return {
    close() {
      /* the connection module owns the DatabaseSync lifetime */
    },
    prepare(sql: string): SqliteStatement {
      let entry = cache.get(sql);
      if (!entry) {
        const stmt = db.prepare(sql);
        entry = { stmt, reader: stmt.columns().length > 0 };
        if (cache.size > 500) cache.clear();
        cache.set(sql, entry);
      }
      const s = entry.stmt;
      return {
        reader: entry.reader,
        all: (params) => s.all(...toSqlite(params)) as unknown[],
        run: (params) => {
          const r = s.run(...toSqlite(params));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (params) => s.iterate(...toSqlite(params)) as IterableIterator<unknown>,
      };
    },
  };
}
