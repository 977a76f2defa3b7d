// What crawlers and link previews read (docs/seo.md): Open Graph tags and schema.org JSON-LD built
// one way for every page. The site image is the brand card, never a car: a car's own photo is the
// only image a vehicle page gives as that car's (docs/trust-signals.md).
import { PATHS } from "./routes.ts";
import type { Crumb } from "./search-url/types.ts";

export const SITE_NAME = "Forecourt";
/** The brand card for link previews (public/og-image.jpg, 1200 x 630). */
export const SITE_IMAGE_PATH = "/og-image.jpg";

export type SeoTag = { property: string; content: string } | { "script:ld+json": unknown };
type MetaTag = SeoTag;

/** Open Graph tags for a page; `image` defaults to the brand card. */
export function openGraph(o: {
  origin: string;
  url: string;
  title: string;
  description: string;
  type?: "website" | "product";
  /** The page's picture; by default the site's image; `null`: none (a car without a real photo). */
  image?: string | null;
  imageAlt?: string;
}): MetaTag[] {
  const image = o.image === undefined ? o.origin + SITE_IMAGE_PATH : o.image;
  return [
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: o.type ?? "website" },
    { property: "og:title", content: o.title },
    { property: "og:description", content: o.description },
    { property: "og:url", content: o.url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    ...(image && o.imageAlt ? [{ property: "og:image:alt", content: o.imageAlt }] : []),
  ];
}

/** schema.org BreadcrumbList of the crumbs a page shows (absolute URLs). */
export function breadcrumbList(crumbs: readonly Crumb[], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.label, item: origin + c.href })),
  };
}

/** schema.org WebSite with its search box (the results page's keyword search). */
export function webSite(origin: string, searchPath: string) {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: SITE_NAME,
    url: `${origin}/`,
    potentialAction: {
      "@type": "SearchAction",
      target: `${origin}${searchPath}?keyword={search_term_string}`,
      "query-input": "required name=search_term_string",
    },
  };
}

export interface CarJsonLdInput {
  name: string;
  /** The vehicle page's absolute URL (also the offer's). */
  url: string;
  isNew: boolean;
  mileage: number;
  price: number;
  /** Real photos only (absolute URLs); a drawing is never the car's image. */
  images?: readonly string[];
  vin?: string;
  makeName?: string;
  modelName?: string;
  year?: number;
  trimName?: string | null;
  bodyType?: string;
  color?: string | null;
  engine?: string | null;
  transmission?: string | null;
  drive?: string | null;
  fuelType?: string | null;
  doors?: number | null;
  seller?: { kind: "private" } | { kind: "dealer"; name: string; phone?: string | null; street?: string | null; city: string; state: string; zip: string };
}

/**
 * schema.org Car with its Offer, the one builder for the vehicle page (standalone, with
 * @context) and the results page's ItemList items (without): what is not known is left out.
 */
export function carJsonLd(c: CarJsonLdInput, options: { standalone?: boolean } = {}) {
  const s = c.seller;
  return {
    ...(options.standalone ? { "@context": "https://schema.org" } : {}),
    "@type": "Car",
    name: c.name,
    url: c.url,
    image: c.images && c.images.length > 0 ? c.images : undefined,
    vehicleIdentificationNumber: c.vin,
    brand: c.makeName ? { "@type": "Brand", name: c.makeName } : undefined,
    model: c.modelName,
    vehicleModelDate: c.year === undefined ? undefined : String(c.year),
    vehicleConfiguration: c.trimName ?? undefined,
    bodyType: c.bodyType,
    color: c.color ?? undefined,
    vehicleEngine: c.engine ? { "@type": "EngineSpecification", name: c.engine } : undefined,
    vehicleTransmission: c.transmission ?? undefined,
    driveWheelConfiguration: c.drive ?? undefined,
    fuelType: c.fuelType ?? undefined,
    numberOfDoors: c.doors ?? undefined,
    itemCondition: c.isNew ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
    mileageFromOdometer: { "@type": "QuantitativeValue", value: c.mileage, unitCode: "SMI" },
    offers: {
      "@type": "Offer",
      price: c.price,
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: c.url,
      seller: !s
        ? undefined
        : s.kind === "private"
          ? { "@type": "Person", name: "Private seller" }
          : {
              "@type": "AutoDealer",
              name: s.name,
              telephone: s.phone ?? undefined,
              address: {
                "@type": "PostalAddress",
                streetAddress: s.street ?? undefined,
                addressLocality: s.city,
                addressRegion: s.state,
                postalCode: s.zip,
                addressCountry: "US",
              },
            },
    },
  };
}

/** schema.org ItemList of the cars a results page shows, each a Car with its Offer. */
export function vehicleItemList(
  name: string,
  listings: readonly { id: number; title: string; condition: string; mileage: number; price: number }[],
  firstRecord: number,
  origin: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: listings.length,
    itemListElement: listings.map((l, i) => {
      const url = origin + PATHS.vehicle(l.id);
      return {
        "@type": "ListItem",
        position: firstRecord + i + 1,
        item: carJsonLd({ name: l.title, url, isNew: l.condition === "New", mileage: l.mileage, price: l.price }),
      };
    }),
  };
}
