// A listing as pages and services show it (SPEC.md section 3, "Listing" and "Owner").
// Plain data, shared by server and browser.
import { CAROUSEL_IMAGES } from "./constants.ts";
import { VEHICLE_IMAGE_VIEWS, vehicleImagePath } from "./vehicle-image.ts";

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
  rating: number | null;
  ratingCount: number;
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
  imageCount: number;
  isHot: boolean;
  hasSpecialOffer: boolean;
  isReducedPrice: boolean;
  viewCount: number;
  certifiedProduct: string | null;
  homeServices: string[];
  features: string[];
  vehicleHistory: string[];
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

/** The listing's pictures: generated views by body style and colour, the first the primary. */
/** "2021 Toyota RAV4 XLE": a car's name on its card, its page and wherever it is listed. */
export function vehicleName(l: Pick<ListingSummary, "year" | "makeName" | "modelName" | "trimName">): string {
  return [String(l.year), l.makeName, l.modelName, l.trimName].filter(Boolean).join(" ");
}

export function listingImages(l: Pick<ListingSummary, "bodyStyleCode" | "extColorSimple" | "imageCount" | "title">): ListingImage[] {
  const n = Math.max(1, Math.min(l.imageCount, CAROUSEL_IMAGES * 3));
  const views = ["front three-quarter view", "side view", "rear three-quarter view", "front view"];
  return Array.from({ length: Math.min(n, VEHICLE_IMAGE_VIEWS) }, (_, i) => ({
    src: vehicleImagePath(l.bodyStyleCode, l.extColorSimple, i),
    alt: `${l.title}, ${views[i] ?? "picture"}`,
  }));
}
