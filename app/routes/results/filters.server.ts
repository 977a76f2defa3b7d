// A results page's filter sections in full, for the choices its document left out (ADR 032): a
// closed section's, a 'Show more' list's, 'Any make except'. The page asks for them with
// JavaScript when the shopper opens one (app/routes/results/components/filter-panel.tsx); without
// JavaScript the part's button asks the page itself for them (SHOW_FILTER_PARAM).
import { resultsTarget } from "./batch.server.ts";
import { applyCostTerms, buildFilterSections, type PageArgs } from "./page.server.ts";
import type { FilterSectionsAnswer } from "./view.ts";

/** GET ?url=/cars-for-sale/...: null (a 404) for anything that is not a results page's URL. */
export async function loadFilterSections({ url: requestUrl, app, shopper }: PageArgs): Promise<FilterSectionsAnswer | null> {
  const target = await resultsTarget(requestUrl);
  if (!target) return null;
  const { labels, ctx, checks, state } = target;
  // The page's monthly cost terms, as on the page (decision 031): its facet counts depend on them.
  applyCostTerms(state.query, shopper.wallet);
  // The page's own search (through the breaker layer), for its facets.
  const result = await app.search(state.query);
  const { sections } = buildFilterSections({ state, ctx, labels, filters: result.filters, checks, now: new Date() });
  return { href: target.href, filters: sections };
}
