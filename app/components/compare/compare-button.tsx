// The vehicle page's Compare button (docs/compare.md): a POST form to /compare (a fetcher with
// JavaScript, shown at once as 'Added to Compare'). Once the car is compared it links to the
// comparison; at 5 compared cars the button is gone ("The compare toggle shows only while fewer
// than 5 listings are compared").
import { useFetcher } from "react-router";
import { useHydrated } from "../use-hydrated";
import { COMPARE_LIMIT, TEXT } from "../../lib/constants";
import { addToCompare, compareUrl } from "../../lib/compare";
import { PATHS } from "../../lib/routes";
import { Icon } from "../search/icons";

export interface CompareButtonProps {
  listingId: number;
  title: string;
  compare: { enabled: boolean; ids: number[]; full: boolean };
}

export function CompareButton({ listingId, title, compare }: CompareButtonProps) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  if (!compare.enabled) return null;
  const pending = fetcher.state !== "idle";
  const added = compare.ids.includes(listingId) || pending;
  const ids = added ? addToCompare(compare.ids, listingId) : compare.ids;
  const linkClass = "font-semibold text-brand-700 hover:underline";
  if (added) {
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1 font-semibold text-deal-good">
          <span aria-hidden="true">✓</span> {TEXT.addedToCompare}
        </span>
        <a href={compareUrl(ids)} className={linkClass}>
          View comparison ({ids.length} of {COMPARE_LIMIT})
        </a>
      </p>
    );
  }
  if (compare.full) {
    return (
      <p className="text-sm text-slate-600">
        Your compare list is full ({COMPARE_LIMIT} of {COMPARE_LIMIT}).{" "}
        <a href={compareUrl(compare.ids)} className={linkClass}>
          View comparison
        </a>
      </p>
    );
  }
  return (
    <fetcher.Form method="post" action={PATHS.compare} preventScrollReset>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="id" value={listingId} />
      <input type="hidden" name="returnTo" value={PATHS.vehicle(listingId)} />
      {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
      <button
        type="submit"
        className={
          "inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white " + "px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        }
      >
        <Icon name="compare" />
        {TEXT.compare}
        <span className="sr-only"> {title}</span>
      </button>
    </fetcher.Form>
  );
}
