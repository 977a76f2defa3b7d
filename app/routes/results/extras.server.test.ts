import { describe, expect, it } from "vitest";
import { emptySearchQuery, type SearchHit, type SearchResult } from "../../lib/search-query.ts";
import { demoPlacementTier, type ListingPlacement, type PlacementTier } from "../../server/inventory/placements.server.ts";
import { showcaseOwnerOf, takePool, withSponsoredPool, SPONSORED_POOL } from "./extras.server.ts";

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

describe("showcaseOwnerOf", () => {
  const pool = Array.from({ length: 20 }, (_, i) => hit(i + 1));
  const p = placements([
    [2, 100, "premium"],
    [3, 100, "premium"],
    [4, 101, "premium"],
    [5, 102, "featured"],
    [6, 103, "standard"],
    [8, 101, "premium"],
    [9, 101, "premium"],
    [10, 104, "premium"],
  ]);

  it("gives the showcase to the premium dealer with the most matches in the pool", () => {
    expect(showcaseOwnerOf(pool, p, true)).toBe(101);
  });

  it("none when the showcase is off, or when no premium dealer matches", () => {
    expect(showcaseOwnerOf(pool, p, false)).toBeNull();
    expect(showcaseOwnerOf(pool, placements([[5, 102, "featured"]]), true)).toBeNull();
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
