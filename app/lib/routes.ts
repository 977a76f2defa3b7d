// Site paths that are not search URLs (search URLs belong to app/lib/search-url.ts once the
// results page lands). One place, so links and redirects cannot drift.
export const PATHS = {
  home: "/",
  search: "/cars-for-sale",
  /**
   * A results page's filter sections in full, as JSON (`?url=` the results URL): where a
   * document's left-out filter choices load from with JavaScript (ADR 032).
   */
  searchFilters: "/cars-for-sale-filters",
  vehicle: (listingId: number | string) => `/cars-for-sale/vehicle/${listingId}`,
  /** "Sign-in: a configured path, opened with defaultScreen=signup and refUrl." */
  signIn: "/account/sign-in",
  saved: "/account/saved",
  account: "/account",
  signUp: "/account/sign-up",
  signOut: "/account/sign-out",
  /** The heart's POST target (save / unsave a vehicle). */
  saveVehicle: "/account/save-vehicle",
  /** 'Email seller' in one click (docs/accounts.md, "One-click email"): POST listingId, refUrl. */
  oneClickEmail: "/account/one-click-email",
  /** Compare listings side by side: `/compare?ids=1,2,3` (docs/compare.md). */
  compare: "/compare",
  /** "Compare {make} {model} Trims": `/compare/trims?makeCode=&modelCode=&fuelTypeGroup=` (docs/compare.md). */
  compareTrims: "/compare/trims",
  /** "Build-and-price: reached with makeCode, modelCode, ownerId, trim, year, zip" (docs/compare.md). */
  buildAndPrice: "/build-and-price",
  /** The shopper's payment budget (decision 017): `/wallet?ref=` */
  wallet: "/wallet",
  /** Local-only outbox reader (docs/resilience-and-security.md). */
  devMail: "/dev/mail",
  health: "/healthz",
  /** Reported listings waiting for an operator (OPERATOR_EMAILS accounts only). */
  operatorReports: "/operator/reports",
  /** First-party page-event counts per day (OPERATOR_EMAILS accounts only; docs/analytics.md). */
  operatorAnalytics: "/operator/analytics",
  /** Which dealers hold which paid placement (OPERATOR_EMAILS accounts only; docs/placements.md). */
  operatorPlacements: "/operator/placements",
} as const;

/**
 * The results page's view parameter (not search state): the filter part a shopper without
 * JavaScript asked to see, rendered open with its choices. A document leaves out the choices of
 * closed sections, 'Show more' lists and 'Any make except'; each has a submit button naming
 * itself here instead (ADR 032, docs/results-page.md).
 */
export const SHOW_FILTER_PARAM = "showFilter";

/**
 * Which kind of tile a listing link was clicked on ("Listing links carry query parameters
 * clickType and tileClick"): clickType is the tile's kind, tileClick its tier label in the spec's
 * wording (TIER_LABELS in constants.ts). The vehicle page reads neither; the page cache ignores
 * both (docs/services.md "Listing links").
 */
export type ListingClick = { type: "listing" | "spotlight" | "boost" | "supplemental" | "similar" | "market-extension"; tile: string };

/** A vehicle page link from a tile, with its click parameters and an optional section anchor. */
export function vehicleClickHref(listingId: number, click?: ListingClick, hash?: "warrantySection" | "pricingSection"): string {
  const query = click ? `?clickType=${click.type}&tileClick=${encodeURIComponent(click.tile)}` : "";
  return `${PATHS.vehicle(listingId)}${query}${hash ? `#${hash}` : ""}`;
}

/** The parameters that say where a listing link was clicked (left out of page cache keys). */
export const CLICK_PARAMS = ["clickType", "tileClick"] as const;
