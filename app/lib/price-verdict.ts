// The price verdict (issue 6): one listing against its market. The same function rates every
// listing in the database (deal_rating / market_price, which drive the deal badges and the Best
// Deals filter, see app/server/inventory/market.server.ts) and explains the rating on the vehicle
// page, so the badge and its reason can never disagree.
//
// The market is the average asking price of comparable cars for sale: same year, make and model,
// same condition class (new vs used), a near trim, a near mileage, within a radius of the listing.
// The radius widens (100, 250, 500 miles, nationwide) and then the trim relaxes until there are
// at least MIN_COMPARABLES. With fewer, the verdict falls back to our value estimate for the car
// (from its MSRP, age and mileage) and says so.
import { formatPrice } from "./format.ts";
import { distanceMiles } from "./zip.ts";

export type DealRating = "great" | "good" | "fair" | "high";

/** Price / market ratio at or under which a rating applies; above `fair` the price is high. */
export const DEAL_THRESHOLDS = { great: 0.92, good: 0.97, fair: 1.05 } as const;
/** Fewer comparable cars than this and the average says too little. */
export const MIN_COMPARABLES = 3;
/** Radii tried in turn, in miles; null is nationwide. */
export const VERDICT_RADII: readonly (number | null)[] = [100, 250, 500, null];
/** Used cars compare with cars within this many miles on the odometer (or 30% of the car's own). */
export const MILEAGE_WINDOW = { miles: 15_000, share: 0.3 } as const;

export interface MarketListing {
  id: number;
  /** New cars compare with new cars; used, certified and third-party certified with each other. */
  isNew: boolean;
  trimCode: string | null;
  /** Position of the trim in its model's line-up (ref_trims.trim_rank): near trims are within one. */
  trimRank: number | null;
  mileage: number;
  price: number;
  lat: number;
  lon: number;
}

export interface PriceVerdict {
  rating: DealRating;
  /** The price the listing is measured against: the comparables' average, or our estimate. */
  marketPrice: number;
  basis: "comparables" | "estimate";
  /** Comparable cars averaged (0 for an estimate). */
  count: number;
  /** Miles; null is nationwide (or an estimate). */
  radius: number | null;
}

export function ratingFor(price: number, market: number): DealRating {
  const r = price / market;
  if (r <= DEAL_THRESHOLDS.great) return "great";
  if (r <= DEAL_THRESHOLDS.good) return "good";
  if (r <= DEAL_THRESHOLDS.fair) return "fair";
  return "high";
}

function nearMileage(subject: MarketListing, c: MarketListing): boolean {
  if (subject.isNew) return true;
  return Math.abs(c.mileage - subject.mileage) <= Math.max(MILEAGE_WINDOW.miles, subject.mileage * MILEAGE_WINDOW.share);
}

function nearTrim(subject: MarketListing, c: MarketListing): boolean {
  if (subject.trimCode !== null && c.trimCode === subject.trimCode) return true;
  return subject.trimRank !== null && c.trimRank !== null && Math.abs(c.trimRank - subject.trimRank) <= 1;
}

/**
 * The comparables for `subject` among `candidates` (the same year, make and model; the subject
 * itself may be among them), at the narrowest scope that has enough of them.
 */
export function findComparables(subject: MarketListing, candidates: readonly MarketListing[]): { list: MarketListing[]; radius: number | null } | null {
  // Distance and the cheap tests once per candidate, then the scopes from narrow to wide.
  const pool: { c: MarketListing; miles: number; trim: boolean }[] = [];
  for (const c of candidates) {
    if (c.id === subject.id || c.isNew !== subject.isNew || c.price <= 0 || !nearMileage(subject, c)) continue;
    pool.push({ c, miles: distanceMiles(subject.lat, subject.lon, c.lat, c.lon), trim: nearTrim(subject, c) });
  }
  if (pool.length < MIN_COMPARABLES) return null;
  for (const trimOnly of [true, false]) {
    for (const radius of VERDICT_RADII) {
      const list = pool.filter((p) => (!trimOnly || p.trim) && (radius === null || p.miles <= radius)).map((p) => p.c);
      if (list.length >= MIN_COMPARABLES) return { list, radius };
    }
  }
  return null;
}

/** The verdict for one listing; null when there is neither a market nor an estimate. */
export function priceVerdict(subject: MarketListing, candidates: readonly MarketListing[], estimate: number | null): PriceVerdict | null {
  const found = findComparables(subject, candidates);
  if (found) {
    const average = Math.round(found.list.reduce((s, c) => s + c.price, 0) / found.list.length);
    return { rating: ratingFor(subject.price, average), marketPrice: average, basis: "comparables", count: found.list.length, radius: found.radius };
  }
  if (estimate !== null && estimate > 0) {
    return { rating: ratingFor(subject.price, estimate), marketPrice: estimate, basis: "estimate", count: 0, radius: null };
  }
  return null;
}

/**
 * The verdict in plain words, e.g. "$1,240 below the average of 23 similar cars within 100
 * miles" or "$800 above our estimate of $21,500 for this car".
 */
export function verdictReason(price: number, v: Pick<PriceVerdict, "marketPrice" | "basis" | "count" | "radius">): string {
  const diff = v.marketPrice - price;
  const where = v.radius === null ? "nationwide" : `within ${v.radius} miles`;
  const against =
    v.basis === "comparables"
      ? `the average of ${v.count} similar ${v.count === 1 ? "car" : "cars"} ${where}`
      : `our estimate of ${formatPrice(v.marketPrice)} for this car`;
  if (Math.abs(diff) < 100) return `In line with ${against}`;
  return `${formatPrice(Math.abs(diff))} ${diff > 0 ? "below" : "above"} ${against}`;
}
