// A card's data leaves out what the card does not show (app/lib/search-view.ts): no null, false,
// 0 or [] keys in the page's hydration data; what it shows is there (ADR 032).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { seedInventory } from "../inventory/seed.server.ts";
import { ensureReferenceData } from "../reference/store.server.ts";
import { loadSearchLabels } from "../search/labels.server.ts";
import { listingCards } from "./cards.server.ts";
import { loadListingSummaries } from "./summaries.server.ts";
import { certifiedLabel, dealerCardRating } from "../../lib/trust-signals.ts";
import { ListingCard } from "../../components/listing-card.tsx";
import type { ListingCardData } from "../../lib/search-view.ts";

function cardHtml(listing: ListingCardData): string {
  const router = createMemoryRouter([{ path: "/", element: createElement(ListingCard, { listing }) }]);
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}

for (const factory of testDatabaseFactories()) {
  describe(`listing cards (${factory.name})`, () => {
    let t: TestDatabase;
    let ids: { plain: number; reduced: number; privateSeller: number };
    beforeAll(async () => {
      t = await factory.create();
      await ensureReferenceData(t.db);
      await seedInventory(t.db, { listings: 40, seed: 5 });
      const rows = await t.db.kysely.selectFrom("listings").select(["id", "seller_type"]).where("status", "=", "active").orderBy("id").execute();
      const dealerIds = rows.filter((r) => r.seller_type !== "p").map((r) => Number(r.id));
      const plain = dealerIds[0]!;
      const reduced = dealerIds[1]!;
      await t.db.kysely.updateTable("listings").set({ is_reduced_price: 0 }).where("id", "=", plain).execute();
      await t.db.kysely.updateTable("listings").set({ is_reduced_price: 1 }).where("id", "=", reduced).execute();
      await t.db.kysely.deleteFrom("listing_photos").where("listing_id", "in", [plain, reduced]).execute();
      // Seed 5 has a private seller among its 40 cars.
      const p = rows.find((r) => r.seller_type === "p")!;
      ids = { plain, reduced, privateSeller: Number(p.id) };
    }, 120_000);
    afterAll(async () => {
      await t?.drop();
    });

    it("leaves out the null, false, 0 and [] keys, and keeps what the card shows", async () => {
      const labels = await loadSearchLabels(t.db);
      const hits = [
        { id: ids.plain, distance: null, marketExtension: false },
        { id: ids.reduced, distance: 12.4, marketExtension: true },
        { id: ids.privateSeller, distance: 0.2, marketExtension: false },
      ];
      const cards = await listingCards(t.db, hits, labels);
      const plain = cards.get(ids.plain)!;
      for (const key of ["distance", "extended", "reducedPrice", "photos", "photoCount", "privateSeller"]) expect(plain).not.toHaveProperty(key);
      for (const value of Object.values(plain)) {
        expect(value).not.toBeNull();
        expect(value).not.toBe(false);
        expect(value).not.toEqual([]);
      }
      const reduced = cards.get(ids.reduced)!;
      expect(reduced).toMatchObject({ distance: 12, extended: true, reducedPrice: true });
      expect(cards.get(ids.privateSeller)).toMatchObject({ privateSeller: true, distance: 0 });

      // The cards say the same as before: the drawing for no photos, the distance only with one.
      const plainHtml = cardHtml(plain);
      expect(plainHtml).toContain("Illustration");
      expect(plainHtml).not.toContain("mi away");
      expect(plainHtml).not.toContain("Price drop");
      expect(plainHtml).not.toContain("Beyond your area");
      const reducedHtml = cardHtml(reduced);
      expect(reducedHtml).toContain("12 mi away");
      expect(reducedHtml).toContain("Price drop");
      expect(reducedHtml).toContain("Beyond your area: home delivery available");
      const privateHtml = cardHtml(cards.get(ids.privateSeller)!);
      expect(privateHtml).toContain("Private Seller");
      expect(privateHtml).toContain("Under 1 mi away");
    });

    it("reads each car as its full summary does (the cards' own narrower query)", async () => {
      const labels = await loadSearchLabels(t.db);
      const rows = await t.db.kysely.selectFrom("listings").select("id").where("status", "=", "active").execute();
      const hits = rows.map((r) => ({ id: Number(r.id), distance: null, marketExtension: false }));
      const cards = await listingCards(t.db, hits, labels);
      const summaries = await loadListingSummaries(
        t.db,
        hits.map((h) => h.id),
        { photos: 4 },
      );
      expect(cards.size).toBe(summaries.length);
      expect(summaries.length).toBeGreaterThan(30);
      for (const s of summaries) {
        const c = cards.get(s.id)!;
        expect(c.title).toContain(String(s.year));
        expect(c.price).toBe(s.salePrice);
        expect(c.mileage).toBe(s.mileage);
        expect(c.condition).toBe(s.listingType === "NEW" ? "New" : (certifiedLabel(s) ?? "Used"));
        expect(c.dealRating ?? null).toBe(s.dealRating);
        expect(c.bodyStyleCode).toBe(s.bodyStyleCode);
        expect(c.extColor).toBe(s.extColorSimple);
        expect([c.sellerName, c.city, c.state]).toEqual([s.owner.name, s.owner.city, s.owner.state]);
        expect(c.sellerRating ?? null).toBe(s.sellerType === "p" ? null : dealerCardRating(s.owner));
        expect(c.privateSeller ?? false).toBe(s.sellerType === "p");
        expect(c.reducedPrice ?? false).toBe(s.isReducedPrice);
        expect(c.photoCount ?? 0).toBe(s.photoCount);
        expect(c.photos ?? []).toEqual(s.photos.slice(0, 4));
      }
    });
  });
}
