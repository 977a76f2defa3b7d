// Paths of the model research pages (docs/decisions/024-model-research.md). Apart from routes.ts
// so the results page's JavaScript does not carry them (its links come from the server).
export const RESEARCH_PATHS = {
  /** Consumer reviews waiting for an operator (docs/decisions/024-model-research.md). */
  operatorReviews: "/operator/reviews",
  /** A model year's published consumer reviews: `/research/TOYOTA/RAV4/2022/reviews`. */
  modelYearReviews: (make: string, model: string, year: number | string, page?: number) =>
    `/research/${encodeURIComponent(make)}/${encodeURIComponent(model)}/${year}/reviews${page && page > 1 ? `?page=${page}` : ""}`,
  /** Write (or edit) the account's review of a model year: `/reviews/write?make=&model=&year=`. */
  writeReview: (make: string, model: string, year: number | string) => `/reviews/write?${new URLSearchParams({ make, model, year: String(year) })}`,
  /** POST target of 'Was this review helpful?'. */
  reviewHelpful: "/reviews/helpful",
  /** Review a dealer the shopper contacted through Forecourt: `/reviews/dealer?ownerId=`. */
  dealerReview: (ownerId: number) => `/reviews/dealer?ownerId=${ownerId}`,
  /** A published expert review. */
  expertReview: (id: number) => `/research/expert/${id}`,
  /** Editors write and publish expert reviews (operators). */
  operatorExpertReviews: "/operator/expert-reviews",
  /** The account's own reviews and their state. */
  myReviews: "/account/reviews",
} as const;
