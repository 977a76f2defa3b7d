// The results page's paid placements and paging on a seeded inventory (docs/placements.md):
// - walking every page of a search (the page's 'See More Results' and the infinite-scroll batch
//   alike) reaches every matching car exactly once, also when the first page is trimmed by the
//   vehicle highlight row and the new-car boost;
// - a page of 90 lays out the spotlights per 30 listings: premium at 0-2, simplified cards at 9,
//   39, 69 and the fourth tier at 23, 53, 83, each from the dealers holding that tier;
// - the boost is new cars of the make from dealers holding a placement, and the highlight row
//   holds 4 spotlights with a real highlight.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase, type SeededDatabase } from "../../../tests/support/seeded-database.ts";
import { PAGE_SIZE } from "../../lib/constants.ts";
import type { ResultsPageData, GridEntry } from "./view.ts";
import { normalizeSearchQuery } from "../../lib/search-query.ts";
import type { Database } from "../../server/db/connection.server.ts";
import { placementsOf } from "../../server/inventory/placements.server.ts";
import { getSearchEngine } from "../../server/search/search.server.ts";
import { requestContexts } from "../../server/http/request-context.server.ts";
import { setServiceCalls } from "../../server/services/calls.server.ts";
import { vehicleHighlights } from "../../server/placements/highlights.server.ts";
import { setPlacement } from "../../server/placements/operator-placements.server.ts";
import { loadSearchPage } from "./loader.server.ts";
import { loadResultsBatch } from "./batch.server.ts";
import { loadHouseAd } from "./house-ad.server.ts";

let seeded: SeededDatabase;
let db: Database;
const DAY = 86_400_000;

beforeAll(async () => {
  seeded = await seededDatabase("placements", { listings: 1500, seed: 7, now: Date.now() });
  db = seeded.db;
  // The operator gives more dealers a tier (the seed's share of a small inventory is a handful),
  // so every tier has several dealers besides the showcase's.
  const dealers = await db.kysely
    .selectFrom("owners as o")
    .leftJoin("dealer_placements as p", "p.owner_id", "o.id")
    .select(["o.external_id"])
    .where("o.seller_type", "=", "d")
    .where("p.owner_id", "is", null)
    .orderBy("o.id")
    .limit(12)
    .execute();
  for (const [i, d] of dealers.entries()) await setPlacement(db, d.external_id, i < 4 ? "premium" : i < 8 ? "featured" : "standard");
  // Views in the last 7 days (the counts per day the vehicle page writes): a real signal for the
  // highlight spotlights of the dealers holding a placement.
  const placed = await db.kysely
    .selectFrom("listings as l")
    .innerJoin("dealer_placements as p", "p.owner_id", "l.owner_id")
    .select("l.id")
    .where("l.status", "=", "active")
    .execute();
  const today = Math.floor(Date.now() / DAY);
  await db.kysely
    .insertInto("listing_view_days")
    .values(placed.filter((_, i) => i % 3 === 0).map((r, i) => ({ listing_id: Number(r.id), day: today - 1, views: 4 + (i % 7) })))
    .execute();
}, 120_000);

afterAll(async () => {
  setServiceCalls(undefined);
  await seeded.close();
});

/** The results page at `url`, following its redirect to the canonical address. */
async function page(url: string): Promise<ResultsPageData> {
  const request = new Request(`http://localhost${url}`, { headers: { "user-agent": "Mozilla/5.0 Chrome/140" } });
  let res;
  try {
    res = await loadSearchPage({ url: new URL(request.url), ...(await requestContexts(request)) });
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 301) return page(thrown.headers.get("location")!);
    throw thrown;
  }
  const data = res.data as ResultsPageData;
  expect(data.kind, url).toBe("results");
  return data;
}

async function batch(url: string) {
  const request = new Request(`http://localhost/cars-for-sale-batch?url=${encodeURIComponent(url)}`, { headers: { "user-agent": "Mozilla/5.0 Chrome/140" } });
  const answer = await loadResultsBatch({ url: new URL(request.url), ...(await requestContexts(request)) });
  expect(answer, url).not.toBeNull();
  return answer!;
}

/** Every match of a query, in the search's order (the engine directly, 100 at a time). */
async function allMatches(input: Parameters<typeof normalizeSearchQuery>[0]): Promise<number[]> {
  const engine = await getSearchEngine();
  const out: number[] = [];
  for (let first = 0; ; first += 100) {
    const r = await engine.search(normalizeSearchQuery({ ...input, firstRecord: first, numRecords: 100 }), { hideFilters: true });
    out.push(...r.hits.map((h) => h.id));
    if (first + 100 >= r.totalResultCount) return out;
  }
}

const listingIds = (grid: GridEntry[]) => grid.flatMap((e) => (e.kind === "listing" ? [e.listing.id] : []));

/** The make with the most used listings (a search with a boost: single make, not new only). */
async function biggestMake(): Promise<string> {
  const rows = await db.kysely
    .selectFrom("listings")
    .select(["make_code", (eb) => eb.fn.countAll<number>().as("n")])
    .where("status", "=", "active")
    .where("listing_type", "in", ["USED", "3P_CERT"])
    .groupBy("make_code")
    .orderBy("n", "desc")
    .limit(1)
    .execute();
  return rows[0].make_code;
}

describe("paging when a page is trimmed by an inserted card", () => {
  it("walking every page reaches every matching car exactly once (the first page trimmed by the boost and the highlight row)", async () => {
    const make = await biggestMake();
    const expected = await allMatches({ makeCodes: [make], listingTypes: ["USED"] });
    expect(expected.length).toBeGreaterThan(2 * PAGE_SIZE);
    const first = await page(`/cars-for-sale?makeCode=${make}`);
    const kinds = new Set(first.extras?.grid?.map((g) => g.kind));
    // The page has both kinds of inserted card, so it is trimmed by two.
    expect(kinds.has("recommended")).toBe(true);
    expect(kinds.has("highlights")).toBe(true);
    expect(first.listings.length).toBe(PAGE_SIZE - 2);
    const seen: number[] = [];
    let current: ResultsPageData | null = first;
    let pages = 0;
    while (current) {
      seen.push(...current.listings.map((l) => l.id));
      pages++;
      current = current.nextHref ? await page(current.nextHref) : null;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil((expected.length + 2) / PAGE_SIZE));

    // The infinite-scroll batches: the same run, batch after batch.
    const batched: number[] = [...first.listings.map((l) => l.id)];
    let next = first.nextHref;
    while (next) {
      const b = await batch(next);
      batched.push(...listingIds(b.grid));
      next = b.nextHref;
    }
    expect(batched).toEqual(expected);
  }, 120_000);

  it("the page before a later page ends where it starts", async () => {
    const make = await biggestMake();
    const first = await page(`/cars-for-sale?makeCode=${make}`);
    const second = await page(first.nextHref!);
    const third = await page(second.nextHref!);
    expect(third.previousHref).toBe(first.nextHref);
    const back = await page(third.previousHref!);
    expect(back.listings.map((l) => l.id)).toEqual(second.listings.map((l) => l.id));
    expect(second.previousHref).toMatch(new RegExp(`/cars-for-sale\\?makeCode=${make}$|/cars-for-sale/used/`));
  }, 60_000);
});

describe("spotlights per 30 listings", () => {
  it("a page of 90: 3 premium at 0-2, simplified cards at 9, 39, 69 and the fourth tier at 23, 53, 83, each from a dealer holding its tier", async () => {
    const data = await page("/cars-for-sale?numRecords=90&sortBy=mileageASC");
    const grid = data.extras!.grid!;
    const at = (kind: string) => grid.flatMap((g, i) => ((g.kind === "sponsored" ? `sponsored-${g.tier}` : g.kind) === kind ? [i] : []));
    expect(at("sponsored-premium")).toEqual([0, 1, 2]);
    expect(at("simplified")).toEqual([9, 39, 69]);
    expect(at("sponsored-fourth")).toEqual([23, 53, 83]);
    const tierOf = async (kind: string) => {
      const ids = grid.flatMap((g) => ((g.kind === "sponsored" ? `sponsored-${g.tier}` : g.kind) === kind && "listing" in g ? [g.listing.id] : []));
      const p = await placementsOf(db, ids);
      return ids.map((id) => p.get(id)?.tier);
    };
    expect(await tierOf("sponsored-premium")).toEqual(["premium", "premium", "premium"]);
    expect(await tierOf("simplified")).toEqual(["standard", "standard", "standard"]);
    // Featured first; a block short of featured dealers takes a standard one.
    for (const t of await tierOf("sponsored-fourth")) expect(["featured", "standard"]).toContain(t);
    // Spotlights are additions: the page keeps its 90 results (no row or boost on a make-less search after the first page).
    expect(data.listings.length).toBeGreaterThanOrEqual(89);
  }, 60_000);

  it("the boost: new cars of the make from dealers holding a placement; the highlight row: 4 spotlights with a real highlight", async () => {
    const make = await biggestMake();
    const data = await page(`/cars-for-sale?makeCode=${make}`);
    const grid = data.extras!.grid!;
    const boost = grid.flatMap((g) => (g.kind === "recommended" ? [g.listing.id] : []));
    expect(boost.length).toBe(1);
    expect(grid.findIndex((g) => g.kind === "recommended")).toBe(6);
    const rows = await db.kysely.selectFrom("listings").select(["id", "listing_type", "make_code"]).where("id", "in", boost).execute();
    expect(rows.map((r) => [r.listing_type, r.make_code])).toEqual([["NEW", make]]);
    expect((await placementsOf(db, boost)).size).toBe(1);

    const row = grid.find((g) => g.kind === "highlights");
    expect(grid.findIndex((g) => g.kind === "highlights")).toBe(12);
    const ids = row && row.kind === "highlights" ? row.listings.map((l) => l.id) : [];
    expect(ids).toHaveLength(4);
    expect((await placementsOf(db, ids)).size).toBe(4);
    const signals = await vehicleHighlights(db, ids);
    expect(ids.every((id) => signals.has(id))).toBe(true);
    // Each card says its highlight in words.
    if (row?.kind === "highlights") for (const l of row.listings) expect(l.highlight).toMatch(/^(Price dropped|Viewed|Listed)/);
    // A later page has neither (both are first-page cards), so it is not trimmed.
    const second = await page(data.nextHref!);
    expect(second.extras!.grid!.some((g) => g.kind === "recommended" || g.kind === "highlights")).toBe(false);
  }, 60_000);
});

describe("the house-ad service (the fixed bottom ad's refresh)", () => {
  it("takes the search's house promotions in turn, each a fallback creative; nothing with the ads flag off or for a URL that is not a results page", async () => {
    const request = new Request("http://localhost/");
    const { app } = await requestContexts(request);
    const on = { ...app, flags: { ...app.flags, ads: true } };
    const at = (n: number, url = "/cars-for-sale/used/toyota") =>
      loadHouseAd({ url: new URL(`http://localhost/cars-for-sale/svc/house-ad?${new URLSearchParams({ url, n: String(n) })}`), app: on });
    const first = await at(0);
    expect(first).toMatchObject({ fallback: true, promo: { title: "Shop all the best deals" } });
    const titles = await Promise.all([0, 1, 2, 3, 4].map(async (n) => (await at(n))!.promo.title));
    expect(new Set(titles).size).toBeGreaterThan(1);
    expect(titles[4]).toBe(titles[4 % new Set(titles).size]);
    expect(await at(1, "/cars-for-sale/vehicle/12")).toBeNull();
    expect(await at(1, "https://elsewhere.example/")).toBeNull();
    expect(
      await loadHouseAd({
        url: new URL("http://localhost/cars-for-sale/svc/house-ad?url=%2Fcars-for-sale&n=1"),
        app: { ...app, flags: { ...app.flags, ads: false } },
      }),
    ).toBeNull();
  });
});
