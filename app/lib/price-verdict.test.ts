import { describe, expect, it } from "vitest";
import { findComparables, priceVerdict, ratingFor, verdictReason, type MarketListing } from "./price-verdict.ts";

// Around Columbus, Ohio; one degree of latitude is about 69 miles.
const HOME = { lat: 39.96, lon: -83.0 };
let nextId = 1;
function car(over: Partial<MarketListing> = {}): MarketListing {
  return { id: nextId++, isNew: false, trimCode: "XLE", trimRank: 2, mileage: 30_000, price: 25_000, lat: HOME.lat, lon: HOME.lon, ...over };
}
const north = (miles: number) => ({ lat: HOME.lat + miles / 69, lon: HOME.lon });

describe("ratingFor", () => {
  it("rates the price against the market: great <= 92%, good <= 97%, fair <= 105%, else high", () => {
    expect(ratingFor(23_000, 25_000)).toBe("great");
    expect(ratingFor(23_001, 25_000)).toBe("good");
    expect(ratingFor(24_250, 25_000)).toBe("good");
    expect(ratingFor(24_251, 25_000)).toBe("fair");
    expect(ratingFor(26_250, 25_000)).toBe("fair");
    expect(ratingFor(26_251, 25_000)).toBe("high");
  });
});

describe("priceVerdict on known inventories", () => {
  it("averages near cars within 100 miles and says so", () => {
    const subject = car({ price: 23_760 });
    const market = [subject, car({ price: 24_000 }), car({ price: 25_000, ...north(40) }), car({ price: 26_000, ...north(90) })];
    const v = priceVerdict(subject, market, 30_000);
    expect(v).toEqual({ rating: "good", marketPrice: 25_000, basis: "comparables", count: 3, radius: 100 });
    expect(verdictReason(subject.price, v!)).toBe("$1,240 below the average of 3 similar cars within 100 miles");
  });

  it("leaves out the listing itself, other conditions, far mileage and far trims", () => {
    const subject = car({ price: 20_000, mileage: 50_000 });
    const market = [
      subject,
      car({ price: 21_000, mileage: 40_000 }),
      car({ price: 22_000, mileage: 64_000 }), // within 30% of 50,000
      car({ price: 23_000, trimCode: "LE", trimRank: 1, mileage: 45_000 }), // a neighbouring trim
      car({ price: 99_000, isNew: true }),
      car({ price: 5_000, mileage: 120_000 }),
      car({ price: 60_000, trimCode: "LIMITED", trimRank: 5, mileage: 50_000 }),
    ];
    const found = findComparables(subject, market);
    expect(found?.list.map((c) => c.price).sort()).toEqual([21_000, 22_000, 23_000]);
    expect(priceVerdict(subject, market, null)?.marketPrice).toBe(22_000);
  });

  it("widens the radius step by step, then nationwide", () => {
    const subject = car({ price: 30_000 });
    const at = (miles: number, price: number) => car({ price, ...north(miles) });
    const v250 = priceVerdict(subject, [subject, at(10, 30_000), at(200, 30_000), at(240, 30_000), at(1000, 10_000)], null);
    expect(v250).toMatchObject({ radius: 250, count: 3, marketPrice: 30_000, rating: "fair" });
    const all = priceVerdict(subject, [subject, at(10, 32_000), at(900, 33_000), at(1500, 34_000)], null);
    expect(all).toMatchObject({ radius: null, count: 3, marketPrice: 33_000, rating: "great" });
    expect(verdictReason(30_000, all!)).toBe("$3,000 below the average of 3 similar cars nationwide");
  });

  it("prefers the same or a near trim anywhere before other trims nearby", () => {
    const subject = car({ price: 30_000 });
    const market = [
      subject,
      ...[1, 2, 3].map((i) => car({ trimCode: "BASE", trimRank: 0, price: 20_000 + i, ...north(5) })),
      ...[1, 2, 3].map((i) => car({ price: 31_000, ...north(600 + i) })),
    ];
    expect(priceVerdict(subject, market, null)).toMatchObject({ radius: null, count: 3, marketPrice: 31_000 });
  });

  it("falls back to our estimate when fewer than 3 similar cars are for sale, and says that", () => {
    const subject = car({ price: 26_900 });
    const v = priceVerdict(subject, [subject, car({ price: 20_000 }), car({ price: 21_000 })], 25_000);
    expect(v).toEqual({ rating: "high", marketPrice: 25_000, basis: "estimate", count: 0, radius: null });
    expect(verdictReason(subject.price, v!)).toBe("$1,900 above our estimate of $25,000 for this car");
    expect(priceVerdict(subject, [subject], null)).toBeNull();
  });

  it("compares new cars with new cars whatever their delivery miles", () => {
    const subject = car({ isNew: true, mileage: 5, price: 40_000 });
    const market = [subject, ...[10, 250, 400].map((m) => car({ isNew: true, mileage: m, price: 40_050 })), car({ price: 30_000 })];
    const v = priceVerdict(subject, market, null)!;
    expect(v).toMatchObject({ count: 3, marketPrice: 40_050, rating: "fair" });
    expect(verdictReason(40_000, v)).toBe("In line with the average of 3 similar cars within 100 miles");
  });
});
