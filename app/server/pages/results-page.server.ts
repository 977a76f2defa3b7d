// The results page's server side: from a request to the plain data the page renders.
// request -> raw input checks (price, ZIP) -> URL module (state, 301, 404) -> search engine ->
// listing rows -> links and labels from the URL module -> ResultsPageData.
//
// The route module (cars-for-sale.tsx) stays thin: it calls `loadSearchPage` and returns what
// it gets. Nothing here parses a search URL by hand: the only raw reads are the minPrice /
// maxPrice / zip values that have to be checked before the URL module normalises them (it
// swaps a reversed price pair silently; the page must show the spec's message instead).
import { data, redirect } from "react-router";
import { compareStatus, loadCompareItems } from "../compare/compare.server.ts";
import { isbot } from "isbot";
import {
  EXCLUDED_IDS_MAX,
  MAX_MAKES_IN_FILTER,
  REDIRECT_STATUS,
  SIMILAR_PAGE_SIZE,
  SIMILAR_THRESHOLD,
  SUPPLEMENTAL_PAGE_SIZE,
  TEXT,
  YEAR_FILTER_RANGE,
} from "../../lib/constants.ts";
import { checkPriceParams, formatPriceInput, type PriceCheck } from "../../lib/price-filter.ts";
import { effectiveRadius, type FacetFilter, type FacetOption, type SearchHit, type SearchQuery, type SearchResult } from "../../lib/search-query.ts";
import {
  breadcrumbs,
  canonicalLinkUrl,
  categoryTabs,
  chips,
  clearFilters,
  conditionOf,
  emptySearchState,
  expiredBannerText,
  isIndexable,
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
  type SearchState,
  type SearchUrlContext,
} from "../../lib/search-url.ts";
import { getDatabase, type Database } from "../db/connection.server.ts";
import { getEnv } from "../env.server.ts";
import { getFlags } from "../flags.server.ts";
import { readWallet, walletView } from "../wallet.server.ts";
import { STILL_INTERESTED_VIEW_DAYS, stillInterested } from "../accounts/recent-views.server.ts";
import { viewsInLastDays } from "../listings/views.server.ts";
import { getSessionUser } from "../accounts/session.server.ts";
import { vehicleName } from "../../lib/listing.ts";
import type { SearchLabels } from "../search/labels.server.ts";
import { loadListingSummaries } from "../listings/summaries.server.ts";
import { lookupZip } from "../reference/zip.server.ts";
import { getSearchPageContext } from "../services/url-context.server.ts";
import { emailedListingIds } from "../leads/leads.server.ts";
import { readVisitorId } from "../leads/visitor.server.ts";
import { getSearchEngine, type SearchEngine } from "../search/search.server.ts";
import { serviceCalls } from "../services/calls.server.ts";
import { reportError } from "../observability/log.server.ts";
import { loadResultsExtras, takePool, withSponsoredPool } from "./results-extras.server.ts";
import { modelClarification } from "./model-clarification.server.ts";
import type {
  ChoiceSection,
  FilterOptionData,
  FilterSection,
  ListingCardData,
  MakeSection,
  OptionGroup,
  ResultsPageData,
  SearchErrorData,
} from "../../components/search/types.ts";

// =============================================================================================
// Compare list (card quick action): app/server/compare/compare.server.ts

export { addToCompare, compareAction, compareCookie, readCompareIds } from "../compare/compare.server.ts";

// =============================================================================================
// Raw input checks (before the URL module)

export interface InputChecks {
  price: PriceCheck;
  zipError: string | null;
  /** What the shopper typed into the ZIP field, shown back beside the message. */
  typedZip: string;
  /** The URL to parse: a bad price bound or ZIP taken out, cleaned price digits put in. */
  url: URL;
}

/**
 * "A ZIP filter entry must be exactly 5 characters and pass a ZIP lookup; otherwise the error
 * 'Enter a valid ZIP Code' shows on the zip filter." A query ZIP is still cut to 5 characters
 * first (the URL rule), so `30301-1234` is simply 30301.
 */
export function checkZip(raw: string | null): { error: string | null; typed: string } {
  const typed = (raw ?? "").trim().slice(0, 10);
  if (typed === "") return { error: null, typed };
  const cut = typed.slice(0, 5);
  if (!/^\d{5}$/.test(cut) || !lookupZip(cut)) return { error: TEXT.invalidZip, typed };
  return { error: null, typed };
}

export function checkInputs(requestUrl: URL): InputChecks {
  const url = new URL(requestUrl);
  const params = url.searchParams;
  const price = checkPriceParams(params.get("minPrice"), params.get("maxPrice"));
  if (price.changed || price.error) {
    params.delete("minPrice");
    params.delete("maxPrice");
    if (price.min !== "") params.set("minPrice", price.min);
    if (price.max !== "") params.set("maxPrice", price.max);
  }
  const zip = checkZip(params.get("zip"));
  if (zip.error) {
    params.delete("zip");
    params.delete("searchRadius");
  }
  return { price, zipError: zip.error, typedZip: zip.typed, url };
}

// =============================================================================================
// Listing rows for the cards

export async function listingCards(db: Database, hits: SearchHit[], labels: SearchLabels): Promise<Map<number, ListingCardData>> {
  const out = new Map<number, ListingCardData>();
  if (hits.length === 0) return out;
  const byId = new Map(hits.map((h) => [h.id, h]));
  for (const l of await loadListingSummaries(db, [...byId.keys()])) {
    const hit = byId.get(l.id);
    const make = labels.makes.get(l.makeCode) ?? l.makeName;
    const model = labels.models.get(`${l.makeCode}|${l.modelCode}`) ?? l.modelName;
    out.set(l.id, {
      id: l.id,
      title: vehicleName({ year: l.year, makeName: make, modelName: model, trimName: l.trimName }),
      condition: l.listingType === "NEW" ? "New" : l.listingType === "CERTIFIED" || l.listingType === "3P_CERT" ? "Certified" : "Used",
      price: l.salePrice,
      marketPrice: l.marketPrice,
      mileage: l.mileage,
      dealRating: l.dealRating,
      bodyStyleCode: l.bodyStyleCode,
      extColor: l.extColorSimple,
      sellerName: l.owner.name,
      privateSeller: l.sellerType === "p",
      city: l.owner.city,
      state: l.owner.state,
      distance: hit?.distance === null || hit?.distance === undefined ? null : Math.round(hit.distance),
      extended: hit?.marketExtension ?? false,
      reducedPrice: l.isReducedPrice,
    });
  }
  return out;
}

/** "We're sorry, the {make model} you were looking for ...": null when the listing is still for sale. */
async function expiredVehicle(db: Database, id: number, labels: SearchLabels): Promise<{ active: boolean; name?: string }> {
  const r = await db.kysely.selectFrom("listings").select(["status", "make_code", "model_code"]).where("id", "=", id).executeTakeFirst();
  if (!r) return { active: false };
  if (r.status === "active") return { active: true };
  const make = labels.makes.get(r.make_code) ?? r.make_code;
  const model = labels.models.get(`${r.make_code}|${r.model_code}`) ?? r.model_code;
  return { active: false, name: `${make} ${model}` };
}

// =============================================================================================
// Filter sections (spec section 2, "Filter panel sections, in order")

const SHOW_TOP = 8;
const COLLAPSE_OVER = 12;
const OPEN_BY_DEFAULT = new Set(["yearRange", "listingType", "maxPrice", "vehicleStyleCode", "makeCodeList"]);
const SECTION_FIELD: Record<string, string> = { makeCodeList: "makeCode", trimCodeList: "trimCode" };
const RADIO_SECTIONS: Record<string, string> = { mileage: "Any Mileage", mpgRange: "Any", electricMileRange: "Any" };

function sectionId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase()}`;
}

function plain(o: FacetOption): FilterOptionData {
  return { label: o.label, value: o.value, count: o.count, selected: o.selected, disabled: o.disabled };
}

function grouped(options: FacetOption[], groupLabel: (g: string) => string | null): OptionGroup[] {
  const groups: OptionGroup[] = [];
  for (const o of options) {
    const label = o.group === undefined ? null : groupLabel(o.group);
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.options.push(plain(o));
    else groups.push({ label, options: [plain(o)] });
  }
  return groups;
}

/** Long sections show their most popular options (and every selected one); the rest go under 'more'. */
function splitTop(options: FacetOption[]): { shown: FacetOption[]; rest: FacetOption[] } {
  if (options.length <= COLLAPSE_OVER) return { shown: options, rest: [] };
  const top = new Set(
    options
      .map((o, i) => ({ o, i }))
      .sort((a, b) => b.o.count - a.o.count || a.i - b.i)
      .slice(0, SHOW_TOP)
      .map((x) => x.o),
  );
  return { shown: options.filter((o) => top.has(o) || o.selected), rest: options.filter((o) => !top.has(o) && !o.selected) };
}

interface BuildFiltersInput {
  state: SearchState;
  ctx: SearchUrlContext;
  labels: SearchLabels;
  filters: FacetFilter[];
  checks: InputChecks;
  now: Date;
}

export function buildFilterSections({ state, ctx, labels, filters, checks, now }: BuildFiltersInput): {
  sections: FilterSection[];
  hidden: [string, string][];
} {
  const q = state.query;
  const sections: FilterSection[] = [];
  /** `name=value` of every checkable control, and names owned by a single-value control. */
  const coveredValues = new Set<string>();
  const coveredNames = new Set<string>(["zip", "searchRadius", "marketExtension"]);
  const cover = (name: string, value: string) => {
    if (name.startsWith("modelCodeList|")) coveredValues.add(`modelCode=${name.slice("modelCodeList|".length)}:${value}`);
    else if (name === "trimCode") {
      const bar = value.indexOf("|");
      coveredValues.add(`trimCode=${value.slice(0, bar)}:${value.slice(bar + 1)}`);
    } else coveredValues.add(`${name}=${value}`);
  };
  const byName = new Map(filters.map((f) => [f.name, f]));
  const styleName = (code: string) => labels.bodyStyles.get(code)?.name ?? code;

  sections.push({
    kind: "location",
    id: "f-location",
    label: "Location",
    open: true,
    zip: checks.zipError ? checks.typedZip : (q.zip ?? ""),
    zipError: checks.zipError,
    radius: q.searchRadius ?? 0,
    marketExtension: q.marketExtension,
  });

  const choice = (f: FacetFilter, opts: { label?: string; id?: string; options?: FacetOption[]; kind?: "checkbox" | "radio"; disabledNote?: string; groupLabel?: (g: string) => string | null }): ChoiceSection => {
    const name = SECTION_FIELD[f.name] ?? f.name;
    const options = opts.options ?? f.options;
    const { shown, rest } = splitTop(options);
    const kind = opts.kind ?? (RADIO_SECTIONS[f.name] !== undefined ? "radio" : "checkbox");
    if (!opts.disabledNote) {
      for (const o of options) cover(name, o.value);
      if (kind === "radio") coveredNames.add(name);
    }
    const groupLabel = opts.groupLabel ?? (() => null);
    const section: ChoiceSection = {
      kind,
      id: opts.id ?? sectionId(f.name),
      label: opts.label ?? f.label,
      open: options.some((o) => o.selected) || OPEN_BY_DEFAULT.has(f.name) || f.name.startsWith("modelCodeList|"),
      name,
      groups: grouped(shown, groupLabel),
      more: grouped(rest, groupLabel),
      moreCount: rest.length,
    };
    if (kind === "radio") section.anyLabel = RADIO_SECTIONS[f.name] ?? "Any";
    if (opts.disabledNote) section.disabledNote = opts.disabledNote;
    return section;
  };

  const selectedStyles = new Set(q.vehicleStyleCodes);
  const fuel = byName.get("fuelTypeGroup");
  const onlyElectric =
    (q.fuelTypeGroups.length === 1 && q.fuelTypeGroups[0] === "ELE") ||
    (fuel !== undefined && fuel.options.filter((o) => !o.disabled).every((o) => o.value === "ELE") && fuel.options.some((o) => o.value === "ELE" && !o.disabled));

  for (const f of filters) {
    switch (f.name) {
      case "yearRange": {
        const thisYear = now.getFullYear();
        const counts: Record<string, number> = {};
        for (const o of f.options) counts[o.value] = o.count;
        const condition = conditionOf(state);
        // "The year filter offers the current year minus 2 through plus 1, with 'Any'": that is the
        // whole list for new cars; used and certified cars reach back to the inventory's oldest year.
        const years = new Set<number>();
        for (let y = thisYear + YEAR_FILTER_RANGE.plusYears; y >= thisYear - YEAR_FILTER_RANGE.minusYears; y--) years.add(y);
        if (condition !== "new") for (const o of f.options) if (/^\d{4}$/.test(o.value)) years.add(Number(o.value));
        if (q.startYear !== undefined) years.add(q.startYear);
        if (q.endYear !== undefined) years.add(q.endYear);
        coveredNames.add("startYear").add("endYear");
        sections.push({
          kind: "year",
          id: sectionId(f.name),
          label: f.label,
          open: true,
          start: q.startYear ?? YEAR_FILTER_RANGE.anyValue,
          end: q.endYear ?? YEAR_FILTER_RANGE.anyValue,
          years: [...years].sort((a, b) => b - a),
          counts,
        });
        break;
      }
      case "maxPrice": {
        coveredNames.add("minPrice").add("maxPrice");
        const priceError = checks.price.error;
        sections.push({
          kind: "price",
          id: sectionId(f.name),
          label: f.label,
          open: true,
          min: formatPriceInput(priceError ? checks.price.min : q.minPrice),
          max: priceError ? "" : formatPriceInput(q.maxPrice),
          error: priceError,
          quick: f.options
            .filter((o) => o.count > 0 || o.selected)
            .map((o) => ({
              label: o.label,
              count: o.count,
              selected: q.minPrice === undefined && String(q.maxPrice) === o.value,
              href: withFilter(state, "price", `-${o.value}`, ctx),
            })),
        });
        break;
      }
      case "listingType":
        sections.push(choice(f, { options: f.options.filter((o) => o.value !== "3P_CERT") }));
        break;
      case "bodyStyleSubtypeCode": {
        // "SUV, Van and Sedan types": a type section for each chosen body style that has types.
        const groups = new Map<string, FacetOption[]>();
        for (const o of f.options) {
          const g = o.group ?? "";
          if (!groups.has(g)) groups.set(g, []);
          groups.get(g)!.push(o);
        }
        for (const [style, options] of groups) {
          if (!selectedStyles.has(style) && !options.some((o) => o.selected)) continue;
          const short = styleName(style).replace(" / Crossover", "").replace(" / Minivan", "");
          sections.push(choice(f, { options, label: `${short} Type`, id: sectionId(`subtype-${style}`) }));
        }
        break;
      }
      case "truckBedLength":
      case "truckCabSize":
        if (selectedStyles.has("TRUCKS") || f.value.length > 0) sections.push(choice(f, {}));
        break;
      case "mpgRange": {
        const allDisabled = f.options.every((o) => o.disabled);
        const note = onlyElectric ? "Not rated for electric vehicles: see Electric Mile Range." : allDisabled ? "No fuel economy ratings match this search." : undefined;
        sections.push(choice(f, note ? { disabledNote: note } : {}));
        break;
      }
      case "electricMileRange":
        // "Electric range is hidden when all options are disabled."
        if (!f.options.every((o) => o.disabled)) sections.push(choice(f, {}));
        break;
      case "makeCodeList": {
        const selected = f.options.filter((o) => o.selected);
        for (const o of f.options) if (o.selected) cover("makeCode", o.value);
        const make: MakeSection = {
          kind: "make",
          id: sectionId(f.name),
          label: f.label,
          open: true,
          groups: [],
          more: [],
          moreCount: 0,
          addAnother: null,
        };
        if (selected.length === 0) {
          for (const o of f.options) cover("makeCode", o.value);
          const { shown, rest } = splitTop(f.options);
          make.groups = grouped(shown, () => null);
          make.more = grouped(rest, () => null);
          make.moreCount = rest.length;
        } else {
          make.groups = [{ label: null, options: selected.map(plain) }];
          // "A 'Add Another Make' control shows while below the make cap."
          if (selected.length < MAX_MAKES_IN_FILTER) make.addAnother = f.options.filter((o) => !o.selected && !o.disabled).map(plain);
        }
        sections.push(make);
        break;
      }
      case "trimCodeList":
        sections.push(choice(f, { groupLabel: q.makeCodes.length > 1 ? (g) => labels.makes.get(g) ?? g : undefined }));
        break;
      case "featureCode":
        sections.push(choice(f, { groupLabel: (g) => g }));
        break;
      default:
        sections.push(choice(f, {}));
    }
  }

  const hidden = searchFormEntries(state, ctx).filter(([name, value]) => {
    if (name === "firstRecord" || name === "expired") return false;
    if (coveredNames.has(name)) return false;
    return !coveredValues.has(`${name}=${value}`);
  });
  return { sections, hidden };
}

// =============================================================================================
// The page

/** Supplemental matches shown under the last page (the rest are a link away). */
const SUPPLEMENTAL_SHOWN = 12;

export const SEARCH_FAILURE_ENV = "E2E_FAIL_SEARCH_KEYWORD";

/**
 * The base search. Test hook: when E2E_FAIL_SEARCH_KEYWORD is set (never in a real deployment),
 * searching exactly that keyword fails, so browser tests can reach the error screen.
 */
async function baseSearch(engine: SearchEngine, query: SearchQuery): Promise<SearchResult> {
  const failOn = process.env[SEARCH_FAILURE_ENV];
  if (failOn && query.keyword !== undefined && query.keyword.toLowerCase() === failOn.toLowerCase()) {
    const error = new Error(`search failed on purpose (${SEARCH_FAILURE_ENV})`);
    error.stack = error.message;
    throw error;
  }
  void engine;
  return serviceCalls().search(query, { required: true });
}

function originOf(): string {
  return getEnv().PUBLIC_ORIGIN.replace(/\/+$/, "");
}

/**
 * The loader's work. Throws a 301 redirect to the canonical URL, or a 404 for an unknown path;
 * a failed search is the error screen (500, or 200 for bots); bad input is never a 500.
 */
/** 'Still interested?' for a signed-in shopper (decision 018); bots skip browsing history; never fatal. */
async function stillInterestedFor(request: Request, db: Database): Promise<ResultsPageData["stillInterested"]> {
  if (isbot(request.headers.get("user-agent") ?? "")) return null;
  try {
    const user = await getSessionUser(request);
    const car = user ? await stillInterested(db, user.id) : null;
    if (!car) return null;
    const views = await viewsInLastDays(db, car.listingId, STILL_INTERESTED_VIEW_DAYS);
    return { listingId: car.listingId, title: car.title, price: car.price, bodyStyleCode: car.bodyStyleCode, extColor: car.extColor, views };
  } catch (error) {
    reportError("still interested failed", error);
    return null;
  }
}

export async function loadSearchPage(request: Request, url: URL) {
  const started = performance.now();
  // `url`, not request.url: React Router's normalised URL (no ".data" suffix on client navigations).
  const requestUrl = new URL(url);
  const [{ labels, ctx }, compareState] = await Promise.all([getSearchPageContext(), compareStatus(request)]);
  const checks = checkInputs(requestUrl);
  const parsed = parseSearchUrl(checks.url, ctx);
  if (parsed.notFound) throw data(null, { status: 404, statusText: "Not Found" });
  // A message about the shopper's input has to be shown on this response, so no redirect then.
  const rewritten = parsed.redirect || checks.url.search !== requestUrl.search;
  if (rewritten && !checks.price.error && !checks.zipError) throw redirect(parsed.canonical, REDIRECT_STATUS);

  const state = parsed.state;
  const q = state.query;
  const flags = getFlags();
  let db: Database;
  let engine: SearchEngine;
  let result: SearchResult;
  try {
    [db, engine] = await Promise.all([getDatabase(), getSearchEngine()]);
    // The extra results beyond the page feed the sponsored tiers (results-extras.server.ts).
    result = await baseSearch(engine, withSponsoredPool(q));
  } catch (error) {
    reportError("base search failed", error, { url: requestUrl.pathname + requestUrl.search });
    const bot = isbot(request.headers.get("user-agent") ?? "");
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
        const similar = await serviceCalls().similar({
          listingId: first,
          bodyStyleCode: first === undefined && q.vehicleStyleCodes.length === 1 ? q.vehicleStyleCodes[0] : undefined,
          price: first === undefined ? q.maxPrice : undefined,
          zip: q.zip,
          searchRadius: q.searchRadius,
          listingTypes: q.listingTypes,
          excludedListingIds: shown.length > 0 ? shown : undefined,
          numRecords: SIMILAR_PAGE_SIZE,
        });
        similarHits = similar.hits;
      }
    } catch (error) {
      // Optional calls: the page stands without them.
      reportError("supplemental or similar search failed", error);
    }
  }

  const [cards, expired, compareItems, wallet, interested] = await Promise.all([
    listingCards(db, [...result.hits, ...supplementalHits, ...similarHits], labels),
    state.expiredListingId !== undefined ? expiredVehicle(db, state.expiredListingId, labels) : Promise.resolve(null),
    loadCompareItems(db, compareState.ids),
    readWallet(request),
    stillInterestedFor(request, db),
  ]);
  // Cars this shopper has emailed (issue 6): one indexed query, only for visitors with the cookie.
  for (const id of await emailedListingIds(db, await readVisitorId(request), [...cards.keys()])) cards.set(id, { ...cards.get(id)!, emailed: true });
  const cardsOf = (hits: SearchHit[]) => hits.map((h) => cards.get(h.id)).filter((c): c is ListingCardData => c !== undefined);
  // Supplemental listings are outside the area by definition: not "extended delivery" matches.
  const outside = (list: ListingCardData[]) => list.map((c) => (c.extended ? { ...c, extended: false } : c));

  const { sections, hidden } = buildFilterSections({ state, ctx, labels, filters: result.filters, checks, now: new Date() });
  const allEntries = searchFormEntries(state, ctx).filter(([k]) => k !== "firstRecord" && k !== "expired");
  const tabs = flags.categoryTabs ? categoryTabs(state, ctx) : null;
  const chipList = chips(state, ctx);
  const place = q.zip ? (ctx.place?.(q.zip) ?? null) : null;
  const origin = originOf();

  const entryCards: ResultsPageData["entryCards"] = [];
  if (flags.bestDealsEntry && tabs && !tabs.find((t) => t.id === "best-deals")?.selected) {
    entryCards.push({ title: "Shop all the best deals", text: "Cars priced well under what comparable cars sell for.", href: tabs.find((t) => t.id === "best-deals")!.href });
  }
  if (flags.commercialEntry && q.experience !== "commercial") {
    entryCards.push({ title: "Commercial vehicles", text: "Vans, trucks and work vehicles for your business.", href: withFilter(emptySearchState(ctx), "experience", "commercial", ctx) });
  }

  const page: ResultsPageData = {
    kind: "results",
    origin,
    title: searchTitle(state, ctx),
    description: searchDescription(state, ctx, total),
    canonicalUrl: origin + canonicalLinkUrl(state, ctx),
    indexable: isIndexable(state, ctx) && total > 0 && !checks.price.error && !checks.zipError,
    heading: searchTitle(state, ctx),
    crumbs: breadcrumbs(state, ctx),
    tabs,
    location: {
      zip: checks.zipError ? checks.typedZip : (q.zip ?? ""),
      zipError: checks.zipError,
      radius: q.searchRadius ?? 0,
      place: place ? `${place.city}, ${place.state}` : null,
      hidden: allEntries.filter(([k]) => k !== "zip" && k !== "searchRadius"),
    },
    chips: chipList,
    selectedCount: selectedCount(state, ctx),
    clearFiltersHref: chipList.length > 0 ? clearFilters(state, ctx) : null,
    sort: { value: q.sortBy, hidden: allEntries.filter(([k]) => k !== "sortBy") },
    total,
    listings: cardsOf(result.hits),
    firstRecord: q.firstRecord,
    firstPageHref: withPage(state, 1, ctx) ?? canonicalLinkUrl(state, ctx),
    keyword: q.keyword ?? "",
    includeCertifiedHref: q.listingTypes.includes("CERTIFIED") ? null : withFilter(state, "listingType", "CERTIFIED", ctx),
    nextHref,
    previousHref: previousPageUrl(state, ctx),
    supplemental:
      supplementalHits.length > 0
        ? { listings: outside(cardsOf(supplementalHits)), total: supplementalTotal, radius: effectiveRadius(q), nationwideHref: withoutFilter(state, "searchRadius", undefined, ctx) }
        : null,
    similar: cardsOf(similarHits),
    filters: sections,
    filterHidden: hidden,
    entryCards,
    expiredBanner: expired?.active ? null : expiredBannerText(state, ctx, expired?.name),
    priceError: checks.price.error,
    zipError: checks.zipError,
    compare: { ...compareState, items: compareItems },
    stillInterested: interested,
    wallet: flags.wallet ? walletView(wallet, requestUrl.pathname + requestUrl.search, (max) => withFilter(state, "maxPrice", max, ctx)) : null,
  };
  // 'Model Name Clarification' for a keyword that names a model: optional.
  page.clarification = await modelClarification(request, state, ctx, engine).catch((error: unknown) => {
    reportError("model clarification failed", error);
    return null;
  });
  // Section-2 extras (model reference, suggested filters, card tiers, showcase ...): optional.
  try {
    page.extras = await loadResultsExtras({ request, state, ctx, labels, result, pool, db, engine, flags, organic: page.listings });
    if (page.extras.grid) page.listings = page.extras.grid.flatMap((g) => (g.kind === "listing" ? [g.listing] : []));
  } catch (error) {
    reportError("results extras failed", error);
  }
  const done = performance.now();
  return data<SearchErrorData | ResultsPageData>(page, {
    headers: {
      "Server-Timing": `search;dur=${(searched - started).toFixed(1)}, page;dur=${(done - searched).toFixed(1)}`,
    },
  });
}
