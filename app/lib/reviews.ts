// Consumer reviews of a model year (docs/decisions/024-model-research.md): the rating categories,
// the limits of a review, what holds a review for an operator's eyes, and the results page's rule
// for showing consumer ratings. No zod here: the results page imports this (its form schema is in
// review-schemas.ts).
import type { SearchQuery } from "./search-query";

/** The spec's ratings list: 'Overall Rating' first, then the categories a reviewer rates. */
export const OVERALL_RATING = "Overall Rating";
export const REVIEW_CATEGORIES = [
  { key: "comfort", label: "Comfort" },
  { key: "performance", label: "Performance" },
  { key: "reliability", label: "Reliability" },
  { key: "value", label: "Value" },
  { key: "interior", label: "Interior" },
  { key: "technology", label: "Technology" },
] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number]["key"];

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_TEXT_MIN = 50;
export const REVIEW_TEXT_MAX = 4000;
export const REJECT_REASON_MAX = 300;
/** Reviews per page on the vehicle page and the model year's review page. */
export const REVIEWS_PAGE_SIZE = 5;

/** Why a shopper may not review a dealer (dealer reviews need a stored lead). */
export const NOT_CONTACTED = "Only shoppers who contacted this dealer through Forecourt can review it.";

/** The spec's answer to a helpful vote (section 8). */
export const HELPFUL_THANKS = "Thank you for your feedback.";

export type ReviewStatus = "pending" | "approved" | "rejected";
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "Waiting for review",
  approved: "Published",
  rejected: "Not published",
};

// What an operator reads before it is published (never silently dropped or starred out).
const LINK = /(https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(com|net|org|io|co|biz|info|ru|xyz)\b/i;
const PROFANITY = /\b(fuck\w*|shit\w*|bitch\w*|asshole\w*|bastard\w*|cunt\w*|dick(head)?s?|piss(ed)?|crap)\b/i;

/** Why a review needs an operator's decision beyond the usual check: links or profanity. */
export function heldReasons(text: string): string[] {
  const out: string[] = [];
  if (LINK.test(text)) out.push("Contains a link");
  if (PROFANITY.test(text)) out.push("Contains profanity");
  return out;
}

/**
 * What every written or rewritten review (of a model year or of a dealer) stores besides its
 * ratings: the title and text, and a fresh wait for an operator with the reasons to look closer.
 */
export function pendingReviewColumns(form: { title: string; text: string }, now: number) {
  const held = heldReasons(`${form.title}\n${form.text}`);
  return {
    held,
    columns: {
      title: form.title,
      body: form.text,
      status: "pending" as const,
      held_reasons: held.length ? held.join("\n") : null,
      reject_reason: null,
      updated_at: now,
      decided_at: null,
    },
  };
}

/**
 * The results page's consumer ratings rule (section 5 of the product spec): a single make and
 * model, start year equal to end year (an open end counts as the current year), no trim; not for
 * a new or certified listing type, a private-seller search, a single selected style, drive,
 * engine or fuel, a price with only a minimum or only a maximum, or an mpg range. Returns the
 * model year the ratings are for, or null when they do not show.
 */
export function consumerRatingsYear(q: SearchQuery, currentYear: number): { make: string; model: string; year: number } | null {
  if (q.makeCodes.length !== 1) return null;
  const make = q.makeCodes[0];
  const models = q.models[make] ?? [];
  if (models.length !== 1) return null;
  if (q.trimCodes.length > 0) return null;
  if (q.startYear === undefined || q.startYear !== (q.endYear ?? currentYear)) return null;
  if (q.listingTypes.some((t) => t === "NEW" || t === "CERTIFIED")) return null;
  if (q.sellerTypes.length === 1 && q.sellerTypes[0] === "p") return null;
  for (const single of [q.vehicleStyleCodes, q.driveGroups, q.engineCodes, q.fuelTypeGroups]) if (single.length === 1) return null;
  if ((q.minPrice === undefined) !== (q.maxPrice === undefined)) return null;
  if (q.mpgRange !== undefined) return null;
  return { make, model: models[0], year: q.startYear };
}
