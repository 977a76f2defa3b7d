// The search results page (docs/results-page.md), server-rendered and complete without JavaScript:
// every filter is a GET form, every chip, crumb, tab, sort and page a link made by the URL module
// (app/lib/search-url.ts). This module serves /cars-for-sale and its category paths
// (/cars-for-sale/{condition}/{body-style}/{make}/{model}/{trim}/{year}; app/routes.ts). Meta and
// JSX only: the loader's work is in loader.server.ts, the action's in action.server.ts, the view
// types in view.ts, the page's own components in components/ (docs/architecture.md).
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, isRouteErrorResponse, useLocation } from "react-router";
import type { Route } from "./+types/route";
import { CompareBar } from "../../components/compare/compare-bar";
import { SaveSearch } from "../../components/account/save-search";
import { CategoryTabs } from "./components/category-tabs";
import { FilterChips } from "./components/filter-chips";
import { FILTER_DIALOG_ID, FILTER_PANEL_ID, FilterPanel } from "./components/filter-panel";
import { ResultsBar } from "./components/results-bar";
import { InfiniteResults } from "./components/infinite-results";
import { ListingGrid, SearchError } from "./components/results-list";
import { SearchHero } from "../../components/search/search-hero";
import { KeywordSearch } from "./components/keyword-search";
import { SortBy } from "./components/sort-by";
import { useInstantFilters } from "./components/use-instant-filters";
import { usePublicFlags, useResultsTiming } from "./components/use-public-flags";
import { CardDialogs, ResultsHelp } from "./components/results-dialogs";
import { BuyOnlineFilter } from "./components/buy-online-filter";
import { DealerShowcase } from "./components/dealer-showcase";
import { FixedBottomAd, FooterAd } from "./components/house-ads";
import { ModelReference } from "./components/model-reference";
import { ShoppingAssistant } from "./components/shopping-assistant";
import { SuggestedFilters } from "./components/suggested-filters";
import { ModelClarification } from "./components/model-clarification";
import { SearchNotices } from "./components/search-notices";
import type { ResultsPageData } from "./view";
import { FIXED_AD_TRIGGER_ID, TEXT } from "../../lib/constants";
import { formatInt } from "../../lib/format";
import { PATHS } from "../../lib/routes";
import { PushOptInSlot, StillInterested } from "./components/still-interested";
import { HIDE_SHOWCASE_INTENT } from "./view";
import { resultsLoader } from "./loader.server";
import { resultsAction } from "./action.server";
import { WalletContext, WalletDialogSlot, WalletToggle } from "../../components/wallet/wallet";

export async function loader(args: Route.LoaderArgs) {
  return resultsLoader(args);
}

/** One intent switch (action.server.ts): Compare, the showcase hide, the model clarification's answer, the 'Still interested?' dismiss. */
export async function action(args: Route.ActionArgs) {
  return resultsAction(args);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** The results page's skip link comes first on the page, before the header (app/root.tsx). */
export const handle = { skipLink: { href: "#listings", label: TEXT.skipLink } };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const page = loaderData;
  if (!page || page.kind !== "results") {
    return [{ title: "Cars for Sale | Forecourt" }, { name: "robots", content: "noindex" }];
  }
  return [
    { title: `${page.title} | Forecourt` },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: page.canonicalUrl },
    { name: "robots", content: page.indexable ? "index, follow" : "noindex, follow" },
    ...page.seo,
  ];
};

export default function CarsForSale({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  if (page.kind === "error") return <SearchError title={page.title} retryHref={page.retryHref} />;
  return <Results page={page} />;
}

function Results({ page }: { page: ResultsPageData }) {
  const location = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const closePanel = useCallback(() => {
    setPanelOpen(false);
    const back = opener.current;
    (back?.isConnected && back.getClientRects().length > 0 ? back : document.getElementById("filter-button"))?.focus();
  }, []);
  // A new search closes the phone's filter panel.
  useEffect(() => setPanelOpen(false), [location.pathname, location.search]);
  // On a phone the panel is closed: a link to it or into it (the Filters button, 'Fix it in the
  // filters', 'Shop by Budget') opens it as a dialog instead of jumping to a hidden :target.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      const link = (e.target as Element | null)?.closest?.<HTMLAnchorElement>("a[href^='#']");
      const id = link?.getAttribute("href")?.slice(1);
      const target = id ? document.getElementById(id) : null;
      const dialog = document.getElementById(FILTER_DIALOG_ID);
      if (!link || !id || !target || !dialog?.contains(target) || dialog.getClientRects().length > 0) return;
      e.preventDefault();
      opener.current = link;
      setFocusId(id);
      setPanelOpen(true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  const { debounceMs } = useResultsTiming();
  const evInfo = usePublicFlags().evInfo ?? true;
  // Every navigation that lands (a new history entry key; not a Compare revalidation) remounts the
  // filter form with the server's values, unless the shopper typed since the last submission.
  const { formKey } = useInstantFilters({
    formId: FILTER_PANEL_ID,
    debounceMs,
    searchKey: `${location.key}|${page.firstPageHref}|${page.priceError ?? ""}|${page.zipError ?? ""}`,
  });
  const extras = page.extras ?? null;
  const chips = page.locationChip ? [page.locationChip, ...page.chips] : page.chips;
  return (
    <WalletContext value={page.wallet}>
      <main>
        <SearchHero heading={page.heading} crumbs={page.crumbs} location={page.location} />
        {page.tabs ? <CategoryTabs tabs={page.tabs} kept={page.tabsKept} /> : null}
        <div className="mx-auto max-w-7xl px-4 pb-6 lg:grid lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-8 lg:pt-6">
          <FilterPanel
            sections={page.filters}
            hidden={page.filterHidden}
            chips={page.chips}
            clearHref={page.clearFiltersHref}
            entryCards={page.entryCards}
            open={panelOpen}
            onClose={closePanel}
            focusId={focusId}
            formKey={formKey}
            extra={extras?.buyOnline ? <BuyOnlineFilter data={extras.buyOnline} /> : null}
            keyword={<KeywordSearch keyword={page.keyword} search={page.sort} inputId="panel-keyword" />}
          />
          <div className="min-w-0">
            <ResultsBar selectedCount={page.selectedCount} sort={page.sort} />
            <div className="mb-4 max-w-xl max-lg:hidden">
              <KeywordSearch keyword={page.keyword} search={page.sort} />
            </div>
            <SearchNotices notices={page.notices} />
            {page.expiredBanner ? (
              <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-900">
                {page.expiredBanner}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <h2 id="results-heading" tabIndex={-1} className="mr-auto text-lg font-bold focus:outline-none lg:text-xl">
                {TEXT.matches(page.total)}
              </h2>
              <WalletToggle />
              <div className="max-lg:hidden">
                <SortBy value={page.sort.value} hidden={page.sort.hidden} />
              </div>
            </div>
            {/* The shopping assistant's 'Get Price Alerts' and the phone bar's Save search lead here. */}
            <div
              id="save-search"
              className={
                "mt-3 scroll-mt-4 max-lg:hidden max-lg:target:block max-lg:rounded-xl " +
                "max-lg:border max-lg:border-brand-200 max-lg:bg-brand-50/50 max-lg:p-3"
              }
            >
              <SaveSearch defaultTitle={page.title} />
            </div>
            {page.monthlyCostNote ? (
              <p id="monthly-cost-note" className="mt-3 text-xs text-slate-600">
                {page.monthlyCostNote}
              </p>
            ) : null}
            <ResultsHelp
              includeCertifiedHref={page.includeCertifiedHref}
              evInfo={evInfo}
              certified={page.certified}
              lead={extras ? <ShoppingAssistant actions={extras.assistant} /> : null}
            />
            <CardDialogs />
            {/* Below 1024 px the chips and the suggested filters share one row that scrolls sideways. */}
            <div
              className={
                "relative mt-2 max-lg:-mx-1.5 max-lg:flex max-lg:items-center max-lg:gap-4 " +
                "max-lg:overflow-x-auto max-lg:p-1.5 max-lg:[scrollbar-width:none] lg:mt-3"
              }
            >
              {page.chips.length > 0 ? <FilterChips chips={chips} clearHref={page.clearFiltersHref} oneRow /> : null}
              {extras ? <SuggestedFilters suggestions={extras.suggestions} /> : null}
            </div>
            {page.clarification ? <ModelClarification key={page.clarification.code} data={page.clarification} /> : null}
            <StillInterested cars={page.stillInterested} />
            <PushOptInSlot state={page.pushOptIn} />
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
                <ListingGrid listings={page.supplemental.listings} compare={page.compare} labelledBy="supplemental-heading" tier="supplemental" />
              </section>
            ) : null}
            {page.similar.length > 0 ? (
              <section aria-labelledby="similar-heading" className="mt-12">
                <h2 id="similar-heading" className="mb-4 text-lg font-bold">
                  Similar vehicles you may like
                </h2>
                <ListingGrid listings={page.similar} compare={page.compare} labelledBy="similar-heading" tier="similar" />
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
            <FixedBottomAd
              key={location.pathname + location.search}
              promo={extras.ads.promos[0]}
              searchHref={location.pathname + location.search}
              triggerId={FIXED_AD_TRIGGER_ID}
            />
          </>
        ) : null}
        <WalletDialogSlot />
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
