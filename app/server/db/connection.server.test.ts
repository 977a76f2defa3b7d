// PostgreSQL connections the server ends (restart, administrator, failover) must not crash the
// app: the pool logs the idle client's error and the next query gets a new connection.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
