// The product's business constants (the docs of each feature under docs/ describe their use),
// each with the spec's wording beside it. This is the one source: nothing else hard-codes them.

/** "Page size 30 per batch (a configured 25 for one brand becomes 30)" */
export const PAGE_SIZE = 30;
/** The brand-configured 25 that "becomes 30". */
export const LEGACY_BRAND_PAGE_SIZE = 25;

/** "Compare limit: 5." */
export const COMPARE_LIMIT = 5;

/** "Saved searches for anonymous email capture: 2." / "a maximum of 2 saved searches" */
export const ANONYMOUS_SAVED_SEARCH_LIMIT = 2;

/** "Search radius sent is capped at 100; lower values pass through." */
export const SEARCH_RADIUS_CAP = 100;
/** Distance options offered by the Location filter (miles; 0 = nationwide). Not given by the spec. */
export const SEARCH_RADIUS_OPTIONS = [10, 25, 50, 75, 100, 0] as const;
export const DEFAULT_SEARCH_RADIUS = 50;

/** "Similar listings page size 20" */
export const SIMILAR_PAGE_SIZE = 20;
/** "supplemental 100" */
export const SUPPLEMENTAL_PAGE_SIZE = 100;
/** "excluded ids at most 25" / "The excluded listing ids list is sent only with 1 to 25 entries." */
export const EXCLUDED_IDS_MAX = 25;
/** "Similar listings appear when results plus supplemental are at most 25." */
export const SIMILAR_THRESHOLD = 25;
/** "21 similar-listing skeletons" */
export const SIMILAR_SKELETONS = 21;
/** "25 loading placeholders" / "shows 25 placeholders while loading" */
export const LOADING_PLACEHOLDERS = 25;

/** "Spotlight counts: 3 premium, 6 featured, 6 standard." */
export const SPOTLIGHT_COUNTS = { premium: 3, featured: 6, standard: 6 } as const;
/** "Per 30 listings: premium at positions 0-2, fourth tier at offset 23." */
export const SPOTLIGHT_BLOCK = 30;
export const PREMIUM_SPOTLIGHT_POSITIONS = [0, 1, 2] as const;
export const FOURTH_TIER_OFFSET = 23;
/** "Top 4 highlight spotlights; when more than 3 highlights are read only those are used." */
export const HIGHLIGHT_SPOTLIGHTS_TOP = 4;
/** "Spotlight vehicle highlight: numSpotlights 10" */
export const HIGHLIGHT_SPOTLIGHTS_REQUESTED = 10;
/**
 * Where the vehicle highlight row goes (the spec names no position; docs/placements.md): after
 * four rows of three (and six of two), so the full-width row starts a row on every grid width.
 */
export const HIGHLIGHT_ROW_SLOT = 12;

/** "Boost listing at slot 6 and at 22 (the latter only when page size and results are at least 75)." */
export const BOOST_SLOTS = [6, 22] as const;
export const BOOST_SECOND_SLOT_MIN = 75;
/** "GET /rest/lsc/newcarboost/listing: firstRecord 0, numRecords 2" */
export const BOOST_LISTINGS_REQUESTED = 2;
/** "Wallet card at 3." */
export const WALLET_CARD_SLOT = 3;
/** "Peekaboo at the configured position or 9." */
export const PEEKABOO_DEFAULT_SLOT = 9;
/** "Inline filter promo card at 14 when there are more than 14." */
export const FILTER_PROMO_SLOT = 14;
/** "Ads at positions 7, 14, 19, 36, 43 (fluid) or rows 3, 7, 10, 13, 16." */
export const AD_POSITIONS_FLUID = [7, 14, 19, 36, 43] as const;
export const AD_ROWS = [3, 7, 10, 13, 16] as const;

/** "Listing grid 3 columns; image carousel 4 images." */
export const GRID_COLUMNS = 3;
export const CAROUSEL_IMAGES = 4;
/** "Images load eagerly for the first listing and the first 3 sponsored on larger screens." */
export const EAGER_SPONSORED_IMAGES = 3;

/** "Browsing-history refetch 120000 ms" */
export const BROWSING_HISTORY_REFETCH_MS = 120_000;
/** "psid and siomid cookie max-age 1800 s" */
export const PSID_COOKIE_MAX_AGE_S = 1800;
/** "a camp-channel cookie (max age 604800000 ms)" */
export const CAMP_CHANNEL_COOKIE_MAX_AGE_MS = 604_800_000;

/** "Make-offer modal wait: poll 500 ms up to 2000 ms." */
export const MAKE_OFFER_POLL_MS = 500;
export const MAKE_OFFER_WAIT_MS = 2000;

/** "Fixed ad defaults: refresh every 30000 ms, refresh limit 10 (fallback 25), scroll 10 percent." */
export const FIXED_AD = {
  refreshMs: 30_000,
  refreshLimit: 10,
  refreshLimitFallback: 25,
  scrollPercent: 10,
  /** "Sizes: mobile 320x50 and 300x50, desktop 728x90 and 970x90; height 50 or 90." */
  sizes: {
    mobile: [
      [320, 50],
      [300, 50],
    ],
    desktop: [
      [728, 90],
      [970, 90],
    ],
  },
  heights: { mobile: 50, desktop: 90 },
  /** "Ad load wait 10 s." */
  loadWaitMs: 10_000,
} as const;
/** The house-ad service the fixed bottom ad's refreshes ask for their next creative (docs/placements.md). */
export const HOUSE_AD_PATH = "/cars-for-sale/svc/house-ad";
/** The element whose place on screen shows or hides the fixed bottom ad: the footer ad (the fixed one gives way to it). */
export const FIXED_AD_TRIGGER_ID = "footer-ad";

/** "Alpha carousel 12 listings; dealer tile 2; alpha hide cookie 30 minutes." */
export const ALPHA_CAROUSEL_LISTINGS = 12;
export const ALPHA_DEALER_TILE_LISTINGS = 2;
export const ALPHA_HIDE_COOKIE_MINUTES = 30;

/** "Notification recent-view window 24 hours." */
export const NOTIFICATION_RECENT_VIEW_HOURS = 24;

// 'Still interested?' (up to 10 cars, view counts over 3, dateRange 7): app/lib/still-interested.ts,
// which the browser's local history loads on its own.

/** "Mileage ceiling 250000" / "Mileage facts count only values above 0 and below 250000." */
export const MILEAGE_CEILING = 250_000;
/** "mileage-per-year buckets include 50000; mileage facts reference 12.5 years and 15000 miles per year." */
export const MILEAGE_BUCKET_50K = 50_000;
export const MILEAGE_FACTS_YEARS = 12.5;
export const MILES_PER_YEAR = 15_000;

/** "Group limit for make/model/trim defaults to 5" */
export const GROUP_LIMIT = 5;
/** "maximum 3 makes and models via legacy params" */
export const LEGACY_MAKE_MODEL_MAX = 3;
/** "maximum makes in the filter is configurable" — our configured value. */
export const MAX_MAKES_IN_FILTER = 5;

/** "Model years list length 4; pricing lists limited to 11 years." */
export const MODEL_YEARS_LIST_LENGTH = 4;
export const PRICING_YEARS_MAX = 11;

/** "Fuel type order: Electric, Gasoline, Hybrid, Plug-in Hybrid, Diesel, Hydrogen." */
export const FUEL_TYPE_ORDER = ["ELE", "GSL", "HYB", "PHEV", "DSL", "HYD"] as const;
/** "Fuel group codes: ELE electric, GSL gasoline, DSL diesel, HYB hybrid, ALT alternative, HYD hydrogen." */
export const FUEL_TYPE_LABELS: Record<string, string> = {
  ELE: "Electric",
  GSL: "Gasoline",
  HYB: "Hybrid",
  PHEV: "Plug-in Hybrid",
  DSL: "Diesel",
  HYD: "Hydrogen",
  ALT: "Alternative",
};

/** "Certified tiles capped at 2; expert reviews capped at 2." */
export const CERTIFIED_TILES_MAX = 2;
export const EXPERT_REVIEWS_MAX = 2;

/** "Sample payment shown as 'ex. $600/mo.'." */
export const SAMPLE_PAYMENT_TEXT = "ex. $600/mo.";

/** "Money-back guarantee: 14 days or 1000 miles." */
export const MONEY_BACK_GUARANTEE = { days: 14, miles: 1000 } as const;
/**
 * "Use a branded certified-used program for one automaker with its own summary text: 14 days or
 * 1,000 miles money-back, gold certified, under six years old, under 80,000 miles, 172-point
 * inspection." The automaker is ours to choose (Ford, whose gold program has these terms: ADR 022);
 * only that make's listings that meet every rule carry it (app/lib/trust-signals.ts).
 */
export const BRAND_CERTIFIED_PROGRAM = {
  makeCode: "FORD",
  makeName: "Ford",
  name: "Ford Gold Certified",
  maxAgeYears: 6,
  maxMiles: 80_000,
  inspectionPoints: 172,
  moneyBack: MONEY_BACK_GUARANTEE,
} as const;

/** "Price-under category 20000." */
export const PRICE_UNDER_CATEGORY = 20_000;

/**
 * "Category chips: Best Deals (dealType goodprice, greatprice); Buy Online (homeServices BUY_ONLINE);
 * For Sale By Owner (sellerType p); Certified Used (CERTIFIED, 3P_CERT)."
 */
export const CATEGORY_TABS = [
  { id: "all", label: "All Results", params: {} },
  { id: "best-deals", label: "Best Deals", params: { dealType: ["goodprice", "greatprice"] } },
  { id: "buy-online", label: "Buy Online", params: { homeServices: ["BUY_ONLINE"] } },
  { id: "by-owner", label: "For Sale By Owner", params: { sellerType: ["p"] } },
  { id: "certified", label: "Certified Used", params: { listingType: ["CERTIFIED", "3P_CERT"] } },
] as const;

/** "Sort options: relevance, derivedpriceASC, ... Default derivedpriceDESC." */
export const SORT_OPTIONS = [
  "relevance",
  "derivedpriceASC",
  "derivedpriceDESC",
  "distanceASC",
  "datelistedASC",
  "datelistedDESC",
  "mileageASC",
  "mileageDESC",
  "yearASC",
  "yearDESC",
  // 'Lowest monthly cost': loan on the shopper's terms + EPA fuel cost (docs/decisions/031-monthly-cost.md).
  "monthlycostASC",
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = "derivedpriceDESC";

/** Loan terms offered, in months (app/lib/loan.ts: the payment estimate, the wallet, the monthly cost). */
export const PAYMENT_TERMS = [24, 36, 48, 60, 72, 84] as const;
export const DEFAULT_TERM = 60;
/** The highest APR a payment is worked out at, percent. */
export const MAX_APR = 30;

/** "Redirect status 301." */
export const REDIRECT_STATUS = 301;

/** "Trim name cut at 30 characters." */
export const TRIM_NAME_MAX = 30;

/**
 * Compare: how far apart two cars' numbers must be before the row counts as a difference
 * (docs/compare.md, decision 033). A row differs when the spread (highest minus lowest) is at
 * least `atLeast` and at least `share` of the lowest value; a car with a value beside one
 * without (an electric range, a rating) always differs.
 */
export const COMPARE_THRESHOLDS = {
  /** $500 and 3 %: $20,000 against $20,450 is the same price, against $20,700 it is not. */
  price: { atLeast: 500, share: 0.03 },
  /** 5,000 miles and 10 %: 60,000 against 64,000 is the same, against 70,000 it is not. */
  mileage: { atLeast: 5000, share: 0.1 },
  /** Any model year apart. */
  year: { atLeast: 1, share: 0 },
  /** 3 MPG (or MPGe) combined. */
  economy: { atLeast: 3, share: 0 },
  /** 20 miles of electric range. */
  range: { atLeast: 20, share: 0 },
  doors: { atLeast: 1, share: 0 },
  /** Half a star of the seller's rating. */
  rating: { atLeast: 0.5, share: 0 },
  /** 25 miles and half the nearer car's distance: 100 against 140 miles is as near, against 160 it is not. */
  distance: { atLeast: 25, share: 0.5 },
} as const;

/** "Listing: listingType (new, used, certified, 3P_CERT)"; "A 3P_CERT listing type is treated as USED." */
export { LISTING_TYPES, type ListingType } from "./listing-types.ts";
import type { ListingType } from "./listing-types.ts";
import { formatInt } from "./format.ts";
/** "When no listing type is given, the main consumer brand defaults to USED." */
export const DEFAULT_LISTING_TYPE: ListingType = "USED";

/** "Tier labels in saves: similar, similar-listing, spv_lstg_{n}, sup_v_lstg_{n}, ncb_{n}, ime_{n}, v_lstg_{n}." */
export const TIER_LABELS = {
  similar: "similar",
  similarListing: "similar-listing",
  spotlight: (n: number) => `spv_lstg_${n}`,
  supplemental: (n: number) => `sup_v_lstg_${n}`,
  newCarBoost: (n: number) => `ncb_${n}`,
  marketExtension: (n: number) => `ime_${n}`,
  listing: (n: number) => `v_lstg_${n}`,
} as const;
/** Any label TIER_LABELS makes (positions up to 999): what a card click may be counted under. */
export const TIER_LABEL_PATTERN = /^(similar|similar-listing|(spv|sup_v|v)_lstg_\d{1,3}|(ncb|ime)_\d{1,3})$/;

/** "Email capture field: required, maximum length 45, name emailAddress, placeholder 'Email'" */
export const EMAIL_CAPTURE = { name: "emailAddress", maxLength: 45, placeholder: "Email" } as const;

/** "Price inputs: digits only, at most 10 characters ... Placeholders 'Ex:10,000' and 'Ex:20,000'." */
export const PRICE_INPUT = { maxLength: 10, minPlaceholder: "Ex:10,000", maxPlaceholder: "Ex:20,000" } as const;

/** "The year filter offers the current year minus 2 through plus 1, with 'Any' (value 0)." */
export const YEAR_FILTER_RANGE = { minusYears: 2, plusYears: 1, anyValue: 0, anyLabel: "Any" } as const;

/** "Truck cab size options map to 3 or less, 4, 5 and 6." */
export const TRUCK_CAB_SIZES = [3, 4, 5, 6] as const;

/** Circuit-breaker timeouts of section 8, in ms. */
export const SERVICE_TIMEOUTS_MS = {
  activeListings: 3000,
  requiredSearch: 20_000,
  optionalSearch: 3000,
  supplemental: 5000,
  similar: 3000,
  suggestedKeywords: 3000,
  bookmark: 3000,
  dealSave: 5000,
  packages: 5000,
  mileageStats: 5000,
  crawl: 3000,
  referenceVehicles: 5000,
  expertReview: 3000,
  deviceRegistration: 1000,
} as const;
/** "Reset times are 30 s or 300 s (5 minutes, 300000 ms)." */
export const BREAKER_RESET_MS = { short: 30_000, long: 300_000 } as const;

/** "Infinite-scroll root margin defaults to 1000px." */
export const DEFAULT_INFINITE_SCROLL_ROOT_MARGIN = "1000px";

/** Exact texts the spec gives. */
export const TEXT = {
  /** The one line of what a search shows (the chips follow; docs/search-urls.md "Plain words"). */
  showingLead: "Showing:",
  skipLink: "Skip to vehicle Listings",
  noResults: "Update filter criteria to see more results",
  serverErrorTitle: "We are sorry. There was an issue with your last search.",
  serverErrorRetry: "Please try again",
  expiredListing: (vehicle: string) => `We're sorry, the ${vehicle} you were looking for is no longer available.`,
  matches: (n: number) => `${formatInt(n)} Matches`,
  sortBy: "Sort By",
  clearFilters: "Clear Filters",
  seeResults: "See Results",
  yourSearch: "Your Search",
  seeMoreResults: "See More Results",
  addAnotherMake: "Add Another Make",
  anyMakeExcept: "Any make except …",
  invalidZip: "Enter a valid ZIP Code",
  priceSame: "Min and Max price cannot be the same.",
  priceMaxLessThanMin: "Max price must be greater than Min price.",
  priceMaxZero: "Max price must be greater than 0.",
  /** Not in the spec, which limits a price to 10 digits but names no message for more. */
  priceTooLong: "Enter a price of at most 10 digits.",
  savedSearchLimit: "You have a maximum of 2 searches saved.",
  saveCarsHeading: "Save Cars with a Free Account",
  saveCarsBody: "Create an account to track price changes, saved cars across devices, and more.",
  helpfulVote: "Thank you for your feedback.",
  addedToCompare: "Added to Compare",
  compare: "Compare",
  shareListing: "Share this Listing",
  reportListing: "Report this Listing",
  subscribed: "Subscribed!",
} as const;

// ---------------------------------------------------------------------------------------------
// Identity and abuse (not from the spec: docs/decisions/020-verified-identity-and-reports.md).

/** How long a verification or confirmation link mailed to an address works. */
export const EMAIL_LINK_TTL_MS = 24 * 3_600_000;

/** Saved searches one account may keep (SAVED_SEARCHES_MAX in the environment lowers it for tests). */
export const SAVED_SEARCHES_MAX = 100;
/** Saved cars one account may keep (SAVED_VEHICLES_MAX in the environment lowers it for tests). */
export const SAVED_VEHICLES_MAX = 500;

/**
 * When reports hide a car before an operator acts: at least this many distinct signed-in accounts
 * with verified emails, from at least REPORT_HIDE_NETWORKS distinct networks (IPv4 /24, IPv6
 * /48), reported it within REPORT_HIDE_WINDOW_MS. Anonymous reports are kept for the operator
 * but never hide a car.
 */
export const REPORT_HIDE_ACCOUNTS = 3;
export const REPORT_HIDE_NETWORKS = 3;
export const REPORT_HIDE_WINDOW_MS = 7 * 24 * 3_600_000;

/**
 * No stale or bait listings (docs/decisions/030-no-stale-or-bait-listings.md). A dealer-feed
 * listing its feed has not confirmed for LISTING_CONFIRM_DAYS (default; `LISTING_CONFIRM_DAYS` in
 * the environment) is hidden from search until the feed lists it again. A price under
 * BAIT_PRICE_SHARE of its comparables' average, with at least BAIT_MIN_COMPARABLES of them, is held
 * for an operator before it shows.
 */
export const LISTING_CONFIRM_DAYS = 14;
export const BAIT_PRICE_SHARE = 0.6;
export const BAIT_MIN_COMPARABLES = 5;
const confirmedDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
/** The vehicle page's mark on a feed listing its feed stopped confirming (hidden from search). */
export const notConfirmedText = (confirmedAt: number) => `Not confirmed by the seller since ${confirmedDate.format(new Date(confirmedAt))}`;

export const IDENTITY_TEXT = {
  savedSearchesFull: (max: number) =>
    `You have ${max} saved ${max === 1 ? "search" : "searches"}, the most an account can keep. Delete one on your Saved page to save another.`,
  savedVehiclesFull: (max: number) =>
    `You have ${max} saved ${max === 1 ? "car" : "cars"}, the most an account can keep. Remove one on your Saved page to save another.`,
  verifyEmail: (email: string) => `Verify your email: we sent a link to ${email}. Open it to turn on alerts and everything tied to your address.`,
  verified: "Your email is verified.",
  pendingEmail: (email: string) => `We sent a link to ${email}. Your email changes to it when you open the link.`,
} as const;

/**
 * The id of the one empty POST form per document (root.tsx) that the cards' small actions submit
 * through the `form` attribute: the save heart and Compare are a button each with its address in
 * `formaction`, not a form and a button (docs/decisions/032-render-path-at-1m.md).
 */
export const CARD_POST_FORM = "card-post";
