import { describe, expect, it } from "vitest";
import { emptySearchQuery, type SearchHit, type SearchResult } from "../../lib/search-query.ts";
import { demoPlacementTier, type ListingPlacement, type PlacementTier } from "../inventory/placements.server.ts";
import { pickTiers, takePool, withSponsoredPool, SPONSORED_POOL } from "./results-extras.server.ts";

const hit = (id: number): SearchHit => ({ id, distance: null, marketExtension: false });

function placements(rows: [id: number, owner: number, tier: PlacementTier][]): Map<number, ListingPlacement> {
  return new Map(rows.map(([listingId, ownerId, tier]) => [listingId, { listingId, ownerId, tier }]));
}

describe("sponsored pool", () => {
  it("asks for the pool beyond the page and splits it off", () => {
    const q = emptySearchQuery();
    const pooled = withSponsoredPool(q);
    expect(pooled.numRecords).toBe(q.numRecords + SPONSORED_POOL);
    const result = { hits: Array.from({ length: 200 }, (_, i) => hit(i + 1)), query: pooled } as unknown as SearchResult;
    const pool = takePool(result, q);
    expect(result.hits.map((h) => h.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(pool[0].id).toBe(31);
    expect(result.query).toBe(q);
  });
});

describe("pickTiers", () => {
  const pool = Array.from({ length: 20 }, (_, i) => hit(i + 1));
  const p = placements([
    [2, 100, "premium"],
    [3, 100, "premium"],
    [4, 101, "premium"],
    [5, 102, "featured"],
    [6, 103, "standard"],
    [7, 103, "standard"],
    [8, 101, "premium"],
    [9, 101, "premium"],
    [10, 104, "premium"],
  ]);

  it("gives the showcase to the premium dealer with the most matches and spotlights to the others", () => {
    const t = pickTiers(pool, p, true);
    expect(t.showcaseOwner).toBe(101);
    expect(t.premium.map((h) => h.id)).toEqual([2, 3, 10]);
    expect(t.fourth?.id).toBe(5);
    expect(t.peekaboo?.id).toBe(6);
  });

  it("without the showcase every premium dealer can be a spotlight (3 at most)", () => {
    const t = pickTiers(pool, p, false);
    expect(t.showcaseOwner).toBeNull();
    expect(t.premium.map((h) => h.id)).toEqual([2, 3, 4]);
  });

  it("fills the fourth tier from a standard dealer when no featured dealer matches", () => {
    const t = pickTiers(pool, placements([[6, 103, "standard"], [7, 103, "standard"]]), true);
    expect(t.peekaboo?.id).toBe(6);
    expect(t.fourth?.id).toBe(7);
    expect(t.premium).toEqual([]);
  });
});

describe("demo placements", () => {
  it("are deterministic per dealer and cover about a quarter of dealers", () => {
    expect(demoPlacementTier("DLR-000001")).toBe(demoPlacementTier("DLR-000001"));
    const tiers = Array.from({ length: 2000 }, (_, i) => demoPlacementTier(`DLR-${String(i + 1).padStart(6, "0")}`));
    const share = (t: PlacementTier) => tiers.filter((x) => x === t).length / tiers.length;
    expect(share("premium")).toBeGreaterThan(0.05);
    expect(share("premium")).toBeLessThan(0.11);
    expect(share("standard")).toBeGreaterThan(0.07);
    expect(tiers.filter((x) => x === null).length / tiers.length).toBeGreaterThan(0.65);
  });
});
