// A listing as pages and services show it (docs/services.md, "Listing" and "Owner").
// Plain data, shared by server and browser.
import { CAROUSEL_IMAGES } from "./constants.ts";
import { VEHICLE_BODY_STYLE_NAMES, VEHICLE_IMAGE_VIEWS, vehicleImagePath } from "./vehicle-image-path.ts";
import type { ListingPhoto } from "./photos.ts";

export interface ListingOwnerSummary {
  id: number;
  name: string;
  privateSeller: boolean;
  phone: string | null;
  website: string | null;
  logoUrl: string | null;
  street: string | null;
  city: string;
  state: string;
  zip: string;
  /** The dealer's own rating claim from its feed, shown with `ratingSource` (ADR 022); null: none. */
  rating: number | null;
  ratingCount: number;
  /** Where the dealer says the rating comes from ("Google reviews" ...). */
  ratingSource: string | null;
  homeServices: string[];
}

export interface ListingSummary {
  id: number;
  vin: string;
  status: string;
  title: string;
  listingType: string;
  year: number;
  makeCode: string;
  makeName: string;
  modelCode: string;
  modelName: string;
  seriesCode: string | null;
  trimCode: string | null;
  trimName: string | null;
  mileage: number;
  salePrice: number;
  msrp: number | null;
  incentive: number;
  dealRating: "great" | "good" | "fair" | "high" | null;
  marketPrice: number | null;
  bodyStyleCode: string;
  bodyStyleName: string;
  bodySubtypeCode: string | null;
  extColorSimple: string;
  extColorName: string | null;
  intColorSimple: string;
  intColorName: string | null;
  fuelTypeGroup: string;
  fuelType: string | null;
  driveGroup: string;
  drive: string | null;
  engineCode: string;
  engine: string | null;
  transmissionCode: string;
  transmission: string | null;
  doors: number;
  mpgCity: number | null;
  mpgHighway: number | null;
  mpgCombined: number | null;
  isMpge: boolean;
  electricRange: number | null;
  /** EPA's annual fuel (or electricity) cost in dollars of the trim; null: none published (docs/reference-data.md). */
  annualFuelCost: number | null;
  imageCount: number;
  /** Dealer photos, ready to show, in feed order (docs/photos.md); empty: no photo yet. May be the first few only (see photoCount). */
  photos: ListingPhoto[];
  /** How many ready photos the listing has. */
  photoCount: number;
  isHot: boolean;
  hasSpecialOffer: boolean;
  isReducedPrice: boolean;
  viewCount: number;
  certifiedProduct: string | null;
  homeServices: string[];
  features: string[];
  vehicleHistory: string[];
  /** The history provider that supplied `vehicleHistory`; null: the seller's own statement. */
  vehicleHistorySource: string | null;
  moneyBackGuarantee: boolean;
  dateListed: number;
  sellerType: string;
  location: { zip: string; lat: number; lon: number };
  owner: ListingOwnerSummary;
}

export interface ListingImage {
  src: string;
  alt: string;
}

/**
 * A listing's drawings (generated views by body style and colour), shown while it has no dealer
 * photo and always labelled as illustrations (docs/photos.md).
 */
/** "2021 Toyota RAV4 XLE": a car's name on its card, its page and wherever it is listed. */
export function vehicleName(l: Pick<ListingSummary, "year" | "makeName" | "modelName" | "trimName">): string {
  return [String(l.year), l.makeName, l.modelName, l.trimName].filter(Boolean).join(" ");
}

export function listingImages(l: Pick<ListingSummary, "bodyStyleCode" | "extColorSimple" | "imageCount" | "title">): ListingImage[] {
  const n = Math.max(1, Math.min(l.imageCount, CAROUSEL_IMAGES * 3));
  const views = ["front three-quarter view", "side view", "rear three-quarter view", "front view"];
  return Array.from({ length: Math.min(n, VEHICLE_IMAGE_VIEWS) }, (_, i) => ({
    src: vehicleImagePath(l.bodyStyleCode, l.extColorSimple, i),
    alt: `Illustration, not a photo of this car: ${VEHICLE_BODY_STYLE_NAMES[l.bodyStyleCode] ?? "vehicle"}, ${views[i] ?? "picture"}`,
  }));
}
