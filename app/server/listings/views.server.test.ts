// View counts on both databases: counted in memory, written in one transaction, per listing and
// per day; "the last 7 days" sums the days in the window plus what is not written yet.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { seedInventory } from "../inventory/seed.server.ts";
import { ensureReferenceData } from "../reference/store.server.ts";
import { countView, dayOf, flushViews, pendingViews, viewsInLastDays } from "./views.server.ts";

const DAY = 86_400_000;

for (const factory of testDatabaseFactories()) {
  describe(`view counts (${factory.name})`, () => {
    let t: TestDatabase;
    let id: number;
    beforeAll(async () => {
      t = await factory.create();
      await ensureReferenceData(t.db);
      await seedInventory(t.db, { listings: 20, seed: 3 });
      id = Number((await t.db.kysely.selectFrom("listings").select("id").orderBy("id").executeTakeFirstOrThrow()).id);
    }, 120_000);
    afterAll(async () => {
      await t?.drop();
    });

    it("writes the listing's total and today's count; the window sums days and pending views", async () => {
      const before = Number((await t.db.kysely.selectFrom("listings").select("view_count").where("id", "=", id).executeTakeFirstOrThrow()).view_count);
      const today = dayOf(Date.now());
      // Views from earlier days: two inside the 7-day window, one outside it.
      await t.db.kysely
        .insertInto("listing_view_days")
        .values([
          { listing_id: id, day: today - 3, views: 4 },
          { listing_id: id, day: today - 6, views: 2 },
          { listing_id: id, day: today - 7, views: 100 },
        ])
        .execute();
      countView(t.db, id);
      countView(t.db, id);
      expect(pendingViews(id)).toBe(2);
      expect(await viewsInLastDays(t.db, id, 7)).toBe(4 + 2 + 2);
      expect(await flushViews()).toBe(1);
      expect(pendingViews(id)).toBe(0);
      countView(t.db, id);
      await flushViews();
      const after = Number((await t.db.kysely.selectFrom("listings").select("view_count").where("id", "=", id).executeTakeFirstOrThrow()).view_count);
      expect(after - before).toBe(3);
      const todayRow = await t.db.kysely
        .selectFrom("listing_view_days")
        .select("views")
        .where("listing_id", "=", id)
        .where("day", "=", today)
        .executeTakeFirstOrThrow();
      expect(Number(todayRow.views)).toBe(3);
      expect(await viewsInLastDays(t.db, id, 7)).toBe(4 + 2 + 3);
      expect(await viewsInLastDays(t.db, id, 1)).toBe(3);
      // Tomorrow, the day 6 days back has left the window.
      expect(await viewsInLastDays(t.db, id, 7, Date.now() + DAY)).toBe(4 + 3);
    });

    it("a listing gone before the flush writes nothing and blocks nothing", async () => {
      const [a, b] = (await t.db.kysely.selectFrom("listings").select("id").orderBy("id", "desc").limit(2).execute()).map((r) => Number(r.id));
      countView(t.db, a!);
      countView(t.db, b!);
      await t.db.kysely.deleteFrom("listing_price_history").where("listing_id", "=", a!).execute();
      await t.db.kysely.deleteFrom("listings").where("id", "=", a!).execute();
      expect(await flushViews()).toBe(2);
      expect(pendingViews(b!)).toBe(0);
      expect(await viewsInLastDays(t.db, b!, 7)).toBe(1);
      expect(await t.db.kysely.selectFrom("listing_view_days").select("day").where("listing_id", "=", a!).execute()).toEqual([]);
    });
  });
}
