// The phone's sticky bar on the results page (docs/phone.md): Filters with the number of chosen
// filters, Sort and Save search, kept at the top of the screen while the results scroll, in
// place of the stacked controls a desktop shows. Everything in it works without JavaScript:
// Filters is a link to the panel (#filters-dialog, shown while it is the :target; with JavaScript the
// page opens it as a dialog), Sort a <details>
// holding the sort form, Save search a link to the save-search form (#save-search, shown on a
// phone while it is the :target). Hidden from 1024 px (lg) up, where the page has room.
import { Icon } from "../../../components/search/icons";
import { useSaveSearchStatus } from "../../../components/account/save-search";
import { SORT_LABELS, SortBy } from "./sort-by";
import type { SortOption } from "../../../lib/constants";
import { FILTER_DIALOG_ID } from "./filter-panel";

const item =
  "inline-flex h-10 flex-auto items-center justify-center gap-1.5 whitespace-nowrap rounded-lg " +
  "border border-slate-300 bg-white px-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50";

export function ResultsBar({ selectedCount, sort }: { selectedCount: number; sort: { value: string; hidden: [string, string][] } }) {
  const save = useSaveSearchStatus();
  return (
    <div data-sticky-bar="top" className="sticky top-0 z-30 -mx-4 mb-2 border-b border-slate-200 bg-white/95 px-4 py-2 shadow-sm backdrop-blur lg:hidden">
      <div className="flex items-center gap-2">
        <a id="filter-button" href={`#${FILTER_DIALOG_ID}`} className={item}>
          <Icon name="filter" />
          Filters{" "}
          {selectedCount > 0 ? (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">
              {selectedCount}
              <span className="sr-only"> selected</span>
            </span>
          ) : null}
        </a>
        <details
          className="group flex flex-auto"
          // A sort chosen with JavaScript submits at once: fold the menu away.
          onChange={(e) => (e.currentTarget.open = false)}
        >
          <summary className={`${item} w-full cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
            <Icon name="sort" />
            Sort<span className="sr-only">: {SORT_LABELS[sort.value as SortOption] ?? sort.value}</span>
          </summary>
          <div className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 py-3 shadow-lg">
            <SortBy id="sort-by-phone" value={sort.value} hidden={sort.hidden} />
          </div>
        </details>
        {save.enabled ? (
          <a href="#save-search" className={item}>
            <Icon name={save.saved ? "check" : "bell"} />
            {save.saved ? (
              <>
                Saved<span className="sr-only"> search</span>
              </>
            ) : (
              <>
                {/* At 320 px the row holds 'Save' only; the name stays whole for screen readers. */}
                Save<span className="max-[23rem]:sr-only"> search</span>
              </>
            )}
          </a>
        ) : null}
      </div>
    </div>
  );
}
