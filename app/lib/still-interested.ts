// 'Still interested?' rules shared by the server and the browser (decision 023, docs/accounts.md).
// No imports: the signed-out shopper's local history module loads it lazily.

/** "Still-interested shows up to 10 vehicles." */
export const STILL_INTERESTED_MAX = 10;
/** "Viewers over 3 are labelled numviewed": a car's view count shows when above this. */
export const NUMVIEWED_OVER = 3;
/** The window a car must have been viewed in, and the listing-view-count dateRange for it ("7 for still-interested"). */
export const STILL_INTERESTED_VIEW_DAYS = 7;
export const STILL_INTERESTED_WINDOW_MS = STILL_INTERESTED_VIEW_DAYS * 24 * 60 * 60 * 1000;
/** "Browsing history is refetched only if more than 120000 ms have passed since the last fetch." */
export const HISTORY_REFETCH_MS = 120_000;
/** Cars a signed-out shopper's local history keeps (the oldest go). */
export const LOCAL_HISTORY_KEPT = 20;
/** The beacon's brand (the spec's `brand`: one site here). */
export const BRAND = "forecourt";

export const SVC_PATHS = {
  /** GET vin (one, or up to 10 comma-separated), dateRange (days, 1-30): `{ counts: [{ vin, ATC, KBB }] }`. */
  listingViewCount: "/cars-for-sale/svc/listing-view-count",
  /** GET listingIds (comma-separated, up to 20): the cars still for sale, for the local history. */
  browsingHistory: "/cars-for-sale/svc/browsing-history",
  /** POST beacon when 'Still interested?' shows: brand, vins, consumer_id, email. */
  stillInterestedBeacon: "/cars-for-sale/svc/still-interested",
} as const;

export interface StillInterestedCar {
  listingId: number;
  vin: string;
  title: string;
  price: number;
  bodyStyleCode: string;
  extColor: string;
  /** The dealer's primary photo (a small JPEG), or null: the drawing shows (docs/photos.md). */
  photo: string | null;
  /** Views in the last STILL_INTERESTED_VIEW_DAYS days by anyone. */
  views: number;
  /** numViewedLabel(views), made where the count is read (the page's script then needs none of this module). */
  viewsLabel: string | null;
}

/** "Viewed 5 times in the last 7 days", or null at 3 or fewer. */
export function numViewedLabel(views: number): string | null {
  return views > NUMVIEWED_OVER ? `Viewed ${views.toLocaleString("en-US")} times in the last ${STILL_INTERESTED_VIEW_DAYS} days` : null;
}
