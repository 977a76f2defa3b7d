// The results page's loader: orchestration only. From the request context and the URL to the
// page's data: raw input checks (price, ZIP) -> URL module (state, 301, 404) -> the page search
// (through the breaker layer) -> listing cards -> links and labels from the URL module ->
// ResultsPageData (view.ts). The pieces live in page.server.ts (checks, filter sections),
// extras.server.ts (section-2 extras) and model-clarification.server.ts.
import { data, redirect } from "react-router";
import { compareStatusOf, loadCompareItems } from "../../server/compare/compare.server.ts";
import { EXCLUDED_IDS_MAX, REDIRECT_STATUS, SIMILAR_PAGE_SIZE, SIMILAR_THRESHOLD, TEXT } from "../../lib/constants.ts";
import { effectiveRadius, type SearchHit, type SearchResult } from "../../lib/search-query.ts";
import {
  breadcrumbs,
  canonicalLinkUrl,
  categoryTabs,
  chips,
  clearFilters,
  emptySearchState,
  expiredBannerText,
  isIndexable,
  modelNotices,
  nextPageUrl,
  parseSearchUrl,
  previousPageUrl,
  searchDescription,
  searchFormEntries,
  searchTitle,
  selectedCount,
  withFilter,
  withoutFilter,
  withPage,
} from "../../lib/search-url.ts";
import { walletView } from "../../server/wallet.server.ts";
import type { SearchEngine } from "../../server/search/search.server.ts";
import { PUSH_RECENT_VIEW_MS } from "../../lib/push.ts";
import { getSearchPageContext } from "../../server/services/url-context.server.ts";
import { PLAIN_WORDS_PARAM, PLAIN_WORDS_REDIRECT_STATUS, plainWordsUrl } from "../../server/search/plain-words.server.ts";
import { serviceCalls } from "../../server/services/calls.server.ts";
import { bookmarkSearchUrl } from "../../server/accounts/account-api.server.ts";
import { reportError } from "../../server/observability/log.server.ts";
import { LOADER_TIMINGS } from "../../server/observability/context.server.ts";
import { listingCards } from "../../server/listings/cards.server.ts";
import { loadResultsExtras, takePool, withSponsoredPool } from "./extras.server.ts";
import { shownResults } from "../../lib/results-placement.ts";
import { modelClarification } from "./model-clarification.server.ts";
import { certifiedContent } from "../../lib/trust-signals.ts";
import { breadcrumbList, openGraph, vehicleItemList } from "../../lib/seo.ts";
import { publicOrigin } from "../../server/env.server.ts";
import type { ListingCardData } from "../../lib/search-view.ts";
import type { ResultsPageData, SearchErrorData } from "./view.ts";

import type { Route } from "./+types/route";
import { appContext, shopperContext } from "../../server/http/request-context.server.ts";
import { addServerJsonLd } from "../../server/seo/json-ld.server.ts";
import { isDocumentRequest, setDocumentOnly } from "../../server/http/document-only.server.ts";
import { monthlyCostNote } from "../../lib/monthly-cost.ts";
import {
  applyCostTerms,
  buildFilterSections,
  cardCostTerms,
  checkInputs,
  deferClosedSections,
  keepShownChoices,
  keepShownParts,
  withoutEmptyChoices,
  splitShowFilter,
  withShowFilter,
  expiredVehicle,
  markEmailed,
  recentViewWithin,
  stillInterestedFor,
  SUPPLEMENTAL_SHOWN,
  type PageArgs,
} from "./page.server.ts";

export async function resultsLoader({ request, url, context }: Route.LoaderArgs) {
  const jsonLd: unknown[] = [];
  const page = await loadSearchPage({ url, app: context.get(appContext), shopper: context.get(shopperContext), jsonLd });
  // The BreadcrumbList and ItemList go into the document only, not the loader data (docs/seo.md).
  addServerJsonLd(context, ...jsonLd);
  // A document leaves out the choices of closed filter parts, but for the one the shopper asked
  // to see (ADR 032); a client navigation (a .data request) renders them all in the browser.
  // The choices it shows, the model's price tables, the category tabs and the certified dialog's
  // programs are kept as served: in its HTML, not its loader data (ADR 032, "Choices kept as served").
  if (isDocumentRequest(request) && page.data.kind === "results") {
    const setAside = (key: string, value: unknown) => setDocumentOnly(context, key, value);
    page.data = keepShownParts(page.data, setAside);
    page.data.filters = withoutEmptyChoices(keepShownChoices(deferClosedSections(page.data.filters, splitShowFilter(url).show), setAside));
  }
  return page;
}

/**
 * The loader's work. Throws a 301 redirect to the canonical URL, or a 404 for an unknown path;
 * a failed search is the error screen (500, or 200 for bots); bad input is never a 500.
 */
export async function loadSearchPage({ url, app, shopper, jsonLd = [] }: PageArgs & { jsonLd?: unknown[] }) {
  const started = performance.now();
  // The filter part a shopper asked to see is a view parameter: kept through a redirect, never search state.
  const { url: requestUrl, show } = splitShowFilter(new URL(url));
  const { labels, ctx } = await getSearchPageContext();
  const { db, flags } = app;
  const compareState = compareStatusOf(shopper.compareIds, flags);
  // A sentence from a keyword box: the filters it names, on their canonical URL.
  const sentence = requestUrl.searchParams.get(PLAIN_WORDS_PARAM);
  if (sentence !== null) throw redirect(plainWordsUrl(sentence, requestUrl, labels, ctx).url, PLAIN_WORDS_REDIRECT_STATUS);
  // A saved search by its id (docs/search-urls.md): its own address, or empty filters when not found.
  const bookmarkId = requestUrl.searchParams.get("searchBookmarkId");
  if (bookmarkId !== null) throw redirect(await bookmarkSearchUrl(bookmarkId), 302);
  const checks = checkInputs(requestUrl);
  const parsed = parseSearchUrl(checks.url, ctx);
  if (parsed.notFound) throw data(null, { status: 404, statusText: "Not Found" });
  // A message about the shopper's input has to be shown on this response, so no redirect then:
  // a bad price or ZIP, or a model that could not be searched as written (Toyota + Civic).
  const notices = modelNotices(parsed.state, parsed.invalid, ctx);
  const rewritten = parsed.redirect || checks.url.search !== requestUrl.search;
  if (rewritten && !checks.price.error && !checks.zipError && notices.length === 0) throw redirect(withShowFilter(parsed.canonical, show), REDIRECT_STATUS);

  const state = parsed.state;
  const q = state.query;
  // The monthly cost's loan terms: the shopper's wallet, else the default terms (decision 031).
  applyCostTerms(q, shopper.wallet);
  const costTerms = cardCostTerms(q, shopper.wallet);
  let engine: SearchEngine;
  let result: SearchResult;
  try {
    engine = await app.engine();
    // The extra results beyond the page feed the sponsored tiers (app/routes/results/extras.server.ts).
    result = await app.search(withSponsoredPool(q));
  } catch (error) {
    reportError("base search failed", error, { url: requestUrl.pathname + requestUrl.search });
    const bot = shopper.bot;
    const page: SearchErrorData = { kind: "error", title: TEXT.serverErrorTitle, retryHref: requestUrl.pathname + requestUrl.search };
    return data<SearchErrorData | ResultsPageData>(page, { status: bot ? 200 : 500, headers: { "Cache-Control": "no-store" } });
  }
  const searched = performance.now();
  const pool = takePool(result, q);

  const total = result.totalResultCount;
  const nextHref = nextPageUrl(state, total, ctx);
  let supplementalHits: SearchHit[] = [];
  let supplementalTotal = 0;
  let similarHits: SearchHit[] = [];
  if (nextHref === null) {
    // "Similar/supplemental results appear at the last page when there are few results."
    try {
      if (effectiveRadius(q) > 0) {
        const supp = await serviceCalls().supplemental(q);
        supplementalTotal = supp.totalResultCount;
        supplementalHits = supp.hits.slice(0, SUPPLEMENTAL_SHOWN);
      }
      if (total + supplementalTotal <= SIMILAR_THRESHOLD) {
        const shown = [...result.hits, ...supplementalHits].map((h) => h.id).slice(0, EXCLUDED_IDS_MAX);
        const first = result.hits[0]?.id;
        const request = {
          listingId: first,
          bodyStyleCode: first === undefined && q.vehicleStyleCodes.length === 1 ? q.vehicleStyleCodes[0] : undefined,
          price: first === undefined ? q.maxPrice : undefined,
          zip: q.zip,
          searchRadius: q.searchRadius,
          listingTypes: q.listingTypes,
          excludedListingIds: shown.length > 0 ? shown : undefined,
          numRecords: SIMILAR_PAGE_SIZE,
        };
        similarHits = (await serviceCalls().similar(request, { count: false })).hits;
        // Nothing found and nothing near to start from: the nearest cars of that kind anywhere
        // (nationwide, nearest first), so a shopper never ends on an empty page.
        if (similarHits.length === 0 && first === undefined && effectiveRadius(q) > 0) {
          similarHits = (await serviceCalls().similar({ ...request, searchRadius: 0 }, { count: false })).hits;
        }
      }
    } catch (error) {
      // Optional calls: the page stands without them.
      reportError("supplemental or similar search failed", error);
    }
  }

  const [cards, expired, compareItems, interested] = await Promise.all([
    listingCards(db, [...result.hits, ...supplementalHits, ...similarHits], labels, { costTerms }),
    state.expiredListingId !== undefined ? expiredVehicle(db, state.expiredListingId, labels) : Promise.resolve(null),
    loadCompareItems(db, compareState.ids),
    stillInterestedFor(shopper, db),
  ]);
  const wallet = shopper.wallet;
  await markEmailed(db, shopper, cards);
  const cardsOf = (hits: SearchHit[]) => hits.map((h) => cards.get(h.id)).filter((c): c is ListingCardData => c !== undefined);
  // Supplemental listings are outside the area by definition: not "extended delivery" matches.
  const outside = (list: ListingCardData[]) =>
    list.map((c) => {
      if (!c.extended) return c;
      const copy = { ...c };
      delete copy.extended;
      return copy;
    });

  const { sections, hidden } = buildFilterSections({ state, ctx, labels, filters: result.filters, checks, now: new Date() });
  const allEntries = searchFormEntries(state, ctx).filter(([k]) => k !== "firstRecord" && k !== "expired");
  const tabs = flags.categoryTabs ? categoryTabs(state, ctx) : null;
  const chipList = chips(state, ctx);
  const place = q.zip ? (ctx.place?.(q.zip) ?? null) : null;
  const origin = publicOrigin();

  const entryCards: ResultsPageData["entryCards"] = [];
  if (flags.bestDealsEntry && tabs && !tabs.find((t) => t.id === "best-deals")?.selected) {
    entryCards.push({
      title: "Shop all the best deals",
      text: "Cars priced well under what comparable cars sell for.",
      href: tabs.find((t) => t.id === "best-deals")!.href,
    });
  }
  if (flags.commercialEntry && q.experience !== "commercial") {
    entryCards.push({
      title: "Commercial vehicles",
      text: "Vans, trucks and work vehicles for your business.",
      href: withFilter(emptySearchState(ctx), "experience", "commercial", ctx),
    });
  }

  const title = searchTitle(state, ctx);
  const description = searchDescription(state, ctx, total);
  const canonicalUrl = origin + canonicalLinkUrl(state, ctx);
  const crumbs = breadcrumbs(state, ctx);
  const page: ResultsPageData = {
    kind: "results",
    title,
    description,
    canonicalUrl,
    indexable: isIndexable(state, ctx) && total > 0 && !checks.price.error && !checks.zipError && notices.length === 0,
    heading: searchTitle(state, ctx),
    crumbs,
    tabs,
    location: {
      zip: checks.zipError ? checks.typedZip : (q.zip ?? ""),
      zipError: checks.zipError,
      radius: q.searchRadius ?? 0,
      place: place ? `${place.city}, ${place.state}` : null,
      hidden: allEntries.filter(([k]) => k !== "zip" && k !== "searchRadius"),
    },
    chips: chipList,
    locationChip:
      q.zip && place
        ? {
            name: "zip",
            value: q.zip,
            label: q.searchRadius ? `Within ${q.searchRadius} mi of ${place.city}, ${place.state}` : `Near ${place.city}, ${place.state}`,
            removeHref: withoutFilter(state, "zip", undefined, ctx),
          }
        : null,
    selectedCount: selectedCount(state, ctx),
    clearFiltersHref: chipList.length > 0 ? clearFilters(state, ctx) : null,
    sort: { value: q.sortBy, hidden: allEntries.filter(([k]) => k !== "sortBy") },
    total,
    listings: cardsOf(result.hits),
    firstRecord: q.firstRecord,
    pageSize: q.numRecords,
    firstPageHref: withPage(state, 1, ctx) ?? canonicalLinkUrl(state, ctx),
    keyword: q.keyword ?? "",
    includeCertifiedHref: q.listingTypes.includes("CERTIFIED") ? null : withFilter(state, "listingType", "CERTIFIED", ctx),
    certified: certifiedContent(),
    seo: openGraph({ origin, url: canonicalUrl, title, description }),
    nextHref,
    previousHref: previousPageUrl(state, ctx),
    supplemental:
      supplementalHits.length > 0
        ? {
            listings: outside(cardsOf(supplementalHits)),
            total: supplementalTotal,
            radius: effectiveRadius(q),
            nationwideHref: withoutFilter(state, "searchRadius", undefined, ctx),
          }
        : null,
    similar: cardsOf(similarHits),
    filters: sections,
    filterHidden: hidden,
    entryCards,
    expiredBanner: expired?.active ? null : expiredBannerText(state, ctx, expired?.name),
    notices,
    priceError: checks.price.error,
    zipError: checks.zipError,
    compare: { ...compareState, items: compareItems },
    stillInterested: interested,
    pushOptIn: {
      filterSet: state.query.vehicleStyleCodes.length > 0 || Object.values(state.query.models).some((m) => m.length > 0),
      recentView: await recentViewWithin(shopper, db, PUSH_RECENT_VIEW_MS),
    },
    wallet: flags.wallet ? walletView(wallet, requestUrl.pathname + requestUrl.search, (max) => withFilter(state, "maxPrice", max, ctx)) : null,
    monthlyCostNote: costTerms ? monthlyCostNote(costTerms) : null,
  };
  // 'Model Name Clarification' for a keyword that names a model: optional.
  page.clarification = await modelClarification(shopper.preferences, state, ctx, engine).catch((error: unknown) => {
    reportError("model clarification failed", error);
    return null;
  });
  // Section-2 extras (model reference, suggested filters, card tiers, showcase ...): optional.
  try {
    page.extras = await loadResultsExtras({
      showcaseHidden: shopper.preferences.showcaseHidden,
      state,
      ctx,
      labels,
      result,
      pool,
      db,
      engine,
      flags,
      organic: page.listings,
      costTerms,
    });
    if (page.extras.grid) {
      page.listings = page.extras.grid.flatMap((g) => (g.kind === "listing" ? [g.listing] : []));
      // A page trimmed by an inserted card: the next one starts where this one stopped.
      page.nextHref = nextPageUrl(state, total, ctx, shownResults(page.extras.grid));
    }
  } catch (error) {
    reportError("results extras failed", error);
  }
  // The ItemList of the page's own results (after the extras: a trimmed page lists what it shows).
  jsonLd.push(breadcrumbList(crumbs, origin), vehicleItemList(page.title, page.listings, page.firstRecord, origin));
  const done = performance.now();
  return data<SearchErrorData | ResultsPageData>(page, {
    headers: {
      "Server-Timing": `${LOADER_TIMINGS.search};dur=${(searched - started).toFixed(1)}, ${LOADER_TIMINGS.page};dur=${(done - searched).toFixed(1)}`,
    },
  });
}
