// Keyword search with type-ahead (docs/results-page.md: "Keyword search box ... with
// type-ahead"). Without JavaScript it is a GET form: the keyword searches within the current
// search (every other filter kept; the site header's box starts a new search). With it the input is an ARIA combobox (WAI-ARIA APG "list
// autocomplete"): typing asks the suggested-keywords service after the flag's debounce wait,
// arrow keys move through the suggestions (aria-activedescendant), Enter opens the active
// suggestion's results URL (built by the URL module on the server) or searches the keyword,
// Escape closes the list, then clears the box.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Form, useNavigate } from "react-router";
import { useHydrated } from "../../../components/use-hydrated";
import { DEFAULT_SORT } from "../../../lib/constants";
import { formatInt } from "../../../lib/format";
import { PATHS } from "../../../lib/routes";
import { HiddenInputs } from "../../../components/search/hidden-inputs";
import { useResultsTiming } from "./use-public-flags";

/** The results page (the search URL module's own path; imported from routes.ts so the URL module stays out of the browser bundle). */
const SEARCH_PATH = PATHS.search;

export const SUGGEST_PATH = "/rest/lsc/marketplace/suggested/keywords/";
const MIN_CHARS = 2;

interface Suggestion {
  label: string;
  count: number;
  type: string;
  contentUrl: string;
}

/**
 * `search`: the page's search as form entries without its sort, and the sort. The box searches
 * within them: the keyword replaces the current one, every other filter stays.
 */
export function KeywordSearch({
  keyword,
  search,
  inputId = "keyword",
}: {
  keyword: string;
  search: { value: string; hidden: [string, string][] };
  /** Two boxes on one page (the results column's and the phone's filter panel's) need two ids. */
  inputId?: string;
}) {
  const hidden: [string, string][] = search.hidden.filter(([k]) => k !== "keyword");
  if (search.value !== DEFAULT_SORT) hidden.push(["sortBy", search.value]);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { debounceMs } = useResultsTiming();
  const listId = useId();
  const [text, setText] = useState(keyword);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wanted = useRef("");

  useEffect(() => setText(keyword), [keyword]);

  useEffect(() => {
    const q = text.trim();
    wanted.current = q;
    if (!hydrated || q.length < MIN_CHARS || q === keyword) {
      setItems([]);
      setActive(-1);
      return;
    }
    const ctl = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(SUGGEST_PATH + encodeURIComponent(q), { signal: ctl.signal, headers: { accept: "application/json" } });
        if (!res.ok) return;
        const body = (await res.json()) as { suggestions?: Suggestion[] };
        if (wanted.current !== q) return;
        setItems((body.suggestions ?? []).slice(0, 8));
        setActive(-1);
        setOpen(true);
      } catch {
        // No suggestions: the box still searches the keyword.
      }
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [text, hydrated, debounceMs, keyword]);

  const expanded = hydrated && open && items.length > 0;
  const optionId = (i: number) => `${listId}-opt-${i}`;
  const go = (s: Suggestion) => {
    setOpen(false);
    setText(s.label);
    void navigate(s.contentUrl);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (items.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const n = items.length;
      setActive((i) => (e.key === "ArrowDown" ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === "Enter" && expanded && active >= 0) {
      e.preventDefault();
      go(items[active]!);
    } else if (e.key === "Escape") {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        e.preventDefault();
        setText("");
      }
    }
  };

  return (
    <Form method="get" action={SEARCH_PATH} role="search" aria-label="Keyword search" className="relative flex w-full gap-2" onSubmit={() => setOpen(false)}>
      <HiddenInputs entries={hidden} />
      <label htmlFor={inputId} className="sr-only">
        Search these results by keyword
      </label>
      <input
        id={inputId}
        name="q"
        type="search"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        placeholder="Say it in plain words: red awd suv under 30k…"
        autoComplete="off"
        maxLength={100}
        role={hydrated ? "combobox" : undefined}
        aria-autocomplete={hydrated ? "list" : undefined}
        aria-expanded={hydrated ? expanded : undefined}
        aria-controls={hydrated ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3"
      />
      <button type="submit" className="h-10 rounded-lg border border-brand-600 bg-white px-4 font-semibold text-brand-700 hover:bg-brand-50">
        Search
      </button>
      {hydrated ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!expanded}
          className="absolute inset-x-0 top-11 z-30 max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {items.map((s, i) => (
            <li
              key={s.contentUrl + s.label}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keep focus in the input: the click must not blur it first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(s)}
              className={
                "flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm " +
                "aria-selected:bg-brand-50 aria-selected:text-brand-800 hover:bg-slate-50"
              }
            >
              <span className="font-medium">{s.label}</span>
              <span className="text-xs text-slate-500">{formatInt(s.count)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Form>
  );
}
