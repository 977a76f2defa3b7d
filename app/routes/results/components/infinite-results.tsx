// The results grid with JavaScript's enhancements (docs/results-page.md), server-rendered the same as before:
// - infinite scroll: an IntersectionObserver (the flag's root margin) loads the next batch from
//   /cars-for-sale-batch while 25 placeholders hold its place; it stops at the last batch or the
//   result window's maximum. 'See More Results' stays a real link: without JavaScript, and after
//   a failed load, it navigates to the next batch's page;
// - every batch, the page's own and those loaded or restored around it, keeps the card tiers its
//   own page shows (tiered-grid.tsx), so a reload lays the list out as it was; a card already
//   shown higher up is left out of a later batch (decision 016);
// - the address follows the batch in view (history.replaceState, keeping the router's entry).
//   The loaded batches and the card at the top of the screen are also kept in the history entry's
//   state, so a reload, or back from another document (the card's title is a plain link), shows
//   the same cards at the same place once hydrated; without JavaScript (and before hydration) the
//   page is the batch in the address with a 'Show earlier results' link above it, which with
//   JavaScript loads the batch before in place, above, keeping the cards on screen where they
//   are. Client-side back and forward restore every batch from memory (per history entry);
// - the placeholders never take a click (pointer-events: none, inert) and reserve the whole
//   batch's room, so the list below them does not move when the cards land;
// - pending state while a new search loads: the list dims, `aria-busy`, and a polite live
//   region says '{n} Matches' when it lands.
// Decisions: docs/decisions/011-results-page-javascript.md.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { useHydrated } from "../../../components/use-hydrated";
import { TEXT } from "../../../lib/constants";
import { PATHS } from "../../../lib/routes";
import type { GridEntry, HousePromo, SuggestedFilter } from "../view";
import { EmptyResults, Pagination } from "./results-list";
import { TieredListingGrid } from "./tiered-grid";
import type { ResultsPageData } from "../view";
import { useResultsTiming } from "./use-public-flags";

/** The results page (the search URL module's own path; imported from routes.ts so the URL module stays out of the browser bundle). */
const SEARCH_PATH = PATHS.search;

/** Placeholders shown while a batch loads (docs/results-page-js.md: 25 placeholders while loading). */
export const PLACEHOLDER_COUNT = 25;
export const BATCH_PATH = "/cars-for-sale-batch";

interface Batch {
  href: string;
  firstRecord: number;
  /** The batch laid out as its page lays it out (card tiers in their slots), less cards shown above. */
  grid: GridEntry[];
  /** How many of the search's own results the batch's page holds ('Showing …' counts them). */
  count: number;
}
/** What GET /cars-for-sale-batch answers (app/routes/results/batch.server.ts). */
interface BatchAnswer {
  href: string;
  firstRecord: number;
  grid: GridEntry[];
  nextHref: string | null;
  previousHref: string | null;
}

/** One batch from GET /cars-for-sale-batch: infinite scroll's and 'Show earlier results'' one path. */
async function fetchBatch(href: string, signal: AbortSignal): Promise<BatchAnswer> {
  const res = await fetch(`${BATCH_PATH}?url=${encodeURIComponent(href)}`, { signal, headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`batch ${res.status}`);
  return (await res.json()) as BatchAnswer;
}

/** The listing ids a grid shows (the search's own cards and the placed ones). */
const idsOf = (grid: GridEntry[]) => grid.flatMap((e) => ("listing" in e ? [e.listing.id] : e.kind === "highlights" ? e.listings.map((l) => l.id) : []));
/** The search's own cards of a batch, in order. */
const listingsOf = (b: Batch) => b.grid.flatMap((e) => (e.kind === "listing" ? [e.listing] : []));

/**
 * A landed batch, without the cards the list already shows or the dealer showcase above it shows
 * (no listing shows twice on one screen).
 */
function batchOf(answer: BatchAnswer, shown: Batch[], showcaseIds: readonly number[]): Batch {
  const seen = new Set([...shown.flatMap((b) => idsOf(b.grid)), ...showcaseIds]);
  return {
    href: answer.href,
    firstRecord: answer.firstRecord,
    grid: answer.grid.flatMap((e): GridEntry[] => {
      if ("listing" in e) return seen.has(e.listing.id) ? [] : [e];
      if (e.kind !== "highlights") return [e];
      const listings = e.listings.filter((l) => !seen.has(l.id));
      return listings.length > 0 ? [{ ...e, listings }] : [];
    }),
    count: answer.grid.filter((e) => e.kind === "listing").length,
  };
}

interface Loaded {
  searchKey: string;
  batches: Batch[];
  nextHref: string | null;
  /** The batch before the first one shown ('Show earlier results', 'Previous 30'), null at the start. */
  previousHref: string | null;
}

/** Loaded batches per history entry (location.key), for back and forward. */
const byEntry = new Map<string, Loaded>();
const ENTRIES_KEPT = 30;

const here = () => window.location.pathname + window.location.search;

/** Where the loaded batches live in the history entry's state (beside the router's own keys). */
const STATE_FIELD = "forecourtResults";
interface Anchor {
  /** The first card (listing id) at least partly on screen, and its top edge in the viewport. */
  id: number;
  top: number;
}
interface Saved {
  loaded: Loaded;
  anchor: Anchor | null;
}

function readSaved(): Saved | null {
  const saved = (window.history.state as Record<string, unknown> | null)?.[STATE_FIELD] as Saved | undefined;
  const batches = saved?.loaded?.batches;
  if (!Array.isArray(batches) || batches.length === 0 || !batches.every((b) => Array.isArray(b?.grid))) return null;
  return saved!;
}

/** Keeps `saved` in the current history entry (the URL and the router's keys stay as they are). */
function writeSaved(saved: Saved | null) {
  try {
    window.history.replaceState({ ...(window.history.state as object | null), [STATE_FIELD]: saved ?? undefined }, "");
  } catch {
    // Too large or throttled: reload then shows the batch in the address, as without JavaScript.
  }
}

/** Whether `saved` is this page's search and holds the batch the page was loaded at. */
function fits(saved: Loaded | null | undefined, page: ResultsPageData): saved is Loaded {
  return !!saved && saved.searchKey === page.firstPageHref && saved.batches.some((b) => b.firstRecord === page.firstRecord);
}

/**
 * The first card of the list whose bottom is below the top of the screen; when the screen is below
 * every card (the sections under the list), the last card, above the screen.
 */
function anchorOf(batches: Batch[]): Anchor | null {
  let last: Anchor | null = null;
  for (const b of batches) {
    for (const l of listingsOf(b)) {
      const el = document.getElementById(`listing-${l.id}`);
      if (!el) continue;
      const box = el.getBoundingClientRect();
      last = { id: l.id, top: box.top };
      if (box.bottom > 0) return last;
    }
  }
  return last;
}

export function InfiniteResults({
  page,
  before = null,
  promoLinks = [],
  promos = [],
}: {
  page: ResultsPageData;
  /** Shown above the list (the dealer showcase). */
  before?: ReactNode;
  /** The filter promo card's links and the house promotions of the grids' tiers (the search's, for every batch). */
  promoLinks?: SuggestedFilter[];
  promos?: HousePromo[];
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const { rootMargin } = useResultsTiming();
  const showcaseIds = useMemo(() => page.extras?.showcase?.listings.map((l) => l.id) ?? [], [page]);

  const fromPage = (): Loaded => ({
    searchKey: page.firstPageHref,
    batches: [
      {
        href: location.pathname + location.search,
        firstRecord: page.firstRecord,
        grid: page.extras?.grid ?? page.listings.map((listing) => ({ kind: "listing", listing })),
        count: page.listings.length,
      },
    ],
    nextHref: page.nextHref,
    previousHref: page.previousHref,
  });
  const restore = (): Loaded | null => {
    const saved = byEntry.get(location.key);
    if (fits(saved, page)) return saved;
    const kept = readSaved()?.loaded;
    return fits(kept, page) ? kept : null;
  };
  // During hydration the first render must match the server's, so restoring starts after it.
  const [loaded, setLoaded] = useState<Loaded>(() => (hydrated ? restore() : null) ?? fromPage());
  const [status, setStatus] = useState<"idle" | "loading" | "error">("idle");
  // 'Show earlier results' loads apart from the next batch (both can be on their way).
  const [earlier, setEarlier] = useState<"idle" | "loading" | "error">("idle");
  const [seen, setSeen] = useState(page);
  if (seen !== page) {
    // New loader data: the same search with this batch already shown (a revalidation after
    // Compare) keeps the list; anything else starts from the page (or its saved entry).
    setSeen(page);
    if (!fits(loaded, page)) {
      setLoaded(restore() ?? fromPage());
      // A new page (e.g. 'See More Results' followed after a failed load) starts afresh.
      setStatus("idle");
      setEarlier("idle");
    }
  }

  // ---- after a document load (reload, back from another document): the batches kept in the
  // history entry come back once hydrated, and the screen returns to the card it showed.
  const anchorTo = useRef<Anchor | null>(null);
  const documentLoad = useRef(!hydrated);
  // While the kept batches are on their way back, the next batch's trigger waits: it would see
  // the bottom of the one batch the document holds (the browser's scroll already restored on
  // it) and load the batch after the kept ones.
  const restoring = useRef(false);
  useEffect(() => {
    if (!documentLoad.current) return;
    const saved = readSaved();
    if (!saved || !fits(saved.loaded, page) || saved.loaded.batches.length < 2) return;
    anchorTo.current = saved.anchor;
    restoring.current = true;
    setLoaded(saved.loaded);
    // Only once, on the first mount after the document loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLayoutEffect(() => {
    // The kept batches are in (or there were none): the trigger's effect runs after this one.
    restoring.current = false;
    const anchor = anchorTo.current;
    if (!anchor) return;
    anchorTo.current = null;
    const el = document.getElementById(`listing-${anchor.id}`);
    if (el) window.scrollBy(0, el.getBoundingClientRect().top - anchor.top);
  }, [loaded]);

  // Several batches: keep them, and the card at the top of the screen, in the history entry.
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  const keep = loaded.batches.length > 1;
  useEffect(() => {
    if (!keep) return;
    const save = () => writeSaved({ loaded: loadedRef.current, anchor: anchorOf(loadedRef.current.batches) });
    save();
    // After scrolling stops (history.replaceState is rate-limited), and when the page is left.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(save, 300);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", save);
    document.addEventListener("click", save, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", save);
      document.removeEventListener("click", save, true);
    };
  }, [keep, loaded]);

  useEffect(() => {
    byEntry.delete(location.key);
    byEntry.set(location.key, loaded);
    while (byEntry.size > ENTRIES_KEPT) byEntry.delete(byEntry.keys().next().value!);
  }, [location.key, loaded]);

  // ---- loading the next batch
  const controller = useRef<AbortController | null>(null);
  const earlierCtl = useRef<AbortController | null>(null);
  const rowHeight = useRef<number | null>(null);
  useEffect(() => {
    // A new search abandons a batch still loading.
    controller.current?.abort();
    earlierCtl.current?.abort();
    setStatus("idle");
    setEarlier("idle");
  }, [loaded.searchKey]);

  const loadNext = useCallback(async () => {
    const next = loaded.nextHref;
    if (!next || controller.current) return;
    const ctl = new AbortController();
    controller.current = ctl;
    // Placeholders as tall as the list's last row, so the batch landing moves nothing below.
    const last = listingsOf(loaded.batches.at(-1)!).at(-1);
    const row = last ? document.getElementById(`listing-${last.id}`)?.parentElement?.getBoundingClientRect().height : undefined;
    rowHeight.current = row && row > 0 ? Math.round(row) : null;
    setStatus("loading");
    try {
      const batch = await fetchBatch(next, ctl.signal);
      setLoaded((cur) => {
        if (cur.searchKey !== loaded.searchKey || cur.nextHref !== next) return cur;
        return { ...cur, batches: [...cur.batches, batchOf(batch, cur.batches, showcaseIds)], nextHref: batch.nextHref };
      });
      setStatus("idle");
    } catch {
      if (!ctl.signal.aborted) setStatus("error");
    } finally {
      if (controller.current === ctl) controller.current = null;
    }
  }, [loaded.nextHref, loaded.searchKey, loaded.batches, showcaseIds]);

  // ---- 'Show earlier results': the batch before the list, prepended without moving the screen
  const loadEarlier = async () => {
    const prev = loaded.previousHref;
    if (!prev || earlierCtl.current) return;
    const ctl = new AbortController();
    earlierCtl.current = ctl;
    setEarlier("loading");
    try {
      const batch = await fetchBatch(prev, ctl.signal);
      const cur = loadedRef.current;
      if (cur.searchKey === loaded.searchKey && cur.previousHref === prev) {
        // The card at the top of the screen stays where it is (the layout effect above).
        anchorTo.current = anchorOf(cur.batches);
        setLoaded({ ...cur, batches: [batchOf(batch, cur.batches, showcaseIds), ...cur.batches], previousHref: batch.previousHref });
      }
      setEarlier("idle");
    } catch {
      if (!ctl.signal.aborted) setEarlier("error");
    } finally {
      if (earlierCtl.current === ctl) earlierCtl.current = null;
    }
  };

  const sentinel = useRef<HTMLDivElement>(null);
  const searching =
    navigation.state !== "idle" &&
    navigation.location?.pathname.startsWith(SEARCH_PATH) === true &&
    !navigation.location.pathname.startsWith(`${SEARCH_PATH}/vehicle/`);
  useEffect(() => {
    const el = sentinel.current;
    if (restoring.current || !el || !loaded.nextHref || status !== "idle" || searching || typeof IntersectionObserver === "undefined") return;
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
        const el = document.querySelector(`[data-batch="${b.firstRecord}"]`);
        if (el && el.getBoundingClientRect().top < middle) current = b;
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

  const first = loaded.batches[0]!.firstRecord;
  const lastBatch = loaded.batches.at(-1)!;
  // 'Showing 31–90': from the first batch's first result to the last batch's last.
  const end = lastBatch.firstRecord + lastBatch.count;
  const empty = loaded.batches.every((b) => b.count === 0);
  // The coming batch: a page of results and about as many tier cards as the batch before it; at the end, what is left.
  const left = page.total - lastBatch.firstRecord - page.pageSize;
  const expected = left >= page.pageSize ? page.pageSize + lastBatch.grid.length - listingsOf(lastBatch).length : Math.max(1, left);
  const previousHref = loaded.previousHref;
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
      <div className="mt-3 lg:mt-4">
        {previousHref && !empty ? (
          // A page opened in the middle of a search (a reload or back after scrolling, a shared
          // link): the way to the cards above it, with or without JavaScript.
          <p className="mb-4 text-center text-sm">
            <Link
              to={previousHref}
              onClick={(e) => {
                // With JavaScript the batch loads in place; after a failed load it is a plain link again.
                if (earlier === "error" || e.metaKey || e.ctrlKey || e.shiftKey) return;
                e.preventDefault();
                void loadEarlier();
              }}
              aria-disabled={earlier === "loading" || undefined}
              className="font-semibold text-brand-700 underline underline-offset-2 aria-disabled:opacity-60"
            >
              Show earlier results
            </Link>
            {earlier === "error" ? (
              <span role="alert" className="mt-1 block font-medium text-red-700">
                We could not load earlier results. The link opens them on their own page.
              </span>
            ) : null}
          </p>
        ) : null}
        {before}
        {empty ? (
          <>
            <span id="listings" tabIndex={-1} />
            <EmptyResults clearHref={page.clearFiltersHref} />
          </>
        ) : (
          loaded.batches.map((b, i) => (
            // Every batch laid out as its own page lays it out, one grid each (decision 016).
            <div key={b.firstRecord} data-batch={b.firstRecord} className={i > 0 ? "mt-4" : undefined}>
              <TieredListingGrid
                id={i === 0 ? "listings" : undefined}
                eager={i === 0}
                items={b.grid}
                compare={page.compare}
                labelledBy="results-heading"
                promoLinks={promoLinks}
                promos={promos}
              />
            </div>
          ))
        )}
        {status === "loading" ? <Placeholders expected={expected} rowHeight={rowHeight.current} /> : null}
      </div>
      {!empty ? (
        <Pagination
          firstRecord={first}
          last={end}
          total={page.total}
          pageSize={page.pageSize}
          previousHref={previousHref}
          nextHref={loaded.nextHref}
          sentinel={sentinel}
          onMore={onMore}
          loading={status === "loading"}
          failed={status === "error"}
        />
      ) : null}
    </div>
  );
}

/**
 * Card-sized placeholders (the same grid, card classes and picture ratio): 25, or fewer when fewer
 * results are left. The rest of the coming batch's room is reserved by invisible cards of the same
 * shape, so the paging links below do not move when the cards land. They never take a click
 * (pointer-events: none, inert): a click meant for a link that moved lands on nothing.
 */
function Placeholders({ expected, rowHeight }: { expected: number; rowHeight: number | null }) {
  const shown = Math.min(PLACEHOLDER_COUNT, expected);
  const style = rowHeight ? { height: rowHeight } : undefined;
  return (
    <ul aria-hidden="true" inert data-testid="placeholders" className="pointer-events-none mt-4 grid select-none gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: expected }, (_, i) => (
        <li key={i} data-placeholder={i < shown ? "" : undefined} style={style} className={i < shown ? "flex" : "invisible flex"}>
          <div className={i < shown ? "card animate-pulse" : "card"}>
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
