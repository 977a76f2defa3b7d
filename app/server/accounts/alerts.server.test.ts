// Alert jobs on both databases: a price drop and a new matching listing each produce one mail,
// and running the jobs again sends nothing more. Also: a shopper cannot change another's data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { seedInventory } from "../inventory/seed.server.ts";
import { listMail } from "../mail/outbox.server.ts";
import { ensureReferenceData } from "../reference/store.server.ts";
import { createSqlSearchEngine } from "../search/sql-engine.server.ts";
import { buildSearchPageContext } from "../services/url-context.server.ts";
import { applyUnsubscribe, runAlerts, type AlertContext } from "./alerts.server.ts";
import { listPriceAlerts, setPriceAlertActive, subscribePriceAlert } from "./alerts-data.server.ts";
import { deleteSearch, renameSearch, saveSearch } from "./saved-searches.server.ts";
import { saveVehicle, unsaveVehicle, listSavedVehicles } from "./saved-vehicles.server.ts";
import { unsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token.server.ts";
import { createUser } from "./users.server.ts";
import { applyEmailLink } from "./verification.server.ts";

const SECRET = "test-secret-that-is-long-enough-0123456789";
const NOW = Date.UTC(2026, 10, 20, 12);

for (const factory of testDatabaseFactories()) {
  describe(`alerts (${factory.name})`, () => {
    let t: TestDatabase;
    let c: AlertContext;
    beforeAll(async () => {
      t = await factory.create();
      await ensureReferenceData(t.db);
      await seedInventory(t.db, { listings: 300, seed: 7, now: NOW - 86_400_000 });
      const engine = await createSqlSearchEngine(t.db);
      const { ctx } = await buildSearchPageContext(t.db);
      c = { db: t.db, engine, ctx, origin: "http://shop.test", secret: SECRET, now: NOW };
    }, 120_000);
    afterAll(async () => {
      await t?.drop();
    });

    it("a price drop on a saved car and a new matching listing each send one mail, once", async () => {
      const user = await createUser(t.db, { email: "alerts@example.com", password: "correct-horse-42" });
      if (!("id" in user)) throw new Error("no user");
      const listing = await t.db.kysely.selectFrom("listings").selectAll().where("status", "=", "active").orderBy("id").executeTakeFirstOrThrow();
      expect(await saveVehicle(t.db, user.id, Number(listing.id), NOW - 1000)).toBe("saved");
      const saved = await saveSearch(t.db, { userId: user.id }, { title: "Same make", searchUrl: `/cars-for-sale?makeCode=${listing.make_code}` }, NOW - 1000);
      expect(saved.ok).toBe(true);

      expect(await runAlerts(c)).toMatchObject({ digests: 0, priceDrops: 0 });

      await t.db.kysely
        .updateTable("listings")
        .set({ sale_price: listing.sale_price - 500 })
        .where("id", "=", listing.id)
        .execute();
      const { id: _id, ...rest } = listing;
      await t.db.kysely
        .insertInto("listings")
        .values({ ...rest, vin: "NEWVIN00000000001", date_listed: NOW - 10, updated_at: NOW - 10 })
        .execute();

      // The account has not verified its address: nothing is mailed to it.
      expect(await runAlerts(c)).toMatchObject({ digests: 0, priceDrops: 0 });
      expect(await listMail(t.db, { to: "alerts@example.com" })).toHaveLength(0);
      expect(await applyEmailLink(t.db, { kind: "account", userId: user.id, email: "alerts@example.com" })).toBe("verified");

      expect(await runAlerts(c)).toMatchObject({ digests: 1, priceDrops: 1 });
      const mails = await listMail(t.db, { to: "alerts@example.com" });
      expect(mails).toHaveLength(2);
      const drop = mails.find((m) => m.kind === "price-drop")!;
      expect(drop.subject).toContain("Price drop");
      expect(drop.text).toMatch(/http:\/\/shop\.test\/account\/unsubscribe\?token=/);
      // The same link as the mail's List-Unsubscribe header (RFC 8058; the sender adds it).
      expect(drop.listUnsubscribe).toMatch(/^http:\/\/shop\.test\/account\/unsubscribe\?token=[^\s]+$/);
      expect(drop.text).toContain(drop.listUnsubscribe!);
      expect(mails.find((m) => m.kind === "saved-search-digest")!.subject).toBe("1 new match for Same make");

      // Twice, and again later the same day: nothing more.
      expect(await runAlerts(c)).toMatchObject({ digests: 0, priceDrops: 0 });
      expect(await runAlerts({ ...c, now: NOW + 3_600_000 })).toMatchObject({ digests: 0, priceDrops: 0 });
      expect(await listMail(t.db, { to: "alerts@example.com" })).toHaveLength(2);

      const sv = await listSavedVehicles(t.db, user.id);
      expect(sv[0]!.change).toBe(-500);
    });

    it("price-alert subscriptions by email alert once, and unsubscribe stops them", async () => {
      const listing = await t.db.kysely.selectFrom("listings").selectAll().where("status", "=", "active").orderBy("id", "desc").executeTakeFirstOrThrow();
      const first = await subscribePriceAlert(t.db, "watcher@example.com", Number(listing.id), { confirmed: false });
      expect(first).toMatchObject({ status: "subscribed", confirmed: false });
      await t.db.kysely
        .updateTable("listings")
        .set({ sale_price: listing.sale_price - 300 })
        .where("id", "=", listing.id)
        .execute();
      // Double opt-in: nothing goes to the address before it opens the link.
      expect((await runAlerts(c)).priceDrops).toBe(0);
      expect(await listMail(t.db, { to: "watcher@example.com", kind: "price-drop" })).toHaveLength(0);
      if (first.status !== "subscribed") throw new Error("not subscribed");
      // A link for another address, or for another alert, confirms nothing.
      expect(await applyEmailLink(t.db, { kind: "price", id: first.id, email: "intruder@example.com" })).toBe("stale");
      expect(await applyEmailLink(t.db, { kind: "price", id: first.id, email: "watcher@example.com" })).toBe("confirmed");
      expect(await subscribePriceAlert(t.db, "watcher@example.com", Number(listing.id), { confirmed: false })).toMatchObject({ status: "already" });
      expect((await runAlerts(c)).priceDrops).toBe(1);
      expect((await runAlerts(c)).priceDrops).toBe(0);

      const sub = await t.db.kysely.selectFrom("price_alerts").select("id").where("email", "=", "watcher@example.com").executeTakeFirstOrThrow();
      const token = unsubscribeToken(SECRET, { kind: "price", id: Number(sub.id) });
      expect(verifyUnsubscribeToken("another-secret-entirely-0123456789abc", token)).toBeNull();
      expect(verifyUnsubscribeToken(SECRET, token.slice(0, -2) + "xx")).toBeNull();
      const target = verifyUnsubscribeToken(SECRET, token)!;
      expect(await applyUnsubscribe(t.db, target)).toBe(true);
      await t.db.kysely
        .updateTable("listings")
        .set({ sale_price: listing.sale_price - 900 })
        .where("id", "=", listing.id)
        .execute();
      expect((await runAlerts(c)).priceDrops).toBe(0);
    });

    it("the Saved page stops and restarts a shopper's own price alert, and no one else's", async () => {
      const listing = await t.db.kysely
        .selectFrom("listings")
        .selectAll()
        .where("status", "=", "active")
        .orderBy("id", "desc")
        .limit(1)
        .offset(3)
        .executeTakeFirstOrThrow();
      expect(await subscribePriceAlert(t.db, "owner@example.com", Number(listing.id), { confirmed: true })).toMatchObject({
        status: "subscribed",
        confirmed: true,
      });
      const [alert] = await listPriceAlerts(t.db, "owner@example.com");
      expect(alert!.active).toBe(true);
      expect(await setPriceAlertActive(t.db, "intruder@example.com", alert!.id, false)).toBe(false);
      expect((await listPriceAlerts(t.db, "owner@example.com"))[0]!.active).toBe(true);
      expect(await setPriceAlertActive(t.db, "owner@example.com", alert!.id, false)).toBe(true);
      expect((await listPriceAlerts(t.db, "owner@example.com"))[0]!.active).toBe(false);
      await t.db.kysely
        .updateTable("listings")
        .set({ sale_price: listing.sale_price - 500 })
        .where("id", "=", listing.id)
        .execute();
      expect((await runAlerts(c)).priceDrops).toBe(0);
      expect(await setPriceAlertActive(t.db, "owner@example.com", alert!.id, true)).toBe(true);
      expect((await listPriceAlerts(t.db, "owner@example.com"))[0]!.active).toBe(true);
    });

    it("a shopper cannot rename, delete or unsave another shopper's data", async () => {
      const a = await createUser(t.db, { email: "a@example.com", password: "correct-horse-42" });
      const b = await createUser(t.db, { email: "b@example.com", password: "correct-horse-42" });
      if (!("id" in a) || !("id" in b)) throw new Error("no users");
      const s = await saveSearch(t.db, { userId: a.id }, { title: "Mine", searchUrl: "/cars-for-sale?sortBy=yearDESC" });
      if (!s.ok) throw new Error("not saved");
      expect(await renameSearch(t.db, b.id, s.bookmarkId, "Hijacked")).toBe(false);
      expect(await deleteSearch(t.db, b.id, s.bookmarkId)).toBe(false);
      const listing = await t.db.kysely.selectFrom("listings").select("id").where("status", "=", "active").executeTakeFirstOrThrow();
      await saveVehicle(t.db, a.id, Number(listing.id));
      await unsaveVehicle(t.db, b.id, Number(listing.id));
      expect(await listSavedVehicles(t.db, a.id)).toHaveLength(1);
      const row = await t.db.kysely.selectFrom("saved_searches").select("title").where("id", "=", s.bookmarkId).executeTakeFirstOrThrow();
      expect(row.title).toBe("Mine");
    });

    it("a signed-in shopper saving the same search again keeps one saved search", async () => {
      const u = await createUser(t.db, { email: "twice@example.com", password: "correct-horse-42" });
      if (!("id" in u)) throw new Error("no user");
      const first = await saveSearch(t.db, { userId: u.id }, { title: "Twice", searchUrl: "/cars-for-sale?sortBy=mileageDESC" });
      const again = await saveSearch(t.db, { userId: u.id }, { title: "Twice again", searchUrl: "/cars-for-sale?sortBy=mileageDESC" });
      expect(first).toMatchObject({ ok: true, created: true });
      expect(again).toMatchObject({ ok: true, created: false, bookmarkId: first.ok ? first.bookmarkId : "" });
      const rows = await t.db.kysely.selectFrom("saved_searches").select("id").where("user_id", "=", u.id).execute();
      expect(rows).toHaveLength(1);
    });

    it("anonymous email capture keeps at most 2 searches per address", async () => {
      const owner = { email: "anon@example.com" };
      expect((await saveSearch(t.db, owner, { title: "One", searchUrl: "/cars-for-sale?sortBy=yearASC" })).ok).toBe(true);
      expect((await saveSearch(t.db, owner, { title: "Two", searchUrl: "/cars-for-sale?sortBy=yearDESC" })).ok).toBe(true);
      expect(await saveSearch(t.db, owner, { title: "Three", searchUrl: "/cars-for-sale?sortBy=mileageASC" })).toEqual({ ok: false, reason: "max" });
    });

    it("a search saved by email alone gets no digest until the address confirms it", async () => {
      const listing = await t.db.kysely
        .selectFrom("listings")
        .selectAll()
        .where("status", "=", "active")
        .orderBy("id")
        .limit(1)
        .offset(5)
        .executeTakeFirstOrThrow();
      const r = await saveSearch(
        t.db,
        { email: "digest@example.com" },
        { title: "By email", searchUrl: `/cars-for-sale?makeCode=${listing.make_code}` },
        NOW - 1000,
      );
      if (!r.ok) throw new Error("not saved");
      expect(r).toMatchObject({ created: true, confirmed: false });
      const { id: _id, ...rest } = listing;
      await t.db.kysely
        .insertInto("listings")
        .values({ ...rest, vin: "NEWVIN00000000002", date_listed: NOW - 5, updated_at: NOW - 5 })
        .execute();
      const later = { ...c, now: NOW + 2 * 86_400_000 };
      await runAlerts(later);
      expect(await listMail(t.db, { to: "digest@example.com", kind: "saved-search-digest" })).toHaveLength(0);
      expect(await applyEmailLink(t.db, { kind: "search", id: r.bookmarkId, email: "digest@example.com" })).toBe("confirmed");
      await runAlerts(later);
      expect(await listMail(t.db, { to: "digest@example.com", kind: "saved-search-digest" })).toHaveLength(1);
    });

    it("an account keeps at most its cap of saved searches and cars", async () => {
      const u = await createUser(t.db, { email: "cap@example.com", password: "correct-horse-42" });
      if (!("id" in u)) throw new Error("no user");
      expect((await saveSearch(t.db, { userId: u.id }, { title: "One", searchUrl: "/cars-for-sale?sortBy=yearASC" }, NOW, 2)).ok).toBe(true);
      expect((await saveSearch(t.db, { userId: u.id }, { title: "Two", searchUrl: "/cars-for-sale?sortBy=yearDESC" }, NOW, 2)).ok).toBe(true);
      expect(await saveSearch(t.db, { userId: u.id }, { title: "Three", searchUrl: "/cars-for-sale?sortBy=mileageASC" }, NOW, 2)).toEqual({
        ok: false,
        reason: "full",
      });
      const ids = (await t.db.kysely.selectFrom("listings").select("id").where("status", "=", "active").orderBy("id").limit(3).offset(10).execute()).map((r) =>
        Number(r.id),
      );
      expect(await saveVehicle(t.db, u.id, ids[0]!, NOW, 2)).toBe("saved");
      expect(await saveVehicle(t.db, u.id, ids[1]!, NOW, 2)).toBe("saved");
      expect(await saveVehicle(t.db, u.id, ids[1]!, NOW, 2)).toBe("saved");
      expect(await saveVehicle(t.db, u.id, ids[2]!, NOW, 2)).toBe("full");
      expect(await listSavedVehicles(t.db, u.id)).toHaveLength(2);
    });
  });
}
