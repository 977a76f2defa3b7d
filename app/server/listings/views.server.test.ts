// View counts on both databases (ADR 036): once per viewer, listing and day, kept in memory, written
// in one transaction (insert-or-ignore into listing_viewers), per listing and per day; "the last 7
// days" sums the days in the window plus what is not written yet.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { seedInventory } from "../inventory/seed.server.ts";
import { ensureReferenceData } from "../reference/store.server.ts";
import { countView, dayOf, flushViews, forgetSeenViewers, pendingViews, storeVisitorViews, viewerKeys, viewsInLastDays } from "./views.server.ts";

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
      countView(t.db, id, "address:a");
      countView(t.db, id, "address:b");
      expect(pendingViews(id)).toBe(2);
      expect(await viewsInLastDays(t.db, id, 7)).toBe(4 + 2 + 2);
      expect(await flushViews()).toBe(1);
      expect(pendingViews(id)).toBe(0);
      countView(t.db, id, "user:1");
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
      countView(t.db, a!, "address:gone");
      countView(t.db, b!, "address:gone");
      await t.db.kysely.deleteFrom("listing_price_history").where("listing_id", "=", a!).execute();
      await t.db.kysely.deleteFrom("listings").where("id", "=", a!).execute();
      // Only the listing still there is counted.
      expect(await flushViews()).toBe(1);
      expect(pendingViews(b!)).toBe(0);
      expect(await viewsInLastDays(t.db, b!, 7)).toBe(1);
      expect(await t.db.kysely.selectFrom("listing_view_days").select("day").where("listing_id", "=", a!).execute()).toEqual([]);
      expect(await t.db.kysely.selectFrom("listing_viewers").select("day").where("listing_id", "=", a!).execute()).toEqual([]);
    });

    it("counts a viewer once a listing a day, across flushes, restarts and instances", async () => {
      const [, , c, d] = (await t.db.kysely.selectFrom("listings").select("id").orderBy("id").limit(4).execute()).map((r) => Number(r.id));
      const total = async (lid: number) =>
        Number((await t.db.kysely.selectFrom("listings").select("view_count").where("id", "=", lid).executeTakeFirstOrThrow()).view_count);
      const before = await total(c!);
      // One client, five views: one pending view, one written.
      for (let i = 0; i < 5; i++) countView(t.db, c!, "address:one");
      expect(pendingViews(c!)).toBe(1);
      expect(await viewsInLastDays(t.db, c!, 7)).toBe(1);
      await flushViews();
      // The same client again, after the write: not even pending.
      countView(t.db, c!, "address:one");
      expect(pendingViews(c!)).toBe(0);
      // Another process (or this one restarted) has no memory of it: the stored key holds.
      forgetSeenViewers();
      countView(t.db, c!, "address:one");
      expect(await flushViews()).toBe(0);
      // A second client counts; the same client on another listing counts there.
      countView(t.db, c!, "address:two");
      countView(t.db, d!, "address:one");
      expect(await flushViews()).toBe(2);
      expect((await total(c!)) - before).toBe(2);
      expect(await viewsInLastDays(t.db, c!, 1)).toBe(2);
      // Tomorrow the same client is a view again (kept under the new day).
      countView(t.db, c!, "address:one", Date.now() + DAY);
      await flushViews();
      expect((await total(c!)) - before).toBe(3);
      const stored = await t.db.kysely
        .selectFrom("listing_viewers")
        .select(["viewer", "day"])
        .where("listing_id", "=", c!)
        .orderBy("day")
        .orderBy("viewer")
        .execute();
      const today = dayOf(Date.now());
      expect(stored.map((r) => [r.viewer, Number(r.day)])).toEqual([
        ["address:one", today],
        ["address:two", today],
        ["address:one", today + 1],
      ]);
    });

    it("keeps a visitor's device history as its views, without counting them again", async () => {
      const [e, f] = (await t.db.kysely.selectFrom("listings").select("id").orderBy("id").offset(5).limit(2).execute()).map((r) => Number(r.id));
      const totals = async () =>
        (await t.db.kysely.selectFrom("listings").select("view_count").where("id", "in", [e!, f!]).orderBy("id").execute()).map((r) => Number(r.view_count));
      const before = await totals();
      const now = Date.now();
      const stored = await storeVisitorViews(
        t.db,
        "c".repeat(32),
        [
          { listingId: e!, viewedAt: now - 3_600_000 },
          { listingId: f!, viewedAt: now + DAY }, // the future: skipped
          { listingId: f!, viewedAt: now - 40 * DAY }, // older than the kept window: skipped
          { listingId: 999_999_999, viewedAt: now - 1000 }, // gone: skipped
        ],
        now,
      );
      expect(stored).toBe(1);
      // Again: already there.
      expect(await storeVisitorViews(t.db, "c".repeat(32), [{ listingId: e!, viewedAt: now - 3_600_000 }], now)).toBe(0);
      const rows = await t.db.kysely
        .selectFrom("listing_viewers")
        .select(["listing_id", "at"])
        .where("viewer", "=", `visitor:${"c".repeat(32)}`)
        .execute();
      expect(rows.map((r) => [Number(r.listing_id), Number(r.at)])).toEqual([[e!, now - 3_600_000]]);
      expect(await totals()).toEqual(before);
    });

    it("stores a visitor cookie's views as its history, never counting them", async () => {
      const [g] = (await t.db.kysely.selectFrom("listings").select("id").orderBy("id").offset(8).limit(1).execute()).map((r) => Number(r.id));
      const total = async () =>
        Number((await t.db.kysely.selectFrom("listings").select("view_count").where("id", "=", g!).executeTakeFirstOrThrow()).view_count);
      const before = await total();
      // One client minting a new visitor cookie for each view: the address is one viewer.
      for (const visitor of ["m1", "m2", "m3"])
        for (const viewer of viewerKeys({ userId: null, visitorId: visitor, address: "10.9.9.9" }, "s")) countView(t.db, g!, viewer);
      expect(pendingViews(g!)).toBe(1);
      await flushViews();
      expect((await total()) - before).toBe(1);
      expect(await viewsInLastDays(t.db, g!, 1)).toBe(1);
      const stored = await t.db.kysely.selectFrom("listing_viewers").select("viewer").where("listing_id", "=", g!).orderBy("viewer").execute();
      expect(stored.map((r) => r.viewer.replace(/^address:.*/, "address"))).toEqual(["address", "visitor:m1", "visitor:m2", "visitor:m3"]);
    });

    it("names the counted viewer by account, else a keyed hash of the address; a visitor cookie is kept uncounted", () => {
      expect(viewerKeys({ userId: 7, visitorId: "ab", address: "10.0.0.1" }, "s")).toEqual(["user:7"]);
      const [a] = viewerKeys({ userId: null, visitorId: null, address: "10.0.0.1" }, "s");
      expect(a).toMatch(/^address:[A-Za-z0-9_-]{22}$/);
      expect(a).not.toContain("10.0.0.1");
      expect(viewerKeys({ userId: null, visitorId: "ab", address: "10.0.0.1" }, "s")).toEqual([a, "visitor:ab"]);
      expect(viewerKeys({ userId: null, visitorId: null, address: "10.0.0.1" }, "s")).toEqual([a]);
      expect(viewerKeys({ userId: null, visitorId: null, address: "10.0.0.2" }, "s")[0]).not.toBe(a);
    });
  });
}
