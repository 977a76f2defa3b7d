// The compare bar and drawer on the results page (docs/compare.md): a bar fixed to the bottom of the
// window while at least one car is compared, with 'Compare N cars' (a link to the shareable
// /compare?ids=...) and a drawer (<details>) holding each car's thumbnail, title, price and a
// Remove button. Remove is a POST form to /compare (a fetcher with JavaScript). A fragment link
// to #compare-drawer-items opens the drawer without JavaScript ("Adding an already-added listing
// is ignored; the drawer opens").
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "../use-hydrated";
import { COMPARE_LIMIT } from "../../lib/constants";
import { COMPARE_DRAWER_ANCHOR, compareUrl, type CompareItem } from "../../lib/compare";
import { formatPrice } from "../../lib/format";
import { PATHS } from "../../lib/routes";
import { Icon } from "../search/icons";

export interface CompareBarProps {
  enabled: boolean;
  items: CompareItem[];
  /** Where a form post returns to without JavaScript (the current page, path and query). */
  returnTo: string;
}

export function CompareBar({ enabled, items, returnTo }: CompareBarProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // A link to the drawer's list (the card's 'Added to Compare', a refused add) opens it.
  useEffect(() => {
    const sync = () => {
      if (window.location.hash === `#${COMPARE_DRAWER_ANCHOR}`) setOpen(true);
    };
    sync();
    window.addEventListener("hashchange", sync);
    return () => window.removeEventListener("hashchange", sync);
  }, []);
  if (!enabled || items.length === 0) return null;
  const n = items.length;
  const href = compareUrl(items.map((i) => i.id));
  return (
    <>
      {/* Room under the page's last row, so the fixed bar never covers it. */}
      <div aria-hidden="true" className="h-20" />
      <section
        aria-label="Compare list"
        data-sticky-bar="bottom"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.12)] backdrop-blur"
      >
        <div className="mx-auto max-w-7xl px-4">
          <details id="compare-drawer" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="group">
            <summary className="flex cursor-pointer list-none items-center gap-3 py-3 sm:pr-44 [&::-webkit-details-marker]:hidden">
              <span className="inline-flex items-center gap-2 font-semibold text-ink">
                <Icon name="compare" className="size-5 text-brand-700" />
                <span>
                  Compare list{" "}
                  <span className="font-normal text-slate-600">
                    ({n} of {COMPARE_LIMIT})
                  </span>
                </span>
              </span>
              <span aria-hidden="true" className="hidden items-center -space-x-2 sm:flex">
                {items.map((i) => (
                  <img
                    key={i.id}
                    src={i.image}
                    alt=""
                    width={48}
                    height={36}
                    className="h-9 w-12 rounded-md border-2 border-white bg-slate-100 object-cover shadow-sm"
                  />
                ))}
              </span>
              <span className="ml-auto text-sm font-semibold text-brand-700 underline-offset-2 group-open:hidden hover:underline">Show</span>
              <span className="ml-auto hidden text-sm font-semibold text-brand-700 underline-offset-2 group-open:inline hover:underline">Hide</span>
            </summary>
            <div className="pb-3">
              <ul id={COMPARE_DRAWER_ANCHOR} aria-label="Cars in your compare list" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
                {items.map((item) => (
                  <CompareBarItem key={item.id} item={item} returnTo={returnTo} hydrated={hydrated} />
                ))}
              </ul>
              {n >= COMPARE_LIMIT ? (
                <p className="mt-2 text-sm text-slate-600">
                  You are comparing the most cars we can show side by side ({COMPARE_LIMIT}). Remove one to add another.
                </p>
              ) : null}
            </div>
          </details>
          <div className="-mt-1 flex items-center justify-end gap-3 pb-3 sm:absolute sm:right-4 sm:top-2 sm:mt-0 sm:pb-0">
            <a href={href} className="inline-flex items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
              {n === 1 ? "Compare 1 car" : `Compare ${n} cars`}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}

function CompareBarItem({ item, returnTo, hydrated }: { item: CompareItem; returnTo: string; hydrated: boolean }) {
  const fetcher = useFetcher();
  if (fetcher.state !== "idle") return null;
  return (
    <li className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-2">
      <img src={item.image} alt="" width={64} height={48} className="h-12 w-16 shrink-0 rounded-md bg-slate-100 object-cover" />
      <div className="min-w-0 flex-1 text-sm">
        <a href={item.href} title={item.title} className="line-clamp-2 font-semibold leading-snug text-ink hover:underline">
          {item.title}
        </a>
        <div className="mt-0.5 flex items-center justify-between gap-2">
          <span className="text-slate-600">{item.active ? formatPrice(item.price) : "No longer available"}</span>
          <fetcher.Form method="post" action={PATHS.compare} preventScrollReset>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={item.id} />
            <input type="hidden" name="returnTo" value={returnTo} />
            {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
            <button type="submit" className="rounded px-1 text-xs font-semibold text-red-700 hover:bg-red-50 hover:underline">
              Remove<span className="sr-only"> {item.title} from compare</span>
            </button>
          </fetcher.Form>
        </div>
      </div>
    </li>
  );
}
