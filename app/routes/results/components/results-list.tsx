import type { MouseEvent, Ref } from "react";
import { Link } from "react-router";
import { TEXT, TIER_LABELS } from "../../../lib/constants";
import { formatInt } from "../../../lib/format";
import { ListingCard, type CompareState } from "../../../components/listing-card";
import { Icon } from "../../../components/search/icons";
import type { ListingCardData } from "../../../lib/search-view";
import type { ResultsPageData } from "../view";

type Compare = ResultsPageData["compare"];

function compareOf(compare: Compare, id: number): CompareState {
  return { enabled: compare.enabled, added: compare.ids.includes(id), full: compare.full };
}

/** The listing grid: 3 columns on a desktop. The first picture loads eagerly, the rest lazily. */
export function ListingGrid({
  id,
  listings,
  compare,
  eagerFirst = false,
  labelledBy,
  tier,
}: {
  id?: string;
  listings: ListingCardData[];
  compare: Compare;
  eagerFirst?: boolean;
  labelledBy: string;
  /** Which tier the grid's tiles are, for their links' click parameters. */
  tier?: "supplemental" | "similar";
}) {
  return (
    <ol id={id} tabIndex={id ? -1 : undefined} aria-labelledby={labelledBy} className="grid grid-cols-1 gap-4 focus:outline-none sm:grid-cols-2 xl:grid-cols-3">
      {listings.map((l, i) => (
        <li key={l.id} className="flex">
          <ListingCard
            listing={l}
            eager={eagerFirst && i === 0}
            compare={compareOf(compare, l.id)}
            click={
              tier === "supplemental"
                ? { type: "supplemental", tile: TIER_LABELS.supplemental(i + 1) }
                : tier === "similar"
                  ? { type: "similar", tile: TIER_LABELS.similar }
                  : undefined
            }
          />
        </li>
      ))}
    </ol>
  );
}

/**
 * 'Showing a–b of n', 'Previous 30' and 'See More Results' (the next batch, a real link): the one
 * paging block of the results page, without JavaScript as it is. Infinite scroll
 * (infinite-results.tsx) adds its trigger (`sentinel`), loads in place on a click (`onMore`),
 * marks the link while a batch loads (`loading`) and says when one failed (`failed`: the link is
 * then a plain link, which the caller's `onMore` lets through).
 */
export function Pagination({
  firstRecord,
  last,
  total,
  pageSize,
  nextHref,
  previousHref,
  sentinel,
  onMore,
  loading = false,
  failed = false,
}: {
  firstRecord: number;
  /** The last result shown, counted from 1 ('Showing 31–60' is 60). */
  last: number;
  total: number;
  /** Results per page ('Previous 30'): the page's own size, never a constant. */
  pageSize: number;
  nextHref: string | null;
  previousHref: string | null;
  sentinel?: Ref<HTMLDivElement>;
  onMore?: (e: MouseEvent) => void;
  loading?: boolean;
  failed?: boolean;
}) {
  if (last <= firstRecord) return null;
  return (
    <nav aria-label="More results" className="mt-8 flex flex-col items-center gap-3">
      {sentinel ? <div ref={sentinel} aria-hidden="true" /> : null}
      <p className="text-sm text-slate-600">
        Showing {formatInt(firstRecord + 1)}–{formatInt(last)} of {formatInt(total)}
      </p>
      {failed ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          We could not load more results. {TEXT.seeMoreResults} opens them on their own page.
        </p>
      ) : null}
      <div className="flex flex-wrap justify-center gap-3">
        {previousHref ? (
          <Link to={previousHref} className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-700 hover:bg-slate-50">
            Previous {pageSize}
          </Link>
        ) : null}
        {nextHref ? (
          <Link
            to={nextHref}
            onClick={onMore}
            aria-disabled={loading || undefined}
            className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 aria-disabled:opacity-60"
          >
            {TEXT.seeMoreResults}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** 'Update filter criteria to see more results', with the way out. */
export function EmptyResults({ clearHref }: { clearHref: string | null }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Icon name="search" className="mx-auto block size-10 text-slate-400" />
      <p className="mt-3 text-lg font-semibold">{TEXT.noResults}</p>
      <p className="mt-1 text-sm text-slate-600">Try a wider distance, fewer filters or another price range.</p>
      {clearHref ? (
        <p className="mt-5">
          <Link to={clearHref} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
            {TEXT.clearFilters}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** Base search failure: 'We are sorry. There was an issue with your last search.' + 'Please try again' (reloads). */
export function SearchError({ title, retryHref }: { title: string; retryHref: string }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <Icon name="warning" className="mx-auto block size-12 text-amber-500" />
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-8">
        {/* A plain link: a full reload of the same search, with or without JavaScript. */}
        <a href={retryHref} className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          {TEXT.serverErrorRetry}
        </a>
      </p>
    </main>
  );
}
