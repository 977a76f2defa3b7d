// What the pages show of model research, through the breaker layer: the vehicle reference lookup,
// then the consumer ratings fetch (docs/decisions/024-model-research.md). A failed call gives no
// items or no ratings, and the page leaves the section out.
import { serviceCalls } from "../services/calls.server.ts";
import type { ConsumerRatings } from "./research-services.server.ts";
import type { SafetyInfo } from "./safety.server.ts";
import type { ExpertReviewView } from "./expert-reviews.server.ts";

/** The model's published expert reviews (one model year when given), at most 2; none on failure. */
export async function expertReviewsFor(make: string, model: string, year: number | null, embed = false): Promise<ExpertReviewView[]> {
  const { reviews } = await serviceCalls().expertReview(new URLSearchParams({ ymmt: `${year ?? ""}|${make}|${model}|`, embed: String(embed) }));
  return reviews;
}

/** The model year's NHTSA safety ratings, or null when none were imported (or the call failed). */
export async function safetyInfoFor(make: string, model: string, year: number): Promise<SafetyInfo | null> {
  const { safety } = await serviceCalls().safety(new URLSearchParams({ yearId: String(year), atcMakeCode: make, atcModelCode: model }));
  return safety && safety.vehicles.length > 0 ? safety : null;
}

/** The model year's consumer ratings, or null when it has none (or a call failed). */
export async function consumerRatingsFor(make: string, model: string, year: number): Promise<ConsumerRatings | null> {
  const calls = serviceCalls();
  const { items } = await calls.referenceVehicles(new URLSearchParams({ yearId: String(year), atcMakeCode: make, atcModelCode: model }));
  if (items.length === 0) return null;
  const ratings = await calls.consumerRatings(new URLSearchParams({ vehicleId: items[0]!.vehicleId }));
  return ratings.numberOfReviews > 0 ? ratings : null;
}
