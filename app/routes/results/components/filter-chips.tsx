import { Link } from "react-router";
import { TEXT } from "../../../lib/constants";
import type { SearchChip } from "../../../lib/search-url";
import { Icon } from "../../../components/search/icons";

/**
 * A chip for every selected value; each is a link that removes it. Then 'Clear Filters'.
 * `oneRow`: below 1024 px the chips keep to one row (the page's row that scrolls sideways), so
 * they never push the first car down (docs/phone.md).
 */
export function FilterChips({
  chips,
  clearHref,
  idPrefix = "chips",
  oneRow = false,
}: {
  chips: SearchChip[];
  clearHref: string | null;
  idPrefix?: string;
  oneRow?: boolean;
}) {
  if (chips.length === 0) return null;
  return (
    <div className={`flex flex-wrap items-center gap-2${oneRow ? " max-lg:shrink-0 max-lg:flex-nowrap" : ""}`}>
      <h3 id={`${idPrefix}-title`} className="sr-only">
        Selected filters
      </h3>
      <span aria-hidden="true" className="shrink-0 text-sm font-semibold text-slate-700">
        {TEXT.showingLead}
      </span>
      <ul aria-labelledby={`${idPrefix}-title`} className={`flex flex-wrap gap-2${oneRow ? " max-lg:flex-nowrap" : ""}`}>
        {chips.map((c) => (
          <li key={`${c.name}=${c.value}`} className="shrink-0">
            <Link
              to={c.removeHref}
              aria-label={`Remove ${c.label}`}
              className={
                "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-brand-200 bg-brand-50 " +
                "py-1 pl-3 pr-2 text-sm font-medium text-brand-800 hover:border-brand-500 hover:bg-brand-100"
              }
            >
              {c.label}
              <Icon name="close" />
            </Link>
          </li>
        ))}
      </ul>
      {clearHref ? (
        <Link to={clearHref} className="shrink-0 whitespace-nowrap px-1 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {TEXT.clearFilters}
        </Link>
      ) : null}
    </div>
  );
}
