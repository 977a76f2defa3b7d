import { describe, expect, it } from "vitest";
import { boostSlots, placeGrid, shownResults, topHighlights, type GridItem } from "./results-placement.ts";

const L = (id: number) => ({ id });
const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => L(from + i));
const kinds = (items: GridItem<{ id: number }>[]) =>
  items.map((it) =>
    it.kind === "listing"
      ? it.listing.id
      : it.kind === "sponsored"
        ? `${it.tier}:${it.listing.id}`
        : it.kind === "highlights"
          ? `highlights:${it.listings.map((l) => l.id).join(",")}`
          : "listing" in it
            ? `${it.kind}:${it.listing.id}`
            : it.kind,
  );
const positionsOf = (k: (string | number)[], prefix: string) => k.flatMap((x, i) => (String(x).startsWith(prefix) ? [i] : []));

describe("placeGrid", () => {
  it("leaves a page without tiers as it is", () => {
    expect(kinds(placeGrid({ organic: page(1, 30), pageSize: 30, total: 500 }))).toEqual(page(1, 30).map((l) => l.id));
  });

  it("puts premium spotlights at 0-2, the boost at 6, the simplified card at 9, the highlight row at 12, the filter promo at 14 and the fourth tier at 23", () => {
    const items = placeGrid({
      organic: page(1, 30),
      pageSize: 30,
      total: 500,
      premium: [L(101), L(102), L(103), L(104)],
      boost: [L(201), L(202)],
      standard: [L(301), L(302)],
      featured: [L(401), L(402)],
      highlights: [L(501), L(502), L(503), L(504), L(505)],
      filterPromo: true,
    });
    const k = kinds(items);
    expect(k.slice(0, 3)).toEqual(["premium:101", "premium:102", "premium:103"]);
    expect(k[6]).toBe("recommended:201");
    expect(k[9]).toBe("simplified:301");
    expect(k[12]).toBe("highlights:501,502,503,504");
    expect(k[14]).toBe("filterPromo");
    expect(k[23]).toBe("fourth:401");
    // The boost (the second slot needs 75) and the highlight row each trim one result: 28 remain,
    // the first 28 of the page (the next page starts at the 29th).
    expect(shownResults(items)).toBe(28);
    expect(k.filter((x) => typeof x === "number")).toEqual(page(1, 28).map((l) => l.id));
    expect(k).not.toContain("recommended:202");
  });

  it("per 30 listings: a page of 90 has a simplified card at 9, 39, 69 and the fourth tier at 23, 53, 83 (featured first, then standard left over)", () => {
    const items = placeGrid({
      organic: page(1, 90),
      pageSize: 90,
      total: 500,
      premium: [L(101), L(102), L(103)],
      featured: [L(401), L(402)],
      standard: [L(301), L(302), L(303), L(304), L(305), L(306)],
    });
    const k = kinds(items);
    expect(positionsOf(k, "premium:")).toEqual([0, 1, 2]);
    expect(positionsOf(k, "simplified:")).toEqual([9, 39, 69]);
    expect([9, 39, 69].map((i) => k[i])).toEqual(["simplified:301", "simplified:302", "simplified:303"]);
    expect([23, 53, 83].map((i) => k[i])).toEqual(["fourth:401", "fourth:402", "fourth:304"]);
    // Spotlights are additions: all 90 results stay.
    expect(shownResults(items)).toBe(90);
  });

  it("a page of 30 places 3 premium, one featured and one standard spotlight: the rest wait for the blocks of a longer page", () => {
    const six = (from: number) => page(from, 6);
    const k = kinds(placeGrid({ organic: page(1, 30), pageSize: 30, total: 500, premium: page(101, 3), featured: six(401), standard: six(301) }));
    expect(positionsOf(k, "premium:")).toEqual([0, 1, 2]);
    expect(positionsOf(k, "fourth:")).toEqual([23]);
    expect(positionsOf(k, "simplified:")).toEqual([9]);
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
    expect(shownResults(items)).toBe(73);
  });

  it("skips a tier candidate that is one of the page's own results (it shows in its place) and trims nothing for it", () => {
    const items = placeGrid({ organic: page(1, 30), pageSize: 30, total: 500, premium: [L(12), L(101)], boost: [L(20), L(201)] });
    const ids = items.flatMap((i) => ("listing" in i ? [i.listing.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    const k = kinds(items);
    expect(k[0]).toBe("premium:101");
    expect(k[6]).toBe("recommended:201");
    expect(shownResults(items)).toBe(29);
  });

  it("never places one listing in two tiers", () => {
    const items = placeGrid({ organic: page(1, 30), pageSize: 30, total: 500, premium: [L(101)], standard: [L(101)], featured: [L(101)] });
    expect(items.filter((i) => "listing" in i && i.listing.id === 101)).toHaveLength(1);
  });

  it("trims nothing on the last page (nothing follows it)", () => {
    const items = placeGrid({ organic: page(1, 30), pageSize: 30, total: 30, lastPage: true, boost: [L(201)], highlights: page(501, 4) });
    expect(shownResults(items)).toBe(30);
    const short = placeGrid({ organic: page(1, 20), pageSize: 30, total: 20, boost: [L(201)], highlights: page(501, 4) });
    expect(shownResults(short)).toBe(20);
    expect(kinds(short)[6]).toBe("recommended:201");
  });

  it("the vehicle highlight row: the top 4 when more than 3 are read, none with 3", () => {
    expect(topHighlights([1, 2, 3])).toEqual([]);
    expect(topHighlights([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(topHighlights(Array.from({ length: 10 }, (_, i) => i))).toEqual([0, 1, 2, 3]);
    const three = placeGrid({ organic: page(1, 30), pageSize: 30, total: 500, highlights: page(501, 3) });
    expect(kinds(three).some((x) => String(x).startsWith("highlights"))).toBe(false);
    expect(shownResults(three)).toBe(30);
    // A highlight that is one of the page's results does not count towards the four.
    const own = placeGrid({ organic: page(1, 30), pageSize: 30, total: 500, highlights: [L(5), ...page(501, 3)] });
    expect(shownResults(own)).toBe(30);
  });

  it("no filter promo with 14 results or fewer, and no slot beyond a short page", () => {
    const items = placeGrid({ organic: page(1, 14), pageSize: 30, total: 14, filterPromo: true, standard: [L(301)], featured: [L(401)] });
    const k = kinds(items);
    expect(k).not.toContain("filterPromo");
    expect(k[9]).toBe("simplified:301");
    expect(k).not.toContain("fourth:401");
    const short = placeGrid({ organic: page(1, 5), pageSize: 30, total: 5, standard: [L(301)] });
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

  it("puts house ads at 7, 14, 19 (36 and 43 only when the grid is that long) after the promo when both want 14", () => {
    const k = kinds(placeGrid({ organic: page(1, 30), pageSize: 30, total: 500, ads: true, filterPromo: true }));
    expect(k[7]).toBe("ad");
    expect(k[14]).toBe("filterPromo");
    expect(k[15]).toBe("ad");
    expect(k[19]).toBe("ad");
    // 30 results and 4 cards: 34 items, so 36 and 43 are past the end.
    expect(k.filter((x) => x === "ad")).toHaveLength(3);
    const long = kinds(placeGrid({ organic: page(1, 60), pageSize: 60, total: 500, ads: true }));
    expect([7, 14, 19, 36, 43].map((i) => long[i])).toEqual(["ad", "ad", "ad", "ad", "ad"]);
  });
});
