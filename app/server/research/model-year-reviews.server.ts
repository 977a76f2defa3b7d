// A model year's published reviews with its ratings, for the reviews page and the vehicle page,
// and the vehicle page's dealer and expert reviews (docs/decisions/024-model-research.md). Each
// vehicle-page piece answers null on failure: the page stands without it.
import { RESEARCH_PATHS } from "../../lib/research-paths.ts";
import { FORECOURT_DEALER_REVIEWS } from "../../lib/trust-signals.ts";
import { getDatabase } from "../db/connection.server.ts";
import { reportError } from "../observability/log.server.ts";
import { modelName, publishedReviews, type ReviewView } from "./consumer-reviews.server.ts";
import { publishedDealerReviews, type DealerReviewView } from "./dealer-reviews.server.ts";
import { consumerRatingsFor, expertReviewsFor } from "./research-data.server.ts";
import type { ConsumerRatings } from "./research-services.server.ts";

export interface ModelYearReviews {
  make: string;
  model: string;
  year: number;
  name: string;
  ratings: ConsumerRatings | null;
  reviews: ReviewView[];
  total: number;
  page: number;
  pages: number;
  writeHref: string;
  allHref: string;
}

/** Published reviews of the model year, one page, with its ratings; null when the model is unknown. */
export async function modelYearReviews(make: string, model: string, y: number, page: number): Promise<ModelYearReviews | null> {
  const db = await getDatabase();
  const m = await modelName(db, make, model);
  if (!m) return null;
  const [ratings, list] = await Promise.all([consumerRatingsFor(make, model, y), publishedReviews(db, make, model, y, page)]);
  return {
    make,
    model,
    year: y,
    name: `${y} ${m.name}`,
    ratings,
    ...list,
    // A failed ratings call leaves the ratings out, never the reviews themselves.
    writeHref: RESEARCH_PATHS.writeReview(make, model, y),
    allHref: RESEARCH_PATHS.modelYearReviews(make, model, y),
  };
}

/** The vehicle page's reviews section (its model year; `reviewsPage` picks the page); null on failure. */
export async function vehicleReviews(listing: { makeCode: string; modelCode: string; year: number }, url: URL): Promise<ModelYearReviews | null> {
  try {
    return await modelYearReviews(listing.makeCode, listing.modelCode, listing.year, Number(url.searchParams.get("reviewsPage")) || 1);
  } catch (error) {
    reportError("vehicle page reviews failed", error);
    return null;
  }
}

/** The vehicle page's dealer reviews (most helpful 3) and the link to review the dealer. */
export async function vehicleDealerReviews(owner: {
  id: number;
  privateSeller: boolean;
  name: string;
  /** The owner row's rating source: Forecourt's own reviews exactly when it has approved ones. */
  ratingSource: string | null;
}): Promise<{ dealerName: string; reviews: DealerReviewView[]; reviewHref: string } | null> {
  if (owner.privateSeller) return null;
  try {
    const db = await getDatabase();
    // The owner row's count of approved reviews is kept by every change of a review's status
    // (recomputeDealerRating), and its rating is Forecourt's exactly when that count is above 0:
    // a dealer without one has nothing to read.
    const reviews = owner.ratingSource === FORECOURT_DEALER_REVIEWS ? await publishedDealerReviews(db, owner.id) : [];
    return { dealerName: owner.name, reviews, reviewHref: RESEARCH_PATHS.dealerReview(owner.id) };
  } catch (error) {
    reportError("vehicle page dealer reviews failed", error);
    return null;
  }
}

/** The vehicle page's expert review of its model year (through the breaker layer); null when none or on failure. */
export async function vehicleExpertReview(listing: {
  makeCode: string;
  modelCode: string;
  year: number;
}): Promise<{ id: number; headline: string; verdict: string; score: number; author: string; href: string } | null> {
  try {
    const [r] = await expertReviewsFor(listing.makeCode, listing.modelCode, listing.year);
    return r ? { id: r.id, headline: r.headline, verdict: r.verdict, score: r.score, author: r.author, href: RESEARCH_PATHS.expertReview(r.id) } : null;
  } catch (error) {
    reportError("vehicle page expert review failed", error);
    return null;
  }
}
