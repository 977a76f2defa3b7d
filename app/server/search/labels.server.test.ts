// The search labels' feature names give the vehicle page the same feature groups, in the same
// order, as reading ref_features with ORDER BY sort, name (app/lib/vehicle-rules.ts
// featureGroupsOf), and the compare table the same rows as ORDER BY display_group, sort, name
// (featureListOf). Both databases, the real catalogue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { ensureReferenceData } from "../reference/store.server.ts";
import { featureGroupsOf, featureListOf } from "../../lib/vehicle-rules.ts";
import { loadSearchLabels } from "./labels.server.ts";

for (const factory of testDatabaseFactories()) {
  describe(`feature groups from the search labels (${factory.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await factory.create();
      await ensureReferenceData(t.db);
    }, 120_000);
    afterAll(async () => {
      await t?.drop();
    });

    it("are the groups and order that reading the table gives, for every feature and for a few", async () => {
      const labels = await loadSearchLabels(t.db);
      const all = [...labels.features.keys()];
      expect(all.length).toBeGreaterThan(10);
      for (const codes of [all, all.filter((_, i) => i % 3 === 1), [...all].reverse().slice(0, 5)]) {
        const rows = await t.db.kysely
          .selectFrom("ref_features")
          .select(["name", "display_group"])
          .where("code", "in", codes)
          .orderBy("sort")
          .orderBy("name")
          .execute();
        const fromTable = new Map<string, string[]>();
        for (const r of rows) fromTable.set(r.display_group, [...(fromTable.get(r.display_group) ?? []), r.name]);
        expect(featureGroupsOf(codes, labels.features)).toEqual([...fromTable].map(([group, names]) => ({ group, names })));
      }
    });

    it("give the compare table the rows and order that reading the table by group, sort and name gives", async () => {
      const labels = await loadSearchLabels(t.db);
      const all = [...labels.features.keys()];
      for (const codes of [all, all.filter((_, i) => i % 4 === 2), [...all].reverse().slice(0, 7), [...all.slice(0, 3), ...all.slice(0, 3), "NO_SUCH"]]) {
        const rows = await t.db.kysely
          .selectFrom("ref_features")
          .select(["code", "name", "display_group as group"])
          .where("code", "in", codes)
          .orderBy("display_group")
          .orderBy("sort")
          .orderBy("name")
          .execute();
        expect(featureListOf(codes, labels.features)).toEqual(rows);
      }
    });
  });
}
