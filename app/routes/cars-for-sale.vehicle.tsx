// The vehicle detail page (issue 6, first cut), complete without JavaScript: gallery, title,
// price with its deal verdict, specs, features, history, warranty, pricing with the price history,
// seller, share and report. The loader (app/server/pages/vehicle-page.server.ts) 404s unknown ids and
// redirects sold or expired listings to their make and model's results with the expired banner.
// clickType / tileClick (from the results cards) are accepted and ignored.
import { Link, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/cars-for-sale.vehicle";
import { Breadcrumbs } from "../components/search/search-hero";
import { SaveHeart } from "../components/account/save-heart";
import { PriceAlertForm } from "../components/account/price-alert-form";
import { Icon, IconSprite } from "../components/search/icons";
import { SAMPLE_PAYMENT_TEXT } from "../lib/constants";
import { Gallery } from "../components/vehicle/gallery";
import {
  DealBadge,
  Features,
  KeySpecs,
  Pricing,
  Seller,
  SellerDescription,
  VehicleHistory,
  Warranty,
  vehicleName,
} from "../components/vehicle/sections";
import { formatInt, formatMiles, formatPrice } from "../lib/format";
import { PATHS } from "../lib/routes";
import { loadVehiclePage, type VehiclePageData } from "../server/pages/vehicle-page.server";
import { vehicleAction } from "../server/pages/vehicle-actions.server";
import { ContactSeller } from "../components/vehicle/contact-seller";
import { PaymentEstimator } from "../components/vehicle/payment-estimate";
import { ReportListing, ShareListing } from "../components/vehicle/share-report";
import { SimilarListings } from "../components/vehicle/similar-listings";
import { CompareButton } from "../components/compare/compare-button";
import { compareStatus } from "../server/compare/compare.server";
import { documentHeaders } from "../server/http/route-headers.server";

export async function loader({ params, url, request }: Route.LoaderArgs) {
  const [page, compare] = await Promise.all([loadVehiclePage(request, url, params.listingId), compareStatus(request)]);
  return { ...page, compare };
}

export async function action({ request, params }: Route.ActionArgs) {
  return vehicleAction(request, params.listingId);
}

// A refused post's Retry-After reaches the page.
export const headers = documentHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const page = loaderData as VehiclePageData | undefined;
  if (!page) return [{ title: "Vehicle not found | Forecourt" }, { name: "robots", content: "noindex" }];
  const l = page.listing;
  const name = vehicleName(l);
  const title = `${name} for sale in ${l.owner.city}, ${l.owner.state} | Forecourt`;
  const description = `${page.conditionLabel} ${name} for ${formatPrice(l.salePrice)}${
    l.listingType === "NEW" && l.mileage < 500 ? "" : ` with ${formatMiles(l.mileage)}`
  }, ${l.extColorName ?? l.extColorSimple.toLowerCase()}, offered by ${l.owner.privateSeller ? "a private seller" : l.owner.name} in ${l.owner.city}, ${l.owner.state}.`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: page.canonicalUrl },
    { property: "og:title", content: `${name} for sale in ${l.owner.city}, ${l.owner.state}` },
    { property: "og:description", content: description },
    { property: "og:type", content: "product" },
    { property: "og:url", content: page.canonicalUrl },
    { property: "og:image", content: page.imageUrl },
    { property: "og:image:alt", content: page.images[0].alt },
  ];
};

/** schema.org Car with its Offer. */
function carJsonLd(page: VehiclePageData) {
  const l = page.listing;
  const o = l.owner;
  return {
    "@context": "https://schema.org",
    "@type": "Car",
    name: vehicleName(l),
    url: page.canonicalUrl,
    image: page.images.map((i) => page.origin + i.src),
    vehicleIdentificationNumber: l.vin,
    brand: { "@type": "Brand", name: l.makeName },
    model: l.modelName,
    vehicleModelDate: String(l.year),
    vehicleConfiguration: l.trimName ?? undefined,
    bodyType: l.bodyStyleName,
    color: l.extColorName ?? undefined,
    vehicleEngine: l.engine ? { "@type": "EngineSpecification", name: l.engine } : undefined,
    vehicleTransmission: l.transmission ?? undefined,
    driveWheelConfiguration: l.drive ?? undefined,
    fuelType: l.fuelType ?? undefined,
    numberOfDoors: l.doors,
    itemCondition: l.listingType === "NEW" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
    mileageFromOdometer: { "@type": "QuantitativeValue", value: l.mileage, unitCode: "SMI" },
    offers: {
      "@type": "Offer",
      price: l.salePrice,
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: page.canonicalUrl,
      seller: o.privateSeller
        ? { "@type": "Person", name: "Private seller" }
        : {
            "@type": "AutoDealer",
            name: o.name,
            telephone: o.phone ?? undefined,
            address: {
              "@type": "PostalAddress",
              streetAddress: o.street ?? undefined,
              addressLocality: o.city,
              addressRegion: o.state,
              postalCode: o.zip,
              addressCountry: "US",
            },
          },
    },
  };
}

export default function Vehicle({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData as VehiclePageData;
  const l = page.listing;
  const name = vehicleName(l);
  const crumbs = [
    { label: "Home", href: PATHS.home },
    { label: "Cars for Sale", href: PATHS.search },
    { label: page.resultsLabel, href: page.resultsUrl },
  ];
  const showMiles = !(l.listingType === "NEW" && l.mileage < 500);
  return (
    <main>
      <IconSprite />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(carJsonLd(page)).replace(/</g, "\\u003c") }} />
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <Breadcrumbs crumbs={crumbs} />
          <Link to={page.resultsUrl} className="text-sm font-semibold text-brand-700 hover:underline">
            ← Back to {page.resultsLabel} results
          </Link>
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
        <div className="min-w-0 lg:col-start-1">
          <Gallery images={page.images} />
        </div>

        <aside aria-label="Price and seller" className="flex flex-col gap-4 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <section aria-labelledby="vehicle-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <ul className="flex flex-wrap gap-1.5 text-xs font-semibold" aria-label="Highlights">
              <li className="rounded-md bg-brand-50 px-2 py-0.5 text-brand-800">{page.conditionLabel}</li>
              {l.isReducedPrice ? <li className="rounded-md bg-green-50 px-2 py-0.5 text-deal-good">Price drop</li> : null}
              {l.isHot ? <li className="rounded-md bg-orange-50 px-2 py-0.5 text-orange-700">Hot car: selling fast</li> : null}
              {l.moneyBackGuarantee ? <li className="rounded-md bg-slate-100 px-2 py-0.5 text-slate-700">Money-back guarantee</li> : null}
            </ul>
            <h1 id="vehicle-title" className="mt-3 text-2xl font-bold leading-tight tracking-tight text-ink">
              {name}
            </h1>
            <p className="mt-1 text-sm text-slate-600">
              {showMiles ? formatMiles(l.mileage) : "New, delivery miles only"} · {l.extColorName ?? l.extColorSimple} · {l.owner.city}, {l.owner.state}
            </p>
            <p className="mt-4 text-4xl font-bold tracking-tight text-ink" data-testid="vehicle-price">
              {formatPrice(l.salePrice)}
            </p>
            {l.listingType === "NEW" && l.msrp && l.msrp > l.salePrice ? (
              <p className="text-sm text-slate-600">
                MSRP <s>{formatPrice(l.msrp)}</s>
              </p>
            ) : null}
            {page.deal ? (
              <div className="mt-3 flex flex-col items-start gap-1.5">
                <DealBadge rating={page.deal.rating} large />
                {page.deal.reason ? <p className="text-sm text-slate-700">{page.deal.reason}</p> : null}
              </div>
            ) : null}
            <dl className="mt-4 grid grid-cols-3 gap-2 border-t border-slate-100 pt-4 text-center text-xs text-slate-600">
              <div>
                <dt>Mileage</dt>
                <dd className="mt-0.5 text-sm font-semibold text-ink">{formatMiles(l.mileage)}</dd>
              </div>
              <div>
                <dt>On Forecourt</dt>
                <dd className="mt-0.5 text-sm font-semibold text-ink">
                  {formatInt(page.daysOnMarket)} {page.daysOnMarket === 1 ? "day" : "days"}
                </dd>
              </div>
              <div>
                <dt>Views</dt>
                <dd className="mt-0.5 text-sm font-semibold text-ink">{formatInt(page.views)}</dd>
              </div>
            </dl>
            <p className="mt-3 text-sm text-slate-600">
              Est. payment:{" "}
              <a href="#payment" className="font-semibold text-brand-700 hover:underline">
                {page.payment.monthly !== null ? `${formatPrice(page.payment.monthly)}/mo.` : SAMPLE_PAYMENT_TEXT}
              </a>
            </p>
            {page.contact.mode !== "phone" ? (
              <a href="#contact" className="mt-4 block rounded-lg bg-brand-600 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-700">
                {page.contact.mode === "offer" ? "Make Offer" : "Email the seller"}
              </a>
            ) : null}
            {page.contact.emailed ? (
              <p className="mt-2 flex items-center justify-center gap-1.5 text-sm font-medium text-deal-great" data-testid="emailed-mark">
                <Icon name="check" /> {page.contact.mode === "offer" ? "You made an offer" : "You emailed this seller"}
              </p>
            ) : null}
            <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <a href="#pricingSection" className="font-semibold text-brand-700 hover:underline">
                Pricing and history
              </a>
              <a href="#warrantySection" className="font-semibold text-brand-700 hover:underline">
                Warranty
              </a>
              <a href="#share" className="font-semibold text-brand-700 hover:underline">
                Share
              </a>
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <SaveHeart listingId={l.id} title={name} size="lg" />
              <CompareButton listingId={l.id} title={name} compare={loaderData.compare} />
            </div>
            <div className="mt-4 border-t border-slate-100 pt-4">
              <PriceAlertForm listingId={l.id} />
            </div>
          </section>
          <Seller page={page} />
        </aside>

        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1">
          <KeySpecs listing={l} />
          <SellerDescription html={page.descriptionHtml} />
          <Features groups={page.features} />
          <VehicleHistory items={l.vehicleHistory} />
          <Warranty warranty={page.warranty} />
          <Pricing page={page} />
          <PaymentEstimator action={page.canonicalPath} listingPrice={l.salePrice} initial={page.payment} zip={page.zip} />
          <ContactSeller page={page} actionData={actionData} />
          <div className="grid gap-6 md:grid-cols-2">
            <ShareListing url={page.canonicalUrl} title={name} />
            <ReportListing action={page.canonicalPath} reported={page.reported} actionData={actionData} />
          </div>
        </div>
      </div>
      <SimilarListings listings={page.similar} />
    </main>
  );
}

/** A listing that is not (or no longer) here: a 404 in the site frame with ways back to search. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "We couldn't find that car" : "Something went wrong"}</h1>
      <p className="mt-3 text-slate-600">
        {notFound
          ? "This listing does not exist or the link is incomplete. There are plenty more cars for sale."
          : "We could not show this car. Please try again in a moment."}
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        <a className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700" href={PATHS.search}>
          Search cars for sale
        </a>
        <a className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50" href={PATHS.home}>
          Go to the home page
        </a>
      </p>
    </main>
  );
}
