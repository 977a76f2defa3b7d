// Editing a state into links: filters, sort, condition, paging, Clear Filters, category tabs (see ../search-url.ts).
import { CATEGORY_TABS, type SortOption } from "../constants.ts";
import { MAX_RESULT_WINDOW } from "../search-query.ts";
import type { CategoryTab, Condition, FilterName, SearchState, SearchUrlContext } from "./types.ts";
import { CONDITION_SETS } from "./common.ts";
import { conditionOf } from "./path.ts";
import { PER_MAKE_MODELS, buildState, flatEntries, paramsOf, serializeSearchUrl, splitMakeValue } from "./core.ts";

// =============================================================================================
// Editing a state (each result is normalised, so every link is canonical and never 301s)

export const SCALAR_FILTERS = new Set([
  "zip",
  "searchRadius",
  "marketExtension",
  "startYear",
  "endYear",
  "minPrice",
  "maxPrice",
  "maxMonthlyCost",
  "mileage",
  "mpgRange",
  "electricMileRange",
  "moneyBackGuarantee",
  "experience",
  "keyword",
  "showcaseOwnerId",
  "isSponsorship",
  "sortBy",
  "numRecords",
  "firstRecord",
]);

/** Entries of a state for editing: flat, without paging and the expired banner. */
export function editable(state: SearchState, ctx: SearchUrlContext | undefined): [string, string][] {
  return flatEntries(state, ctx, true).filter(([k]) => k !== "firstRecord" && k !== "expired");
}

export function fromEntries(entries: [string, string][], ctx: SearchUrlContext | undefined): SearchState {
  return buildState(null, paramsOf(entries), ctx).state;
}

/** `MAKE|x` / `MAKE:x` -> { make, rest } for comparing a model or trim value. */
export function keyOf(v: string): { make?: string; rest: string } {
  return splitMakeValue(v, () => true);
}

/**
 * The facet engine's filter names (FacetFilter.name) mapped to ours, so an option link can be
 * `withFilter(state, filter.name, option.value)`.
 */
export function filterAlias(name: string, value: string | undefined): { name: string; value: string | undefined } {
  if (name === "makeCodeList") return { name: "makeCode", value };
  if (name === "trimCodeList") return { name: "trimCode", value };
  if (name === "yearRange") return { name: "year", value };
  if (name === "suvSubtypeCode" || name === "vanSubtypeCode" || name === "sedanSubtypeCode") return { name: "bodyStyleSubtypeCode", value };
  if (name.startsWith(PER_MAKE_MODELS)) {
    const make = name.slice(PER_MAKE_MODELS.length).toUpperCase();
    return { name: "modelCode", value: value === undefined ? undefined : `${make}:${value}` };
  }
  return { name, value };
}

/**
 * Adds a filter value (lists) or sets it (single values); paging resets. `year` takes "2020" or
 * "2018-2020"; models and trims are best given as `MAKE|x` (a bare one needs a single make).
 */
export function addFilter(state: SearchState, filter: FilterName | string, value: string | number, ctx?: SearchUrlContext): SearchState {
  const { name, value: v = "" } = filterAlias(filter, String(value));
  let entries = editable(state, ctx);
  if (name === "year") {
    entries = entries.filter(([k]) => k !== "startYear" && k !== "endYear");
    const m = v.match(/^\s*(\d*)\s*-\s*(\d*)\s*$/);
    entries.push(["startYear", m ? m[1] : v], ["endYear", m ? m[2] : v]);
  } else if (name === "price") {
    entries = entries.filter(([k]) => k !== "minPrice" && k !== "maxPrice");
    const m = v.match(/^\s*(\d*)\s*-\s*(\d*)\s*$/);
    if (m) entries.push(["minPrice", m[1]], ["maxPrice", m[2]]);
  } else if (SCALAR_FILTERS.has(name)) {
    entries = entries.filter(([k]) => k !== name);
    entries.push([name, v]);
  } else {
    entries.push([name, v]);
  }
  return fromEntries(entries, ctx);
}

/**
 * Removes one value of a filter, or all of it without `value`; paging resets. A price or year
 * name clears both bounds; a make takes its models and trims with it; the last condition
 * removed falls back to the default (USED).
 */
export function removeFilter(state: SearchState, filter: FilterName | string, value?: string | number, ctx?: SearchUrlContext): SearchState {
  const { name, value: v } = filterAlias(filter, value === undefined ? undefined : String(value));
  const entries = editable(state, ctx);
  let drop: (k: string, x: string) => boolean;
  if (name === "price" || name === "minPrice" || name === "maxPrice") drop = (k) => k === "minPrice" || k === "maxPrice";
  else if (name === "year" || name === "startYear" || name === "endYear") drop = (k) => k === "startYear" || k === "endYear";
  else if (name === "zip") drop = (k) => k === "zip" || k === "searchRadius";
  else if (name === "makeCode") {
    const make = v?.toUpperCase();
    drop = (k, x) =>
      (k === "makeCode" && (make === undefined || x.toUpperCase() === make)) ||
      ((k === "modelCode" || k === "trimCode") && (make === undefined || keyOf(x).make === make));
  } else if (name === "modelCode" || name === "trimCode") {
    const want = v === undefined ? undefined : keyOf(v);
    const same = (a: string, b: string) => (name === "modelCode" ? a.toUpperCase() === b.toUpperCase() : a === b);
    drop = (k, x) => {
      if (k !== name) return false;
      if (!want) return true;
      const got = keyOf(x);
      return same(got.rest, want.rest) && (want.make === undefined || want.make === got.make);
    };
  } else if (name === "listingType") {
    const t = v?.toUpperCase();
    drop = (k, x) => k === "listingType" && (t === undefined || x === t || (t === "3P_CERT" && x === "CERTIFIED"));
  } else {
    drop = (k, x) => k === name && (v === undefined || x.toUpperCase() === v.toUpperCase());
  }
  return fromEntries(
    entries.filter(([k, x]) => !drop(k, x)),
    ctx,
  );
}

/** Link that adds (or sets) a filter value. */
export function withFilter(state: SearchState, name: FilterName | string, value: string | number, ctx?: SearchUrlContext): string {
  return serializeSearchUrl(addFilter(state, name, value, ctx), ctx);
}

/** Link that removes a filter value (see removeFilter). */
export function withoutFilter(state: SearchState, name: FilterName | string, value?: string | number, ctx?: SearchUrlContext): string {
  return serializeSearchUrl(removeFilter(state, name, value, ctx), ctx);
}

/** Link for another sort order; paging resets ("Sort change resets pagination"). */
export function withSort(state: SearchState, sort: SortOption, ctx?: SearchUrlContext): string {
  return serializeSearchUrl(addFilter(state, "sortBy", sort, ctx), ctx);
}

/** Link to the same search in another condition (replaces the listing types); paging resets. */
export function withCondition(state: SearchState, condition: Condition, ctx?: SearchUrlContext): string {
  const entries = editable(state, ctx).filter(([k]) => k !== "listingType");
  for (const c of CONDITION_SETS[condition]) entries.push(["listingType", c]);
  return serializeSearchUrl(fromEntries(entries, ctx), ctx);
}

/** Highest firstRecord a state can page to (the engine's result window). */
export function lastFirstRecord(numRecords: number): number {
  return Math.max(0, MAX_RESULT_WINDOW - numRecords);
}

/** Link to the same search from result `first` (0-based); null beyond the result window. */
export function withFirstRecord(state: SearchState, first: number, ctx?: SearchUrlContext): string | null {
  if (!Number.isInteger(first) || first < 0 || first > lastFirstRecord(state.query.numRecords)) return null;
  const s: SearchState = { ...state, query: { ...state.query, firstRecord: first } };
  delete s.expiredListingId;
  return serializeSearchUrl(s, ctx);
}

/** Link to page `page` (1-based, pages of numRecords) of the same search; null beyond the result window. */
export function withPage(state: SearchState, page: number, ctx?: SearchUrlContext): string | null {
  if (!Number.isInteger(page) || page < 1) return null;
  return withFirstRecord(state, (page - 1) * state.query.numRecords, ctx);
}

/**
 * 1-based page number of a state. Only the first page can be shorter than numRecords (its
 * inserted cards trim it, app/lib/results-placement.ts), so every later page starts less than
 * one page size past a multiple of it.
 */
export function pageOf(state: SearchState): number {
  return Math.ceil(state.query.firstRecord / state.query.numRecords) + 1;
}

/**
 * 'See More Results': the next batch starts where this one stopped. `shown` is how many of the
 * search's results this page showed: numRecords, or fewer when a vehicle highlight or a new-car
 * boost trimmed it (the trimmed results open the next page, so no match is ever skipped). Null
 * when every result is shown or the result window (MAX_RESULT_WINDOW) is reached.
 */
export function nextPageUrl(state: SearchState, total: number, ctx?: SearchUrlContext, shown = state.query.numRecords): string | null {
  const { firstRecord, numRecords } = state.query;
  const loaded = firstRecord + Math.max(1, Math.min(shown, numRecords));
  if (loaded >= total || loaded > lastFirstRecord(numRecords)) return null;
  return withFirstRecord(state, loaded, ctx);
}

/**
 * The page before: numRecords earlier. Pages after the first are never trimmed, so it ends where
 * this one starts; from a page before numRecords, the first page.
 */
export function previousPageUrl(state: SearchState, ctx?: SearchUrlContext): string | null {
  const { firstRecord, numRecords } = state.query;
  return firstRecord <= 0 ? null : withFirstRecord(state, Math.max(0, firstRecord - numRecords), ctx);
}

/**
 * 'Clear Filters': keeps the page (condition and experience), the location (ZIP, distance,
 * extended delivery) and the sort order; drops every other filter, the keyword and paging.
 */
export function clearFilters(state: SearchState, ctx?: SearchUrlContext): string {
  const entries = editable(state, ctx).filter(([k]) =>
    ["listingType", "zip", "searchRadius", "marketExtension", "experience", "sortBy", "numRecords"].includes(k),
  );
  return serializeSearchUrl(fromEntries(entries, ctx), ctx);
}

// =============================================================================================
// Category tabs (docs/search-urls.md, categoryTabs: "Category chips: Best Deals (dealType goodprice, greatprice); Buy
// Online (homeServices BUY_ONLINE); For Sale By Owner (sellerType p); Certified Used
// (CERTIFIED, 3P_CERT)")

export type TabId = (typeof CATEGORY_TABS)[number]["id"];

export function tabMatches(state: SearchState, id: TabId): boolean {
  const q = state.query;
  switch (id) {
    case "best-deals":
      return q.dealTypes.includes("goodprice") && q.dealTypes.includes("greatprice");
    case "buy-online":
      return q.homeServices.includes("BUY_ONLINE");
    case "by-owner":
      return q.sellerTypes.length === 1 && q.sellerTypes[0] === "p";
    case "certified":
      return conditionOf(state) === "certified";
    case "all":
      return true;
  }
}

/** The selected tab: the first whose values the search has, else All Results. */
export function activeCategory(state: SearchState): TabId {
  for (const tab of CATEGORY_TABS) if (tab.id !== "all" && tabMatches(state, tab.id)) return tab.id;
  return "all";
}

/** Entries without the values of every category tab the state matches. */
export function withoutCategories(state: SearchState, entries: [string, string][]): [string, string][] {
  const on = new Set(CATEGORY_TABS.filter((t) => t.id !== "all" && tabMatches(state, t.id)).map((t) => t.id));
  return entries.filter(([k, v]) => {
    if (k === "dealType") return !(on.has("best-deals") && (v === "goodprice" || v === "greatprice"));
    if (k === "homeServices") return !(on.has("buy-online") && v === "BUY_ONLINE");
    if (k === "sellerType") return !(on.has("by-owner") && v === "p");
    if (k === "listingType") return !on.has("certified");
    return true;
  });
}

/**
 * The category tabs as links. The selected tab links to the search as it is (first page).
 * Another tab replaces the search's category: the values of every tab the search matches come
 * out (Certified Used falls back to Used), the chosen tab's go in; paging resets. A value that
 * is not a whole tab (dealType greatprice alone, homeServices HOME_DELIVERY) stays. Removing a
 * tab's value elsewhere (a chip) makes All Results the selected tab.
 */
export function categoryTabs(state: SearchState, ctx?: SearchUrlContext): CategoryTab[] {
  const active = activeCategory(state);
  const current = editable(state, ctx);
  const base = withoutCategories(state, current);
  return CATEGORY_TABS.map((tab) => {
    let entries = base;
    if (tab.id === active) entries = current;
    else {
      for (const [k, values] of Object.entries(tab.params) as [string, readonly string[]][]) {
        if (k === "listingType") entries = entries.filter(([x]) => x !== "listingType");
        for (const v of values) entries = [...entries, [k, v]];
      }
    }
    return { id: tab.id, label: tab.label, href: serializeSearchUrl(fromEntries(entries, ctx), ctx), selected: tab.id === active };
  });
}
