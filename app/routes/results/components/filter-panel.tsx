import { createContext, Fragment, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { PRICE_INPUT, TEXT, YEAR_FILTER_RANGE } from "../../../lib/constants";
import { formatInt } from "../../../lib/format";
import type { SearchChip } from "../../../lib/search-url";
import { PATHS, SHOW_FILTER_PARAM } from "../../../lib/routes";
import { DealerDifference } from "./dealer-difference";
import { FilterChips } from "./filter-chips";
import { HiddenInputs } from "../../../components/search/hidden-inputs";
import { Icon } from "../../../components/search/icons";
import { RadiusSelect, ZipInput } from "../../../components/search/location-fields";
import { useHydrated } from "../../../components/use-hydrated";
import { KEPT_AS_SERVED, useDocumentOnly, useServedLinks } from "../../../lib/document-only";
import {
  filterPartId,
  keptKey,
  type FilterSectionsAnswer,
  type ChoiceSection,
  type EntryCard,
  type FilterOptionData,
  type FilterSection,
  type LocationSection,
  type MakeSection,
  type OptionGroup,
  type PriceSection,
  type YearSection,
} from "../view";

/** The results page (from routes.ts: the URL module stays out of the browser bundle). */
const SEARCH_PATH = PATHS.search;

export const FILTER_PANEL_ID = "filters";
/** The Seller Type section's field: it carries the 'dealer difference' dialog. */
const SELLER_TYPE_FIELD = "sellerType";

/** The panel around the filter form: the desktop sidebar, the phone's dialog (docs/phone.md). */
export const FILTER_DIALOG_ID = "filters-dialog";

/** What Tab may reach inside the open dialog (shown: not in a closed <details>, not display:none). */
const TABBABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea, summary";

/**
 * The filter panel: one GET form with every section in the spec's order. On desktop it is the
 * sidebar; on a phone the filter button opens it full screen. Without JavaScript the button is a
 * link to #filters-dialog and the panel shows while it (or anything in it, such as #f-zip) is the
 * :target: a page of its own. With JavaScript `open` makes it a modal dialog (role dialog,
 * aria-modal): the rest of the page is inert, Tab and Shift+Tab wrap inside it, and Escape or
 * Close hand focus back to the filter button (onClose). On a phone the keyword box lives here too.
 */
export function FilterPanel({
  sections,
  hidden,
  chips,
  clearHref,
  entryCards,
  open,
  onClose,
  formKey,
  extra,
  keyword,
  focusId,
}: {
  sections: FilterSection[];
  hidden: [string, string][];
  chips: SearchChip[];
  clearHref: string | null;
  entryCards: EntryCard[];
  open: boolean;
  onClose: () => void;
  /** Remount key (instant filters hold it while the shopper has unsent changes); defaults to the URL. */
  formKey?: string;
  /** Filter-area extras (the Buy Online filter), after the sections. */
  extra?: ReactNode;
  /** The phone's keyword box (its own form, so beside the filter form, not in it). */
  keyword?: ReactNode;
  /** The field to focus when the dialog opens (a link to #f-zip, say); else the title. */
  focusId?: string | null;
}) {
  const { pathname, search } = useLocation();
  const choices = useLeftOutChoices(pathname + search);
  const shownSections = choices.full ? keepingServed(sections, choices.full) : sections;
  const dialogRef = useRef<HTMLDivElement>(null);
  // What the open dialog made inert: given back before focus returns (an inert element takes no focus).
  const inerted = useRef<Element[]>([]);
  const close = useCallback(() => {
    for (const el of inerted.current) el.removeAttribute("inert");
    inerted.current = [];
    onClose();
  }, [onClose]);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    // Focus what the link pointed at (a section opens for it), else the title.
    let target = focusId ? document.getElementById(focusId) : null;
    if (target instanceof HTMLDetailsElement) {
      target.open = true;
      target = target.querySelector("summary");
    } else target?.closest("details")?.setAttribute("open", "");
    (target && dialog.contains(target) && target.matches(TABBABLE) ? target : document.getElementById("filters-title"))?.focus();
    // Everything outside the dialog is inert while it is open: no focus, no clicks, no reading.
    const made: Element[] = [];
    for (let el: Element | null = dialog; el?.parentElement; el = el.parentElement) {
      for (const sib of el.parentElement.children) {
        if (sib !== el && !sib.hasAttribute("inert")) {
          sib.setAttribute("inert", "");
          made.push(sib);
        }
      }
    }
    inerted.current = made;
    const onKey = (e: KeyboardEvent) => {
      // A dialog opened from the panel (dealer difference) handles its own keys.
      if (e.defaultPrevented || (e.target as Element | null)?.closest?.("dialog[open]")) return;
      if (e.key === "Escape") {
        e.preventDefault();
        close();
      } else if (e.key === "Tab") {
        const all = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((x) => x.getClientRects().length > 0);
        const first = all[0];
        const last = all.at(-1);
        const at = document.activeElement;
        if (!first || !last) return;
        if (e.shiftKey ? at === first || !dialog.contains(at) : at === last) {
          e.preventDefault();
          (e.shiftKey ? last : first).focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      for (const el of made) el.removeAttribute("inert");
    };
  }, [open, close, focusId]);
  return (
    <div
      ref={dialogRef}
      id={FILTER_DIALOG_ID}
      role={open ? "dialog" : undefined}
      aria-modal={open ? true : undefined}
      aria-labelledby={open ? "filters-title" : undefined}
      data-open={open ? "" : undefined}
      // A search sent from the dialog (See Results, the keyword box) closes it at once.
      onSubmit={open ? close : undefined}
      className={
        "ring-inside bg-white max-lg:hidden max-lg:overscroll-contain max-lg:shown:fixed max-lg:shown:inset-0 max-lg:shown:z-50 " +
        "max-lg:shown:block max-lg:shown:overflow-y-auto lg:self-start lg:rounded-xl lg:border lg:border-slate-200"
      }
    >
      <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:static lg:rounded-t-xl">
        <h2 id="filters-title" tabIndex={-1} className="text-lg font-bold focus:outline-none">
          Filters
        </h2>
        <a
          href="#results-heading"
          onClick={(e) => {
            if (open) {
              e.preventDefault();
              close();
            }
          }}
          className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 lg:hidden"
        >
          Close<span className="sr-only"> filters</span>
        </a>
      </div>
      {keyword ? <div className="border-b border-slate-200 px-4 py-3 lg:hidden">{keyword}</div> : null}
      <Form
        // Remount on every search so fields show the new search (and a cleared price shows cleared).
        key={formKey ?? pathname + search}
        id={FILTER_PANEL_ID}
        method="get"
        action={SEARCH_PATH}
        aria-labelledby="filters-title"
        data-open={open ? "" : undefined}
      >
        <section aria-labelledby="your-search-title" className="border-b border-slate-200 px-4 py-3 lg:hidden">
          <h3 id="your-search-title" className="mb-2 text-sm font-bold uppercase tracking-wide text-slate-600">
            {TEXT.yourSearch}
          </h3>
          {chips.length > 0 ? (
            <FilterChips chips={chips} clearHref={clearHref} idPrefix="panel-chips" />
          ) : (
            <p className="text-sm text-slate-600">No filters selected.</p>
          )}
        </section>
        {/* The form's default button (Enter in a field): See Results, not a 'show choices' button. */}
        <button type="submit" hidden tabIndex={-1} />
        <HiddenInputs entries={hidden} />
        <LeftOutChoices.Provider value={choices}>
          {shownSections.map((s) => (
            <Section key={s.id} section={s} />
          ))}
        </LeftOutChoices.Provider>
        {extra}
        {entryCards.length > 0 ? (
          <ul className="space-y-2 p-4">
            {entryCards.map((c) => (
              <li key={c.href}>
                <Link to={c.href} className="block rounded-lg bg-brand-50 p-3 ring-1 ring-brand-100 hover:ring-brand-500">
                  <span className="block font-semibold text-brand-800">{c.title}</span>
                  <span className="block text-sm text-slate-600">{c.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <ApplyBar />
      </Form>
    </div>
  );
}

/**
 * 'See Results'. With JavaScript the filters apply themselves, so on a desktop the bar hides
 * (it stays in the phone's panel). The one part of the panel that changes once hydrated: only it
 * renders again then (app/components/use-hydrated.ts).
 */
function ApplyBar() {
  const instant = useHydrated();
  return (
    <div className={`sticky bottom-0 border-t border-slate-200 bg-white/95 p-3 backdrop-blur lg:rounded-b-xl${instant ? " lg:hidden" : ""}`}>
      <button type="submit" className="w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700">
        {TEXT.seeResults}
      </button>
    </div>
  );
}

/**
 * The page's sections in full (loaded for a left-out part), those whose choices the document kept
 * as served still kept: what the shopper changed in them stays as it is.
 */
function keepingServed(page: FilterSection[], full: FilterSection[]): FilterSection[] {
  const kept = new Map(page.flatMap((s) => (s.kind !== "location" && s.kind !== "year" && s.kept ? [[s.id, s] as const] : [])));
  return full.map((f) => {
    const p = kept.get(f.id);
    return p && f.kind === p.kind ? ({ ...f, kept: true, chosen: p.chosen } as FilterSection) : f;
  });
}

function Section({ section }: { section: FilterSection }) {
  switch (section.kind) {
    case "location":
      return <LocationFields section={section} />;
    case "year":
      return <YearFields section={section} />;
    case "price":
      return <PriceFields section={section} />;
    case "make":
      return <MakeFields section={section} />;
    default:
      return <ChoiceFields section={section} />;
  }
}

function Disclosure({
  id,
  label,
  open,
  badge,
  onOpen,
  children,
}: {
  id: string;
  label: string;
  open: boolean;
  badge?: number;
  /** Called when the shopper opens the section (with JavaScript). */
  onOpen?: () => void;
  children: ReactNode;
}) {
  return (
    <details id={id} open={open} onToggle={onOpen ? (e) => e.currentTarget.open && onOpen() : undefined} className="group border-b border-slate-200">
      <summary
        className={
          "flex cursor-pointer list-none items-center justify-between gap-2 px-4 " + "py-3 font-semibold hover:bg-slate-50 [&::-webkit-details-marker]:hidden"
        }
      >
        <span>
          {label}
          {badge ? <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">{badge}</span> : null}
        </span>
        <Icon name="chevron" className="text-slate-500 transition-transform group-open:rotate-180" />
      </summary>
      <div className="px-4 pb-4">{children}</div>
    </details>
  );
}

const inputClass = "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 aria-[invalid]:border-red-600";

function LocationFields({ section }: { section: LocationSection }) {
  const errorId = "f-zip-error";
  return (
    <Disclosure id={section.id} label={section.label} open={section.open}>
      <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-2">
        <div>
          <label htmlFor="f-zip" className="mb-1 block text-sm font-medium">
            ZIP Code
          </label>
          <ZipInput id="f-zip" defaultValue={section.zip} error={section.zipError} errorId={errorId} className={inputClass} />
        </div>
        <div>
          <label htmlFor="f-radius" className="mb-1 block text-sm font-medium">
            Distance
          </label>
          <RadiusSelect id="f-radius" defaultValue={section.radius} className={inputClass} />
        </div>
      </div>
      {section.zipError ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {section.zipError}
        </p>
      ) : null}
      <label className="facet-opt mt-2">
        <input type="checkbox" name="marketExtension" value="include" defaultChecked={section.marketExtension} className="facet-box" />
        <span>Include extended delivery</span>
      </label>
    </Disclosure>
  );
}

function YearFields({ section }: { section: YearSection }) {
  const options = (
    <>
      <option value={YEAR_FILTER_RANGE.anyValue}>{YEAR_FILTER_RANGE.anyLabel}</option>
      {section.years.map((y) => (
        <option key={y} value={y}>
          {y}
        </option>
      ))}
    </>
  );
  return (
    <Disclosure id={section.id} label={section.label} open={section.open} badge={section.start || section.end ? 1 : undefined}>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor="f-start-year" className="mb-1 block text-sm font-medium">
            Min Year
          </label>
          <select id="f-start-year" name="startYear" defaultValue={String(section.start)} className={inputClass}>
            {options}
          </select>
        </div>
        <div>
          <label htmlFor="f-end-year" className="mb-1 block text-sm font-medium">
            Max Year
          </label>
          <select id="f-end-year" name="endYear" defaultValue={String(section.end)} className={inputClass}>
            {options}
          </select>
        </div>
      </div>
    </Disclosure>
  );
}

function PriceFields({ section }: { section: PriceSection }) {
  const errorId = "f-price-error";
  const described = section.error ? errorId : undefined;
  const field = (id: string, name: string, label: string, value: string, placeholder: string, invalid: boolean) => (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-2.5 flex items-center text-slate-500">
          $
        </span>
        <input
          id={id}
          name={name}
          defaultValue={value}
          placeholder={placeholder}
          inputMode="numeric"
          autoComplete="off"
          // 10 digits, plus the thousands separators the field shows.
          maxLength={PRICE_INPUT.maxLength + 3}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={described}
          className={`${inputClass} pl-6 pr-2`}
        />
      </div>
    </div>
  );
  return (
    <Disclosure id={section.id} label={section.label} open={section.open} badge={section.min || section.max ? 1 : undefined}>
      <div className="grid grid-cols-2 gap-2">
        {field("f-min-price", "minPrice", "Min Price", section.min, PRICE_INPUT.minPlaceholder, false)}
        {field("f-max-price", "maxPrice", "Max Price", section.max, PRICE_INPUT.maxPlaceholder, section.error !== null)}
      </div>
      {section.error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {section.error}
        </p>
      ) : null}
      <PriceShortcuts section={section} />
    </Disclosure>
  );
}

const priceLinkClass =
  "inline-block rounded-full border border-slate-300 px-2.5 py-1 text-xs font-medium hover:border-brand-500 aria-[current]:border-brand-600 aria-[current]:bg-brand-50";

/**
 * The price shortcuts: links. Kept as served on a document (ADR 032), where a click on one is
 * still a client navigation (the list's own handler), as <Link> makes it once rendered from data.
 */
function PriceShortcuts({ section }: { section: PriceSection }) {
  const served = useDocumentOnly<PriceSection["quick"]>(keptKey(section.id, "quick"));
  const followLink = useServedLinks();
  const quick = section.kept ? served : section.quick;
  const props = { className: "mt-3 flex flex-wrap gap-1.5", "aria-label": "Price shortcuts" };
  if (quick === undefined) return <ul {...props} {...KEPT_AS_SERVED} onClick={followLink} />;
  if (quick.length === 0) return null;
  return (
    <ul {...props}>
      {quick.map((p) => (
        <li key={p.href}>
          <Link to={p.href} aria-current={p.selected ? "true" : undefined} className={priceLinkClass}>
            {`${p.label} `}
            <span className="text-slate-500">{`(${formatInt(p.count)})`}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * A section's option groups: on a document kept as served (ADR 032), in a wrapper whose children
 * the browser keeps (the server renders them from the groups set aside for it); otherwise rendered
 * from the section's own data.
 */
function KeptGroups({ section, children }: { section: ChoiceSection | MakeSection; children: (groups: OptionGroup[]) => ReactNode }) {
  const served = useDocumentOnly<OptionGroup[]>(keptKey(section.id, "groups"));
  if (!section.kept) return children(section.groups ?? []);
  return served ? <div className="contents">{children(served)}</div> : <div className="contents" {...KEPT_AS_SERVED} />;
}

/** How many of a section's shown choices are chosen (its badge). */
function chosenCount(section: ChoiceSection | MakeSection): number {
  return section.kept ? (section.chosen ?? 0) : (section.groups ?? []).flatMap((g) => g.options).filter((o) => o.selected).length;
}

function MakeFields({ section }: { section: MakeSection }) {
  const { asked } = useContext(LeftOutChoices);
  const chosen = chosenCount(section);
  const servedAdd = useDocumentOnly<FilterOptionData[]>(keptKey(section.id, "add"));
  const add = section.kept ? servedAdd : (section.addAnother ?? []);
  return (
    <Disclosure id={section.id} label={section.label} open={section.open} badge={chosen || undefined}>
      <fieldset>
        <legend className="sr-only">{section.label}</legend>
        <KeptGroups section={section}>{(groups) => <OptionList name="makeCode" type="checkbox" groups={groups} idBase={section.id} />}</KeptGroups>
        <More section={section} name="makeCode" type="checkbox" />
      </fieldset>
      {section.exceptDeferred ? (
        <ShowChoices part={filterPartId(section.id, "except")} className={`mt-2 ${moreClass}`}>
          {TEXT.anyMakeExcept}
        </ShowChoices>
      ) : section.except ? (
        <details
          id={filterPartId(section.id, "except")}
          className="mt-2"
          open={section.except.some((o) => o.selected) || section.exceptOpen || asked.has(filterPartId(section.id, "except")) || undefined}
        >
          <summary className={moreClass}>{TEXT.anyMakeExcept}</summary>
          <fieldset>
            <legend className="sr-only">{TEXT.anyMakeExcept}</legend>
            <OptionList name="excludeMakeCode" type="checkbox" groups={[{ label: null, options: section.except }]} idBase={`${section.id}-except`} />
          </fieldset>
        </details>
      ) : null}
      {section.addAnother ? (
        <div className="mt-3">
          <label htmlFor="f-add-make" className="mb-1 block text-sm font-semibold text-brand-700">
            {TEXT.addAnotherMake}
          </label>
          {add === undefined ? (
            // Kept as served (ADR 032): the browser keeps the server's options.
            <select id="f-add-make" name="makeCode" defaultValue="" className={inputClass} {...KEPT_AS_SERVED} />
          ) : (
            <select id="f-add-make" name="makeCode" defaultValue="" className={inputClass}>
              <option value="">Choose a make</option>
              {add.map((o) => (
                <option key={o.value} value={o.value}>
                  {`${o.label} (${formatInt(o.count ?? 0)})`}
                </option>
              ))}
            </select>
          )}
        </div>
      ) : null}
    </Disclosure>
  );
}

function ChoiceFields({ section }: { section: ChoiceSection }) {
  const { load } = useContext(LeftOutChoices);
  const chosen = chosenCount(section);
  return (
    <Disclosure
      id={section.id}
      label={section.label}
      open={section.open}
      badge={chosen || undefined}
      // Opening a section whose choices were left out loads them at once (with JavaScript).
      onOpen={section.deferred ? () => load(null) : undefined}
    >
      {section.deferred ? (
        <ShowChoices part={filterPartId(section.id)} className="rounded-md px-1 py-1 text-sm font-semibold text-brand-700 hover:underline">
          {`Show ${section.label} choices`}
        </ShowChoices>
      ) : (
        <Choices section={section} />
      )}
      {section.name === SELLER_TYPE_FIELD ? <DealerDifference /> : null}
    </Disclosure>
  );
}

function Choices({ section }: { section: ChoiceSection }) {
  return (
    <fieldset disabled={section.disabledNote ? true : undefined}>
      <legend className="sr-only">{section.label}</legend>
      {section.disabledNote ? <p className="mb-2 text-sm text-slate-600">{section.disabledNote}</p> : null}
      <KeptGroups section={section}>
        {(groups) => (
          <>
            {section.kind === "radio" ? (
              <label className="facet-opt">
                <input
                  type="radio"
                  name={section.name}
                  value=""
                  defaultChecked={!groups.some((g) => g.options.some((o) => o.selected))}
                  className="facet-box"
                />
                <span>{section.anyLabel}</span>
              </label>
            ) : null}
            <OptionList name={section.name} type={section.kind} groups={groups} idBase={section.id} />
          </>
        )}
      </KeptGroups>
      <More section={section} name={section.name} type={section.kind} />
      {section.note ? <p className="mt-2 text-xs text-slate-600">{section.note}</p> : null}
    </fieldset>
  );
}

/** A 'Show more' link's look: the list's own disclosure and the button standing in for it. */
const moreClass = "block cursor-pointer px-1 py-1 text-left text-sm font-semibold text-brand-700 hover:underline";

function More({
  section,
  name,
  type,
}: {
  section: { more?: OptionGroup[]; moreCount?: number; moreDeferred?: true; moreOpen?: true; id: string; label: string };
  name: string;
  type: "checkbox" | "radio";
}) {
  const { asked } = useContext(LeftOutChoices);
  if (!section.moreCount) return null;
  const id = filterPartId(section.id, "more");
  const text = (
    <>
      {`Show ${section.moreCount} more`}
      <span className="sr-only">{` ${section.label} options`}</span>
    </>
  );
  if (section.moreDeferred) {
    return (
      <ShowChoices part={id} className={`mt-1 ${moreClass}`}>
        {text}
      </ShowChoices>
    );
  }
  return (
    <details id={id} className="mt-1" open={section.moreOpen || asked.has(id) || undefined}>
      <summary className={moreClass}>{text}</summary>
      <OptionList name={name} type={type} groups={section.more ?? []} idBase={id} />
    </details>
  );
}

/**
 * Choices a document left out (ADR 032): the page's filter sections in full from
 * GET /cars-for-sale-filters, loaded once for this URL when the shopper first asks for any of
 * them. `asked` holds the parts the shopper asked to see (they render open).
 */
interface LeftOutChoicesState {
  full: FilterSectionsAnswer["filters"] | null;
  failed: boolean;
  asked: ReadonlySet<string>;
  /** Loads the full sections (once a URL); `part` is the part asked for, opened and focused when they land. */
  load: (part: string | null) => void;
}

const LeftOutChoices = createContext<LeftOutChoicesState>({ full: null, failed: false, asked: new Set(), load: () => {} });

function useLeftOutChoices(href: string): LeftOutChoicesState {
  // The answer for an address (filters null: the load failed); the parts asked for stay open across searches.
  const [answer, setAnswer] = useState<{ href: string; filters: FilterSectionsAnswer["filters"] | null } | null>(null);
  const [asked, setAsked] = useState<ReadonlySet<string>>(new Set());
  const loading = useRef<string | null>(null);
  const focus = useRef<string | null>(null);
  const load = useCallback(
    (part: string | null) => {
      if (part) {
        focus.current = part;
        setAsked((a) => new Set(a).add(part));
      }
      if (loading.current === href) return;
      loading.current = href;
      fetch(`${PATHS.searchFilters}?url=${encodeURIComponent(href)}`)
        .then((res) => (res.ok ? (res.json() as Promise<FilterSectionsAnswer>) : Promise.reject(new Error(`filters: ${res.status}`))))
        .then(
          (a) => setAnswer({ href, filters: a.filters }),
          // The buttons then do what they do without JavaScript: ask the page for the part.
          () => {
            loading.current = null;
            setAnswer({ href, filters: null });
          },
        );
    },
    [href],
  );
  const full = answer?.href === href ? answer.filters : null;
  useEffect(() => {
    // The part asked for has replaced its button: focus its first control (the button is gone).
    if (full && focus.current) document.getElementById(focus.current)?.querySelector<HTMLElement>("summary, input:not([disabled])")?.focus();
    focus.current = null;
  }, [full]);
  return { full, failed: answer?.href === href && answer.filters === null, asked, load };
}

/**
 * The button standing in for a part's left-out choices. Without JavaScript it submits the filter
 * form (so what the shopper changed applies too) asking the page to show that part open
 * (SHOW_FILTER_PARAM), and the address's fragment brings the shopper back to it; with JavaScript
 * it loads the choices in place, and only if that fails submits as without.
 */
function ShowChoices({ part, className, children }: { part: string; className: string; children: ReactNode }) {
  const { load, failed } = useContext(LeftOutChoices);
  return (
    <button
      type="submit"
      name={SHOW_FILTER_PARAM}
      value={part}
      formAction={`${SEARCH_PATH}#${part}`}
      onClick={
        failed
          ? undefined
          : (e) => {
              e.preventDefault();
              load(part);
            }
      }
      className={className}
    >
      {children}
    </button>
  );
}

function OptionList({ name, type, groups }: { name: string; type: "checkbox" | "radio"; groups: OptionGroup[]; idBase: string }) {
  // Lean markup (docs/performance.md): a label holding its box, name and count per option; the
  // fieldset around them is the group (no list elements: 2 fewer elements an option).
  return (
    <>
      {groups.map((g, gi) => (
        <Fragment key={`${gi}-${g.label ?? ""}`}>
          {g.label ? <p className="mt-2 px-1 text-xs font-bold uppercase tracking-wide text-slate-500">{g.label}</p> : null}
          {g.options.map((o) => (
            <Option key={o.value} name={name} type={type} option={o} />
          ))}
        </Fragment>
      ))}
    </>
  );
}

function Option({ name, type, option }: { name: string; type: "checkbox" | "radio"; option: FilterOptionData }) {
  return (
    <label className={`facet-opt${option.disabled ? " text-slate-400" : ""}`}>
      <input type={type} name={name} value={option.value} defaultChecked={option.selected} disabled={option.disabled || undefined} className="facet-box" />
      {/* One text node before the count: adjacent ones would each need a separator comment in the HTML. */}
      {option.count === null ? option.label : `${option.label} `}
      {option.count === null ? null : <span className="facet-count">{formatInt(option.count)}</span>}
    </label>
  );
}
