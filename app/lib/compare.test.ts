import { describe, expect, it } from "vitest";
import {
  addOutcome,
  addToCompare,
  buildAndPriceHref,
  compareUrl,
  mergeCompareIds,
  parseCompareIds,
  removeFromCompare,
  rowDiffers,
  numbersDiffer,
  safeReturnPath,
  truncateTrimName,
} from "./compare.ts";
import { COMPARE_THRESHOLDS } from "./constants.ts";

describe("parseCompareIds", () => {
  it("reads a comma list of positive integers, in order", () => {
    expect(parseCompareIds("3,1,9")).toEqual([3, 1, 9]);
    expect(parseCompareIds(["3", "1,9"])).toEqual([3, 1, 9]);
  });
  it("ignores garbage, signs, decimals, exponents, zero and empty entries", () => {
    expect(parseCompareIds("abc,-2,1.5,1e3,0,,  ,7,<script>,99999999999999999999")).toEqual([7]);
    expect(parseCompareIds(" 12 , 4")).toEqual([12, 4]);
    expect(parseCompareIds(null)).toEqual([]);
    expect(parseCompareIds("")).toEqual([]);
  });
  it("drops duplicates (the first wins) and keeps at most 5", () => {
    expect(parseCompareIds("5,5,6,5")).toEqual([5, 6]);
    expect(parseCompareIds("1,2,3,4,5,6,7")).toEqual([1, 2, 3, 4, 5]);
    expect(parseCompareIds("1,1,2,3,4,5,6")).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("the compare list", () => {
  it("adds, ignores a second add of the same id, refuses a sixth", () => {
    expect(addToCompare([], 7)).toEqual([7]);
    expect(addToCompare([7], 7)).toEqual([7]);
    expect(addToCompare([1, 2, 3, 4, 5], 6)).toEqual([1, 2, 3, 4, 5]);
    expect(addOutcome([], 7)).toBe("added");
    expect(addOutcome([7], 7)).toBe("already");
    expect(addOutcome([1, 2, 3, 4, 5], 6)).toBe("full");
    expect(addOutcome([1, 2, 3, 4, 5], 5)).toBe("already");
  });
  it("removes", () => {
    expect(removeFromCompare([1, 2, 3], 2)).toEqual([1, 3]);
    expect(removeFromCompare([1, 3], 2)).toEqual([1, 3]);
  });
  it("merges two lists: the first's order, then the second's new ids, at most 5", () => {
    expect(mergeCompareIds([3, 1], [1, 8, 9])).toEqual([3, 1, 8, 9]);
    expect(mergeCompareIds([1, 2, 3], [4, 5, 6, 7])).toEqual([1, 2, 3, 4, 5]);
    expect(mergeCompareIds([], [])).toEqual([]);
    expect(mergeCompareIds([2, 2, -1, 0], [2])).toEqual([2]);
  });
  it("writes the shareable URL with plain commas", () => {
    expect(compareUrl([4, 2, 9])).toBe("/compare?ids=4,2,9");
    expect(compareUrl([])).toBe("/compare");
    expect(compareUrl([1], { zip: "30301", diff: undefined })).toBe("/compare?ids=1&zip=30301");
  });
  it("sends form posts back to same-site paths only", () => {
    expect(safeReturnPath("/cars-for-sale?x=1#a", "/")).toBe("/cars-for-sale?x=1#a");
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      3,
      undefined,
      "/.//evil.example",
      "/\t/evil.example",
    ]) {
      expect(safeReturnPath(bad, "/fallback")).toBe("/fallback");
    }
  });
});

describe("rowDiffers", () => {
  it("is true when the cars do not all show the same value", () => {
    expect(rowDiffers(["$1", "$2"])).toBe(true);
    expect(rowDiffers(["AWD", "AWD", "FWD"])).toBe(true);
    expect(rowDiffers(["x", null])).toBe(true);
  });
  it("ignores case and spacing, and needs two cars", () => {
    expect(rowDiffers(["All-Wheel  Drive", "all-wheel drive "])).toBe(false);
    expect(rowDiffers([null, null])).toBe(false);
    expect(rowDiffers(["only one"])).toBe(false);
    expect(rowDiffers([])).toBe(false);
  });
});

describe("numbersDiffer", () => {
  const price = COMPARE_THRESHOLDS.price;
  it("needs the spread to reach both the absolute and the relative threshold", () => {
    // $500 and 3 % of the lower price: 3 % of $20,000 is $600.
    expect(numbersDiffer([20000, 20450], price)).toBe(false);
    expect(numbersDiffer([20000, 20599], price)).toBe(false);
    expect(numbersDiffer([20000, 20600], price)).toBe(true);
    // On a cheap car the $500 floor rules: 3 % of $8,000 is only $240.
    expect(numbersDiffer([8000, 8400], price)).toBe(false);
    expect(numbersDiffer([8000, 8500], price)).toBe(true);
    // The spread is highest minus lowest, whatever the order and however many cars.
    expect(numbersDiffer([30000, 29000, 31500, 30200], price)).toBe(true);
  });
  it("uses each row's own threshold", () => {
    expect(numbersDiffer([60000, 64000], COMPARE_THRESHOLDS.mileage)).toBe(false);
    expect(numbersDiffer([60000, 70000], COMPARE_THRESHOLDS.mileage)).toBe(true);
    expect(numbersDiffer([12, 4000], COMPARE_THRESHOLDS.mileage)).toBe(false);
    expect(numbersDiffer([2021, 2022], COMPARE_THRESHOLDS.year)).toBe(true);
    expect(numbersDiffer([30, 32], COMPARE_THRESHOLDS.economy)).toBe(false);
    expect(numbersDiffer([30, 33], COMPARE_THRESHOLDS.economy)).toBe(true);
    expect(numbersDiffer([4.6, 4.1], COMPARE_THRESHOLDS.rating)).toBe(true);
    expect(numbersDiffer([4.6, 4.2], COMPARE_THRESHOLDS.rating)).toBe(false);
    expect(numbersDiffer([100, 140], COMPARE_THRESHOLDS.distance)).toBe(false);
    expect(numbersDiffer([100, 160], COMPARE_THRESHOLDS.distance)).toBe(true);
  });
  it("counts a value beside a missing one, and never differs with nothing to compare", () => {
    expect(numbersDiffer([300, null], COMPARE_THRESHOLDS.range)).toBe(true);
    expect(numbersDiffer([null, null], COMPARE_THRESHOLDS.range)).toBe(false);
    expect(numbersDiffer([25000, 25000], { atLeast: 0, share: 0 })).toBe(false);
    expect(numbersDiffer([25000], price)).toBe(false);
    expect(numbersDiffer([], price)).toBe(false);
  });
});

describe("truncateTrimName", () => {
  it("keeps names of up to 30 characters", () => {
    expect(truncateTrimName("XLE Premium")).toEqual({ text: "XLE Premium", truncated: false });
    const thirty = "A".repeat(30);
    expect(truncateTrimName(thirty)).toEqual({ text: thirty, truncated: false });
  });
  it("cuts longer names at 30 characters with an ellipsis", () => {
    const r = truncateTrimName("Limited Platinum Hybrid Max AWD Nightshade Edition");
    expect(r.truncated).toBe(true);
    expect(r.text).toBe("Limited Platinum Hybrid Max AW…");
    expect([...r.text.slice(0, -1)].length).toBe(30);
    // A cut that ends on a space does not leave it before the ellipsis.
    expect(truncateTrimName("Limited Platinum Hybrid Max 4 X4 Extra").text).toBe("Limited Platinum Hybrid Max 4…");
  });
});

describe("buildAndPriceHref", () => {
  it("carries makeCode, modelCode, ownerId, trim, year and zip", () => {
    expect(buildAndPriceHref({ makeCode: "TOYOTA", modelCode: "RAV4", ownerId: 12, trim: "XLE Premium", year: 2025, zip: "30301" })).toBe(
      "/build-and-price?makeCode=TOYOTA&modelCode=RAV4&ownerId=12&trim=XLE+Premium&year=2025&zip=30301",
    );
    expect(buildAndPriceHref({ makeCode: "TOYOTA", modelCode: "RAV4", trim: "LE", year: 2024 })).toBe(
      "/build-and-price?makeCode=TOYOTA&modelCode=RAV4&trim=LE&year=2024",
    );
  });
});
