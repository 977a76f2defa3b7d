// Queries compiled once (app/server/db/compiled.server.ts): the kept SQL runs with each call's
// values, a shape whose values are not the query's is never kept, and under test a wrong key or
// order fails. Both databases.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { checkCompiledRuns, selectCached } from "./compiled.server.ts";

for (const factory of testDatabaseFactories()) {
  describe(`queries compiled once (${factory.name})`, () => {
    let t: TestDatabase;
    const codes = ["A", "B", "C", "D", "E"];
    beforeAll(async () => {
      t = await factory.create();
      await t.db.kysely
        .insertInto("ref_makes")
        .values(codes.map((code) => ({ code, name: `Make ${code}` })))
        .execute();
    }, 120_000);
    afterAll(async () => {
      await t?.drop();
    });
    afterEach(() => checkCompiledRuns(undefined));

    const names = (db: TestDatabase["db"], key: string, list: string[], counter: { builds: number }) =>
      selectCached(db, key, list, () => {
        counter.builds++;
        return db.kysely.selectFrom("ref_makes").select(["code", "name"]).where("code", "in", list).orderBy("code");
      });

    it("compiles a shape once and runs its SQL with each call's values", async () => {
      checkCompiledRuns(false);
      const counter = { builds: 0 };
      expect(await names(t.db, "makes by code", ["A", "B"], counter)).toEqual([
        { code: "A", name: "Make A" },
        { code: "B", name: "Make B" },
      ]);
      expect((await names(t.db, "makes by code", ["D", "C"], counter)).map((r) => r.code)).toEqual(["C", "D"]);
      expect(counter.builds).toBe(1);
      // Another length is another shape.
      expect((await names(t.db, "makes by code", ["E"], counter)).map((r) => r.code)).toEqual(["E"]);
      expect(counter.builds).toBe(2);
    });

    it("never keeps a shape whose values are not the query's, and still answers it", async () => {
      checkCompiledRuns(false);
      let builds = 0;
      const run = (list: string[]) =>
        selectCached(t.db, "makes, values out of order", [...list, "x"], () => {
          builds++;
          return t.db.kysely.selectFrom("ref_makes").select("code").where("code", "in", list).orderBy("code");
        });
      expect((await run(["A"])).map((r) => r.code)).toEqual(["A"]);
      expect((await run(["B"])).map((r) => r.code)).toEqual(["B"]);
      expect(builds).toBe(2);
    });

    it("under test, a call whose values or SQL differ from its shape's fails", async () => {
      const counter = { builds: 0 };
      await expect(
        selectCached(t.db, "makes, wrong order", ["Make A", "A"], () =>
          t.db.kysely.selectFrom("ref_makes").select("code").where("code", "=", "A").where("name", "=", "Make A"),
        ),
      ).rejects.toThrow(/values differ/);
      await names(t.db, "makes, one key for two queries", ["A"], counter);
      await expect(
        selectCached(t.db, "makes, one key for two queries", ["A"], () => t.db.kysely.selectFrom("ref_makes").select("name").where("code", "in", ["A"])),
      ).rejects.toThrow(/SQL or the values differ/);
    });
  });
}
