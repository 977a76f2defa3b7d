// A batch of the results page for infinite scroll and 'Show earlier results' (issue 5): the same
// search as /cars-for-sale at one `firstRecord`, only its grid (the cards with the card tiers the
// page at that `firstRecord` shows, in the same slots) and the links to the batches around it.
// The page itself (app/server/pages/results-page.server.ts) stays the source of the first render;
// this answers the browser's "load more" without the facets and filter sections.
import { z } from "zod";
import { parseSearchUrl, nextPageUrl, previousPageUrl, SEARCH_PATH } from "../../lib/search-url.ts";
import type { GridEntry } from "../../components/search/extras-types.ts";
import type { ListingCardData } from "../../components/search/types.ts";
import { getDatabase } from "../db/connection.server.ts";
import { getFlags } from "../flags.server.ts";
import { getSearchEngine } from "../search/search.server.ts";
import { getSearchPageContext } from "../services/url-context.server.ts";
import { batchGrid, takePool, withSponsoredPool } from "./results-extras.server.ts";
import { checkInputs, listingCards } from "./results-page.server.ts";

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
const resultsUrl = z
  .string()
  .max(4000)
  .refine((u) => u === SEARCH_PATH || u.startsWith(`${SEARCH_PATH}?`) || u.startsWith(`${SEARCH_PATH}/`), "not a results URL")
  .refine((u) => !u.startsWith(`${SEARCH_PATH}/vehicle/`), "not a results URL");

/** GET ?url=/cars-for-sale/...: null (a 404) for anything that is not a results page's URL. */
export async function loadResultsBatch(request: Request, requestUrl: URL): Promise<ResultsBatch | null> {
  const raw = resultsUrl.safeParse(requestUrl.searchParams.get("url") ?? "");
  if (!raw.success) return null;
  const target = new URL(raw.data, requestUrl.origin);
  const { labels, ctx } = await getSearchPageContext();
  const checks = checkInputs(target);
  if (checks.price.error || checks.zipError) return null;
  const parsed = parseSearchUrl(checks.url, ctx);
  if (parsed.notFound) return null;
  const state = parsed.state;
  const q = state.query;
  const [db, engine] = await Promise.all([getDatabase(), getSearchEngine()]);
  // The results beyond the batch feed its sponsored tiers, as on the page.
  const result = await engine.search(withSponsoredPool(q), { hideFilters: true });
  const pool = takePool(result, q);
  const cards = await listingCards(db, result.hits, labels);
  const organic = result.hits.map((h) => cards.get(h.id)).filter((c): c is ListingCardData => c !== undefined);
  let grid: GridEntry[] = organic.map((listing) => ({ kind: "listing", listing }));
  try {
    grid = (await batchGrid({ request, q, result, pool, db, labels, flags: getFlags(), organic })) ?? grid;
  } catch (error) {
    // The tiers are optional, as on the page: the batch stands with its own results.
    console.error(JSON.stringify({ level: "error", msg: "batch card tiers failed", error: String((error as Error)?.stack ?? error) }));
  }
  return {
    href: parsed.canonical,
    firstRecord: q.firstRecord,
    total: result.totalResultCount,
    grid,
    nextHref: nextPageUrl(state, result.totalResultCount, ctx),
    previousHref: previousPageUrl(state, ctx),
  };
}
