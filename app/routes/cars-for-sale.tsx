// The search results page (SPEC.md section 2), server-rendered and complete without JavaScript:
// every filter is a GET form, every chip, crumb, tab, sort and page a link made by the URL module
// (app/lib/search-url.ts). The same module serves /cars-for-sale and its category paths
// (/cars-for-sale/{condition}/{body-style}/{make}/{model}/{trim}/{year}, see
// cars-for-sale.category.tsx). The work happens in app/server/pages/results-page.server.ts.
import { useCallback, useEffect, useState } from "react";
import { Link, isRouteErrorResponse, useLocation } from "react-router";
import type { Route } from "./+types/cars-for-sale";
import { CompareBar } from "../components/compare/compare-bar";
import { SaveSearch } from "../components/account/save-search";
import { CategoryTabs } from "../components/search/category-tabs";
import { FilterChips } from "../components/search/filter-chips";
import { FILTER_PANEL_ID, FilterPanel } from "../components/search/filter-panel";
import { Icon, IconSprite } from "../components/search/icons";
import { InfiniteResults } from "../components/search/infinite-results";
import { ListingGrid, SearchError } from "../components/search/results-list";
import { SearchHero } from "../components/search/search-hero";
import { KeywordSearch } from "../components/search/keyword-search";
import { SortBy } from "../components/search/sort-by";
import { useInstantFilters } from "../components/search/use-instant-filters";
import { usePublicFlags, useResultsTiming } from "../components/search/use-public-flags";
import { CardDialogs, ResultsHelp } from "../components/search/results-dialogs";
import { useHydrated } from "remix-utils/use-hydrated";
import { BuyOnlineFilter } from "../components/search/buy-online-filter";
import { DealerShowcase } from "../components/search/dealer-showcase";
import { FixedBottomAd, FooterAd } from "../components/search/house-ads";
import { ModelReference } from "../components/search/model-reference";
import { ShoppingAssistant } from "../components/search/shopping-assistant";
import { SuggestedFilters } from "../components/search/suggested-filters";
import { ModelClarification } from "../components/search/model-clarification";
import type { ResultsPageData, SearchPageData } from "../components/search/types";
import { TEXT } from "../lib/constants";
import { formatInt } from "../lib/format";
import { PATHS } from "../lib/routes";
import { compareAction, loadSearchPage } from "../server/pages/results-page.server";
import { resultsAction } from "../server/pages/results-extras.server";
import { modelClarificationAction } from "../server/pages/model-clarification.server";
import { stillInterestedAction } from "../server/pages/still-interested.server";
import { StillInterested } from "../components/search/still-interested";
import { HIDE_SHOWCASE_INTENT } from "../components/search/extras-types";
import { WalletContext, WalletDialog, WalletToggle } from "../components/wallet/wallet";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadSearchPage(request, url);
}

/** Card quick action: Compare (a form post without JavaScript, a fetcher with it); the showcase hide; the model clarification's answer. */
export async function action({ request, url }: Route.ActionArgs) {
  return (await resultsAction(request, url)) ?? (await modelClarificationAction(request, url)) ?? (await stillInterestedAction(request, url)) ?? compareAction(request, url);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const page = loaderData as SearchPageData | undefined;
  if (!page || page.kind !== "results") {
    return [{ title: "Cars for Sale | Forecourt" }, { name: "robots", content: "noindex" }];
  }
  return [
    { title: `${page.title} | Forecourt` },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: page.canonicalUrl },
    { name: "robots", content: page.indexable ? "index, follow" : "noindex, follow" },
    { property: "og:title", content: page.title },
    { property: "og:url", content: page.canonicalUrl },
    { "script:ld+json": itemList(page) },
  ];
};

/** JSON-LD ItemList of the vehicles on the page, each with its offer. */
function itemList(page: ResultsPageData) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: page.title,
    numberOfItems: page.listings.length,
    itemListElement: page.listings.map((l, i) => {
      const url = page.origin + PATHS.vehicle(l.id);
      return {
        "@type": "ListItem",
        position: page.firstRecord + i + 1,
        item: {
          "@type": "Car",
          name: l.title,
          url,
          itemCondition: l.condition === "New" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
          mileageFromOdometer: { "@type": "QuantitativeValue", value: l.mileage, unitCode: "SMI" },
          offers: {
            "@type": "Offer",
            price: l.price,
            priceCurrency: "USD",
            availability: "https://schema.org/InStock",
            url,
          },
        },
      };
    }),
  };
}

export default function CarsForSale({ loaderData }: Route.ComponentProps) {
  const page = loaderData as SearchPageData;
  if (page.kind === "error") return <SearchError title={page.title} retryHref={page.retryHref} />;
  return <Results page={page} />;
}

function Results({ page }: { page: ResultsPageData }) {
  const location = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  const closePanel = useCallback(() => {
    setPanelOpen(false);
    document.getElementById("filter-button")?.focus();
  }, []);
  // A new search closes the phone's filter panel.
  useEffect(() => setPanelOpen(false), [location.pathname, location.search]);
  const { debounceMs } = useResultsTiming();
  const evInfo = usePublicFlags().evInfo ?? true;
  const hydrated = useHydrated();
  // Every navigation that lands (a new history entry key; not a Compare revalidation) remounts the
  // filter form with the server's values, unless the shopper typed since the last submission.
  const { formKey } = useInstantFilters({ formId: FILTER_PANEL_ID, debounceMs, searchKey: `${location.key}|${page.firstPageHref}|${page.priceError ?? ""}|${page.zipError ?? ""}` });
  const extras = page.extras ?? null;
  return (
    <WalletContext value={page.wallet}>
      <main>
        <IconSprite />
        <a className="skip-link" href="#listings">
          {TEXT.skipLink}
        </a>
        <SearchHero heading={page.heading} crumbs={page.crumbs} location={page.location} />
        {page.tabs ? <CategoryTabs tabs={page.tabs} /> : null}
        <div className="mx-auto max-w-7xl px-4 py-6 lg:grid lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-8">
          <FilterPanel
            sections={page.filters}
            hidden={page.filterHidden}
            chips={page.chips}
            clearHref={page.clearFiltersHref}
            entryCards={page.entryCards}
            open={panelOpen}
            onClose={closePanel}
            formKey={formKey}
            instant={hydrated}
            extra={extras?.buyOnline ? <BuyOnlineFilter data={extras.buyOnline} /> : null}
          />
          <div className="min-w-0">
            <div className="mb-4 max-w-xl">
              <KeywordSearch keyword={page.keyword} search={page.sort} />
            </div>
            {page.expiredBanner ? (
              <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-900">
                {page.expiredBanner}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-3">
              <h2 id="results-heading" tabIndex={-1} className="mr-auto text-xl font-bold focus:outline-none">
                {TEXT.matches(page.total)}
              </h2>
              <a
                id="filter-button"
                href={`#${FILTER_PANEL_ID}`}
                onClick={(e) => {
                  e.preventDefault();
                  setPanelOpen(true);
                }}
                className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 lg:hidden"
              >
                <Icon name="filter" />
                Filters{" "}
                {page.selectedCount > 0 ? (
                  <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">
                    {page.selectedCount}
                    <span className="sr-only"> selected</span>
                  </span>
                ) : null}
              </a>
              <WalletToggle />
              <div className="w-full sm:w-auto">
                <SortBy value={page.sort.value} hidden={page.sort.hidden} />
              </div>
            </div>
            <div className="mt-3">
              <SaveSearch defaultTitle={page.title} />
            </div>
            <ResultsHelp includeCertifiedHref={page.includeCertifiedHref} evInfo={evInfo} />
            <CardDialogs />
            {page.chips.length > 0 ? (
              <div className="mt-3">
                <FilterChips chips={page.chips} clearHref={page.clearFiltersHref} />
              </div>
            ) : null}
            {extras ? <SuggestedFilters suggestions={extras.suggestions} /> : null}
            {page.clarification ? <ModelClarification key={page.clarification.code} data={page.clarification} /> : null}
            {page.stillInterested ? <StillInterested key={page.stillInterested.listingId} car={page.stillInterested} /> : null}
            {page.priceError || page.zipError ? (
              <p className="mt-3 text-sm font-medium text-red-700">
                {[page.zipError, page.priceError].filter(Boolean).join(" ")}{" "}
                <a href={`#${page.zipError ? "f-zip" : "f-max-price"}`} className="underline">
                  Fix it in the filters
                </a>
              </p>
            ) : null}
            <InfiniteResults
              page={page}
              before={extras?.showcase ? <DealerShowcase data={extras.showcase} hideIntent={HIDE_SHOWCASE_INTENT} /> : null}
              promoLinks={extras?.suggestions}
              promos={extras?.ads?.promos}
            />
            {page.supplemental ? (
              <section aria-labelledby="supplemental-heading" className="mt-12">
                <h2 id="supplemental-heading" className="text-lg font-bold">
                  More matches beyond {page.supplemental.radius} miles
                </h2>
                <p className="mb-4 mt-1 text-sm text-slate-600">
                  {formatInt(page.supplemental.total)} more {page.supplemental.total === 1 ? "car matches" : "cars match"} your filters farther away.{" "}
                  {page.supplemental.total > page.supplemental.listings.length ? (
                    <Link to={page.supplemental.nationwideHref} className="font-semibold text-brand-700 underline underline-offset-2">
                      See all {formatInt(page.total + page.supplemental.total)} nationwide
                    </Link>
                  ) : null}
                </p>
                <ListingGrid listings={page.supplemental.listings} compare={page.compare} labelledBy="supplemental-heading" />
              </section>
            ) : null}
            {page.similar.length > 0 ? (
              <section aria-labelledby="similar-heading" className="mt-12">
                <h2 id="similar-heading" className="mb-4 text-lg font-bold">
                  Similar vehicles you may like
                </h2>
                <ListingGrid listings={page.similar} compare={page.compare} labelledBy="similar-heading" />
              </section>
            ) : null}
            {extras?.modelReference ? <ModelReference data={extras.modelReference} /> : null}
          </div>
        </div>
        <CompareBar enabled={page.compare.enabled} items={page.compare.items} returnTo={location.pathname + location.search} />
        {extras?.ads && extras.ads.promos.length > 0 ? (
          <>
            <FooterAd promo={extras.ads.promos[extras.ads.promos.length - 1]} />
            <div aria-hidden="true" className="h-[60px] lg:h-[100px]" />
            <FixedBottomAd promo={extras.ads.promos[0]} />
          </>
        ) : null}
        {extras ? <ShoppingAssistant actions={extras.assistant} raised={extras.ads !== null} /> : null}
        <WalletDialog />
      </main>
    </WalletContext>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Page not found</h1>
        <p className="mt-3 text-slate-600">We could not find that search. The make, model or category in the address may be misspelled.</p>
        <p className="mt-8">
          <Link className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700" to={PATHS.search}>
            Search cars for sale
          </Link>
        </p>
      </main>
    );
  }
  return <RetryScreen />;
}

function RetryScreen() {
  const { pathname, search } = useLocation();
  return <SearchError title={TEXT.serverErrorTitle} retryHref={pathname + search} />;
}
