// Relevance, defined honestly: how good the deal is, how close the car is and how fresh the
// listing is. Nothing paid for changes it (spotlights and boosts are separate, labelled slots).
// Points are whole numbers from fixed steps so both engines rank identically; ties go to the
// newer listing, then the lower listing id.
export const DAY_MS = 86_400_000;

/** The listing's deal rating (price against the market estimate). No estimate scores a little above "high". */
export const RELEVANCE_DEAL_POINTS = { great: 40, good: 30, fair: 10, high: 0, none: 5 } as const;
/** Listing age in days (strictly under) -> points. */
export const RELEVANCE_FRESHNESS_POINTS: readonly (readonly [number, number])[] = [
  [3, 30],
  [7, 24],
  [14, 18],
  [30, 10],
  [60, 4],
];
/** Distance in miles (at most) -> points; only when the search has a location. */
export const RELEVANCE_DISTANCE_POINTS: readonly (readonly [number, number])[] = [
  [10, 30],
  [25, 22],
  [50, 15],
  [100, 8],
];

export function dealPoints(rating: string | null | undefined): number {
  switch (rating) {
    case "great":
      return RELEVANCE_DEAL_POINTS.great;
    case "good":
      return RELEVANCE_DEAL_POINTS.good;
    case "fair":
      return RELEVANCE_DEAL_POINTS.fair;
    case "high":
      return RELEVANCE_DEAL_POINTS.high;
    default:
      return RELEVANCE_DEAL_POINTS.none;
  }
}

export function freshnessPoints(dateListed: number, now: number): number {
  const age = now - dateListed;
  for (const [days, points] of RELEVANCE_FRESHNESS_POINTS) if (age < days * DAY_MS) return points;
  return 0;
}

export function distancePoints(distance: number | null): number {
  if (distance === null) return 0;
  for (const [miles, points] of RELEVANCE_DISTANCE_POINTS) if (distance <= miles) return points;
  return 0;
}

export function relevanceScore(rating: string | null, dateListed: number, now: number, distance: number | null): number {
  return dealPoints(rating) + freshnessPoints(dateListed, now) + distancePoints(distance);
}

/** Score and listing date as one number that sorts like (score, date): exact below 2^53. */
export const RELEVANCE_SCORE_SCALE = 2 ** 42;
