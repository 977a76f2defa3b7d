// A price drop this week (app/server/placements/highlights.server.ts): the price now, recorded
// within the week, below the last price recorded before it. Both databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { seedInventory } from "../inventory/seed.server.ts";
import { ensureReferenceData } from "../reference/store.server.ts";
import { vehicleHighlights } from "./highlights.server.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 12);

for (const factory of testDatabaseFactories()) {
  describe(`vehicle highlights: price drops (${factory.name})`, () => {
    let t: TestDatabase;
    let ids: number[];
    /** Each car's price history as [days ago, price]. */
    const histories: [number, number][][] = [
      [
        [10, 20000],
        [2, 19000],
      ], // dropped 1,000 this week
      [
        [10, 20000],
        [8, 19000],
      ], // dropped before the week: not this week's
      [
        [30, 21000],
        [10, 20000],
        [3, 18000],
        [1, 18500],
      ], // 20,000 before the week, 18,500 now: 1,500
      [
        [3, 20000],
        [1, 19000],
      ], // listed this week: no price before the week to drop from
      [
        [10, 20000],
        [2, 21000],
      ], // raised
      [[9, 20000]], // one price
    ];
    beforeAll(async () => {
      t = await factory.create();
      await ensureReferenceData(t.db);
      await seedInventory(t.db, { listings: 12, seed: 3 });
      const rows = await t.db.kysely.selectFrom("listings").select("id").orderBy("id").limit(histories.length).execute();
      ids = rows.map((r) => Number(r.id));
      await t.db.kysely.deleteFrom("listing_price_history").where("listing_id", "in", ids).execute();
      const values = histories.flatMap((h, i) => h.map(([ago, price]) => ({ listing_id: ids[i]!, price, recorded_at: NOW - ago * DAY })));
      await t.db.kysely.insertInto("listing_price_history").values(values).execute();
    }, 120_000);
    afterAll(async () => {
      await t?.drop();
    });

    it("is the drop from the last price before the week to the price now, and only then", async () => {
      const got = await vehicleHighlights(t.db, ids, NOW);
      const drops = ids.map((id) => {
        const h = got.get(id);
        return h?.urgencyDriverType === "PRICE_DROP" ? h.urgencyDriverValue : null;
      });
      expect(drops).toEqual([1000, null, 1500, null, null, null]);
    });

    it("a price recorded this week after a rise from the week before is still measured from before the week", async () => {
      await t.db.kysely
        .insertInto("listing_price_history")
        .values({ listing_id: ids[4]!, price: 19500, recorded_at: NOW - DAY / 2 })
        .execute();
      const h = (await vehicleHighlights(t.db, [ids[4]!], NOW)).get(ids[4]!);
      expect(h).toMatchObject({ urgencyDriverType: "PRICE_DROP", urgencyDriverValue: 500 });
    });

    it("when each car was listed, given from rows the caller read, makes the same highlights as reading it, for the ids asked only", async () => {
      const all = (await t.db.kysely.selectFrom("listings").select("id").orderBy("id").execute()).map((r) => Number(r.id));
      // Four more cars, listed 0, 1, 2 and 5 days before now, with no price history or views.
      const fresh = all.slice(histories.length, histories.length + 4);
      await t.db.kysely.deleteFrom("listing_price_history").where("listing_id", "in", fresh).execute();
      await t.db.kysely.deleteFrom("listing_view_days").where("listing_id", "in", fresh).execute();
      for (const [i, id] of fresh.entries())
        await t.db.kysely
          .updateTable("listings")
          .set({ date_listed: NOW - [0, 1, 2, 5][i]! * DAY - 1000 })
          .where("id", "=", id)
          .execute();
      const rows = await t.db.kysely.selectFrom("listings").select(["id", "date_listed"]).execute();
      const listedAt = new Map(rows.map((r) => [Number(r.id), Number(r.date_listed)]));
      const read = await vehicleHighlights(t.db, all, NOW);
      const given = await vehicleHighlights(t.db, all, NOW, listedAt);
      expect(Object.fromEntries(given)).toEqual(Object.fromEntries(read));
      expect(fresh.map((id) => (given.get(id)?.urgencyDriverType === "NEW_LISTING" ? given.get(id)!.urgencyDriverValue : null))).toEqual([0, 1, 2, null]);
      // A car not asked about gets nothing, though its date was given; one asked about without a date is not new.
      const some = await vehicleHighlights(t.db, [fresh[1]!, fresh[2]!], NOW, new Map([...listedAt].filter(([id]) => id !== fresh[2])));
      expect([...some.keys()]).toEqual([fresh[1]]);
    });
  });
}
