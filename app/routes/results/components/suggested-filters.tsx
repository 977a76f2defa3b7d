import { Link } from "react-router";
import { formatInt } from "../../../lib/format";
import type { SuggestedFilter } from "../view";

/**
 * The suggested-filter chips carousel: a horizontally scrolling list of links, each adding one
 * filter. Below 1024 px it scrolls as part of the page's chips row (app/routes/results/route.tsx).
 */
export function SuggestedFilters({ suggestions }: { suggestions: SuggestedFilter[] }) {
  if (suggestions.length === 0) return null;
  return (
    <section aria-labelledby="suggested-title" className="max-lg:shrink-0 lg:not-first:mt-3">
      <h3 id="suggested-title" className="text-xs font-bold uppercase tracking-wide text-slate-600 max-lg:sr-only">
        Suggested filters
      </h3>
      <ul className="flex gap-2 lg:-mx-1.5 lg:mt-0 lg:snap-x lg:overflow-x-auto lg:p-1.5 lg:[scrollbar-width:thin]">
        {suggestions.map((s) => (
          <li key={s.href} className="shrink-0 lg:snap-start">
            <Link
              to={s.href}
              className={
                "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-slate-300 bg-white " +
                "px-3 py-1 text-sm font-medium text-slate-800 hover:border-brand-500 hover:text-brand-800"
              }
            >
              <span aria-hidden="true" className="text-brand-600">
                +
              </span>
              {s.label}
              <span className="text-xs text-slate-500">{`(${formatInt(s.count)})`}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
