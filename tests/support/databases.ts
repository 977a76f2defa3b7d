// Test databases: every data-layer suite runs against SQLite (a temp file) and, when
// TEST_DATABASE_URL points at a PostgreSQL server, against a throwaway PostgreSQL database.
// `npm test` sets TEST_DATABASE_URL (see scripts/test-all.ts), so CI covers both.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "../../app/server/db/connection.server.ts";

export interface TestDatabase {
  name: "sqlite" | "postgres";
  db: Database;
  /** Where it lives, for a server process started on the same database. */
  location: { sqlitePath: string } | { databaseUrl: string };
  drop(): Promise<void>;
}

export type TestDatabaseFactory = { name: "sqlite" | "postgres"; create(): Promise<TestDatabase> };

async function createSqlite(): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "forecourt-test-"));
  const sqlitePath = path.join(dir, "test.db");
  // NORMAL: these suites check data, not power-loss durability, and FULL costs 4-8 ms a commit here.
  const db = await openDatabase({ sqlitePath, sqliteSynchronous: "NORMAL" });
  return {
    name: "sqlite",
    db,
    location: { sqlitePath },
    async drop() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgres(adminUrl: string): Promise<TestDatabase> {
  const dbName = `forecourt_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  return {
    name: "postgres",
    db,
    location: { databaseUrl: url.toString() },
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** The databases to run data-layer suites against. */
export function testDatabaseFactories(): TestDatabaseFactory[] {
  const out: TestDatabaseFactory[] = [{ name: "sqlite", create: createSqlite }];
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) out.push({ name: "postgres", create: () => createPostgres(pgUrl) });
  return out;
}
