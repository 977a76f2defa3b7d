// The vehicle page's view types: plain data made by its loader and action (app/routes/vehicle/),
// laid out by its components and app/components/vehicle/ (whose deal badge the compare page uses
// too). Here, not in a server module: components import no server code
// (docs/architecture.md).
import type { SubmissionResult } from "@conform-to/zod/v4";
import type { ListingCardData } from "./search-view";
import type { ListingImage, ListingSummary } from "./listing";
import type { OneClickMode } from "./account";
import type { PaymentEstimate } from "./payment";
import type { ListingFormIntent } from "./listing-forms";

export type Condition = "new" | "used" | "certified";

export interface DealVerdict {
  rating: string;
  /** Plain words, e.g. "$1,240 below the average of 23 similar cars within 100 miles". */
  reason: string | null;
  marketPrice: number | null;
  basis: "comparables" | "estimate" | null;
}

export interface FeatureGroup {
  group: string;
  names: string[];
}

export interface PriceHistoryRow {
  /** Epoch ms. */
  at: number;
  price: number;
  /** Change from the previous row (null for the first). */
  change: number | null;
}

export interface WarrantyInfo {
  headline: string;
  points: string[];
}

/**
 * What the vehicle page's monthly cost breakdown adds to the payment estimate
 * (docs/decisions/031-monthly-cost.md). Its words come from the server (app/lib/monthly-cost.ts),
 * so the page's script carries none of that module.
 */
export interface VehicleMonthlyCost {
  /** EPA's fuel cost; null: EPA publishes none, and no monthly cost is shown. */
  fuel: {
    /** "Fuel" or "Electricity". */
    label: string;
    /** EPA's annual cost, dollars. */
    annual: number;
    /** The same a month, whole dollars (fuelMonthly). */
    monthly: number;
  } | null;
  /** The assumptions and what is left out; or why there is no figure. */
  notes: string[];
  /** "default terms (10% down, ...)": the loan's terms before the shopper enters any. */
  defaultTerms: string;
  /** The estimate's terms came from the shopper's wallet. */
  fromWallet: boolean;
}

export interface VehiclePageData {
  listing: ListingSummary;
  /** The body-style drawings shown when the listing has no photo yet (never the car's image). */
  images: ListingImage[];
  /** Absolute URLs of the dealer's photos (JSON-LD `image`, Open Graph); empty without photos. */
  imageUrls: string[];
  canonicalUrl: string;
  /** The page's path (form actions). */
  canonicalPath: string;
  origin: string;
  resultsUrl: string;
  resultsLabel: string;
  conditionLabel: string;
  deal: DealVerdict | null;
  features: FeatureGroup[];
  history: PriceHistoryRow[];
  daysOnMarket: number;
  /** 'Not confirmed by the seller since ...' for a feed listing its feed stopped confirming; else null. */
  notConfirmed: string | null;
  /** The instant the page was made (the chart runs to it). */
  now: number;
  /** Views including those counted but not yet written. */
  views: number;
  payment: PaymentEstimate;
  /** The true monthly cost's breakdown under the payment estimate (decision 031). */
  monthlyCost: VehicleMonthlyCost;
  similar: ListingCardData[];
  contact: {
    /** Dealers take email; private sellers take offers; some dealers only the phone. */
    mode: "email" | "offer" | "phone";
    /** This shopper has sent an enquiry about this car (status SUCCESS). */
    emailed: boolean;
    justSent: "contact" | "offer" | null;
    /** The shopper's copy was mailed (only to a signed-in shopper's verified address). */
    copySent: boolean;
    /** One-click email (docs/accounts.md): "send" offers the one-click button, "edit" fills the form with what is known. */
    oneClick: OneClickMode;
    /** A signed-in, opted-in shopper's known details, filled into the form. */
    profile: { firstName: string; lastName: string; email: string; phone: string } | null;
  };
  reported: boolean;
  /** The shopper's valid ZIP, carried by the page's GET forms. */
  zip: string | null;
  warranty: WarrantyInfo;
  /** The seller's description, reduced to the dealer-HTML allow-list ("" when there is none). */
  descriptionHtml: string;
  /** Distance from the shopper's ZIP, when a valid one was given. */
  distance: { zip: string; city: string; state: string; miles: number } | null;
}

export type VehicleActionData = {
  intent: ListingFormIntent;
  result: SubmissionResult<string[]>;
  /** A report posted by the results page's dialog (`via=fetch`) was stored. */
  sent?: true;
};
