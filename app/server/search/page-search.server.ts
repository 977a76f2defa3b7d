// The search a page runs: through the service layer's circuit breaker (docs/resilience-and-security.md),
// required (a failure is the page's error screen). The results page and its infinite-scroll batches
// both search here, so a batch fails, degrades and is counted exactly as its page.
import type { SearchQuery, SearchResult } from "../../lib/search-query.ts";
import { getEnv } from "../env.server.ts";
import { serviceCalls } from "../services/calls.server.ts";

export const SEARCH_FAILURE_ENV = "E2E_FAIL_SEARCH_KEYWORD";

/**
 * Test hook: when E2E_FAIL_SEARCH_KEYWORD is set (never in a real deployment), searching exactly
 * that keyword fails, so browser tests can reach the error screen.
 */
export async function pageSearch(query: SearchQuery, options: { hideFilters?: boolean } = {}): Promise<SearchResult> {
  const failOn = getEnv().E2E_FAIL_SEARCH_KEYWORD;
  if (failOn && query.keyword !== undefined && query.keyword.toLowerCase() === failOn.toLowerCase()) {
    const error = new Error(`search failed on purpose (${SEARCH_FAILURE_ENV})`);
    error.stack = error.message;
    throw error;
  }
  return serviceCalls().search(query, { required: true, ...(options.hideFilters ? { hideFilters: true } : {}) });
}
