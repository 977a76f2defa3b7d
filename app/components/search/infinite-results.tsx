// The results grid with JavaScript's enhancements (issue 5), server-rendered the same as before:
// - infinite scroll: an IntersectionObserver (the flag's root margin) loads the next batch from
//   /cars-for-sale-batch while 25 placeholders hold its place; it stops at the last batch or the
//   result window's maximum. 'See More Results' stays a real link: without JavaScript, and after
//   a failed load, it navigates to the next batch's page;
// - the address follows the batch in view (history.replaceState, keeping the router's entry), so
//   a reload shows that batch; client-side back and forward restore every loaded batch (kept
//   in memory per history entry), so the scroll position lands on the same card;
// - pending state while a new search loads: the list dims, `aria-busy`, and a polite live
//   region says '{n} Matches' when it lands.
// Decisions: docs/decisions/011-results-page-javascript.md.
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { PAGE_SIZE, TEXT } from "../../lib/constants";
import { formatInt } from "../../lib/format";
import { SEARCH_PATH } from "../../lib/search-url";
import { EmptyResults, ListingGrid } from "./results-list";
import type { ListingCardData, ResultsPageData } from "./types";
import { useResultsTiming } from "./use-public-flags";

/** Placeholders shown while a batch loads (SPEC: "shows 25 placeholders while loading"). */
export const PLACEHOLDER_COUNT = 25;
export const BATCH_PATH = "/cars-for-sale-batch";

interface Batch {
  href: string;
  firstRecord: number;
  listings: ListingCardData[];
}
interface Loaded {
  searchKey: string;
  batches: Batch[];
  nextHref: string | null;
}

/** Loaded batches per history entry (location.key), for back and forward. */
const byEntry = new Map<string, Loaded>();
const ENTRIES_KEPT = 30;

const here = () => window.location.pathname + window.location.search;

export function InfiniteResults({
  page,
  before = null,
  firstGrid = null,
}: {
  page: ResultsPageData;
  /** Shown above the list (the dealer showcase). */
  before?: ReactNode;
  /** The page's own batch as the page lays it out (the tiered grid); later batches follow as plain cards. */
  firstGrid?: ReactNode;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const { rootMargin } = useResultsTiming();

  const fromPage = (): Loaded => ({
    searchKey: page.firstPageHref,
    batches: [{ href: location.pathname + location.search, firstRecord: page.firstRecord, listings: page.listings }],
    nextHref: page.nextHref,
  });
  const restore = (): Loaded | null => {
    const saved = byEntry.get(location.key);
    return saved && saved.searchKey === page.firstPageHref && saved.batches.some((b) => b.firstRecord === page.firstRecord) ? saved : null;
  };
  // During hydration the first render must match the server's, so restoring starts after it.
  const [loaded, setLoaded] = useState<Loaded>(() => (hydrated ? restore() : null) ?? fromPage());
  const [seen, setSeen] = useState(page);
  if (seen !== page) {
    // New loader data: the same search with this batch already shown (a revalidation after
    // Compare) keeps the list; anything else starts from the page (or its saved entry).
    setSeen(page);
    const same = loaded.searchKey === page.firstPageHref && loaded.batches.some((b) => b.firstRecord === page.firstRecord);
    if (!same) setLoaded(restore() ?? fromPage());
  }

  useEffect(() => {
    byEntry.delete(location.key);
    byEntry.set(location.key, loaded);
    while (byEntry.size > ENTRIES_KEPT) byEntry.delete(byEntry.keys().next().value!);
  }, [location.key, loaded]);

  // ---- loading the next batch
  const [status, setStatus] = useState<"idle" | "loading" | "error">("idle");
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    // A new search abandons a batch still loading.
    controller.current?.abort();
    setStatus("idle");
  }, [loaded.searchKey]);

  const loadNext = useCallback(async () => {
    const next = loaded.nextHref;
    if (!next || controller.current) return;
    const ctl = new AbortController();
    controller.current = ctl;
    setStatus("loading");
    try {
      const res = await fetch(`${BATCH_PATH}?url=${encodeURIComponent(next)}`, { signal: ctl.signal, headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(`batch ${res.status}`);
      const batch = (await res.json()) as { href: string; firstRecord: number; listings: ListingCardData[]; nextHref: string | null };
      setLoaded((cur) => {
        if (cur.searchKey !== loaded.searchKey || cur.nextHref !== next) return cur;
        const shown = new Set(cur.batches.flatMap((b) => b.listings.map((l) => l.id)));
        const listings = batch.listings.filter((l) => !shown.has(l.id));
        return { ...cur, batches: [...cur.batches, { href: batch.href, firstRecord: batch.firstRecord, listings }], nextHref: batch.nextHref };
      });
      setStatus("idle");
    } catch {
      if (!ctl.signal.aborted) setStatus("error");
    } finally {
      if (controller.current === ctl) controller.current = null;
    }
  }, [loaded.nextHref, loaded.searchKey]);

  const sentinel = useRef<HTMLDivElement>(null);
  const searching = navigation.state !== "idle" && navigation.location?.pathname.startsWith(SEARCH_PATH) === true && !navigation.location.pathname.startsWith(`${SEARCH_PATH}/vehicle/`);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !loaded.nextHref || status !== "idle" || searching || typeof IntersectionObserver === "undefined") return;
    // A fresh observer after every batch reports at once whether more is still needed.
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadNext(), { rootMargin: `0px 0px ${rootMargin} 0px` });
    io.observe(el);
    // A jump (End key, a scrollbar drag) can carry the trigger from below the margin to above
    // the viewport without ever intersecting: the observer stays silent, so check on scroll too.
    const margin = Number.parseInt(rootMargin, 10) || 0;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (el.getBoundingClientRect().top < window.innerHeight + margin) void loadNext();
      });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      io.disconnect();
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [loaded.nextHref, status, searching, loadNext, rootMargin]);

  // ---- the address follows the batch in view
  const batchesRef = useRef(loaded.batches);
  batchesRef.current = loaded.batches;
  const searchingRef = useRef(searching);
  searchingRef.current = searching;
  const multi = loaded.batches.length > 1;
  useEffect(() => {
    if (!multi) return;
    let frame = 0;
    const check = () => {
      if (searchingRef.current) return;
      const middle = window.innerHeight / 2;
      let current = batchesRef.current[0];
      for (const b of batchesRef.current) {
        const first = b.listings[0] && document.getElementById(`listing-${b.listings[0].id}`);
        if (first && first.getBoundingClientRect().top < middle) current = b;
      }
      // Only the address changes: the router keeps the page it loaded (its data, forms and
      // revalidations stay on the first batch's URL) and the history entry keeps its key, which
      // is what back / forward restore the batches by.
      if (current && current.href !== here()) window.history.replaceState(window.history.state, "", current.href);
    };
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(check);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    // A batch that lands under a reader already at the bottom moves the address without a scroll.
    onScroll();
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [multi, loaded.batches.length]);

  const listings = loaded.batches.flatMap((b) => b.listings);
  const first = loaded.batches[0]!.firstRecord;
  const previousHref = first > 0 && first === page.firstRecord ? page.previousHref : null;
  const onMore = (e: MouseEvent) => {
    // With JavaScript the link loads in place; after a failed load it is a plain link again.
    if (status === "error" || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    void loadNext();
  };
  const busy = searching && navigation.state === "loading";

  return (
    <div data-testid="results" aria-busy={busy || undefined} className={busy ? "opacity-50 transition-opacity duration-200" : "transition-opacity"}>
      <p role="status" aria-live="polite" className="sr-only">
        {TEXT.matches(page.total)}
      </p>
      <div className="mt-4">
        {before}
        {listings.length === 0 ? (
          <>
            <span id="listings" tabIndex={-1} />
            <EmptyResults clearHref={page.clearFiltersHref} />
          </>
        ) : firstGrid && first === page.firstRecord ? (
          <>
            {firstGrid}
            {listings.length > loaded.batches[0]!.listings.length ? (
              <div className="mt-4">
                <ListingGrid listings={loaded.batches.slice(1).flatMap((b) => b.listings)} compare={page.compare} labelledBy="results-heading" />
              </div>
            ) : null}
          </>
        ) : (
          <ListingGrid id="listings" listings={listings} compare={page.compare} eagerFirst labelledBy="results-heading" />
        )}
        {status === "loading" ? <Placeholders count={Math.min(PLACEHOLDER_COUNT, Math.max(1, page.total - first - listings.length))} /> : null}
      </div>
      {listings.length > 0 ? (
        <nav aria-label="More results" className="mt-8 flex flex-col items-center gap-3">
          <div ref={sentinel} aria-hidden="true" />
          <p className="text-sm text-slate-600">
            Showing {formatInt(first + 1)}–{formatInt(first + listings.length)} of {formatInt(page.total)}
          </p>
          {status === "error" ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              We could not load more results. {TEXT.seeMoreResults} opens them on their own page.
            </p>
          ) : null}
          <div className="flex flex-wrap justify-center gap-3">
            {previousHref ? (
              <Link to={previousHref} className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-700 hover:bg-slate-50">
                Previous {PAGE_SIZE}
              </Link>
            ) : null}
            {loaded.nextHref ? (
              <Link
                to={loaded.nextHref}
                onClick={onMore}
                aria-disabled={status === "loading" || undefined}
                className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 aria-disabled:opacity-60"
              >
                {TEXT.seeMoreResults}
              </Link>
            ) : null}
          </div>
        </nav>
      ) : null}
    </div>
  );
}

/**
 * Card-sized placeholders (the same grid and picture ratio, so nothing moves when cards land): 25,
 * or fewer when fewer results are left (so the page does not shrink when the last cards land).
 */
function Placeholders({ count }: { count: number }) {
  return (
    <ul aria-hidden="true" data-testid="placeholders" className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="flex">
          <div className="card animate-pulse">
            <div className="card-img" />
            <div className="card-body">
              <div className="h-5 w-3/4 rounded bg-slate-200" />
              <div className="mt-1 h-7 w-1/3 rounded bg-slate-200" />
              <div className="h-4 w-1/2 rounded bg-slate-100" />
              <div className="h-4 w-2/3 rounded bg-slate-100" />
              <div className="mt-auto h-4 w-3/5 rounded bg-slate-100" />
            </div>
            <div className="h-10 border-t border-slate-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}
