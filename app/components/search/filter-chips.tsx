import { Link } from "react-router";
import { TEXT } from "../../lib/constants";
import type { SearchChip } from "../../lib/search-url";
import { Icon } from "./icons";

/** A chip for every selected value; each is a link that removes it. Then 'Clear Filters'. */
export function FilterChips({ chips, clearHref, idPrefix = "chips" }: { chips: SearchChip[]; clearHref: string | null; idPrefix?: string }) {
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 id={`${idPrefix}-title`} className="sr-only">
        Selected filters
      </h3>
      <ul aria-labelledby={`${idPrefix}-title`} className="flex flex-wrap gap-2">
        {chips.map((c) => (
          <li key={`${c.name}=${c.value}`}>
            <Link
              to={c.removeHref}
              aria-label={`Remove ${c.label}`}
              className="inline-flex items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pl-3 pr-2 text-sm font-medium text-brand-800 hover:border-brand-500 hover:bg-brand-100"
            >
              {c.label}
              <Icon name="close" />
            </Link>
          </li>
        ))}
      </ul>
      {clearHref ? (
        <Link to={clearHref} className="px-1 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {TEXT.clearFilters}
        </Link>
      ) : null}
    </div>
  );
}
