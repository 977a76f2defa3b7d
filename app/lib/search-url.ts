// The one module that turns a results-page URL (path + query) into a search state and a state back
// into its canonical URL (docs/decisions/003-url-search-state.md, docs/search-urls.md). Every
// link the results page shows — chips, crumbs, tabs, sort, pagination, the canonical tag — and
// the loader's 301 decision come from here. Nothing else parses search URLs.
//
// Pure and shared by server and browser: no server imports, no DOM beyond URL/URLSearchParams.
// Names (make, model, body style ...) come in through an optional `SearchUrlContext`; without
// one, codes stand in for names and slugs.
//
// The code lives in ./search-url/: types, common (vocabulary), path (category path levels),
// core (parse / serialise), links (editing a state into links, tabs) and display (labels,
// breadcrumbs, chips, SEO). Import from this file only; the others are internal.

export type { CategoryTab, Condition, Crumb, FilterName, NameMap, ParsedSearchUrl, SearchChip, SearchState, SearchUrlContext } from "./search-url/types.ts";
export type { InvalidParam } from "./search-query.ts";
export { DEFAULT_BODY_STYLES, EXPERIENCE_LABELS, SEARCH_PATH, slugify } from "./search-url/common.ts";
export { conditionOf } from "./search-url/path.ts";
export { emptySearchState, normalizeSearchState, parseSearchUrl, searchFormEntries, searchStateFromQuery, serializeSearchUrl } from "./search-url/core.ts";
export {
  activeCategory,
  addFilter,
  categoryTabs,
  clearFilters,
  nextPageUrl,
  pageOf,
  previousPageUrl,
  removeFilter,
  withCondition,
  withFilter,
  withoutFilter,
  withPage,
  withSort,
} from "./search-url/links.ts";
export {
  breadcrumbs,
  canonicalLinkUrl,
  categoryUrl,
  chips,
  expiredBannerText,
  isIndexable,
  makeName,
  modelName,
  priceLabel,
  searchDescription,
  searchTitle,
  selectedCount,
} from "./search-url/display.ts";
export { modelNotices, type SearchNotice } from "./search-url/notices.ts";
