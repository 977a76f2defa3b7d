// Browsing history on both databases (decision 018): the latest view per car, the newest 20
// kept, only cars still for sale, 'Still interested?' about up to 10 cars each until dismissed, the
// merge of a device's history at sign-in, and one shopper's history never shows in another's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { seedInventory } from "../inventory/seed.server.ts";
import { ensureReferenceData } from "../reference/store.server.ts";
import {
  RECENT_VIEWS_KEPT,
  STILL_INTERESTED_WINDOW_MS,
  dismissStillInterested,
  mergeViews,
  recentlyViewed,
  recordView,
  stillInterested,
} from "./recent-views.server.ts";
import { createUser } from "./users.server.ts";

const NOW = Date.UTC(2026, 10, 20, 12);

for (const factory of testDatabaseFactories()) {
  describe(`recent views (${factory.name})`, () => {
    let t: TestDatabase;
    let ids: number[];
    const user = async (email: string) => {
      const u = await createUser(t.db, { email, password: "correct-horse-42" });
      if (!("id" in u)) throw new Error("no user");
      return u.id;
    };
    beforeAll(async () => {
      t = await factory.create();
      await ensureReferenceData(t.db);
      await seedInventory(t.db, { listings: 60, seed: 11, now: NOW - 86_400_000 });
      ids = (await t.db.kysely.selectFrom("listings").select("id").where("status", "=", "active").orderBy("id").limit(30).execute()).map((r) => Number(r.id));
    }, 120_000);
    afterAll(async () => {
      await t?.drop();
    });

    it("keeps the latest view per car, newest first, at most 20, for its own shopper only", async () => {
      const a = await user("history-a@example.com");
      const b = await user("history-b@example.com");
      for (let i = 0; i < 25; i++) await recordView(t.db, a, ids[i]!, NOW + i * 1000);
      // Viewed again: moves to the front, still one row.
      await recordView(t.db, a, ids[22]!, NOW + 60_000);
      await recordView(t.db, b, ids[0]!, NOW);
      const rows = await t.db.kysely.selectFrom("recent_views").select(["listing_id"]).where("user_id", "=", a).execute();
      expect(rows).toHaveLength(RECENT_VIEWS_KEPT);
      const recent = await recentlyViewed(t.db, a, 3);
      expect(recent.map((c) => c.listingId)).toEqual([ids[22], ids[24], ids[23]]);
      expect(recent[0]).toMatchObject({ viewedAt: NOW + 60_000 });
      expect(recent[0]!.title.length).toBeGreaterThan(0);
      expect((await recentlyViewed(t.db, b)).map((c) => c.listingId)).toEqual([ids[0]]);
      // The five oldest views of a are gone.
      expect(rows.map((r) => Number(r.listing_id))).not.toContain(ids[0]);
    });

    it("asks about up to 10 cars still for sale, newest first, each until dismissed, and not after a week", async () => {
      const c = await user("history-c@example.com");
      await recordView(t.db, c, ids[5]!, NOW);
      await recordView(t.db, c, ids[6]!, NOW + 1000);
      expect((await stillInterested(t.db, c, NOW + 5000)).map((r) => r.listingId)).toEqual([ids[6], ids[5]]);
      // Sold: that car goes from the list.
      await t.db.kysely.updateTable("listings").set({ status: "sold" }).where("id", "=", ids[6]!).execute();
      expect((await stillInterested(t.db, c, NOW + 5000)).map((r) => r.listingId)).toEqual([ids[5]]);
      expect((await recentlyViewed(t.db, c)).map((r) => r.listingId)).toEqual([ids[5]]);
      // Dismissed: not asked again, even after another view.
      await dismissStillInterested(t.db, c, ids[5]!, NOW + 6000);
      expect(await stillInterested(t.db, c, NOW + 7000)).toEqual([]);
      await recordView(t.db, c, ids[5]!, NOW + 8000);
      expect(await stillInterested(t.db, c, NOW + 9000)).toEqual([]);
      // Twelve more views: the newest 10; a week later nothing is asked.
      for (let i = 0; i < 12; i++) await recordView(t.db, c, ids[7 + i]!, NOW + 10_000 + i);
      const ten = await stillInterested(t.db, c, NOW + 11_000);
      expect(ten.map((r) => r.listingId)).toEqual(ids.slice(9, 19).reverse());
      expect(ten[0]!.vin.length).toBeGreaterThan(0);
      expect(await stillInterested(t.db, c, NOW + 10_011 + STILL_INTERESTED_WINDOW_MS + 1)).toEqual([]);
    });

    it("merges a device's history at sign-in: newer views win, dismissals stay, unknown cars are ignored", async () => {
      const d = await user("history-d@example.com");
      await recordView(t.db, d, ids[1]!, NOW + 5000);
      await recordView(t.db, d, ids[2]!, NOW);
      await dismissStillInterested(t.db, d, ids[2]!, NOW + 1);
      await mergeViews(
        t.db,
        d,
        [
          { listingId: ids[1]!, viewedAt: NOW + 1000 },
          { listingId: ids[2]!, viewedAt: NOW + 2000 },
          { listingId: ids[3]!, viewedAt: NOW + 3000 },
          { listingId: 999_999_999, viewedAt: NOW + 3000 },
        ],
        NOW + 10_000,
      );
      const rows = await t.db.kysely
        .selectFrom("recent_views")
        .select(["listing_id", "viewed_at", "dismissed_at"])
        .where("user_id", "=", d)
        .orderBy("listing_id")
        .execute();
      expect(rows.map((r) => [Number(r.listing_id), Number(r.viewed_at), r.dismissed_at == null])).toEqual([
        [ids[1], NOW + 5000, true],
        [ids[2], NOW + 2000, false],
        [ids[3], NOW + 3000, true],
      ]);
      expect((await stillInterested(t.db, d, NOW + 10_000)).map((r) => r.listingId)).toEqual([ids[1], ids[3]]);
    });
  });
}
