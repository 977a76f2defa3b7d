// The next batch of the results page for infinite scroll (issue 5): the same search as
// /cars-for-sale at one `firstRecord`, only the cards and the link to the batch after it.
// The page itself (app/server/pages/results-page.server.ts) stays the source of the first render;
// this answers the browser's "load more" without the facets and filter sections.
import { z } from "zod";
import { parseSearchUrl, nextPageUrl, SEARCH_PATH } from "../../lib/search-url.ts";
import type { ListingCardData } from "../../components/search/types.ts";
import { getDatabase } from "../db/connection.server.ts";
import { getSearchEngine } from "../search/search.server.ts";
import { getSearchPageContext } from "../services/url-context.server.ts";
import { checkInputs, listingCards } from "./results-page.server.ts";

export interface ResultsBatch {
  /** The canonical results URL of this batch (what the address bar shows while it is in view). */
  href: string;
  firstRecord: number;
  total: number;
  listings: ListingCardData[];
  /** The batch after this one, or null at the end (or the result window's maximum). */
  nextHref: string | null;
}

/** A results path: /cars-for-sale or one of its category paths, with its query. */
const resultsUrl = z
  .string()
  .max(4000)
  .refine((u) => u === SEARCH_PATH || u.startsWith(`${SEARCH_PATH}?`) || u.startsWith(`${SEARCH_PATH}/`), "not a results URL")
  .refine((u) => !u.startsWith(`${SEARCH_PATH}/vehicle/`), "not a results URL");

/** GET ?url=/cars-for-sale/...: null (a 404) for anything that is not a results page's URL. */
export async function loadResultsBatch(requestUrl: URL): Promise<ResultsBatch | null> {
  const raw = resultsUrl.safeParse(requestUrl.searchParams.get("url") ?? "");
  if (!raw.success) return null;
  const target = new URL(raw.data, requestUrl.origin);
  const { labels, ctx } = await getSearchPageContext();
  const checks = checkInputs(target);
  if (checks.price.error || checks.zipError) return null;
  const parsed = parseSearchUrl(checks.url, ctx);
  if (parsed.notFound) return null;
  const state = parsed.state;
  const [db, engine] = await Promise.all([getDatabase(), getSearchEngine()]);
  const result = await engine.search(state.query);
  const cards = await listingCards(db, result.hits, labels);
  return {
    href: parsed.canonical,
    firstRecord: state.query.firstRecord,
    total: result.totalResultCount,
    listings: result.hits.map((h) => cards.get(h.id)).filter((c): c is ListingCardData => c !== undefined),
    nextHref: nextPageUrl(state, result.totalResultCount, ctx),
  };
}
