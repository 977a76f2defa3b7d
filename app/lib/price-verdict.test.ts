import { describe, expect, it } from "vitest";
import { findComparables, marketVerdicts, priceVerdict, ratingFor, verdictReason, type MarketListing, type PriceVerdict } from "./price-verdict.ts";

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

describe("marketVerdicts (a whole market at once)", () => {
  // A seeded PRNG (mulberry32), so a failure reproduces.
  function prng(seed: number) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  // Cities the cars cluster around (Alaska and Hawaii far from the rest), a few cars anywhere.
  const CITIES = [
    { lat: 39.96, lon: -83.0 },
    { lat: 41.88, lon: -87.63 },
    { lat: 40.71, lon: -74.0 },
    { lat: 33.75, lon: -84.39 },
    { lat: 34.05, lon: -118.24 },
    { lat: 47.61, lon: -122.33 },
    { lat: 29.76, lon: -95.37 },
    { lat: 61.22, lon: -149.9 },
    { lat: 21.31, lon: -157.86 },
    // Either side of the antimeridian, and near the pole: where longitude says little about distance.
    { lat: 52.0, lon: 179.5 },
    { lat: 51.5, lon: -179.5 },
    { lat: 88.5, lon: 20 },
    { lat: 81.5, lon: -62 },
  ];
  const TRIMS: { code: string | null; rank: number | null }[] = [
    { code: "BASE", rank: 0 },
    { code: "LE", rank: 1 },
    { code: "XLE", rank: 2 },
    { code: "LTD", rank: 3 },
    { code: "PLAT", rank: 4 },
    { code: "XSE", rank: 2 },
    { code: "ODD", rank: null },
    { code: null, rank: null },
    { code: null, rank: 1 },
  ];
  const wrap = (lon: number) => (lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);
  function market(seed: number, size: number, spread: number): MarketListing[] {
    const rnd = prng(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const out: MarketListing[] = [];
    for (let i = 0; i < size; i++) {
      const city = pick(CITIES);
      const far = rnd() < 0.05;
      // Some cars share a dealer's exact spot; some sit just inside or outside a radius due north
      // or due east (at this latitude) of their city.
      const edge = rnd() < 0.1 ? pick([99.9, 100, 100.1, 249.9, 250.1, 499.9, 500.1]) : 0;
      const east = rnd() < 0.5;
      const dLat = east ? 0 : edge / 69.0934;
      const dLon = east ? edge / (69.0934 * Math.cos((city.lat * Math.PI) / 180)) : 0;
      const jitter = rnd() < 0.3 ? 0 : spread;
      // A few trims so rare that their cars lack near trims and fall back to other trims nearby.
      const trim = rnd() < 0.03 ? { code: `RARE${Math.floor(rnd() * 20)}`, rank: null } : pick(TRIMS);
      const isNew = rnd() < 0.3;
      out.push({
        id: 1000 + i,
        isNew,
        trimCode: trim.code,
        trimRank: trim.rank,
        mileage: isNew ? Math.floor(rnd() * 300) : Math.floor(rnd() * rnd() * 200_000),
        price: rnd() < 0.02 ? 0 : 5_000 + Math.floor(rnd() * 60_000),
        lat: far ? 25 + rnd() * 24 : Math.max(-90, Math.min(90, city.lat + (rnd() - 0.5) * jitter + dLat)),
        lon: far ? -124 + rnd() * 57 : wrap(city.lon + (rnd() - 0.5) * jitter + dLon),
      });
    }
    return out;
  }
  const reference = (listings: MarketListing[], estimates: (number | null)[]) => listings.map((s, i) => priceVerdict(s, listings, estimates[i] ?? null));

  it("gives every listing exactly the verdict priceVerdict gives it, at every radius and on the estimate", () => {
    const seen = new Set<string>();
    let checked = 0;
    // Dense markets (most verdicts within 100 miles), wide ones, and thin ones (nationwide, estimates).
    for (const [seed, size, spread] of [
      [1, 2500, 3],
      [2, 1500, 12],
      [3, 600, 30],
      [4, 60, 20],
      [5, 8, 5],
      [6, 1, 0],
    ] as const) {
      const listings = market(seed, size, spread);
      const rnd = prng(seed + 100);
      const estimates = listings.map(() => (rnd() < 0.1 ? null : rnd() < 0.05 ? 0 : 10_000 + Math.floor(rnd() * 40_000)));
      const fast = marketVerdicts(listings, estimates);
      const slow = reference(listings, estimates);
      expect(fast).toEqual(slow);
      checked += listings.length;
      for (const v of slow) seen.add(v === null ? "none" : `${v.basis} ${v.radius}`);
    }
    expect(checked).toBeGreaterThan(4000);
    // The comparison covered every outcome.
    expect([...seen].sort()).toEqual(["comparables 100", "comparables 250", "comparables 500", "comparables null", "estimate null", "none"]);
  });

  it("takes the plain path for prices that are not whole dollars and coordinates that are not numbers or out of range", () => {
    const listings = market(7, 300, 10);
    listings[5] = { ...listings[5]!, price: 24_999.5 };
    const estimates = listings.map(() => 20_000);
    expect(marketVerdicts(listings, estimates)).toEqual(reference(listings, estimates));
    listings[5] = { ...listings[5]!, price: 25_000, lat: Number.NaN };
    expect(marketVerdicts(listings, estimates)).toEqual(reference(listings, estimates));
    listings[5] = { ...listings[5]!, lat: 95 };
    expect(marketVerdicts(listings, estimates)).toEqual(reference(listings, estimates));
    // A longitude past 180 (the same place as one 360 degrees less): no strips, the same verdicts.
    listings[5] = { ...listings[5]!, lat: 40, lon: -83 + 360 };
    expect(marketVerdicts(listings, estimates)).toEqual(reference(listings, estimates));
  });

  it("rates the known inventories above as priceVerdict does", () => {
    const subject = car({ price: 23_760 });
    const list = [subject, car({ price: 24_000 }), car({ price: 25_000, ...north(40) }), car({ price: 26_000, ...north(90) })];
    const v: (PriceVerdict | null)[] = marketVerdicts(list, [30_000, null, null, null]);
    expect(v[0]).toEqual({ rating: "good", marketPrice: 25_000, basis: "comparables", count: 3, radius: 100 });
    expect(v).toEqual(reference(list, [30_000, null, null, null]));
  });
});
