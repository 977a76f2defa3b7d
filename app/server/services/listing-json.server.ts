// The spec's JSON shapes for listings and owners (docs/services.md), built from summaries.
import { photoFallbackUrl } from "../../lib/photos.ts";
import { listingImages, type ListingSummary } from "../../lib/listing.ts";
import { PATHS } from "../../lib/routes.ts";

export interface ListingJson {
  id: number;
  vin: string;
  title: string;
  ownerId: number;
  listingType: string;
  make: { code: string; name: string };
  model: { code: string; name: string };
  trim: { code: string | null; name: string | null };
  year: number;
  mileage: { value: number };
  phone: string | null;
  ownerName: string;
  hasSpecialOffer: boolean;
  isHot: boolean;
  /**
   * "photo": the dealer's photos (JPEG URLs; AVIF / WebP variants at the same path with another
   * extension, docs/photos.md). "illustration": the body-style drawings of a listing without
   * photos, never to be shown as the car.
   */
  images: { kind: "photo" | "illustration"; sources: { src: string; alt: string }[]; primary: number };
  vdpBaseUrl: string;
  website: { href: string | null };
  viewCount: number;
  isReducedPrice: boolean;
  bodyStyles: { code: string; name: string }[];
  engine: { code: string; name: string | null };
  doors: number;
  color: { exteriorColorSimple: string; exteriorColor: string | null; interiorColorSimple: string; interiorColor: string | null };
  fuelType: { group: string; name: string | null };
  mpgHighway: number | null;
  driveType: { code: string; name: string | null };
  certifiedProduct: string | null;
  fuelTypeGroup: string;
  vehicleStyleCodes: string[];
  pricingDetail: { salePrice: number; msrp: number | null; incentive: number; dealIndicator: string | null };
  specifications: {
    mpg?: { city: number | null; highway: number | null; combined: number | null; unit: "MPG" | "MPGe" };
    mileRange?: number;
    engine: string | null;
    driveType: string | null;
  };
  homeServices: string[];
  owner: { privateSeller: boolean; phone: string | null; id: number };
  distanceFromSearch: number | null;
  marketExtension?: boolean;
  /** The spec's vehicle highlight: present only when a real signal holds (docs/placements.md). */
  vehicleHighlight?: { isVehicleHighlight: true; urgencyDriverType: "PRICE_DROP" | "VIEWS" | "NEW_LISTING"; urgencyDriverValue: number };
}

export interface OwnerJson {
  id: number;
  name: string;
  ownerName: string;
  logo: { src: string } | null;
  location: { address: { street: string | null; city: string; state: string; zip: string } };
  phone: string | null;
  website: { href: string | null };
  /** The dealer's own claim, with the source it names (ADR 022). */
  rating: { value: number; count: number; source: string } | null;
  homeServices: string[];
  privateSeller: boolean;
  distanceFromSearch: number | null;
}

export function toListingJson(l: ListingSummary, distance: number | null = null, marketExtension = false): ListingJson {
  const electric = l.fuelTypeGroup === "ELE";
  const out: ListingJson = {
    id: l.id,
    vin: l.vin,
    title: l.title,
    ownerId: l.owner.id,
    listingType: l.listingType,
    make: { code: l.makeCode, name: l.makeName },
    model: { code: l.modelCode, name: l.modelName },
    trim: { code: l.trimCode, name: l.trimName },
    year: l.year,
    mileage: { value: l.mileage },
    phone: l.owner.phone,
    ownerName: l.owner.name,
    hasSpecialOffer: l.hasSpecialOffer,
    isHot: l.isHot,
    images:
      l.photos.length > 0
        ? {
            kind: "photo",
            sources: l.photos.map((p, i) => ({ src: photoFallbackUrl(p, 1024), alt: `${l.title}, photo ${i + 1} of ${l.photos.length}` })),
            primary: 0,
          }
        : { kind: "illustration", sources: listingImages(l), primary: 0 },
    vdpBaseUrl: PATHS.vehicle(l.id),
    website: { href: l.owner.privateSeller ? null : l.owner.website },
    viewCount: l.viewCount,
    isReducedPrice: l.isReducedPrice,
    bodyStyles: [{ code: l.bodyStyleCode, name: l.bodyStyleName }],
    engine: { code: l.engineCode, name: l.engine },
    doors: l.doors,
    color: {
      exteriorColorSimple: l.extColorSimple,
      exteriorColor: l.extColorName,
      interiorColorSimple: l.intColorSimple,
      interiorColor: l.intColorName,
    },
    fuelType: { group: l.fuelTypeGroup, name: l.fuelType },
    mpgHighway: l.mpgHighway,
    driveType: { code: l.driveGroup, name: l.drive },
    certifiedProduct: l.certifiedProduct,
    fuelTypeGroup: l.fuelTypeGroup,
    vehicleStyleCodes: [l.bodyStyleCode, ...(l.bodySubtypeCode ? [l.bodySubtypeCode] : [])],
    pricingDetail: { salePrice: l.salePrice, msrp: l.msrp, incentive: l.incentive, dealIndicator: l.dealRating },
    // "Dynamic spec keys on a card: mileage always; mpg and mileRange depending on fuel type."
    specifications: { engine: l.engine, driveType: l.drive },
    homeServices: l.homeServices,
    owner: { privateSeller: l.owner.privateSeller, phone: l.owner.phone, id: l.owner.id },
    distanceFromSearch: distance === null ? null : Math.round(distance),
  };
  if (!electric && l.mpgCombined !== null) {
    out.specifications.mpg = { city: l.mpgCity, highway: l.mpgHighway, combined: l.mpgCombined, unit: l.isMpge ? "MPGe" : "MPG" };
  }
  if (l.electricRange !== null && (electric || l.fuelTypeGroup === "PHEV" || l.fuelTypeGroup === "HYD")) {
    out.specifications.mileRange = l.electricRange;
  }
  if (marketExtension) out.marketExtension = true;
  return out;
}

export function ownersJson(listings: { summary: ListingSummary; distance: number | null }[]): OwnerJson[] {
  const seen = new Map<number, OwnerJson>();
  for (const { summary, distance } of listings) {
    const o = summary.owner;
    if (seen.has(o.id)) continue;
    seen.set(o.id, {
      id: o.id,
      name: o.name,
      ownerName: o.name,
      logo: o.logoUrl ? { src: o.logoUrl } : null,
      location: { address: { street: o.street, city: o.city, state: o.state, zip: o.zip } },
      phone: o.phone,
      website: { href: o.privateSeller ? null : o.website },
      rating: o.rating === null || !o.ratingSource ? null : { value: o.rating, count: o.ratingCount, source: o.ratingSource },
      homeServices: o.homeServices,
      privateSeller: o.privateSeller,
      distanceFromSearch: distance === null ? null : Math.round(distance),
    });
  }
  return [...seen.values()];
}
