// One connection layer over both databases. SQLite (node:sqlite) is the embedded default;
// PostgreSQL is used when DATABASE_URL is set (several app instances share it).
// Migrations run on open, so a fresh clone starts with an empty, current schema.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import pg from "pg";
import { reportError } from "../observability/log.server.ts";
import { adaptDatabaseSync } from "./sqlite-adapter.server.ts";
import { migrationsFor } from "./migrations.server.ts";
import type { DB } from "./schema.server.ts";
import { DEFAULT_SQLITE_CACHE_MB, getEnv } from "../env.server.ts";
import { processSingleton, processSlot } from "../singleton.server.ts";

export type Dialect = "sqlite" | "postgres";

export interface Database {
  readonly dialect: Dialect;
  readonly kysely: Kysely<DB>;
  /** The raw SQLite handle, for the bulk write path (null on PostgreSQL). */
  readonly sqlite: DatabaseSync | null;
  /** The PostgreSQL pool, for the bulk write path (null on SQLite). */
  readonly pool: pg.Pool | null;
  /** Where the data lives, without credentials. */
  readonly description: string;
  close(): Promise<void>;
}

// node-postgres returns int8 (bigint) as strings; our bigints are epoch ms and ids, safe as numbers.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric/float8 already parse to number for float8; keep numeric as number too.
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * SQLite's commit durability. FULL (the default): the WAL is fsynced before a commit returns, so
 * an acknowledged form survives a power cut, not only a killed process; it costs a few ms per
 * commit. NORMAL survives a killed process but may lose the last commits on power loss (ADR 014).
 */
export type SqliteSynchronous = "FULL" | "NORMAL";

export interface OpenOptions {
  databaseUrl?: string;
  sqlitePath?: string;
  /** SQLite only; default FULL. */
  sqliteSynchronous?: SqliteSynchronous;
  /** SQLite only: its page cache, MB; default DEFAULT_SQLITE_CACHE_MB. */
  sqliteCacheMb?: number;
  /** Run migrations (default true). */
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const db = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(options.sqlitePath ?? "data/forecourt.db", options.sqliteSynchronous ?? "FULL", options.sqliteCacheMb ?? DEFAULT_SQLITE_CACHE_MB);
  if (options.migrate !== false) await migrate(db);
  return db;
}

function openSqlite(path: string, synchronous: SqliteSynchronous, cacheMb: number): Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const raw = new DatabaseSync(path);
  // The wait first: switching to WAL takes a lock, and another process starting on the same file
  // at the same moment holds it (it failed "database is locked" without the wait).
  raw.exec("PRAGMA busy_timeout = 5000");
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec(`PRAGMA synchronous = ${synchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
  raw.exec("PRAGMA foreign_keys = ON");
  // A negative cache_size is KiB (SQLite's "PRAGMA cache_size").
  raw.exec(`PRAGMA cache_size = -${Math.max(1, Math.trunc(cacheMb)) * 1024}`);
  const kysely = new Kysely<DB>({ dialect: new SqliteDialect({ database: adaptDatabaseSync(raw) }) });
  return {
    dialect: "sqlite",
    kysely,
    sqlite: raw,
    pool: null,
    description: `sqlite:${path}`,
    async close() {
      await kysely.destroy();
      if (raw.isOpen) raw.close();
    },
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, an administrator, a failover) is an 'error'
  // event on the pool; without a listener Node would crash the process. The pool drops that
  // client and opens a new one on the next query: log it and go on.
  pool.on("error", (error) => reportError("idle PostgreSQL connection closed by the server", error));
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const u = new URL(url);
  return {
    dialect: "postgres",
    kysely,
    sqlite: null,
    pool,
    description: `postgres://${u.host}${u.pathname}`,
    async close() {
      await kysely.destroy(); // ends the pool
    },
  };
}

export async function migrate(db: Database): Promise<string[]> {
  const migrations = migrationsFor(db.dialect);
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  // Areas add their migrations independently (named NNN-area-...); an older-numbered one that
  // arrives after a newer one has run still applies.
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

// The app's server bundle and the Node entry both reach the database through this singleton,
// a process singleton so both module instances (Vite's bundle and the plain import) share one.
const databaseSlot = processSlot<Promise<Database>>("database");

export function getDatabase(options?: OpenOptions): Promise<Database> {
  return processSingleton("database", () => {
    const env = getEnv();
    const opts = options ?? {
      databaseUrl: env.DATABASE_URL,
      sqlitePath: env.SQLITE_PATH,
      sqliteSynchronous: env.SQLITE_SYNCHRONOUS,
      sqliteCacheMb: env.SQLITE_CACHE_MB,
    };
    return openDatabase(opts).catch((e) => {
      databaseSlot.clear();
      throw e;
    });
  });
}

export async function closeDatabase(): Promise<void> {
  const p = databaseSlot.clear();
  if (p) await (await p).close();
}
