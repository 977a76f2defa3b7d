// The vehicle detail page (docs/vehicle-page.md), complete without JavaScript: gallery, title,
// price with its deal verdict, specs, features, history, warranty, pricing with the price history,
// seller, share and report. The loader (loader.server.ts) 404s unknown ids and
// redirects sold or expired listings to their make and model's results with the expired banner.
// clickType / tileClick (from the results cards) are accepted and ignored.
import { Link, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/route";
import { Breadcrumbs } from "../../components/search/search-hero";
import { SaveHeart } from "../../components/account/save-heart";
import { PriceAlertForm } from "../../components/account/price-alert-form";
import { Icon } from "../../components/search/icons";
import { DEFAULT_LOAN_TEXT, defaultTermsPayment } from "../../lib/loan";
import { Gallery } from "./components/gallery";
import { DealBadge, Features, KeySpecs, Pricing, Seller, SellerDescription, VehicleHistory, Warranty, vehicleName } from "../../components/vehicle/sections";
import { formatInt, formatMiles, formatPrice } from "../../lib/format";
import { PATHS } from "../../lib/routes";
import { loadVehiclePage, type VehiclePageData } from "./loader.server";
import { vehicleAction } from "./action.server";
import { ContactSeller } from "./components/contact-seller";
import { RecordLocalView } from "../../components/search/record-local-view";
import { PaymentEstimator } from "./components/payment-estimate";
import { ReportListing, ShareListing } from "./components/share-report";
import { SimilarListings } from "./components/similar-listings";
import { CompareButton } from "../../components/compare/compare-button";
import { documentHeaders } from "../../server/http/route-headers.server";
import { appContext, shopperContext } from "../../server/http/request-context.server";
import { VehicleResearch } from "../../components/research/vehicle-research";
import { BuyOnlineCta } from "../../components/deals/buy-online-cta";
import { carJsonLd, openGraph } from "../../lib/seo";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  return loadVehiclePage({ url, rawId: params.listingId, app: context.get(appContext), shopper: context.get(shopperContext) });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return vehicleAction(request, params.listingId, context.get(shopperContext));
}

// A refused post's Retry-After reaches the page.
export const headers = documentHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const page = loaderData;
  if (!page) return [{ title: "Vehicle not found | Forecourt" }, { name: "robots", content: "noindex" }];
  const l = page.listing;
  const name = vehicleName(l);
  const title = `${name} for sale in ${l.owner.city}, ${l.owner.state} | Forecourt`;
  const seller = l.owner.privateSeller ? "a private seller" : l.owner.name;
  const description = `${page.conditionLabel} ${name} for ${formatPrice(l.salePrice)}${
    l.listingType === "NEW" && l.mileage < 500 ? "" : ` with ${formatMiles(l.mileage)}`
  }, ${l.extColorName ?? l.extColorSimple.toLowerCase()}, offered by ${seller} in ${l.owner.city}, ${l.owner.state}.`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: page.canonicalUrl },
    // Only a real photo of the car: its drawing is never presented as the car (docs/photos.md).
    ...openGraph({
      origin: page.origin,
      url: page.canonicalUrl,
      title: `${name} for sale in ${l.owner.city}, ${l.owner.state}`,
      description,
      type: "product",
      image: page.imageUrls[0] ?? null,
      imageAlt: `${name}, photo 1 of ${page.imageUrls.length}`,
    }),
  ];
};

/** schema.org Car with its Offer (app/lib/seo.ts). */
function carJsonLdOf(page: VehiclePageData) {
  const l = page.listing;
  const o = l.owner;
  return carJsonLd(
    {
      name: vehicleName(l),
      url: page.canonicalUrl,
      isNew: l.listingType === "NEW",
      mileage: l.mileage,
      price: l.salePrice,
      images: page.imageUrls,
      vin: l.vin,
      makeName: l.makeName,
      modelName: l.modelName,
      year: l.year,
      trimName: l.trimName,
      bodyType: l.bodyStyleName,
      color: l.extColorName,
      engine: l.engine,
      transmission: l.transmission,
      drive: l.drive,
      fuelType: l.fuelType,
      doors: l.doors,
      seller: o.privateSeller
        ? { kind: "private" }
        : { kind: "dealer", name: o.name, phone: o.phone, street: o.street, city: o.city, state: o.state, zip: o.zip },
    },
    { standalone: true },
  );
}

export default function Vehicle({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
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
      <RecordLocalView listingId={l.id} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(carJsonLdOf(page)).replace(/</g, "\\u003c") }} />
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 sm:py-3">
          {/* On a phone the way back is enough: the trail shows from 640 px. */}
          <div className="max-sm:hidden">
            <Breadcrumbs crumbs={crumbs} />
          </div>
          <Link to={page.resultsUrl} className="text-sm font-semibold text-brand-700 hover:underline">
            ← Back to {page.resultsLabel} results
          </Link>
        </div>
      </div>
      {/* One column on a phone, in the order a shopper needs it: pictures, price, seller, payment,
          then the details (the seller and the payment within two screens, docs/phone.md). From
          1024 px the details run down the left and the price and seller stay beside them. */}
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-4 sm:py-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-x-8">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <Gallery photos={page.listing.photos} illustrations={page.images} title={vehicleName(page.listing)} />
        </div>

        <aside aria-label="Price and seller" className="flex flex-col gap-4 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-4 lg:row-start-1 lg:self-start">
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
            {page.notConfirmed ? (
              <p role="note" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
                {page.notConfirmed}
              </p>
            ) : null}
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
                {formatPrice(page.payment.monthly ?? defaultTermsPayment(l.salePrice))}/mo.
              </a>
              {page.payment.monthly === null ? <span className="block text-xs text-slate-500">On default terms: {DEFAULT_LOAN_TEXT}.</span> : null}
              {page.monthlyCost.fuel ? (
                <span className="block">
                  With fuel:{" "}
                  <a href="#monthly-cost" className="font-semibold text-brand-700 hover:underline">
                    {formatPrice((page.payment.monthly ?? defaultTermsPayment(l.salePrice)) + page.monthlyCost.fuel.monthly)}/mo.
                  </a>
                </span>
              ) : null}
            </p>
            <BuyOnlineCta href={loaderData.buyOnlineHref} />
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

        <div className="min-w-0 lg:col-start-1 lg:row-start-3">
          <PaymentEstimator
            key={l.id}
            action={page.canonicalPath}
            listingPrice={l.salePrice}
            initial={page.payment}
            zip={page.zip}
            monthlyCost={page.monthlyCost}
          />
        </div>

        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-2">
          <KeySpecs listing={l} />
          <SellerDescription html={page.descriptionHtml} />
          <Features groups={page.features} />
          <VehicleHistory items={l.vehicleHistory} source={l.vehicleHistorySource} />
          <Warranty warranty={page.warranty} sponsor={loaderData.certifiedSponsor} />
          <Pricing page={page} />
        </div>

        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-4">
          <ContactSeller page={page} actionData={actionData} />
          <VehicleResearch reviews={loaderData.reviews} dealer={loaderData.dealerReviews} expert={loaderData.expertReview} canonicalPath={page.canonicalPath} />
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            <ShareListing url={page.canonicalUrl} title={name} />
            <ReportListing action={page.canonicalPath} reported={page.reported} actionData={actionData} />
          </div>
        </div>
      </div>
      <SimilarListings listings={page.similar} />
      <ContactBar page={page} />
    </main>
  );
}

/**
 * The phone's contact bar (docs/phone.md): the price, Call (when the seller has a phone) and
 * Email the seller (Make Offer for a private seller), kept at the bottom of the screen. Links
 * only: Email leads to the form (#contact), which the page scrolls clear of the bar (the scroll
 * padding in app/app.css). Hidden from 1024 px, where the price and seller stay beside the page.
 */
function ContactBar({ page }: { page: VehiclePageData }) {
  const l = page.listing;
  const phone = l.owner.phone;
  const mode = page.contact.mode;
  const button = "inline-flex h-11 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg px-3 text-sm font-semibold";
  return (
    <div
      data-sticky-bar="bottom"
      className="sticky bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-2 shadow-[0_-4px_16px_rgba(15,23,42,0.10)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-2">
        <p className="mr-auto min-w-0 leading-tight">
          <span className="block whitespace-nowrap text-lg font-bold text-ink">{formatPrice(l.salePrice)}</span>
          <span className="block truncate text-xs text-slate-600">{l.owner.privateSeller ? "Private seller" : l.owner.name}</span>
        </p>
        {phone ? (
          <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={`${button} border border-brand-600 bg-white text-brand-700 hover:bg-brand-50`}>
            <Icon name="phone" className="max-[23rem]:hidden" />
            Call<span className="sr-only"> {phone}</span>
          </a>
        ) : null}
        {mode !== "phone" ? (
          <a href="#contact" className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
            <Icon name="mail" className="max-[23rem]:hidden" />
            {mode === "offer" ? "Make Offer" : "Email"}
            {mode === "offer" ? null : <span className="sr-only"> the seller</span>}
          </a>
        ) : null}
      </div>
    </div>
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
