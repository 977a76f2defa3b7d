import { Form, Link, useLocation } from "react-router";
import type { Crumb } from "../../lib/search-url";
import { PATHS } from "../../lib/routes";
import { HiddenInputs } from "./hidden-inputs";
import { Icon } from "./icons";
import { RadiusSelect, ZipInput } from "./location-fields";
import type { SearchLocationData } from "../../lib/search-view";

/** The results page (from routes.ts: the URL module stays out of the browser bundle). */
const SEARCH_PATH = PATHS.search;

/**
 * Hero: breadcrumbs, the search's heading, and the location / radius editor. Below 1024 px the
 * editor folds into the filter panel's Location section and the crumbs keep to one line that
 * scrolls sideways, so the first car shows on the first screen (docs/phone.md).
 */
export function SearchHero({ heading, crumbs, location }: { heading: string; crumbs: Crumb[]; location: SearchLocationData }) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 pb-3 pt-2 lg:pb-5 lg:pt-4">
        <Breadcrumbs crumbs={crumbs} oneLine />
        <div className="mt-1 flex flex-col gap-4 lg:mt-3 lg:flex-row lg:items-center lg:justify-between">
          <h1 className="text-xl font-bold tracking-tight sm:text-2xl lg:text-3xl">{heading}</h1>
          <div className="max-lg:hidden">
            <LocationEditor location={location} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** `oneLine`: below 1024 px the trail keeps to one line that scrolls sideways (focus rings kept inside). */
export function Breadcrumbs({ crumbs, oneLine = false }: { crumbs: Crumb[]; oneLine?: boolean }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol
        className={
          "flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-slate-600" +
          (oneLine ? " max-lg:-mx-1.5 max-lg:flex-nowrap max-lg:overflow-x-auto max-lg:whitespace-nowrap max-lg:p-1.5 max-lg:[scrollbar-width:none]" : "")
        }
      >
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${i}-${c.href}`} className="flex shrink-0 items-center gap-1.5">
              {i > 0 ? <Icon name="next" className="text-slate-400" /> : null}
              <Link
                to={c.href}
                aria-current={last ? "page" : undefined}
                className={last ? "font-semibold text-ink hover:underline" : "text-brand-700 hover:underline"}
              >
                {c.label}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function LocationEditor({ location }: { location: SearchLocationData }) {
  const { search, pathname } = useLocation();
  const errorId = "hero-zip-error";
  return (
    <Form
      key={pathname + search}
      method="get"
      action={SEARCH_PATH}
      aria-label="Location"
      className="grid grid-cols-[6.5rem_minmax(0,1fr)_auto] items-end gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 lg:w-[26rem]"
    >
      <HiddenInputs entries={location.hidden} />
      <div>
        <label htmlFor="hero-zip" className="block text-xs font-semibold uppercase tracking-wide text-slate-600">
          ZIP Code
        </label>
        <ZipInput
          id="hero-zip"
          defaultValue={location.zip}
          error={location.zipError}
          errorId={errorId}
          className="mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 aria-[invalid]:border-red-600"
        />
      </div>
      <div>
        <label htmlFor="hero-radius" className="block text-xs font-semibold uppercase tracking-wide text-slate-600">
          Distance
        </label>
        <RadiusSelect id="hero-radius" defaultValue={location.radius} className="mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3" />
      </div>
      <button type="submit" className="h-10 rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700">
        Update
      </button>
      {location.zipError ? (
        <p id={errorId} className="col-span-3 text-sm font-medium text-red-700">
          {location.zipError}
        </p>
      ) : location.place ? (
        <p className="col-span-3 text-sm text-slate-600">
          Showing cars near <span className="font-semibold text-ink">{location.place}</span>
        </p>
      ) : null}
    </Form>
  );
}
