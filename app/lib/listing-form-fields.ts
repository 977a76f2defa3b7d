// The vehicle page's form vocabulary without its schemas (app/lib/listing-forms.ts holds the zod
// schemas): what the results page's Report dialog needs, kept free of zod so it stays out of the
// results page's JavaScript (docs/results-page.md).

/** The hidden field a person never fills in; a bot that does is refused and nothing is stored. */
export const HONEYPOT_FIELD = "website";

export const REPORT_REASONS = {
  sold: "The car is already sold",
  price: "The price is wrong or misleading",
  details: "The photos or details are wrong",
  scam: "The seller seems fraudulent",
  duplicate: "It is listed more than once",
  other: "Something else",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

/** A form posted by a fetcher says so (`via=fetch`): its action answers with data instead of redirecting. */
export const VIA_FETCH = { name: "via", value: "fetch" } as const;
