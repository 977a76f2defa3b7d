// What the results page's section-2 extras render (model reference, suggested filters, card
// tiers, dealer showcase, shopping assistant, house ads, buy-online filter): plain data made by
// app/server/pages/results-extras.server.ts. Components only lay it out.
import type { GridItem } from "../../lib/results-placement";
import type { ListingCardData } from "./types";

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
  /** Null when the Pricing tab does not apply (certified, or no lists). */
  pricing: { byYear: PriceRow[]; byTrim: PriceRow[] } | null;
  compareTrimsHref: string;
  faqs: FaqItem[];
}

export type GridEntry = GridItem<ListingCardData>;

export interface ShowcaseData {
  dealer: { id: number; name: string; city: string; state: string; phone: string | null; rating: number | null; ratingCount: number };
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
  /** Only on small screens / only on large ones (the same action, two targets). */
  screen?: "small" | "large";
}

export interface HousePromo {
  title: string;
  text: string;
  href: string;
}

export interface BuyOnlineData {
  options: { label: string; count: number; selected: boolean; href: string }[];
  /** The automaker buy-online experience toggle. */
  experience: { on: boolean; href: string };
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

/** The results route's form intent that hides the dealer showcase. */
export const HIDE_SHOWCASE_INTENT = "hide-showcase";
