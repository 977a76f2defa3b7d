// Site paths that are not search URLs (search URLs belong to app/lib/search-url.ts once the
// results page lands). One place, so links and redirects cannot drift.
export const PATHS = {
  home: "/",
  search: "/cars-for-sale",
  vehicle: (listingId: number | string) => `/cars-for-sale/vehicle/${listingId}`,
  /** "Sign-in: a configured path, opened with defaultScreen=signup and refUrl." */
  signIn: "/account/sign-in",
  saved: "/account/saved",
  account: "/account",
  signUp: "/account/sign-up",
  signOut: "/account/sign-out",
  /** The heart's POST target (save / unsave a vehicle). */
  saveVehicle: "/account/save-vehicle",
  /** Compare listings side by side: `/compare?ids=1,2,3` (issue 8). */
  compare: "/compare",
  /** "Compare {make} {model} Trims": `/compare/trims?makeCode=&modelCode=&fuelTypeGroup=` (issue 8). */
  compareTrims: "/compare/trims",
  /** "Build-and-price: reached with makeCode, modelCode, ownerId, trim, year, zip" (issue 8). */
  buildAndPrice: "/build-and-price",
  /** The shopper's payment budget (decision 017): `/wallet?ref=` */
  wallet: "/wallet",
  /** Local-only outbox reader (issue 6). */
  devMail: "/dev/mail",
  health: "/healthz",
  /** Reported listings waiting for an operator (OPERATOR_EMAILS accounts only). */
  operatorReports: "/operator/reports",
} as const;
