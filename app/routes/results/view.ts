// What the results page renders: plain data made by its loader (loader.server.ts, page.server.ts)
// from the search state, the engine's answer and the URL module's links, and the section-2 extras
// (model reference, suggested filters, card tiers, dealer showcase, shopping assistant, house ads,
// buy-online filter; extras.server.ts). Components only lay it out; they never build a search URL
// themselves.
import type { CategoryTab, Crumb, SearchChip, SearchNotice } from "../../lib/search-url";
import type { CertifiedContent } from "../../lib/trust-signals";
import type { CompareItem } from "../../lib/compare";
import type { GridItem } from "../../lib/results-placement";
import type { ListingCardData, SearchLocationData } from "../../lib/search-view";
import type { PushOptInState } from "../../lib/push";
import type { SeoTag } from "../../lib/seo";
import type { StillInterestedCar } from "../../lib/still-interested";
import type { WalletView } from "../../lib/wallet";

export interface SuggestedFilter {
  label: string;
  href: string;
  count: number;
}

/** The spec's "Price-by-year/trim entry": value, link, avgPrice, startingPrice, maxPrice, count. */
export interface PriceRow {
  value: string;
  link: string;
  avgPrice: number;
  startingPrice: number;
  maxPrice: number;
  count: number;
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface ModelReferenceData {
  /** "Toyota RAV4" */
  name: string;
  /** "Used" / "New" */
  conditionWord: string;
  /**
   * Null when the Pricing tab does not apply (certified, or no lists). On a document its tables
   * are kept as served (ADR 032): the lists are empty here, set aside under MODEL_PRICING_KEY.
   */
  pricing: { byYear: PriceRow[]; byTrim: PriceRow[]; kept?: true } | null;
  compareTrimsHref: string;
  faqs: FaqItem[];
  /**
   * Research tabs drawn from real sources (docs/decisions/024-model-research.md): Safety (imported
   * NHTSA ratings, under the Safety tab rule) and Consumer Reviews (published reviews, under the
   * consumer ratings rule). Values come formatted from the server: one small panel renders both.
   */
  research: ResearchTab[];
}

export interface ResearchTab {
  id: "model-safety" | "model-consumer-reviews" | "model-car-reviews";
  label: "Safety" | "Consumer Reviews" | "Car Reviews";
  title: string;
  /** Where the data comes from, said under it. */
  note: string;
  groups: { heading: string; items: { label: string; value: string }[] }[];
  links: { label: string; href: string }[];
}

export type GridEntry = GridItem<ListingCardData>;

export interface ShowcaseData {
  dealer: {
    id: number;
    name: string;
    city: string;
    state: string;
    phone: string | null;
    rating: number | null;
    ratingCount: number;
    ratingSource: string | null;
    ratingLabel: string | null;
  };
  /** Up to 12 of the dealer's listings that match the search (the tile shows the first 2). */
  listings: ListingCardData[];
  /** Every match at this dealer (the search with showcaseOwnerId). */
  total: number;
  allHref: string;
  /** The sponsoredHideButton flag. */
  canHide: boolean;
}

export interface AssistantAction {
  label: string;
  href: string;
}

export interface HousePromo {
  title: string;
  text: string;
  href: string;
}

export interface BuyOnlineData {
  options: { label: string; count: number; selected: boolean; href: string }[];
  /** The automaker buy-online experience toggle. */
  experience: { on: boolean; href: string; /** "Buy online from Ford" (ADR 028). */ label: string };
}

export interface ResultsExtras {
  suggestions: SuggestedFilter[];
  modelReference: ModelReferenceData | null;
  /** The grid in its final order (tiers placed); null when the page has no results. */
  grid: GridEntry[] | null;
  showcase: ShowcaseData | null;
  assistant: AssistantAction[];
  /** House promotions (ads flag): grid slots and the fixed bottom / footer areas. */
  ads: { promos: HousePromo[] } | null;
  buyOnline: BuyOnlineData | null;
}

/** A part of a filter section whose choices a document may leave out (ADR 032). */
export type FilterPart = "section" | "more" | "except";

/**
 * The DOM id of a filter part (the section's own, its 'Show more' list's, the make section's 'Any
 * make except' list's): also the value of its 'show choices' button (SHOW_FILTER_PARAM).
 */
export function filterPartId(sectionId: string, part: FilterPart = "section"): string {
  return part === "section" ? sectionId : `${sectionId}-${part}`;
}

/** The results route's form intent that hides the dealer showcase. */
export const HIDE_SHOWCASE_INTENT = "hide-showcase";

export interface FilterOptionData {
  label: string;
  value: string;
  /** Null: the section has no counts (the monthly cost's, whose figure depends on the shopper's terms). */
  count: number | null;
  /** Present only when true: a page carries hundreds of options, most neither (ADR 032). */
  selected?: true;
  disabled?: true;
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

/**
 * On a document request a shown section's choices (its option groups, price shortcuts, 'Add
 * Another Make' list) are written into the HTML only: the browser keeps them as served (ADR 032,
 * "Choices kept as served"), so they are left out of the loader data (empty here) and set aside
 * for the server's render under `keptKey(section id, part)` (app/lib/document-only.tsx).
 */
interface KeptChoices {
  kept?: true;
  /** With `kept`: how many of the section's choices are chosen (its badge; the groups are not here). */
  chosen?: number;
}

export type KeptPart = "groups" | "quick" | "add";

/** The document-only key of the model reference's Pricing tables. */
export const MODEL_PRICING_KEY = "model-reference:pricing";
/** The document-only keys of the category tabs and the certified dialog's programs. */
export const TABS_KEY = "results:tabs";
export const CERTIFIED_KEY = "results:certified";

/** The document-only key of a section's kept part. */
export const keptKey = (sectionId: string, part: KeptPart) => `filters:${sectionId}:${part}`;

export interface LocationSection extends SectionBase {
  kind: "location";
  zip: string;
  zipError: string | null;
  radius: number;
  marketExtension: boolean;
}

export interface ChoiceSection extends SectionBase, KeptChoices {
  kind: "checkbox" | "radio";
  /** The form field name (a URL parameter the URL module reads). */
  name: string;
  /**
   * Option groups shown at once (a group label when the section is grouped, e.g. features).
   * Absent (none) in a document's data when empty, as `more` and a `moreCount` of 0 are: the
   * readers take the default (ADR 032, "Choices kept as served").
   */
  groups?: OptionGroup[];
  /** The rest, behind a 'Show more' disclosure (keeps the page light). */
  more?: OptionGroup[];
  moreCount?: number;
  /** On a document request the 'Show more' choices (never a chosen one) are left out; `more` is empty (ADR 032). */
  moreDeferred?: true;
  /** The 'Show more' list renders open (the shopper asked to see it: SHOW_FILTER_PARAM). */
  moreOpen?: true;
  /** Radio sections: the label of the no-filter choice. */
  anyLabel?: string;
  /** The whole section is off (spec: Fuel Economy), with the reason shown. */
  disabledNote?: string;
  /** A line under the choices (the monthly cost's terms and exclusions). */
  note?: string;
  /**
   * A closed section with nothing chosen, on a document request: its choices are left out of the
   * page, so `groups` and `more` are empty here; a button shows them (ADR 032).
   */
  deferred?: true;
}

export interface MakeSection extends SectionBase, KeptChoices {
  kind: "make";
  /** With no make chosen: every make (top ones first, the rest under 'more'). Absent when empty, as ChoiceSection's. */
  groups?: OptionGroup[];
  more?: OptionGroup[];
  moreCount?: number;
  /** As ChoiceSection's. */
  moreDeferred?: true;
  moreOpen?: true;
  /** 'Add Another Make' below the make cap: the makes not chosen yet. Null at the cap or with no make chosen. */
  addAnother: FilterOptionData[] | null;
  /**
   * 'Any make except ...' (`excludeMakeCode`): every make, the excluded ones checked; their
   * counts are 0 because the exclusion applies to every facet. Null while a make is chosen.
   */
  except: FilterOptionData[] | null;
  /** On a document request with no make excluded, the 'Any make except' choices are left out; `except` is empty. */
  exceptDeferred?: true;
  /** 'Any make except' renders open (the shopper asked to see it: SHOW_FILTER_PARAM). */
  exceptOpen?: true;
}

export interface YearSection extends SectionBase {
  kind: "year";
  start: number;
  end: number;
  /** Years offered, newest first ('Any' is value 0). */
  years: number[];
}

export interface PriceSection extends SectionBase, KeptChoices {
  kind: "price";
  /** Input values with separators ("10,000"), "" when empty. */
  min: string;
  max: string;
  error: string | null;
  /** Quick choices "Under $X" with counts, as links. */
  quick: { label: string; href: string; count: number; selected: boolean }[];
}

export type FilterSection = LocationSection | ChoiceSection | MakeSection | YearSection | PriceSection;

/** What GET /cars-for-sale-filters?url= answers (filters.server.ts). */
export interface FilterSectionsAnswer {
  /** The results URL the sections are for (a page keeps them for its own URL only). */
  href: string;
  filters: FilterSection[];
}

export interface EntryCard {
  title: string;
  text: string;
  href: string;
}

export interface ResultsPageData {
  kind: "results";
  title: string;
  description: string;
  canonicalUrl: string;
  indexable: boolean;
  heading: string;
  crumbs: Crumb[];
  /** The category tabs (null: the flag is off). On a document: empty, with `tabsKept` (kept as served under TABS_KEY). */
  tabs: CategoryTab[] | null;
  tabsKept?: true;
  /** The location editor in the hero. */
  location: SearchLocationData;
  chips: SearchChip[];
  /** "Within 50 mi of Atlanta, GA": the location as the first part of the 'Showing:' line (removes the ZIP and radius). */
  locationChip: SearchChip | null;
  selectedCount: number;
  clearFiltersHref: string | null;
  sort: { value: string; hidden: [string, string][] };
  total: number;
  listings: ListingCardData[];
  firstRecord: number;
  /** Results per page (the defaultPageSize flag, or the address's numRecords): 'Previous 30', a batch's size. */
  pageSize: number;
  /** The same search at its first batch: what identifies the search apart from paging (infinite scroll, instant filters). */
  firstPageHref: string;
  /** The keyword searched, "" for none (the keyword box shows it). */
  keyword: string;
  /** 'Include Certified Vehicles' (certified program dialog): this search with certified cars added; null when they are in. */
  includeCertifiedHref: string | null;
  /**
   * The certified dialog's content (the one source, app/lib/trust-signals.ts; it stays out of the
   * page's script). Null on a document: kept as served under CERTIFIED_KEY.
   */
  certified: CertifiedContent | null;
  /** Open Graph tags (the BreadcrumbList and ItemList JSON-LD go into the document only: app/server/seo/json-ld.server.ts). */
  seo: SeoTag[];
  nextHref: string | null;
  previousHref: string | null;
  supplemental: { listings: ListingCardData[]; total: number; radius: number; nationwideHref: string } | null;
  similar: ListingCardData[];
  filters: FilterSection[];
  /** Parameters the filter form carries without showing them (keyword, sort, page size ...). */
  filterHidden: [string, string][];
  entryCards: EntryCard[];
  expiredBanner: string | null;
  /** A model the search could not take as written (Toyota + Civic): what it searched instead, with links (app/lib/search-url/notices.ts). */
  notices: SearchNotice[];
  priceError: string | null;
  zipError: string | null;
  compare: { ids: number[]; full: boolean; enabled: boolean; items: CompareItem[] };
  /** Section-2 extras (app/routes/results/extras.server.ts); absent when they failed. */
  extras?: ResultsExtras | null;
  /** 'Still interested?' (decisions 018, 023): a signed-in shopper's recently viewed cars (up to 10); signed out the browser fills it from local storage. */
  stillInterested: StillInterestedCar[];
  /** The push opt-in's server-side conditions (decision 023). */
  pushOptIn: PushOptInState;
  /** The wallet (decision 017): null when its flag is off. */
  wallet: WalletView | null;
  /** What the cards' monthly cost adds up and on which terms (decision 031); null when they show none. */
  monthlyCostNote: string | null;
  /** 'Model Name Clarification' (app/routes/results/model-clarification.server.ts): null when not asked. */
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
