import { describe, expect, it } from "vitest";
import { boostSlots, placeGrid, type GridItem } from "./results-placement.ts";

const L = (id: number) => ({ id });
const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => L(from + i));
const kinds = (items: GridItem<{ id: number }>[]) => items.map((it) => (it.kind === "listing" ? it.listing.id : it.kind === "sponsored" ? `${it.tier}:${it.listing.id}` : "listing" in it ? `${it.kind}:${it.listing.id}` : it.kind));

describe("placeGrid", () => {
  it("leaves a page without tiers as it is", () => {
    expect(kinds(placeGrid({ organic: page(1, 30), pageSize: 30, total: 500 }))).toEqual(page(1, 30).map((l) => l.id));
  });

  it("puts premium spotlights at 0-2, the boost at 6, peekaboo at 9, the filter promo at 14 and the fourth tier at 23", () => {
    const items = placeGrid({
      organic: page(1, 30),
      pageSize: 30,
      total: 500,
      premium: [L(101), L(102), L(103), L(104)],
      boost: [L(201), L(202)],
      peekaboo: L(301),
      fourthTier: L(401),
      filterPromo: true,
    });
    const k = kinds(items);
    expect(k.slice(0, 3)).toEqual(["premium:101", "premium:102", "premium:103"]);
    expect(k[6]).toBe("recommended:201");
    expect(k[9]).toBe("simplified:301");
    expect(k[14]).toBe("filterPromo");
    expect(k[23]).toBe("fourth:401");
    // The boost (one added, the second slot needs 75) trims one result: 29 of the 30 remain.
    expect(items.filter((i) => i.kind === "listing")).toHaveLength(29);
    expect(k).not.toContain(30);
    expect(k).not.toContain("recommended:202");
  });

  it("uses the second boost slot only when page size and results are both at least 75", () => {
    expect(boostSlots(30, 1000)).toEqual([6]);
    expect(boostSlots(75, 74)).toEqual([6]);
    expect(boostSlots(75, 75)).toEqual([6, 22]);
    const items = placeGrid({ organic: page(1, 75), pageSize: 75, total: 900, boost: [L(201), L(202)] });
    const k = kinds(items);
    expect(k[6]).toBe("recommended:201");
    expect(k[22]).toBe("recommended:202");
    expect(items).toHaveLength(75);
  });

  it("moves a tier listing that is one of the page's results instead of repeating it, and trims nothing for it", () => {
    const items = placeGrid({ organic: page(1, 30), pageSize: 30, total: 500, premium: [L(12)], boost: [L(20)] });
    const ids = items.flatMap((i) => ("listing" in i ? [i.listing.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(30);
    expect(kinds(items)[0]).toBe("premium:12");
    expect(kinds(items)[6]).toBe("recommended:20");
  });

  it("never places one listing in two tiers", () => {
    const items = placeGrid({ organic: page(1, 30), pageSize: 30, total: 500, premium: [L(101)], peekaboo: L(101), fourthTier: L(101) });
    expect(items.filter((i) => "listing" in i && i.listing.id === 101)).toHaveLength(1);
  });

  it("no filter promo with 14 results or fewer, and no slot beyond a short page", () => {
    const items = placeGrid({ organic: page(1, 14), pageSize: 30, total: 14, filterPromo: true, peekaboo: L(301), fourthTier: L(401) });
    const k = kinds(items);
    expect(k).not.toContain("filterPromo");
    expect(k[9]).toBe("simplified:301");
    expect(k).not.toContain("fourth:401");
    const short = placeGrid({ organic: page(1, 5), pageSize: 30, total: 5, peekaboo: L(301) });
    expect(kinds(short)).toEqual([1, 2, 3, 4, 5]);
  });

  it("puts the wallet card at 3, after the premium spotlights, without trimming the page", () => {
    const items = placeGrid({ organic: page(1, 30), pageSize: 30, total: 500, premium: [L(101), L(102), L(103)], wallet: true });
    const k = kinds(items);
    expect(k[3]).toBe("wallet");
    expect(k.slice(0, 3)).toEqual(["premium:101", "premium:102", "premium:103"]);
    expect(items.filter((i) => i.kind === "listing")).toHaveLength(30);
    expect(kinds(placeGrid({ organic: page(1, 2), pageSize: 30, total: 2, wallet: true }))).toEqual([1, 2]);
  });

  it("puts house ads at 7, 14, 19 (36 and 43 on longer pages) after the promo when both want 14", () => {
    const k = kinds(placeGrid({ organic: page(1, 30), pageSize: 30, total: 500, ads: true, filterPromo: true }));
    expect(k[7]).toBe("ad");
    expect(k[14]).toBe("filterPromo");
    expect(k[15]).toBe("ad");
    expect(k[19]).toBe("ad");
    expect(k.filter((x) => x === "ad")).toHaveLength(3);
    const long = kinds(placeGrid({ organic: page(1, 60), pageSize: 60, total: 500, ads: true }));
    expect([7, 14, 19, 36, 43].map((i) => long[i])).toEqual(["ad", "ad", "ad", "ad", "ad"]);
  });
});
