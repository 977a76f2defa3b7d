// Site paths that are not search URLs (search URLs belong to app/lib/search-url.ts once the
// results page lands). One place, so links and redirects cannot drift.
export const PATHS = {
  home: "/",
  search: "/cars-for-sale",
  vehicle: (listingId: number | string) => `/cars-for-sale/vehicle/${listingId}`,
  /** "Sign-in: a configured path, opened with defaultScreen=signup and refUrl." */
  signIn: "/account/sign-in",
  saved: "/account/saved",
  compare: "/compare",
  health: "/healthz",
} as const;
