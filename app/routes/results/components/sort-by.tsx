import { Form, useLocation } from "react-router";
import { SORT_OPTIONS, TEXT, type SortOption } from "../../../lib/constants";
import { PATHS } from "../../../lib/routes";
import { HiddenInputs } from "../../../components/search/hidden-inputs";

/** The results page (the search URL module's own path; imported from routes.ts so the URL module stays out of the browser bundle). */
const SEARCH_PATH = PATHS.search;

export const SORT_LABELS: Record<SortOption, string> = {
  relevance: "Relevance",
  derivedpriceASC: "Price: Low to High",
  derivedpriceDESC: "Price: High to Low",
  distanceASC: "Distance: Nearest First",
  datelistedASC: "Listed: Oldest First",
  datelistedDESC: "Listed: Newest First",
  mileageASC: "Mileage: Low to High",
  mileageDESC: "Mileage: High to Low",
  yearASC: "Year: Oldest First",
  yearDESC: "Year: Newest First",
  monthlycostASC: "Lowest monthly cost",
};

/** 'Sort By' with the eleven options (the ten of the spec and 'Lowest monthly cost'): a GET form (paging resets; the loader's 301 makes the URL canonical). */
export function SortBy({ value, hidden, id = "sort-by" }: { value: string; hidden: [string, string][]; id?: string }) {
  const { pathname, search } = useLocation();
  return (
    <Form key={pathname + search} method="get" action={SEARCH_PATH} aria-label="Sort results" className="flex w-full items-center gap-2">
      <HiddenInputs entries={hidden} />
      <label htmlFor={id} className="whitespace-nowrap text-sm font-semibold text-slate-700">
        {TEXT.sortBy}
      </label>
      <select
        id={id}
        name="sortBy"
        defaultValue={value}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-8 text-sm sm:flex-none"
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o} value={o}>
            {SORT_LABELS[o]}
          </option>
        ))}
      </select>
      <button type="submit" className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
        Sort
      </button>
    </Form>
  );
}
