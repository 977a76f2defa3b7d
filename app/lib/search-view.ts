// View types more than one page renders: the listing card (results, vehicle page's similar
// listings) and the search hero's location editor. Made by server code, laid out by components;
// page-only view types live in their page's folder (docs/architecture.md).
import type { ListingPhoto } from "./photos";

/**
 * A card's data. What a card does not show is left out rather than sent as null, false, 0 or []
 * (the optional fields below): the page's hydration data carries every card, and a results page
 * at 1M listings sent some 2.5 KB of such keys (docs/decisions/032-render-path-at-1m.md).
 */
export interface ListingCardData {
  id: number;
  /** "2019 Toyota RAV4 XLE" */
  title: string;
  /** "Used", "New", "Certified" */
  condition: string;
  price: number;
  /**
   * The deal verdict in words, made on the server (app/lib/price-verdict.ts) so the card needs no
   * arithmetic: "$5,349 (5%) above market" and the band "Fair Price: 3% below to 5% above market".
   */
  dealNote?: string | null;
  dealBand?: string | null;
  mileage: number;
  dealRating?: "great" | "good" | "fair" | "high" | null;
  bodyStyleCode: string;
  extColor: string;
  sellerName: string;
  /** "Dealer rated 4.6 of 5 from 12 Forecourt reviews": only from shoppers' reviews on Forecourt (ADR 024). */
  sellerRating?: string | null;
  privateSeller?: boolean;
  city: string;
  state: string;
  /** Miles from the searched ZIP, rounded; absent (or null) without a location. */
  distance?: number | null;
  /** Beyond the radius, reached by extended home delivery. */
  extended?: boolean;
  reducedPrice?: boolean;
  /** This shopper has emailed the seller about it (docs/vehicle-page.md). */
  emailed?: boolean;
  /** The first photos for the card's carousel (docs/photos.md); absent or empty: the drawing, labelled. */
  photos?: ListingPhoto[];
  /** All the listing's photos (absent: none). */
  photoCount?: number;
  /** 'Buy Online': set only when the eligibility service passes the listing (docs/online-buying.md). */
  buyOnlineHref?: string;
  /** A vehicle highlight from a real signal ("Price dropped $500 this week"); docs/placements.md. */
  highlight?: string;
  /**
   * The true monthly cost (loan + EPA fuel, whole dollars; docs/decisions/031-monthly-cost.md),
   * made by the server on the page's terms: present only where the page shows it (payments on,
   * or the search sorts or filters by it) and the car has an EPA fuel cost.
   */
  monthlyCost?: { total: number; loan: number; fuel: number };
}

/** The location editor in the search hero. */
export interface SearchLocationData {
  zip: string;
  zipError: string | null;
  radius: number;
  place: string | null;
  hidden: [string, string][];
}
