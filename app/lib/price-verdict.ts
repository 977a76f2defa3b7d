// The price verdict (docs/vehicle-page.md): one listing against its market. The same function rates every
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
import { distanceMiles, EARTH_RADIUS_MILES } from "./zip.ts";

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

const pct = (ratio: number) => `${Math.round(Math.abs(1 - ratio) * 100)}%`;

/**
 * The band of prices a rating stands for, in words ("Fair Price: 3% below to 5% above market"),
 * so that a Fair Price $5,000 above market and one $900 below both read true beside it.
 */
export const RATING_BANDS: Record<DealRating, string> = {
  great: `${pct(DEAL_THRESHOLDS.great)} or more below market`,
  good: `${pct(DEAL_THRESHOLDS.good)} to ${pct(DEAL_THRESHOLDS.great)} below market`,
  fair: `${pct(DEAL_THRESHOLDS.good)} below to ${pct(DEAL_THRESHOLDS.fair)} above market`,
  high: `more than ${pct(DEAL_THRESHOLDS.fair)} above market`,
};

/** "$5,349 (5%) above market": how far a price sits from its market; null without a market. */
export function marketDifference(price: number, market: number | null): string | null {
  if (market === null || !(market > 0)) return null;
  const diff = market - price;
  if (Math.abs(diff) < 100) return "At market price";
  const share = Math.abs(diff) / market;
  return `${formatPrice(Math.abs(diff))} (${sharePercent(share, price / market > DEAL_THRESHOLDS.fair)}) ${diff > 0 ? "below" : "above"} market`;
}

/**
 * A share as a percent with one decimal, so that 5.3% above never reads as the 5% that bounds the
 * Fair band; a High price (more than 5% above) never reads as 5%: two decimals, else "just over".
 */
function sharePercent(share: number, high: boolean): string {
  if (share < 0.001) return "under 0.1%";
  const edge = Number(((DEAL_THRESHOLDS.fair - 1) * 100).toFixed(1));
  for (const decimals of [1, 2]) {
    const shown = Number((share * 100).toFixed(decimals));
    if (!high || shown > edge) return `${shown}%`;
  }
  return `just over ${edge}%`;
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

/**
 * The verdict for one listing; null when there is neither a market nor an estimate. The plain
 * statement of the rule (and the reference the tests hold `marketVerdicts` to); rating a whole
 * market this way is quadratic, so the inventory uses `marketVerdicts`.
 */
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

// ---- Rating a whole market at once -------------------------------------------------------------

/** One degree of latitude is 69.09 miles on `distanceMiles`' sphere: at least 69. */
const MILES_PER_DEGREE_LAT_AT_LEAST = 69;
const DEG = Math.PI / 180;
const HALF_DEG = DEG / 2;
/** Candidates are kept in strips of this many degrees of longitude, each sorted by latitude. */
const STRIP_DEGREES = 2;
const STRIPS = 360 / STRIP_DEGREES;
/** The haversine term (`a` in `distanceMiles`) of a distance in miles. */
const haversineOf = (miles: number) => Math.sin(miles / EARTH_RADIUS_MILES / 2) ** 2;
/** The radii before nationwide (scopes 0, 1, 2; 3 is beyond them): three, then nationwide. */
const RADII = VERDICT_RADII.slice(0, 3) as [number, number, number];
const [R0, R1, R2] = RADII;
const BEYOND = 3;
/** Added to the scope of a comparable of another trim. */
const OTHER_TRIM = 4;
/**
 * Below IN_r two cars are surely within radius r, above OUT_r surely farther: the terms of 0.01
 * miles less and more, a margin far above floating-point error.
 */
const [IN_0, IN_1, IN_2] = RADII.map((r) => haversineOf(r - 0.01)) as [number, number, number];
const OUTSIDE = RADII.map((r) => haversineOf(r + 0.01));
const [OUT_0, OUT_1, OUT_2] = OUTSIDE as [number, number, number];

/** One condition class of a market as columns, ordered by longitude strip, then latitude. */
interface Columns {
  id: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  /** cos(latitude), for the cheap bounds on the distance. */
  cos: Float64Array;
  price: Float64Array;
  mileage: Float64Array;
  /** Trim rank, NaN for none. */
  rank: Float64Array;
  /** Trim code as a number, -1 for none. */
  trim: Int32Array;
  /** Strip j holds [stripStart[j], stripStart[j + 1]); one strip for everything when `strips` is 1. */
  strips: number;
  stripStart: Int32Array;
}

interface Subject {
  id: number;
  lat: number;
  lon: number;
  cos: number;
  trim: number;
  rank: number;
  mileage: number;
  /** Used cars compare within the mileage window; new cars at any mileage. */
  used: boolean;
  window: number;
}

/**
 * Counts and sums the comparables among candidates [from, to) by scope (0-3 near trim within 100 /
 * 250 / 500 miles / beyond, 4-7 other trims). `measure` false: they are known to be beyond 500
 * miles.
 */
function countComparables(c: Columns, s: Subject, from: number, to: number, measure: boolean, count: Float64Array, sum: Float64Array) {
  for (let k = from; k < to; k++) {
    if (c.id[k] === s.id) continue;
    if (s.used && !(Math.abs(c.mileage[k]! - s.mileage) <= s.window)) continue;
    let scope = (s.trim !== -1 && c.trim[k] === s.trim) || Math.abs(c.rank[k]! - s.rank) <= 1 ? 0 : OTHER_TRIM;
    if (!measure) scope += BEYOND;
    else {
      // a = sin²(dLat/2) + cos·cos·sin²(dLon/2) lies between the same with x - x³/6 and with x
      // for sin(x) (0 <= x <= √6): that settles the scope of all but the cars within a hair of
      // 100, 250 or 500 miles without the trigonometry; those get `distanceMiles` itself.
      const y = Math.abs(c.lat[k]! - s.lat) * HALF_DEG;
      const x = Math.abs(c.lon[k]! - s.lon) * HALF_DEG;
      const cc = s.cos * c.cos[k]!;
      const sy = y - (y * y * y) / 6;
      const sx = x - (x * x * x) / 6;
      const low = (sy > 0 ? sy * sy : 0) + (sx > 0 ? cc * sx * sx : 0);
      const high = y * y + cc * x * x;
      if (high < IN_0) scope += 0;
      else if (low > OUT_0 && high < IN_1) scope += 1;
      else if (low > OUT_1 && high < IN_2) scope += 2;
      else if (low > OUT_2) scope += BEYOND;
      else {
        const miles = distanceMiles(s.lat, s.lon, c.lat[k]!, c.lon[k]!);
        scope += miles <= R0 ? 0 : miles <= R1 ? 1 : miles <= R2 ? 2 : BEYOND;
      }
    }
    count[scope]++;
    sum[scope] += c.price[k]!;
  }
}

/** Index of the first candidate in [lo, hi) with latitude >= x (> x when `after`). */
function latitudeBound(lat: Float64Array, lo: number, hi: number, x: number, after: boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lat[mid]! < x || (after && lat[mid] === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The longitude strips that can hold a car within `radius` miles of the subject (whose latitude
 * window is ± `half` degrees): all of them near a pole or the antimeridian. a <= A (the radius)
 * and a >= cos(lat)·cos(lat')·sin²(dLon/2), with cos(lat') at least that of the window's far
 * edge, bound dLon.
 */
function stripRange(c: Columns, s: Subject, half: number, r: number): [number, number] {
  if (c.strips === 1) return [0, 0];
  const farthest = Math.abs(s.lat) + half;
  if (farthest >= 89) return [0, c.strips - 1];
  const q = OUTSIDE[r]! / (s.cos * Math.cos(farthest * DEG));
  if (!(q < 0.25)) return [0, c.strips - 1];
  const reach = ((2 * Math.asin(Math.sqrt(q))) / DEG) * 1.0001 + 1e-6;
  if (s.lon - reach <= -180 || s.lon + reach >= 180) return [0, c.strips - 1];
  return [stripOf(s.lon - reach), stripOf(s.lon + reach)];
}

const stripOf = (lon: number) => Math.min(STRIPS - 1, Math.floor((lon + 180) / STRIP_DEGREES));

/**
 * Every listing's verdict in one market (the same year, make and model): exactly
 * `priceVerdict(listings[i], listings, estimates[i])` for each i, without comparing every pair.
 *
 * Each condition class (new, used) is put in strips of 2 degrees of longitude, each sorted by
 * latitude. A listing's comparables within R miles lie within R / 69 degrees of latitude of it
 * (a degree is at least 69 miles) and within a longitude reach that follows from its latitude, so
 * the 100, 250 and 500 mile scopes scan only that window of the strips it reaches, widening it
 * only when the narrower scope has too few. There, cheap bounds on the distance settle its scope
 * (`distanceMiles` only for cars within a hair of a radius), and comparables are counted and
 * summed by scope (near trim or not x within 100 / 250 / 500 miles or beyond) instead of listed.
 * Only when the near trims within 500 miles are too few is the rest of the class counted, without
 * distances. Sums of whole-dollar prices are exact in any order, so the averages equal the
 * reference's; a market with a price that is not a whole number or a latitude or longitude that
 * is not a number (or a latitude past 90) takes the reference path.
 */
export function marketVerdicts(listings: readonly MarketListing[], estimates: readonly (number | null)[]): (PriceVerdict | null)[] {
  const n = listings.length;
  let total = 0;
  let stripped = true;
  for (const l of listings) {
    if (!(Math.abs(l.lat) <= 90) || !Number.isFinite(l.lon) || !Number.isInteger(l.price)) return referenceVerdicts(listings, estimates);
    total += Math.abs(l.price);
    if (!(l.lon >= -180 && l.lon <= 180)) stripped = false;
  }
  if (total > Number.MAX_SAFE_INTEGER) return referenceVerdicts(listings, estimates);

  const trimIndex = new Map<string, number>();
  const trimOf = (code: string | null) => {
    if (code === null) return -1;
    let i = trimIndex.get(code);
    if (i === undefined) trimIndex.set(code, (i = trimIndex.size));
    return i;
  };
  const strips = stripped ? STRIPS : 1;
  const out = new Array<PriceVerdict | null>(n).fill(null);
  const count = new Float64Array(8);
  const sum = new Float64Array(8);
  // The candidates counted so far in each strip, [lo, hi), valid when the strip's mark is the subject's.
  const lo = new Int32Array(strips);
  const hi = new Int32Array(strips);
  const mark = new Int32Array(strips).fill(-1);
  for (const isNew of [false, true]) {
    const order: number[] = [];
    for (let i = 0; i < n; i++) if (listings[i]!.isNew === isNew && !(listings[i]!.price <= 0)) order.push(i);
    const stripOfListing = (i: number) => (strips === 1 ? 0 : stripOf(listings[i]!.lon));
    order.sort((a, b) => stripOfListing(a) - stripOfListing(b) || listings[a]!.lat - listings[b]!.lat);
    const size = order.length;
    const c: Columns = {
      id: new Float64Array(size),
      lat: new Float64Array(size),
      lon: new Float64Array(size),
      cos: new Float64Array(size),
      price: new Float64Array(size),
      mileage: new Float64Array(size),
      rank: new Float64Array(size),
      trim: new Int32Array(size),
      strips,
      stripStart: new Int32Array(strips + 1),
    };
    for (let k = 0; k < size; k++) {
      const l = listings[order[k]!]!;
      c.id[k] = l.id;
      c.lat[k] = l.lat;
      c.lon[k] = l.lon;
      c.cos[k] = Math.cos(l.lat * DEG);
      c.price[k] = l.price;
      c.mileage[k] = l.mileage;
      c.rank[k] = l.trimRank === null ? Number.NaN : l.trimRank;
      c.trim[k] = trimOf(l.trimCode);
      c.stripStart[stripOfListing(order[k]!) + 1]++;
    }
    for (let j = 0; j < strips; j++) c.stripStart[j + 1]! += c.stripStart[j]!;

    for (let i = 0; i < n; i++) {
      const l = listings[i]!;
      if (l.isNew !== isNew) continue;
      const s: Subject = {
        id: l.id,
        lat: l.lat,
        lon: l.lon,
        cos: Math.cos(l.lat * DEG),
        trim: trimOf(l.trimCode),
        rank: l.trimRank === null ? Number.NaN : l.trimRank,
        mileage: l.mileage,
        used: !isNew,
        window: Math.max(MILEAGE_WINDOW.miles, l.mileage * MILEAGE_WINDOW.share),
      };
      count.fill(0);
      sum.fill(0);
      let found: PriceVerdict | null = null;
      // Near trims within 100, 250, 500 miles: scopes 0..r.
      for (let r = 0; r < RADII.length && !found; r++) {
        const half = RADII[r]! / MILES_PER_DEGREE_LAT_AT_LEAST;
        const [first, last] = stripRange(c, s, half, r);
        for (let j = first; j <= last; j++) {
          const start = c.stripStart[j]!;
          const end = c.stripStart[j + 1]!;
          if (start === end) continue;
          if (mark[j] !== i) {
            mark[j] = i;
            lo[j] = hi[j] = latitudeBound(c.lat, start, end, s.lat, false);
          }
          const newLo = latitudeBound(c.lat, start, lo[j]!, s.lat - half, false);
          const newHi = latitudeBound(c.lat, hi[j]!, end, s.lat + half, true);
          countComparables(c, s, newLo, lo[j]!, true, count, sum);
          countComparables(c, s, hi[j]!, newHi, true, count, sum);
          lo[j] = newLo;
          hi[j] = newHi;
        }
        found = comparablesVerdict(l.price, count, sum, r, false, RADII[r]!);
      }
      if (!found) {
        // The rest are more than 500 miles away: counted, not measured.
        for (let j = 0; j < strips; j++) {
          const start = c.stripStart[j]!;
          const end = c.stripStart[j + 1]!;
          if (mark[j] === i) {
            countComparables(c, s, start, lo[j]!, false, count, sum);
            countComparables(c, s, hi[j]!, end, false, count, sum);
          } else countComparables(c, s, start, end, false, count, sum);
        }
        found =
          comparablesVerdict(l.price, count, sum, BEYOND, false, null) ??
          comparablesVerdict(l.price, count, sum, 0, true, R0) ??
          comparablesVerdict(l.price, count, sum, 1, true, R1) ??
          comparablesVerdict(l.price, count, sum, 2, true, R2) ??
          comparablesVerdict(l.price, count, sum, BEYOND, true, null);
      }
      out[i] = found ?? estimateVerdict(l.price, estimates[i] ?? null);
    }
    mark.fill(-1);
  }
  return out;
}

/** The verdict from the comparables in distance scopes 0..upTo (near trims, or every trim). */
function comparablesVerdict(price: number, count: Float64Array, sum: Float64Array, upTo: number, anyTrim: boolean, radius: number | null): PriceVerdict | null {
  let n = 0;
  let total = 0;
  for (let d = 0; d <= upTo; d++) {
    n += count[d]!;
    total += sum[d]!;
    if (anyTrim) {
      n += count[OTHER_TRIM + d]!;
      total += sum[OTHER_TRIM + d]!;
    }
  }
  if (n < MIN_COMPARABLES) return null;
  const average = Math.round(total / n);
  return { rating: ratingFor(price, average), marketPrice: average, basis: "comparables", count: n, radius };
}

function estimateVerdict(price: number, estimate: number | null): PriceVerdict | null {
  if (estimate !== null && estimate > 0) return { rating: ratingFor(price, estimate), marketPrice: estimate, basis: "estimate", count: 0, radius: null };
  return null;
}

function referenceVerdicts(listings: readonly MarketListing[], estimates: readonly (number | null)[]): (PriceVerdict | null)[] {
  return listings.map((s, i) => priceVerdict(s, listings, estimates[i] ?? null));
}
