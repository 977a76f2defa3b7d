// A batch of the results page for infinite scroll and 'Show earlier results' (docs/results-page.md): the same
// search as /cars-for-sale at one `firstRecord`, only its grid (the cards with the card tiers the
// page at that `firstRecord` shows, in the same slots) and the links to the batches around it.
// The page itself (app/routes/results/page.server.ts) stays the source of the first render;
// this answers the browser's "load more" without the facets and filter sections.
import { z } from "zod";
import { parseSearchUrl, nextPageUrl, previousPageUrl, SEARCH_PATH } from "../../lib/search-url.ts";
import type { GridEntry } from "./view.ts";
import type { ListingCardData } from "../../lib/search-view.ts";
import { getSearchPageContext } from "../../server/services/url-context.server.ts";
import { batchGrid, takePool, withSponsoredPool } from "./extras.server.ts";
import { shownResults } from "../../lib/results-placement.ts";
import { listingCards } from "../../server/listings/cards.server.ts";
import { applyCostTerms, cardCostTerms, checkInputs, markEmailed, type PageArgs } from "./page.server.ts";
import { reportError } from "../../server/observability/log.server.ts";

export interface ResultsBatch {
  /** The canonical results URL of this batch (what the address bar shows while it is in view). */
  href: string;
  firstRecord: number;
  total: number;
  /** The batch's grid as its own page lays it out: its results with the card tiers in their slots. */
  grid: GridEntry[];
  /** The batch after this one, or null at the end (or the result window's maximum). */
  nextHref: string | null;
  /** The batch before this one, or null for the first. */
  previousHref: string | null;
}

/** A results path: /cars-for-sale or one of its category paths, with its query. */
export const resultsUrl = z
  .string()
  .max(4000)
  .refine((u) => u === SEARCH_PATH || u.startsWith(`${SEARCH_PATH}?`) || u.startsWith(`${SEARCH_PATH}/`), "not a results URL")
  .refine((u) => !u.startsWith(`${SEARCH_PATH}/vehicle/`), "not a results URL");

/**
 * The results page a JSON call's `?url=` names (the batch, the filter sections): its input checks
 * and search state, or null when it names none (the call's 404).
 */
export async function resultsTarget(requestUrl: URL) {
  const raw = resultsUrl.safeParse(requestUrl.searchParams.get("url") ?? "");
  if (!raw.success) return null;
  const { labels, ctx } = await getSearchPageContext();
  const checks = checkInputs(new URL(raw.data, requestUrl.origin));
  const parsed = parseSearchUrl(checks.url, ctx);
  if (parsed.notFound) return null;
  return { href: raw.data, canonical: parsed.canonical, labels, ctx, checks, state: parsed.state };
}

/** GET ?url=/cars-for-sale/...: null (a 404) for anything that is not a results page's URL. */
export async function loadResultsBatch({ url: requestUrl, app, shopper }: PageArgs): Promise<ResultsBatch | null> {
  const target = await resultsTarget(requestUrl);
  if (!target || target.checks.price.error || target.checks.zipError) return null;
  const { labels, ctx, state } = target;
  const q = state.query;
  const { db, flags } = app;
  // The page's monthly cost terms, as on the page (decision 031).
  applyCostTerms(q, shopper.wallet);
  const costTerms = cardCostTerms(q, shopper.wallet);
  // The same search as the page (through the breaker layer); the results beyond the batch feed
  // its sponsored tiers, as on the page.
  const result = await app.search(withSponsoredPool(q), { hideFilters: true });
  const pool = takePool(result, q);
  const cards = await listingCards(db, result.hits, labels, { costTerms });
  await markEmailed(db, shopper, cards);
  const organic = result.hits.map((h) => cards.get(h.id)).filter((c): c is ListingCardData => c !== undefined);
  let grid: GridEntry[] = organic.map((listing) => ({ kind: "listing", listing }));
  try {
    grid =
      (await batchGrid({
        showcaseHidden: shopper.preferences.showcaseHidden,
        q,
        result,
        pool,
        db,
        engine: await app.engine(),
        labels,
        flags,
        organic,
        costTerms,
      })) ?? grid;
  } catch (error) {
    // The tiers are optional, as on the page: the batch stands with its own results.
    reportError("batch card tiers failed", error);
  }
  return {
    href: target.canonical,
    firstRecord: q.firstRecord,
    total: result.totalResultCount,
    grid,
    // A batch trimmed by an inserted card: the next one starts where this one stopped.
    nextHref: nextPageUrl(state, result.totalResultCount, ctx, shownResults(grid)),
    previousHref: previousPageUrl(state, ctx),
  };
}
