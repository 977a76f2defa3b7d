// The spotlight, vehicle highlight and new-car boost services (docs/placements.md) on a seeded
// inventory: each tier's spotlights are the search's matches whose dealer holds that tier, in the
// search's order, from `firstRecord` on; `spotlightPage` turns the list so consecutive pages get
// the next ones; highlight spotlights carry a real signal, strongest first; the boost is new cars
// of dealers holding a placement.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seededDatabase, type SeededDatabase } from "../../../tests/support/seeded-database.ts";
import { normalizeSearchQuery, type SearchQuery } from "../../lib/search-query.ts";
import type { Database } from "../db/connection.server.ts";
import { inventoryChanges } from "../inventory/changes.server.ts";
import { runWithRequest } from "../observability/context.server.ts";
import { placementsOf, type PlacementTier } from "../inventory/placements.server.ts";
import { getSearchEngine } from "../search/search.server.ts";
import { vehicleHighlights } from "./highlights.server.ts";
import { setPlacement } from "./operator-placements.server.ts";
import {
  SPOTLIGHT_POOL,
  boostQueryOf,
  highlightSpotlightHits,
  highlightSpotlightService,
  keepSpotlightPool,
  newCarBoostHits,
  spotlightHits,
  spotlightService,
} from "./spotlights.server.ts";

let seeded: SeededDatabase;
let db: Database;
const DAY = 86_400_000;
const NOW = Date.now();

beforeAll(async () => {
  seeded = await seededDatabase("spotlights", { listings: 1200, seed: 5, now: NOW });
  db = seeded.db;
  const dealers = await db.kysely
    .selectFrom("owners as o")
    .leftJoin("dealer_placements as p", "p.owner_id", "o.id")
    .select("o.external_id")
    .where("o.seller_type", "=", "d")
    .where("p.owner_id", "is", null)
    .orderBy("o.id")
    .limit(9)
    .execute();
  for (const [i, d] of dealers.entries()) await setPlacement(db, d.external_id, (["premium", "featured", "standard"] as const)[i % 3]);
  const today = Math.floor(NOW / DAY);
  const some = await db.kysely.selectFrom("listings").select("id").where("status", "=", "active").orderBy("id").limit(400).execute();
  await db.kysely
    .insertInto("listing_view_days")
    .values(some.filter((_, i) => i % 4 === 0).map((r, i) => ({ listing_id: Number(r.id), day: today, views: 4 + i })))
    .execute();
}, 120_000);

afterAll(async () => {
  await seeded.close();
});

/** The tier's matches among the pool, worked out here from the engine and the placements table. */
async function expectedOf(q: SearchQuery, tier: PlacementTier): Promise<number[]> {
  const r = await (await getSearchEngine()).search({ ...q, numRecords: SPOTLIGHT_POOL }, { hideFilters: true });
  const p = await placementsOf(
    db,
    r.hits.map((h) => h.id),
  );
  return r.hits.filter((h) => p.get(h.id)?.tier === tier).map((h) => h.id);
}

describe("spotlightHits", () => {
  const q = normalizeSearchQuery({ listingTypes: ["USED"], firstRecord: 30 });

  for (const tier of ["premium", "featured", "standard"] as const) {
    it(`${tier}: only the matches of dealers holding ${tier}, in the search's order, from firstRecord on`, async () => {
      const expected = await expectedOf(q, tier);
      expect(expected.length).toBeGreaterThan(6);
      const got = (await spotlightHits(q, { tier, numSpotlights: 6, spotlightPage: 1 })).map((h) => h.id);
      expect(got).toEqual(expected.slice(0, 6));
      // Not one of the page before firstRecord.
      const before = (await (await getSearchEngine()).search({ ...q, firstRecord: 0, numRecords: 30 }, { hideFilters: true })).hits.map((h) => h.id);
      expect(got.filter((id) => before.includes(id))).toEqual([]);
    });
  }

  it("spotlightPage turns the list: page 2 starts where page 1 stopped, and it wraps round", async () => {
    const expected = await expectedOf(q, "featured");
    const pageOf = async (n: number) => (await spotlightHits(q, { tier: "featured", numSpotlights: 3, spotlightPage: n })).map((h) => h.id);
    expect(await pageOf(1)).toEqual(expected.slice(0, 3));
    expect(await pageOf(2)).toEqual(expected.slice(3, 6));
    const wrapPage = Math.floor(expected.length / 3) + 2;
    const start = ((wrapPage - 1) * 3) % expected.length;
    expect(await pageOf(wrapPage)).toEqual([...expected.slice(start), ...expected.slice(0, start)].slice(0, 3));
  });

  it("leaves out the excluded dealer (the showcase's)", async () => {
    const [first] = await spotlightHits(q, { tier: "premium", numSpotlights: 1, spotlightPage: 1 });
    const owner = (await placementsOf(db, [first.id])).get(first.id)!.ownerId;
    const without = await spotlightHits(q, { tier: "premium", numSpotlights: 20, spotlightPage: 1, excludeOwnerId: owner });
    const owners = await placementsOf(
      db,
      without.map((h) => h.id),
    );
    expect([...owners.values()].some((p) => p.ownerId === owner)).toBe(false);
    expect(without.length).toBeGreaterThan(0);
  });

  it("the JSON routes: listingTier picks the tier (premiumresults is premium), numSpotlights defaults to the spec's counts", async () => {
    const premium = await spotlightService(new URL("http://x/rest/lsc/listing/spotlight/premiumresults?listingTier=standard"), true);
    expect([premium.listingTier, premium.numSpotlights, premium.spotlights.length]).toEqual(["premium", 3, 3]);
    const standard = await spotlightService(new URL("http://x/rest/lsc/listing/spotlight/results?listingTier=standard"), false);
    expect([standard.listingTier, standard.numSpotlights, standard.spotlights.length]).toEqual(["standard", 6, 6]);
    const tiers = await placementsOf(
      db,
      standard.spotlights.map((l) => l.id),
    );
    expect([...tiers.values()].every((p) => p.tier === "standard")).toBe(true);
    // The listing JSON's vehicleHighlight: exactly the listings with a real signal carry it.
    const signals = await vehicleHighlights(
      db,
      standard.spotlights.map((l) => l.id),
    );
    for (const l of standard.spotlights) expect(l.vehicleHighlight).toEqual(signals.get(l.id));
    const bad = await spotlightService(new URL("http://x/rest/lsc/listing/spotlight/results?listingTier=gold&numSpotlights=999"), false);
    expect([bad.listingTier, bad.numSpotlights]).toEqual(["featured", 20]);
  });
});

describe("one search serves a page's spotlight calls", () => {
  it("a car sold, or a dealer's tier changed, shows in the next call at once", async () => {
    const q = normalizeSearchQuery({ listingTypes: ["USED"], firstRecord: 60 });
    const first = (await spotlightHits(q, { tier: "premium", numSpotlights: 3, spotlightPage: 1 })).map((h) => h.id);
    expect(first).toHaveLength(3);
    // Asked again (as the featured and standard calls ask), the same search gives the same cars.
    expect((await spotlightHits(q, { tier: "premium", numSpotlights: 3, spotlightPage: 1 })).map((h) => h.id)).toEqual(first);
    // The first spotlight's car is sold: the inventory's version moves and it is gone.
    const engine = await getSearchEngine();
    await db.kysely.updateTable("listings").set({ status: "sold", updated_at: Date.now() }).where("id", "=", first[0]!).execute();
    inventoryChanges.emit({ kind: "listings", ids: [first[0]!], at: Date.now() });
    await engine.flush();
    const after = (await spotlightHits(q, { tier: "premium", numSpotlights: 3, spotlightPage: 1 })).map((h) => h.id);
    expect(after).not.toContain(first[0]);
    expect(after).toEqual(await expectedOf(q, "premium").then((ids) => ids.slice(0, 3)));
    // A dealer's placement is read each time: taking the tier away empties the dealer's spotlights.
    const [owner] = await db.kysely
      .selectFrom("listings as l")
      .innerJoin("owners as o", "o.id", "l.owner_id")
      .select("o.external_id")
      .where("l.id", "=", after[0]!)
      .execute();
    await setPlacement(db, owner!.external_id, "none");
    const without = (await spotlightHits(q, { tier: "premium", numSpotlights: 3, spotlightPage: 1 })).map((h) => h.id);
    expect(without).not.toContain(after[0]);
    await setPlacement(db, owner!.external_id, "premium");
  });
});

describe("keepSpotlightPool (the results page's own search as the spotlights' pool)", () => {
  it("the page's results beyond the page are the spotlights' own pool: the same spotlights, and no search for them", async () => {
    const engine = await getSearchEngine();
    const q = normalizeSearchQuery({ listingTypes: ["USED"], sortBy: "mileageASC" });
    // The page's search (withSponsoredPool) and its results beyond the page.
    const page = await engine.search({ ...q, numRecords: q.numRecords + SPOTLIGHT_POOL });
    const pool = page.hits.slice(q.numRecords);
    const after = { ...q, firstRecord: q.firstRecord + q.numRecords };
    // They are the hits the spotlights' own search would find.
    expect(pool).toHaveLength(SPOTLIGHT_POOL);
    expect(pool).toEqual((await engine.search({ ...after, numRecords: SPOTLIGHT_POOL }, { hideFilters: true })).hits);
    const expected = (await expectedOf(after, "featured")).slice(0, 6);
    expect(expected.length).toBeGreaterThan(0);

    await keepSpotlightPool(after, pool, page);
    const searched = vi.spyOn(engine, "search");
    try {
      expect((await spotlightHits(after, { tier: "featured", numSpotlights: 6, spotlightPage: 1 })).map((h) => h.id)).toEqual(expected);
      expect(searched).not.toHaveBeenCalled();
      // Hits of another inventory version are not kept: the spotlights search for themselves.
      const other = { ...after, sortBy: "mileageDESC" as const };
      await keepSpotlightPool(other, pool, { ...page, version: page.version - 1 });
      await spotlightHits(other, { tier: "featured", numSpotlights: 6, spotlightPage: 1 });
      expect(searched).toHaveBeenCalledTimes(1);
    } finally {
      searched.mockRestore();
    }
  });
});

describe("placements read once per request", () => {
  it("the dealers as the search index knows them give the same placements as the listings table; ids it does not know are read from the table", async () => {
    const ids = (await db.kysely.selectFrom("listings").select("id").orderBy("id").limit(600).execute()).map((r) => Number(r.id));
    const sorted = (m: Map<number, unknown>) => [...m].sort((a, b) => a[0] - b[0]);
    // What the tables say, joined here.
    const joined = await db.kysely
      .selectFrom("listings as l")
      .innerJoin("dealer_placements as p", "p.owner_id", "l.owner_id")
      .select(["l.id", "l.owner_id", "p.tier"])
      .where("l.id", "in", ids)
      .execute();
    const fromTable = new Map(joined.map((r) => [Number(r.id), { listingId: Number(r.id), ownerId: Number(r.owner_id), tier: r.tier }]));
    expect(fromTable.size).toBeGreaterThan(20);
    expect(sorted(await placementsOf(db, ids, await getSearchEngine()))).toEqual(sorted(fromTable));
    expect(sorted(await placementsOf(db, ids, { ownersOf: () => Promise.resolve(new Map()) }))).toEqual(sorted(fromTable));
    expect(sorted(await placementsOf(db, ids))).toEqual(sorted(fromTable));
  });

  it("a page and its spotlight calls share one read of the pool's placements; the next request reads them again", async () => {
    const [car] = await db.kysely
      .selectFrom("listings as l")
      .innerJoin("dealer_placements as p", "p.owner_id", "l.owner_id")
      .innerJoin("owners as o", "o.id", "l.owner_id")
      .select(["l.id", "o.external_id", "p.tier"])
      .where("l.status", "=", "active")
      .orderBy("l.id")
      .limit(1)
      .execute();
    const ids = [Number(car!.id)];
    const request = () => ({ requestId: "r", visitor: null, timings: [] });
    try {
      await runWithRequest(request(), async () => {
        expect((await placementsOf(db, ids)).get(ids[0]!)?.tier).toBe(car!.tier);
        // The operator takes the tier away while this request is being answered: it keeps its read...
        await setPlacement(db, car!.external_id, "none");
        expect((await placementsOf(db, ids)).get(ids[0]!)?.tier).toBe(car!.tier);
      });
      // ...and the next request (or a call outside any request) reads the change.
      await runWithRequest(request(), async () => expect((await placementsOf(db, ids)).has(ids[0]!)).toBe(false));
      expect((await placementsOf(db, ids)).has(ids[0]!)).toBe(false);
    } finally {
      await setPlacement(db, car!.external_id, car!.tier as PlacementTier);
    }
  });
});

describe("highlightSpotlightHits (the spotlight vehicle highlight call)", () => {
  const q = normalizeSearchQuery({ listingTypes: ["USED"] });

  it("spotlights of dealers holding any tier with a real highlight, strongest first; without the extended highlights only price drops", async () => {
    const hits = await highlightSpotlightHits(q, { numSpotlights: 10, spotlightPage: 1, includeExtendedVehicleHighlights: true }, NOW);
    expect(hits.length).toBe(10);
    const placed = await placementsOf(
      db,
      hits.map((h) => h.id),
    );
    expect(placed.size).toBe(10);
    const real = await vehicleHighlights(
      db,
      hits.map((h) => h.id),
      NOW,
    );
    for (const h of hits) expect(h.vehicleHighlight).toEqual(real.get(h.id));
    const rank = { PRICE_DROP: 0, VIEWS: 1, NEW_LISTING: 2 };
    const ranks = hits.map((h) => rank[h.vehicleHighlight.urgencyDriverType]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const views = hits.filter((h) => h.vehicleHighlight.urgencyDriverType === "VIEWS").map((h) => h.vehicleHighlight.urgencyDriverValue);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const core = await highlightSpotlightHits(q, { numSpotlights: 10, spotlightPage: 1, includeExtendedVehicleHighlights: false }, NOW);
    expect(core.every((h) => h.vehicleHighlight.urgencyDriverType === "PRICE_DROP")).toBe(true);
  });

  it("the JSON route gives each spotlight its vehicleHighlight (numSpotlights 10 by default)", async () => {
    const body = await highlightSpotlightService(new URL("http://x/rest/lsc/listing/spotlight/vehiclehighlight?includeExtendedVehicleHighlights=true"));
    expect(body.numSpotlights).toBe(10);
    expect(body.spotlights.length).toBeGreaterThan(3);
    for (const l of body.spotlights) expect(l.vehicleHighlight).toMatchObject({ isVehicleHighlight: true });
  });
});

describe("newCarBoostHits", () => {
  it("new cars of the make from dealers holding a placement only, from firstRecord 0, numRecords of them", async () => {
    const make = (
      await db.kysely
        .selectFrom("listings as l")
        .innerJoin("dealer_placements as p", "p.owner_id", "l.owner_id")
        .select(["l.make_code", (eb) => eb.fn.countAll<number>().as("n")])
        .where("l.listing_type", "=", "NEW")
        .where("l.status", "=", "active")
        .groupBy("l.make_code")
        .orderBy("n", "desc")
        .limit(1)
        .execute()
    )[0].make_code;
    const q = boostQueryOf({ makeCodes: [make], models: {}, trimCodes: [], seriesCodes: [], firstRecord: 0, numRecords: 2 });
    const hits = await newCarBoostHits(q);
    expect(hits).toHaveLength(2);
    const rows = await db.kysely
      .selectFrom("listings")
      .select(["id", "listing_type", "make_code"])
      .where(
        "id",
        "in",
        hits.map((h) => h.id),
      )
      .execute();
    expect(rows.every((r) => r.listing_type === "NEW" && r.make_code === make)).toBe(true);
    expect(
      (
        await placementsOf(
          db,
          hits.map((h) => h.id),
        )
      ).size,
    ).toBe(2);
    // The operator takes the first boosted dealer's placement away: its cars leave the boost.
    const owner = (await placementsOf(db, [hits[0].id])).get(hits[0].id)!.ownerId;
    const ext = (await db.kysely.selectFrom("owners").select("external_id").where("id", "=", owner).executeTakeFirstOrThrow()).external_id;
    expect(await setPlacement(db, ext, "none")).toBe("removed");
    const after = await newCarBoostHits({ ...q, numRecords: 20 });
    const theirs = (await db.kysely.selectFrom("listings").select("id").where("owner_id", "=", owner).execute()).map((r) => Number(r.id));
    expect(after.filter((h) => theirs.includes(h.id))).toEqual([]);
    expect(after.map((h) => h.id)).not.toContain(hits[0].id);
  });
});
