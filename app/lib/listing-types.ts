// The listing types and every word the site shows for them: one table each, for server and
// browser alike (docs/search-urls.md for the URL conditions, ADR 022 for certification labels).
// A 3P_CERT listing is certified by an independent programme and is searched and titled as a used
// car; its label is the trust-signal wording "Third-party certified" (app/lib/trust-signals.ts).

/** A listing's type as stored and as sent in `listingTypes`. */
export const LISTING_TYPES = ["NEW", "USED", "CERTIFIED", "3P_CERT"] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** The three conditions a search page is about (3P_CERT counts as USED). */
export type BaseCondition = "NEW" | "USED" | "CERTIFIED";
export const BASE_CONDITIONS: readonly BaseCondition[] = ["NEW", "USED", "CERTIFIED"];

/** What a shopper reads for each listing type: the Condition filter's options, the vehicle page, compare. */
export const LISTING_TYPE_LABELS: Readonly<Record<string, string>> = { NEW: "New", USED: "Used", CERTIFIED: "Certified", "3P_CERT": "Third-party certified" };

/** The label of a stored listing type; anything unknown reads as a used car. */
export function listingTypeLabel(listingType: string): string {
  return LISTING_TYPE_LABELS[listingType] ?? CONDITION_NAMES.USED;
}

/** The condition a listing is searched under: 3P_CERT (and anything unknown) is USED. */
export function baseConditionOf(listingType: string): BaseCondition {
  return listingType === "NEW" || listingType === "CERTIFIED" ? listingType : "USED";
}

/** The names of the base conditions ("New", "Used", "Certified"), also the first word of a listing's title. */
export const CONDITION_NAMES: Record<BaseCondition, string> = { NEW: "New", USED: "Used", CERTIFIED: "Certified" };

/** The first word of a listing's title: "Used 2021 Chevrolet Equinox LT" for a 3P_CERT listing too. */
export function titleWordOf(listingType: string): string {
  return CONDITION_NAMES[baseConditionOf(listingType)];
}

/** A results page's condition as it stands in its path, and its name in headings and breadcrumbs. */
export type PageCondition = "used" | "new" | "certified" | "all";
export const CONDITION_PAGE_NAMES: Record<PageCondition, string> = { used: "Used", new: "New", certified: "Certified", all: "All" };

/** The results page a listing belongs to ("used" for 3P_CERT). */
export function pageConditionOf(listingType: string): Exclude<PageCondition, "all"> {
  return baseConditionOf(listingType).toLowerCase() as Exclude<PageCondition, "all">;
}
