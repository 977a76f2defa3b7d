// Types of the search URL module (see ../search-url.ts).
import type { CATEGORY_TABS } from "../constants.ts";
import type { InvalidParam, SearchQuery } from "../search-query.ts";

// =============================================================================================
// Types

/** The search a results URL stands for. `query` goes to the search engine as it is. */
export interface SearchState {
  /**
   * Normalised engine query. In a state `listingTypes` is never empty (no listing type means
   * USED), every list is sorted, `models` keys are sorted, defaults are filled in.
   */
  query: SearchQuery;
  /**
   * `expired={listingId}`: the shopper was sent here from a sold or expired listing; the page
   * shows TEXT.expiredListing. An id, not a text, so nobody can put words on our page. Never
   * carried into links (chips, crumbs, tabs, paging and sort drop it).
   */
  expiredListingId?: number;
  /** `isSponsorship=true`: passed through for the sponsored dealer showcase. */
  isSponsorship: boolean;
}

/** A ref-data name table: code -> name (or anything with a name, like the server's labels). */
export type NameMap = ReadonlyMap<string, string | { readonly name: string }>;

/**
 * Names and lookups the URL module cannot know by itself. Structurally compatible with the
 * server's `SearchLabels` (app/server/search/labels.server.ts): `{ ...labels, place, trims }` is
 * a context. Every member is optional; what is missing falls back to codes.
 */
export interface SearchUrlContext {
  /** Make code -> name. Given: make slugs come from names, unknown make path segments are a 404. */
  makes?: NameMap;
  /** `MAKE|MODEL` -> model name. Given: model slugs come from names, unknown ones are a 404. */
  models?: NameMap;
  /**
   * Valid trim names of a make for the given model codes (all its models when the list is
   * empty), or undefined when not known. Given: trimCode values are filtered to valid trims and
   * a single trim of a single model gets a path level.
   */
  trims?: (makeCode: string, modelCodes: readonly string[]) => readonly string[] | undefined;
  /** Body style code -> name; defaults to DEFAULT_BODY_STYLES. */
  bodyStyles?: NameMap;
  subtypes?: NameMap;
  series?: NameMap;
  packages?: NameMap;
  features?: NameMap;
  extColors?: NameMap;
  intColors?: NameMap;
  engines?: NameMap;
  /** City and state of a ZIP (location crumb, title). */
  place?: (zip: string) => { city: string; state: string } | undefined;
  /** A ZIP for `city` + `state` given without a zip; none: city/state are dropped. */
  zipOf?: (city: string, state: string) => string | undefined;
  /**
   * Results per page when the URL names none ("default results per page comes from a feature
   * flag": `effectivePageSize` of the flags); PAGE_SIZE when missing.
   */
  defaultPageSize?: number;
  /** "Market extension ... defaults off when its flag is off": pass true when the flag is on. */
  marketExtensionDefault?: boolean;
}

export interface ParsedSearchUrl {
  state: SearchState;
  /** Canonical path + query of `state`. */
  canonical: string;
  /** The request differs from `canonical`: answer REDIRECT_STATUS (301) to it. */
  redirect: boolean;
  /** What was dropped or changed, for logging and the response's invalid query params. */
  invalid: InvalidParam[];
  /** An unknown path (segment): answer 404. */
  notFound?: boolean;
}

/** "used" is the default (no listing type means USED). Mixed selections have no name. */
export type Condition = "used" | "new" | "certified" | "all";

export interface Crumb {
  label: string;
  href: string;
}

export interface SearchChip {
  /** Parameter the chip removes (`price` and `year` stand for both bounds). */
  name: string;
  /** Value removed (models `MAKE|MODEL`, trims `MAKE|Trim`, as in the query). */
  value: string;
  label: string;
  removeHref: string;
}

export interface CategoryTab {
  id: (typeof CATEGORY_TABS)[number]["id"];
  label: string;
  href: string;
  selected: boolean;
}

/** Names `withFilter` / `withoutFilter` take: the query parameter names, plus `price` and `year`. */
export type FilterName =
  | "listingType"
  | "zip"
  | "searchRadius"
  | "marketExtension"
  | "sellerType"
  | "vehicleStyleCode"
  | "bodyStyleSubtypeCode"
  | "makeCode"
  | "excludeMakeCode"
  | "modelCode"
  | "seriesCode"
  | "trimCode"
  | "packages"
  | "year"
  | "startYear"
  | "endYear"
  | "price"
  | "minPrice"
  | "maxPrice"
  | "maxMonthlyCost"
  | "mileage"
  | "fuelTypeGroup"
  | "mpgRange"
  | "electricMileRange"
  | "driveGroup"
  | "extColorSimple"
  | "intColorSimple"
  | "transmissionCode"
  | "engineCode"
  | "cylinders"
  | "doorCode"
  | "truckBedLength"
  | "truckCabSize"
  | "featureCode"
  | "vehicleHistoryType"
  | "homeServices"
  | "dealType"
  | "vehicleUseType"
  | "moneyBackGuarantee"
  | "experience"
  | "keyword"
  | "showcaseOwnerId"
  | "isSponsorship"
  | "sortBy";
