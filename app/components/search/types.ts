// What the results page renders: plain data made by the loader (app/server/pages/results-page.server.ts)
// from the search state, the engine's answer and the URL module's links. Components only lay it
// out; they never build a search URL themselves.
import type { CategoryTab, Crumb, SearchChip } from "../../lib/search-url";
import type { CompareItem } from "../../lib/compare";
import type { ResultsExtras } from "./extras-types";
import type { WalletView } from "../../lib/wallet";

export interface ListingCardData {
  id: number;
  /** "2019 Toyota RAV4 XLE" */
  title: string;
  /** "Used", "New", "Certified" */
  condition: string;
  price: number;
  /** What comparable cars sell for, when known (the deal verdict's reference). */
  marketPrice: number | null;
  mileage: number;
  dealRating: "great" | "good" | "fair" | "high" | null;
  bodyStyleCode: string;
  extColor: string;
  sellerName: string;
  privateSeller: boolean;
  city: string;
  state: string;
  /** Miles from the searched ZIP, rounded; null without a location. */
  distance: number | null;
  /** Beyond the radius, reached by extended home delivery. */
  extended: boolean;
  reducedPrice: boolean;
  /** This shopper has emailed the seller about it (issue 6). */
  emailed?: boolean;
}

export interface FilterOptionData {
  label: string;
  value: string;
  count: number;
  selected: boolean;
  disabled: boolean;
}

export interface OptionGroup {
  label: string | null;
  options: FilterOptionData[];
}

interface SectionBase {
  /** DOM id of the section, unique on the page. */
  id: string;
  label: string;
  open: boolean;
}

export interface LocationSection extends SectionBase {
  kind: "location";
  zip: string;
  zipError: string | null;
  radius: number;
  marketExtension: boolean;
}

export interface ChoiceSection extends SectionBase {
  kind: "checkbox" | "radio";
  /** The form field name (a URL parameter the URL module reads). */
  name: string;
  /** Option groups shown at once (a group label when the section is grouped, e.g. features). */
  groups: OptionGroup[];
  /** The rest, behind a 'Show more' disclosure (keeps the page light). */
  more: OptionGroup[];
  moreCount: number;
  /** Radio sections: the label of the no-filter choice. */
  anyLabel?: string;
  /** The whole section is off (spec: Fuel Economy), with the reason shown. */
  disabledNote?: string;
}

export interface MakeSection extends SectionBase {
  kind: "make";
  /** With no make chosen: every make (top ones first, the rest under 'more'). */
  groups: OptionGroup[];
  more: OptionGroup[];
  moreCount: number;
  /** 'Add Another Make' below the make cap: the makes not chosen yet. Null at the cap or with no make chosen. */
  addAnother: FilterOptionData[] | null;
}

export interface YearSection extends SectionBase {
  kind: "year";
  start: number;
  end: number;
  /** Years offered, newest first ('Any' is value 0). */
  years: number[];
  counts: Record<string, number>;
}

export interface PriceSection extends SectionBase {
  kind: "price";
  /** Input values with separators ("10,000"), "" when empty. */
  min: string;
  max: string;
  error: string | null;
  /** Quick choices "Under $X" with counts, as links. */
  quick: { label: string; href: string; count: number; selected: boolean }[];
}

export type FilterSection = LocationSection | ChoiceSection | MakeSection | YearSection | PriceSection;

export interface EntryCard {
  title: string;
  text: string;
  href: string;
}

export interface ResultsPageData {
  kind: "results";
  origin: string;
  title: string;
  description: string;
  canonicalUrl: string;
  indexable: boolean;
  heading: string;
  crumbs: Crumb[];
  tabs: CategoryTab[] | null;
  /** The location editor in the hero. */
  location: { zip: string; zipError: string | null; radius: number; place: string | null; hidden: [string, string][] };
  chips: SearchChip[];
  selectedCount: number;
  clearFiltersHref: string | null;
  sort: { value: string; hidden: [string, string][] };
  total: number;
  listings: ListingCardData[];
  firstRecord: number;
  /** The same search at its first batch: what identifies the search apart from paging (infinite scroll, instant filters). */
  firstPageHref: string;
  /** The keyword searched, "" for none (the keyword box shows it). */
  keyword: string;
  /** 'Include Certified Vehicles' (certified program dialog): this search with certified cars added; null when they are in. */
  includeCertifiedHref: string | null;
  nextHref: string | null;
  previousHref: string | null;
  supplemental: { listings: ListingCardData[]; total: number; radius: number; nationwideHref: string } | null;
  similar: ListingCardData[];
  filters: FilterSection[];
  /** Parameters the filter form carries without showing them (keyword, sort, page size ...). */
  filterHidden: [string, string][];
  entryCards: EntryCard[];
  expiredBanner: string | null;
  priceError: string | null;
  zipError: string | null;
  compare: { ids: number[]; full: boolean; enabled: boolean; items: CompareItem[] };
  /** Section-2 extras (app/server/pages/results-extras.server.ts); absent when they failed. */
  extras?: ResultsExtras | null;
  /** 'Still interested?' (decision 018): a signed-in shopper's recently viewed car, or null. */
  stillInterested: {
    listingId: number;
    title: string;
    price: number;
    bodyStyleCode: string;
    extColor: string;
    /** Views of the car in the last 7 days, by anyone (the shopper's own included). */
    views: number;
  } | null;
  /** The wallet (decision 017): null when its flag is off. */
  wallet: WalletView | null;
  /** 'Model Name Clarification' (app/server/pages/model-clarification.server.ts): null when not asked. */
  clarification?: ModelClarificationData | null;
}

/** The keyword names a model the search has not chosen: 'Did you mean {label}?' */
export interface ModelClarificationData {
  /** The suggested make and model, e.g. "Toyota RAV4". */
  label: string;
  /** `MAKE|MODEL`, what the answer form sends back. */
  code: string;
  /** The same search with the make and model added. */
  yesHref: string;
}

export interface SearchErrorData {
  kind: "error";
  title: string;
  retryHref: string;
}

export type SearchPageData = ResultsPageData | SearchErrorData;
