// PostgreSQL connections the server ends (restart, administrator, failover) must not crash the
// app: the pool logs the idle client's error and the next query gets a new connection. SQLite:
// the page cache it is configured with, and a lock held by another process at open is waited for.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./connection.server.ts";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";

const postgres = testDatabaseFactories().find((f) => f.name === "postgres");

describe.runIf(postgres)("PostgreSQL pool", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await postgres!.create();
  }, 60_000);
  afterAll(async () => {
    await t?.drop();
  });

  it("survives the server ending its idle connections", async () => {
    const pool = t.db.pool!;
    const database = (await pool.query<{ d: string }>("SELECT current_database() AS d")).rows[0]!.d;
    expect(pool.idleCount).toBeGreaterThan(0);
    const unhandled: unknown[] = [];
    const onUncaught = (e: unknown) => unhandled.push(e);
    process.on("uncaughtException", onUncaught);
    try {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const ended = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [database]);
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      // The idle client's error arrives as an event; give it a moment.
      await new Promise((r) => setTimeout(r, 200));
      // The next query is answered, on a new connection of the same database.
      expect((await pool.query<{ d: string }>("SELECT current_database() AS d")).rows[0]!.d).toBe(database);
      const zips = await t.db.kysely
        .selectFrom("zips")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(zips.n)).toBe(0);
      expect(unhandled).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });
});

describe("SQLite connection", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fc-conn-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps the page cache it is given (SQLITE_CACHE_MB)", async () => {
    const db = await openDatabase({ sqlitePath: path.join(dir, "cache.db"), sqliteCacheMb: 16, migrate: false });
    try {
      expect(db.sqlite!.prepare("PRAGMA cache_size").get()).toEqual({ cache_size: -16 * 1024 });
    } finally {
      await db.close();
    }
  });

  it("waits for another process's lock when it opens, instead of failing 'database is locked'", async () => {
    const file = path.join(dir, "locked.db");
    const setup = new DatabaseSync(file);
    setup.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (x)");
    setup.close();
    // Another process holds the database exclusively for 300 ms (as a server starting at the same
    // moment may, briefly).
    const holder = spawn(process.execPath, [
      "-e",
      `const { DatabaseSync } = require("node:sqlite"); const d = new DatabaseSync(${JSON.stringify(file)});
       d.exec("PRAGMA locking_mode = EXCLUSIVE"); d.exec("INSERT INTO t VALUES (1)"); console.log("locked");
       setTimeout(() => d.close(), 300);`,
    ]);
    await new Promise<void>((resolve, reject) => {
      holder.stdout.once("data", () => resolve());
      holder.once("exit", (code) => reject(new Error(`the lock holder exited (${code}) before holding the lock`)));
    });
    const db = await openDatabase({ sqlitePath: file, migrate: false });
    try {
      expect(db.sqlite!.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 1 });
    } finally {
      await db.close();
      holder.kill();
    }
  });
});
