// Push alerts on both databases (decision 023): which pushes go and that each goes once. The push
// service here is a recording fetch; the real protocol (RFC 8291 payload, RFC 8292 VAPID, 410, 429)
// is exercised against a local receiver in tests/integration/web-push.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import type { AlertContext } from "../accounts/alerts.server.ts";
import { mergeVisitorViews, recentlyViewed, recordView } from "../accounts/recent-views.server.ts";
import { saveSearch } from "../accounts/saved-searches.server.ts";
import { createUser } from "../accounts/users.server.ts";
import { seedInventory } from "../inventory/seed.server.ts";
import { ensureReferenceData } from "../reference/store.server.ts";
import { createSqlSearchEngine } from "../search/sql-engine.server.ts";
import { buildSearchPageContext } from "../services/url-context.server.ts";
import { runPushAlerts } from "./push-alerts.server.ts";
import { moveVisitorSubscriptions } from "./subscriptions.server.ts";
import { handVisitorSavesToAccount, noteQuickSave, removeVisitorSave } from "./visitor-saves.server.ts";
import { mergeQuickSaves } from "../accounts/saved-vehicles.server.ts";

const NOW = Date.UTC(2026, 10, 20, 12);
const P256DH = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
const AUTH = "tBHItJI5svbpez7KI4CCXg";

for (const factory of testDatabaseFactories()) {
  describe(`push alerts (${factory.name})`, () => {
    let t: TestDatabase;
    let c: AlertContext;
    const sent: { url: string; encoding: string | null; vapid: boolean }[] = [];
    const answers = new Map<string, number>();
    const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push({ url: String(url), encoding: headers.get("content-encoding"), vapid: /^vapid t=.+, k=.+$/.test(headers.get("authorization") ?? "") });
      return new Response(null, { status: answers.get(String(url)) ?? 201 });
    }) as typeof fetch;
    const opts = { fetch: fakeFetch, sleep: async () => {} };

    beforeAll(async () => {
      t = await factory.create();
      await ensureReferenceData(t.db);
      await seedInventory(t.db, { listings: 300, seed: 7, now: NOW - 86_400_000 });
      c = {
        db: t.db,
        engine: await createSqlSearchEngine(t.db),
        ctx: (await buildSearchPageContext(t.db)).ctx,
        origin: "http://shop.test",
        secret: "s".repeat(40),
        now: NOW,
      };
    }, 120_000);
    afterAll(async () => {
      await t?.drop();
    });

    it("a viewed car's drop and a saved search's new match reach each device once; 410 deletes", async () => {
      const user = await createUser(t.db, { email: "push-alerts@example.com", password: "correct-horse-42" });
      if (!("id" in user)) throw new Error("no user");
      const sub = (endpoint: string) =>
        t.db.kysely
          .insertInto("push_subscriptions")
          .values({ endpoint, p256dh: P256DH, auth: AUTH, brand: "forecourt", pixall_id: "px", visitor_id: null, user_id: user.id, created_at: NOW })
          .execute();
      await sub("https://push.example.test/a");
      const listing = await t.db.kysely.selectFrom("listings").selectAll().where("status", "=", "active").orderBy("id").executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto("listing_price_history")
        .values({ listing_id: listing.id, price: listing.sale_price, recorded_at: NOW - 5000 })
        .execute();
      await recordView(t.db, user.id, Number(listing.id), NOW - 1000);
      expect(
        (await saveSearch(t.db, { userId: user.id }, { title: "Same make", searchUrl: `/cars-for-sale?makeCode=${listing.make_code}` }, NOW - 1000)).ok,
      ).toBe(true);

      expect(await runPushAlerts(c, opts)).toEqual({ sent: 0, gone: 0, failed: 0 });
      expect(sent).toHaveLength(0);

      await t.db.kysely
        .updateTable("listings")
        .set({ sale_price: listing.sale_price - 300 })
        .where("id", "=", listing.id)
        .execute();
      const { id: _id, ...rest } = listing;
      await t.db.kysely
        .insertInto("listings")
        .values({ ...rest, vin: "PUSHVIN0000000001", date_listed: NOW - 10, updated_at: NOW - 10 })
        .execute();

      expect(await runPushAlerts(c, opts)).toEqual({ sent: 2, gone: 0, failed: 0 });
      expect(sent.every((s) => s.url === "https://push.example.test/a" && s.encoding === "aes128gcm" && s.vapid)).toBe(true);
      const keys = (await t.db.kysely.selectFrom("sent_alerts").select("alert_key").where("alert_key", "like", "push:%").execute()).map((r) =>
        r.alert_key.replace(/^push:\d+:/, ""),
      );
      expect(keys.sort()).toEqual(
        [
          `digest:${(await t.db.kysely.selectFrom("saved_searches").select("id").where("user_id", "=", user.id).executeTakeFirstOrThrow()).id}:2026-11-20`,
          `price-drop:${listing.id}:${listing.sale_price - 300}`,
        ].sort(),
      );

      // Again: nothing more.
      expect(await runPushAlerts(c, opts)).toEqual({ sent: 0, gone: 0, failed: 0 });

      // A second device whose push service answers 410: deleted at its first push.
      await sub("https://push.example.test/b");
      answers.set("https://push.example.test/b", 410);
      expect(await runPushAlerts(c, opts)).toEqual({ sent: 0, gone: 1, failed: 0 });
      expect(await t.db.kysely.selectFrom("push_subscriptions").select("endpoint").where("user_id", "=", user.id).execute()).toEqual([
        { endpoint: "https://push.example.test/a" },
      ]);

      // A push service down (503 every time): retried, not recorded, tried again on the next run.
      answers.set("https://push.example.test/a", 503);
      await t.db.kysely
        .updateTable("listings")
        .set({ sale_price: listing.sale_price - 600 })
        .where("id", "=", listing.id)
        .execute();
      const before = sent.length;
      expect(await runPushAlerts(c, opts)).toEqual({ sent: 0, gone: 0, failed: 1 });
      expect(sent.length - before).toBe(4);
      answers.set("https://push.example.test/a", 201);
      expect(await runPushAlerts(c, opts)).toEqual({ sent: 1, gone: 0, failed: 0 });
    });

    it("a visitor's own device gets the drop of a car the visitor viewed, once, and keeps it after moving to the account", async () => {
      const visitor = "a".repeat(32);
      const endpoint = "https://push.example.test/visitor";
      await t.db.kysely
        .insertInto("push_subscriptions")
        .values({ endpoint, p256dh: P256DH, auth: AUTH, brand: "forecourt", pixall_id: "px", visitor_id: visitor, user_id: null, created_at: NOW })
        .execute();
      const [viewed, other, notViewed] = await t.db.kysely
        .selectFrom("listings")
        .selectAll()
        .where("status", "=", "active")
        .orderBy("id", "desc")
        .limit(3)
        .execute();
      for (const l of [viewed!, other!, notViewed!])
        await t.db.kysely
          .insertInto("listing_price_history")
          .values({ listing_id: l.id, price: l.sale_price, recorded_at: NOW - 5000 })
          .execute();
      // The visitor viewed one car (twice, on two days); someone else viewed another.
      await t.db.kysely
        .insertInto("listing_viewers")
        .values([
          { listing_id: viewed!.id, day: Math.floor(NOW / 86_400_000) - 1, viewer: `visitor:${visitor}`, at: NOW - 86_400_000 },
          { listing_id: viewed!.id, day: Math.floor(NOW / 86_400_000), viewer: `visitor:${visitor}`, at: NOW - 1000 },
          { listing_id: other!.id, day: Math.floor(NOW / 86_400_000), viewer: `visitor:${"b".repeat(32)}`, at: NOW - 1000 },
        ])
        .execute();
      const toVisitor = () => sent.filter((x) => x.url === endpoint).length;
      await runPushAlerts(c, opts);
      expect(toVisitor()).toBe(0);
      for (const l of [viewed!, other!, notViewed!])
        await t.db.kysely
          .updateTable("listings")
          .set({ sale_price: l.sale_price - 500 })
          .where("id", "=", l.id)
          .execute();
      await runPushAlerts(c, opts);
      expect(toVisitor()).toBe(1);
      const id = Number((await t.db.kysely.selectFrom("push_subscriptions").select("id").where("endpoint", "=", endpoint).executeTakeFirstOrThrow()).id);
      expect(await t.db.kysely.selectFrom("sent_alerts").select("alert_key").where("alert_key", "like", `push:${id}:%`).execute()).toEqual([
        { alert_key: `push:${id}:price-drop:${viewed!.id}:${viewed!.sale_price - 500}` },
      ]);
      await runPushAlerts(c, opts);
      expect(toVisitor()).toBe(1);

      // Sign-in: the device and the viewed car become the account's; the drop is not pushed again.
      const user = await createUser(t.db, { email: "push-visitor@example.com", password: "correct-horse-42" });
      if (!("id" in user)) throw new Error("no user");
      expect(await moveVisitorSubscriptions(t.db, visitor, user.id)).toBe(1);
      await mergeVisitorViews(t.db, user.id, visitor, NOW);
      expect((await recentlyViewed(t.db, user.id)).map((car) => car.listingId)).toEqual([Number(viewed!.id)]);
      await runPushAlerts(c, opts);
      expect(toVisitor()).toBe(1);
      // A further drop reaches it through the account.
      await t.db.kysely
        .updateTable("listings")
        .set({ sale_price: viewed!.sale_price - 900 })
        .where("id", "=", viewed!.id)
        .execute();
      await runPushAlerts(c, opts);
      expect(toVisitor()).toBe(2);
      expect(
        await t.db.kysely
          .selectFrom("sent_alerts")
          .select("alert_key")
          .where("alert_key", "=", `push:${id}:price-drop:${viewed!.id}:${viewed!.sale_price - 900}`)
          .execute(),
      ).toHaveLength(1);
    });

    it("a visitor's device gets the drop of a car it quick-saved, measured from the save; unsaving or losing the device stops it; sign-in keeps the price", async () => {
      const visitor = "d".repeat(32);
      const endpoint = "https://push.example.test/visitor-saves";
      const [saved, unsaved, beforeDevice] = await t.db.kysely
        .selectFrom("listings")
        .selectAll()
        .where("status", "=", "active")
        .orderBy("id")
        .offset(20)
        .limit(3)
        .execute();
      const visitorRows = async () =>
        (await t.db.kysely.selectFrom("visitor_saves").select("listing_id").where("visitor_id", "=", visitor).orderBy("listing_id").execute()).map((r) =>
          Number(r.listing_id),
        );
      // Saved before the visitor had a device: nothing is kept (nothing could be pushed).
      await noteQuickSave(t.db, visitor, Number(beforeDevice!.id), NOW);
      expect(await visitorRows()).toEqual([]);
      await t.db.kysely
        .insertInto("push_subscriptions")
        .values({ endpoint, p256dh: P256DH, auth: AUTH, brand: "forecourt", pixall_id: "px", visitor_id: visitor, user_id: null, created_at: NOW })
        .execute();
      await noteQuickSave(t.db, visitor, Number(saved!.id), NOW);
      await noteQuickSave(t.db, visitor, Number(unsaved!.id), NOW);
      expect(await visitorRows()).toEqual([Number(saved!.id), Number(unsaved!.id)]);
      await removeVisitorSave(t.db, visitor, Number(unsaved!.id));
      const toVisitor = () => sent.filter((x) => x.url === endpoint).length;
      await runPushAlerts(c, opts);
      expect(toVisitor()).toBe(0);
      for (const l of [saved!, unsaved!])
        await t.db.kysely
          .updateTable("listings")
          .set({ sale_price: l.sale_price - 700 })
          .where("id", "=", l.id)
          .execute();
      await runPushAlerts(c, opts);
      await runPushAlerts(c, opts);
      expect(toVisitor()).toBe(1);
      const id = Number((await t.db.kysely.selectFrom("push_subscriptions").select("id").where("endpoint", "=", endpoint).executeTakeFirstOrThrow()).id);
      expect(await t.db.kysely.selectFrom("sent_alerts").select("alert_key").where("alert_key", "like", `push:${id}:%`).execute()).toEqual([
        { alert_key: `push:${id}:price-drop:${saved!.id}:${saved!.sale_price - 700}` },
      ]);

      // Sign-in: the quick saves become the account's, at the price the visitor saved them at.
      const user = await createUser(t.db, { email: "push-visitor-saves@example.com", password: "correct-horse-42" });
      if (!("id" in user)) throw new Error("no user");
      await mergeQuickSaves(t.db, user.id, [Number(saved!.id)]);
      await moveVisitorSubscriptions(t.db, visitor, user.id);
      await handVisitorSavesToAccount(t.db, visitor, user.id);
      expect(await visitorRows()).toEqual([]);
      const row = await t.db.kysely
        .selectFrom("saved_vehicles")
        .select("price_at_save")
        .where("user_id", "=", user.id)
        .where("listing_id", "=", saved!.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.price_at_save)).toBe(saved!.sale_price);
      await runPushAlerts(c, opts);
      expect(toVisitor()).toBe(1);

      // A visitor whose device is gone: its saves are forgotten by the next run.
      const other = "e".repeat(32);
      await t.db.kysely
        .insertInto("push_subscriptions")
        .values({
          endpoint: `${endpoint}/2`,
          p256dh: P256DH,
          auth: AUTH,
          brand: "forecourt",
          pixall_id: "px",
          visitor_id: other,
          user_id: null,
          created_at: NOW,
        })
        .execute();
      await noteQuickSave(t.db, other, Number(unsaved!.id), NOW);
      await t.db.kysely.deleteFrom("push_subscriptions").where("visitor_id", "=", other).execute();
      await runPushAlerts(c, opts);
      expect(await t.db.kysely.selectFrom("visitor_saves").select("listing_id").where("visitor_id", "=", other).execute()).toEqual([]);
    });
  });
}
