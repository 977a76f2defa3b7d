// The results page's server pieces the loader (loader.server.ts) and the infinite-scroll batch
// (batch.server.ts) put together: the raw input checks, the filter sections, the shopper's
// marks and rows. Nothing here parses a search URL by hand: the only raw reads are the minPrice /
// maxPrice / zip values that have to be checked before the URL module normalises them (it
// swaps a reversed price pair silently; the page must show the spec's message instead).
import { MAX_MAKES_IN_FILTER, YEAR_FILTER_RANGE } from "../../lib/constants.ts";
import { SHOW_FILTER_PARAM } from "../../lib/routes.ts";
import { checkPriceParams, formatPriceInput, type PriceCheck } from "../../lib/price-filter.ts";
import { type FacetFilter, type FacetOption } from "../../lib/search-query.ts";
import { conditionOf, searchFormEntries, withFilter, type SearchState, type SearchUrlContext } from "../../lib/search-url.ts";
import type { Database } from "../../server/db/connection.server.ts";
import type { AppContext, ShopperContext } from "../../server/http/request-context.server.ts";
import { stillInterested } from "../../server/accounts/recent-views.server.ts";
import { withViewCounts } from "../../server/listings/still-interested.server.ts";
import type { SearchLabels } from "../../server/search/labels.server.ts";
import { checkTypedZip } from "../../server/reference/zip.server.ts";
import { emailedListingIds } from "../../server/leads/leads.server.ts";
import { reportError } from "../../server/observability/log.server.ts";
import type { ListingCardData } from "../../lib/search-view.ts";
import {
  CERTIFIED_KEY,
  MODEL_PRICING_KEY,
  TABS_KEY,
  filterPartId,
  keptKey,
  type ChoiceSection,
  type FilterOptionData,
  type FilterSection,
  type MakeSection,
  type OptionGroup,
  type ResultsPageData,
} from "./view.ts";
import type { SearchQuery } from "../../lib/search-query.ts";
import type { Wallet } from "../../lib/wallet.ts";
import {
  DEFAULT_COST_TERMS,
  MONTHLY_COST_PARAM,
  MONTHLY_COST_SORT,
  MONTHLY_COST_TEXT,
  MONTHLY_COST_THRESHOLDS,
  costTermsText,
  walletCostTerms,
  type CostTerms,
} from "../../lib/monthly-cost.ts";

// =============================================================================================
// Raw input checks (before the URL module)

export interface InputChecks {
  price: PriceCheck;
  zipError: string | null;
  /** What the shopper typed into the ZIP field, shown back beside the message. */
  typedZip: string;
  /** The URL to parse: a bad price bound or ZIP taken out, cleaned price digits put in. */
  url: URL;
}

/**
 * "A ZIP filter entry must be exactly 5 characters and pass a ZIP lookup; otherwise the error
 * 'Enter a valid ZIP Code' shows on the zip filter." A query ZIP is still cut to 5 characters
 * first (the URL rule), so `30301-1234` is simply 30301.
 */
export function checkZip(raw: string | null): { error: string | null; typed: string } {
  const { error, typed } = checkTypedZip(raw);
  return { error, typed };
}

export function checkInputs(requestUrl: URL): InputChecks {
  const url = new URL(requestUrl);
  const params = url.searchParams;
  const price = checkPriceParams(params.get("minPrice"), params.get("maxPrice"));
  if (price.changed || price.error) {
    params.delete("minPrice");
    params.delete("maxPrice");
    if (price.min !== "") params.set("minPrice", price.min);
    if (price.max !== "") params.set("maxPrice", price.max);
  }
  const zip = checkZip(params.get("zip"));
  if (zip.error) {
    params.delete("zip");
    params.delete("searchRadius");
  }
  return { price, zipError: zip.error, typedZip: zip.typed, url };
}

// =============================================================================================
// The true monthly cost (docs/decisions/031-monthly-cost.md)

/** The search's loan terms for the monthly cost: the wallet's when the shopper has one (set on the query the engines get). */
export function applyCostTerms(q: SearchQuery, wallet: Wallet | null): void {
  if (wallet) q.costTerms = walletCostTerms(wallet);
  else delete q.costTerms;
}

/**
 * The terms the cards show their monthly cost with fuel on, or null for none: where a card shows
 * its payment (the wallet's payments on), and on every card when the search sorts or filters by
 * the monthly cost, so its order can be read.
 */
export function cardCostTerms(q: SearchQuery, wallet: Wallet | null): CostTerms | null {
  const shown = wallet?.on === true || q.sortBy === MONTHLY_COST_SORT || q.maxMonthlyCost !== undefined;
  return shown ? (q.costTerms ?? DEFAULT_COST_TERMS) : null;
}

// =============================================================================================
// Listing rows for the cards

/** Cars this shopper has emailed (the "emailed" mark): one indexed query, only for a visitor with the cookie or a user. */
export async function markEmailed(db: Database, shopper: ShopperContext, cards: Map<number, ListingCardData>): Promise<void> {
  for (const id of await emailedListingIds(db, shopper.visitorId, [...cards.keys()], (await shopper.user())?.id ?? null))
    cards.set(id, { ...cards.get(id)!, emailed: true });
}

/** "We're sorry, the {make model} you were looking for ...": null when the listing is still for sale. */
export async function expiredVehicle(db: Database, id: number, labels: SearchLabels): Promise<{ active: boolean; name?: string }> {
  const r = await db.kysely.selectFrom("listings").select(["status", "make_code", "model_code"]).where("id", "=", id).executeTakeFirst();
  if (!r) return { active: false };
  if (r.status === "active") return { active: true };
  const make = labels.makes.get(r.make_code) ?? r.make_code;
  const model = labels.models.get(`${r.make_code}|${r.model_code}`) ?? r.model_code;
  return { active: false, name: `${make} ${model}` };
}

// =============================================================================================
// Filter sections, in the filter panel's order (docs/results-page.md)

const SHOW_TOP = 8;
const COLLAPSE_OVER = 12;
const OPEN_BY_DEFAULT = new Set(["yearRange", "listingType", "maxPrice", "vehicleStyleCode", "makeCodeList"]);
const SECTION_FIELD: Record<string, string> = { makeCodeList: "makeCode", trimCodeList: "trimCode" };
const RADIO_SECTIONS: Record<string, string> = { mileage: "Any Mileage", mpgRange: "Any", electricMileRange: "Any" };

function sectionId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase()}`;
}

/** An option's data, its flags only when set (FilterOptionData). */
function optionData(label: string, value: string, count: number | null, selected: boolean, disabled = false): FilterOptionData {
  const o: FilterOptionData = { label, value, count };
  if (selected) o.selected = true;
  if (disabled) o.disabled = true;
  return o;
}

function plain(o: FacetOption): FilterOptionData {
  return optionData(o.label, o.value, o.count, o.selected, o.disabled);
}

function grouped(options: FacetOption[], groupLabel: (g: string) => string | null): OptionGroup[] {
  const groups: OptionGroup[] = [];
  for (const o of options) {
    const label = o.group === undefined ? null : groupLabel(o.group);
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.options.push(plain(o));
    else groups.push({ label, options: [plain(o)] });
  }
  return groups;
}

/** Long sections show their most popular options (and every selected one); the rest go under 'more'. */
function splitTop(options: FacetOption[]): { shown: FacetOption[]; rest: FacetOption[] } {
  if (options.length <= COLLAPSE_OVER) return { shown: options, rest: [] };
  const top = new Set(
    options
      .map((o, i) => ({ o, i }))
      .sort((a, b) => b.o.count - a.o.count || a.i - b.i)
      .slice(0, SHOW_TOP)
      .map((x) => x.o),
  );
  return { shown: options.filter((o) => top.has(o) || o.selected), rest: options.filter((o) => !top.has(o) && !o.selected) };
}

interface BuildFiltersInput {
  state: SearchState;
  ctx: SearchUrlContext;
  labels: SearchLabels;
  filters: FacetFilter[];
  checks: InputChecks;
  now: Date;
}

/**
 * 'Monthly Cost (with fuel)': radio choices of a ceiling, after Price. No counts (the figure
 * depends on the shopper's loan terms; decision 031); a ceiling from the address that is not a
 * choice is shown as one, selected. The note names the terms and what is left out.
 */
function monthlyCostSection(q: SearchQuery): ChoiceSection {
  const values = [...new Set<number>([...MONTHLY_COST_THRESHOLDS, ...(q.maxMonthlyCost !== undefined ? [q.maxMonthlyCost] : [])])].sort((a, b) => a - b);
  const options = values.map((v) => optionData(MONTHLY_COST_TEXT.option(v), String(v), null, q.maxMonthlyCost === v));
  return {
    kind: "radio",
    id: sectionId(MONTHLY_COST_PARAM),
    label: MONTHLY_COST_TEXT.filterLabel,
    open: q.maxMonthlyCost !== undefined || q.sortBy === MONTHLY_COST_SORT,
    name: MONTHLY_COST_PARAM,
    groups: [{ label: null, options }],
    more: [],
    moreCount: 0,
    anyLabel: "Any",
    note: `Loan on ${costTermsText(q.costTerms)} + EPA's fuel or electricity cost. Cars without an EPA fuel cost are left out. ${MONTHLY_COST_TEXT.excludes}`,
  };
}

export function buildFilterSections({ state, ctx, labels, filters, checks, now }: BuildFiltersInput): {
  sections: FilterSection[];
  hidden: [string, string][];
} {
  const q = state.query;
  const sections: FilterSection[] = [];
  /** `name=value` of every checkable control, and names owned by a single-value control. */
  const coveredValues = new Set<string>();
  const coveredNames = new Set<string>(["zip", "searchRadius", "marketExtension"]);
  // Only the search's own fields can need a hidden input (below): a control of a field the search
  // does not have is not written down (a page's sections hold a thousand-odd choices).
  const formEntries = searchFormEntries(state, ctx);
  const formNames = new Set(formEntries.map(([name]) => name));
  const cover = (name: string, value: string) => {
    if (name.startsWith("modelCodeList|")) {
      if (formNames.has("modelCode")) coveredValues.add(`modelCode=${name.slice("modelCodeList|".length)}:${value}`);
    } else if (!formNames.has(name)) return;
    else if (name === "trimCode") {
      const bar = value.indexOf("|");
      coveredValues.add(`trimCode=${value.slice(0, bar)}:${value.slice(bar + 1)}`);
    } else coveredValues.add(`${name}=${value}`);
  };
  const byName = new Map(filters.map((f) => [f.name, f]));
  const styleName = (code: string) => labels.bodyStyles.get(code)?.name ?? code;

  sections.push({
    kind: "location",
    id: "f-location",
    label: "Location",
    open: true,
    zip: checks.zipError ? checks.typedZip : (q.zip ?? ""),
    zipError: checks.zipError,
    radius: q.searchRadius ?? 0,
    marketExtension: q.marketExtension,
  });

  const choice = (
    f: FacetFilter,
    opts: {
      label?: string;
      id?: string;
      options?: FacetOption[];
      kind?: "checkbox" | "radio";
      disabledNote?: string;
      groupLabel?: (g: string) => string | null;
    },
  ): ChoiceSection => {
    const name = SECTION_FIELD[f.name] ?? f.name;
    const options = opts.options ?? f.options;
    const { shown, rest } = splitTop(options);
    const kind = opts.kind ?? (RADIO_SECTIONS[f.name] !== undefined ? "radio" : "checkbox");
    if (!opts.disabledNote) {
      for (const o of options) cover(name, o.value);
      if (kind === "radio") coveredNames.add(name);
    }
    const groupLabel = opts.groupLabel ?? (() => null);
    const section: ChoiceSection = {
      kind,
      id: opts.id ?? sectionId(f.name),
      label: opts.label ?? f.label,
      open: options.some((o) => o.selected) || OPEN_BY_DEFAULT.has(f.name) || f.name.startsWith("modelCodeList|"),
      name,
      groups: grouped(shown, groupLabel),
      more: grouped(rest, groupLabel),
      moreCount: rest.length,
    };
    if (kind === "radio") section.anyLabel = RADIO_SECTIONS[f.name] ?? "Any";
    if (opts.disabledNote) section.disabledNote = opts.disabledNote;
    return section;
  };

  const selectedStyles = new Set(q.vehicleStyleCodes);
  const fuel = byName.get("fuelTypeGroup");
  const onlyElectric =
    (q.fuelTypeGroups.length === 1 && q.fuelTypeGroups[0] === "ELE") ||
    (fuel !== undefined &&
      fuel.options.filter((o) => !o.disabled).every((o) => o.value === "ELE") &&
      fuel.options.some((o) => o.value === "ELE" && !o.disabled));

  for (const f of filters) {
    switch (f.name) {
      case "yearRange": {
        const thisYear = now.getFullYear();
        const condition = conditionOf(state);
        // "The year filter offers the current year minus 2 through plus 1, with 'Any'": that is the
        // whole list for new cars; used and certified cars reach back to the inventory's oldest year.
        const years = new Set<number>();
        for (let y = thisYear + YEAR_FILTER_RANGE.plusYears; y >= thisYear - YEAR_FILTER_RANGE.minusYears; y--) years.add(y);
        if (condition !== "new") for (const o of f.options) if (/^\d{4}$/.test(o.value)) years.add(Number(o.value));
        if (q.startYear !== undefined) years.add(q.startYear);
        if (q.endYear !== undefined) years.add(q.endYear);
        coveredNames.add("startYear").add("endYear");
        sections.push({
          kind: "year",
          id: sectionId(f.name),
          label: f.label,
          open: true,
          start: q.startYear ?? YEAR_FILTER_RANGE.anyValue,
          end: q.endYear ?? YEAR_FILTER_RANGE.anyValue,
          years: [...years].sort((a, b) => b - a),
        });
        break;
      }
      case "maxPrice": {
        coveredNames.add("minPrice").add("maxPrice");
        const priceError = checks.price.error;
        sections.push({
          kind: "price",
          id: sectionId(f.name),
          label: f.label,
          open: true,
          min: formatPriceInput(priceError ? checks.price.min : q.minPrice),
          max: priceError ? "" : formatPriceInput(q.maxPrice),
          error: priceError,
          quick: f.options
            .filter((o) => o.count > 0 || o.selected)
            .map((o) => ({
              label: o.label,
              count: o.count,
              selected: q.minPrice === undefined && String(q.maxPrice) === o.value,
              href: withFilter(state, "price", `-${o.value}`, ctx),
            })),
        });
        sections.push(monthlyCostSection(q));
        coveredNames.add(MONTHLY_COST_PARAM);
        break;
      }
      case "listingType":
        sections.push(choice(f, { options: f.options.filter((o) => o.value !== "3P_CERT") }));
        break;
      case "bodyStyleSubtypeCode": {
        // "SUV, Van and Sedan types": a type section for each chosen body style that has types.
        const groups = new Map<string, FacetOption[]>();
        for (const o of f.options) {
          const g = o.group ?? "";
          if (!groups.has(g)) groups.set(g, []);
          groups.get(g)!.push(o);
        }
        for (const [style, options] of groups) {
          if (!selectedStyles.has(style) && !options.some((o) => o.selected)) continue;
          const short = styleName(style).replace(" / Crossover", "").replace(" / Minivan", "");
          sections.push(choice(f, { options, label: `${short} Type`, id: sectionId(`subtype-${style}`) }));
        }
        break;
      }
      case "truckBedLength":
      case "truckCabSize":
        if (selectedStyles.has("TRUCKS") || f.value.length > 0) sections.push(choice(f, {}));
        break;
      case "mpgRange": {
        const allDisabled = f.options.every((o) => o.disabled);
        const note = onlyElectric
          ? "Not rated for electric vehicles: see Electric Mile Range."
          : allDisabled
            ? "No fuel economy ratings match this search."
            : undefined;
        sections.push(choice(f, note ? { disabledNote: note } : {}));
        break;
      }
      case "electricMileRange":
        // "Electric range is hidden when all options are disabled."
        if (!f.options.every((o) => o.disabled)) sections.push(choice(f, {}));
        break;
      case "makeCodeList": {
        const selected = f.options.filter((o) => o.selected);
        for (const o of f.options) if (o.selected) cover("makeCode", o.value);
        const make: MakeSection = {
          kind: "make",
          id: sectionId(f.name),
          label: f.label,
          open: true,
          groups: [],
          more: [],
          moreCount: 0,
          addAnother: null,
          except: null,
        };
        if (selected.length === 0) {
          // "Any make except ...": the excluded makes are checked (their counts are 0).
          for (const code of q.excludedMakeCodes) cover("excludeMakeCode", code);
          make.except = f.options.map((o) => optionData(o.label, o.value, o.count, q.excludedMakeCodes.includes(o.value)));
          for (const o of f.options) cover("makeCode", o.value);
          const { shown, rest } = splitTop(f.options);
          make.groups = grouped(shown, () => null);
          make.more = grouped(rest, () => null);
          make.moreCount = rest.length;
        } else {
          make.groups = [{ label: null, options: selected.map(plain) }];
          // "A 'Add Another Make' control shows while below the make cap."
          if (selected.length < MAX_MAKES_IN_FILTER) make.addAnother = f.options.filter((o) => !o.selected && !o.disabled).map(plain);
        }
        sections.push(make);
        break;
      }
      case "trimCodeList":
        sections.push(choice(f, { groupLabel: q.makeCodes.length > 1 ? (g) => labels.makes.get(g) ?? g : undefined }));
        break;
      case "featureCode":
        sections.push(choice(f, { groupLabel: (g) => g }));
        break;
      default:
        sections.push(choice(f, {}));
    }
  }

  const hidden = formEntries.filter(([name, value]) => {
    if (name === "firstRecord" || name === "expired") return false;
    if (coveredNames.has(name)) return false;
    return !coveredValues.has(`${name}=${value}`);
  });
  return { sections, hidden };
}

// =============================================================================================
// The page

/** Supplemental matches shown under the last page (the rest are a link away). */
export const SUPPLEMENTAL_SHOWN = 12;

/** A signed-in shopper viewed a car this recently (the push opt-in's condition, decision 023); bots never. */
export async function recentViewWithin(shopper: ShopperContext, db: Database, ms: number): Promise<boolean> {
  if (shopper.bot) return false;
  const user = await shopper.user();
  if (!user) return false;
  const row = await db.kysely
    .selectFrom("recent_views")
    .select("listing_id")
    .where("user_id", "=", user.id)
    .where("viewed_at", ">=", Date.now() - ms)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** 'Still interested?' for a signed-in shopper (decisions 018, 023); bots skip browsing history; never fatal. */
export async function stillInterestedFor(shopper: ShopperContext, db: Database): Promise<ResultsPageData["stillInterested"]> {
  if (shopper.bot) return [];
  try {
    const user = await shopper.user();
    if (!user) return [];
    return await withViewCounts(db, await stillInterested(db, user.id));
  } catch (error) {
    reportError("still interested failed", error);
    return [];
  }
}

export interface PageArgs {
  /** React Router's normalised URL (no ".data" suffix on client navigations), not request.url. */
  url: URL;
  app: AppContext;
  shopper: ShopperContext;
}

/**
 * For a document, choices the shopper cannot see without opening something, and has not chosen,
 * are left out (ADR 032: they were a third of a page's elements and half its hydration data): a
 * closed choice section's, every 'Show more' list (never holds a chosen one), and the make
 * section's 'Any make except' list while no make is excluded. Each gets a 'show choices' button
 * instead (app/routes/results/components/filter-panel.tsx). `show` (SHOW_FILTER_PARAM) names the
 * part the shopper asked to see: it keeps its choices and renders open.
 */
export function deferClosedSections(sections: FilterSection[], show: string | null = null): FilterSection[] {
  return sections.map((s) => {
    if (s.kind !== "checkbox" && s.kind !== "radio" && s.kind !== "make") return s;
    const chosen = [...(s.groups ?? []), ...(s.more ?? [])].some((g) => g.options.some((o) => o.selected));
    if (s.kind !== "make" && !s.open && !chosen) {
      if (show !== filterPartId(s.id)) return { ...s, groups: [], more: [], deferred: true };
      s = { ...s, open: true };
    }
    let out: FilterSection = s;
    if (s.more && s.more.length > 0) {
      out = show === filterPartId(s.id, "more") ? { ...out, moreOpen: true } : { ...out, more: [], moreDeferred: true };
    }
    if (s.kind === "make" && s.except && !s.except.some((o) => o.selected)) {
      out =
        show === filterPartId(s.id, "except") ? { ...(out as MakeSection), exceptOpen: true } : { ...(out as MakeSection), except: [], exceptDeferred: true };
    }
    return out;
  });
}

/**
 * For a document, the choices it shows (a section's option groups, the price shortcuts, 'Add
 * Another Make') are written into its HTML, which the browser keeps as served (ADR 032, "Choices
 * kept as served"): they leave the loader data, and `setAside` hands them to the server's render
 * under keptKey (app/server/http/document-only.server.ts). A section keeps its chosen count (its
 * badge). A client navigation's data (not a document) has them all.
 */
export function keepShownChoices(sections: FilterSection[], setAside: (key: string, value: unknown) => void): FilterSection[] {
  return sections.map((s): FilterSection => {
    if (s.kind === "price") {
      if (s.quick.length === 0) return s;
      setAside(keptKey(s.id, "quick"), s.quick);
      return { ...s, quick: [], kept: true };
    }
    if (s.kind !== "checkbox" && s.kind !== "radio" && s.kind !== "make") return s;
    const add = s.kind === "make" ? s.addAnother : null;
    const groups = s.groups ?? [];
    if (groups.length === 0 && add === null) return s;
    setAside(keptKey(s.id, "groups"), groups);
    const chosen = groups.reduce((n, g) => n + g.options.filter((o) => o.selected).length, 0);
    if (s.kind !== "make") return { ...s, groups: [], kept: true, chosen };
    if (add !== null) setAside(keptKey(s.id, "add"), add);
    return { ...s, groups: [], addAnother: add === null ? null : [], kept: true, chosen };
  });
}

/**
 * For a document, the parts beside the filters that the browser keeps as served (ADR 032,
 * "Choices kept as served"): the model reference's price tables, the category tabs and the
 * certified dialog's programs are links and text it never renders again from data. `setAside`
 * hands them to the server's render; the page's data keeps an empty stand-in for each.
 */
export function keepShownParts(page: ResultsPageData, setAside: (key: string, value: unknown) => void): ResultsPageData {
  const out = { ...page };
  const reference = page.extras?.modelReference;
  if (page.extras && reference?.pricing) {
    setAside(MODEL_PRICING_KEY, reference.pricing);
    out.extras = { ...page.extras, modelReference: { ...reference, pricing: { byYear: [], byTrim: [], kept: true } } };
  }
  if (page.tabs && page.tabs.length > 0) {
    setAside(TABS_KEY, page.tabs);
    out.tabs = [];
    out.tabsKept = true;
  }
  if (page.certified) {
    setAside(CERTIFIED_KEY, page.certified);
    out.certified = null;
  }
  return out;
}

/**
 * For a document, the last step: a choice section's empty `groups` and `more` and a `moreCount` of
 * 0 leave its data (each reader takes none as the default), some 0.9 KB of a results document's
 * hydration data at 1M listings (ADR 032, "Choices kept as served").
 */
export function withoutEmptyChoices(sections: FilterSection[]): FilterSection[] {
  return sections.map((s): FilterSection => {
    if (s.kind !== "checkbox" && s.kind !== "radio" && s.kind !== "make") return s;
    const { groups, more, moreCount, ...rest } = s;
    return {
      ...rest,
      ...(groups && groups.length > 0 ? { groups } : {}),
      ...(more && more.length > 0 ? { more } : {}),
      ...(moreCount ? { moreCount } : {}),
    };
  });
}

/** What SHOW_FILTER_PARAM may hold: a filter part's id (filterPartId). */
const FILTER_PART_ID = /^f-[a-z0-9-]{1,80}$/;

/**
 * A results URL without its SHOW_FILTER_PARAM (a view parameter, not search state), and the part
 * it names when that is a filter part's id (else null: ignored). The parameter is cut out of the
 * query as written, so the rest keeps its spelling and the canonical check sees what it would see
 * without it (re-encoding the query could turn a canonical URL into a redirect).
 */
export function splitShowFilter(url: URL): { url: URL; show: string | null } {
  if (!url.search.includes(`${SHOW_FILTER_PARAM}=`)) return { url, show: null };
  let show: string | null = null;
  const kept: string[] = [];
  for (const pair of url.search.slice(1).split("&")) {
    if (pair.startsWith(`${SHOW_FILTER_PARAM}=`)) {
      const value = safeDecode(pair.slice(SHOW_FILTER_PARAM.length + 1));
      if (value !== null && FILTER_PART_ID.test(value)) show = value;
    } else kept.push(pair);
  }
  const out = new URL(url);
  out.search = kept.length > 0 ? `?${kept.join("&")}` : "";
  return { url: out, show };
}

/** `href` with SHOW_FILTER_PARAM set to `show` (a redirect to the canonical URL keeps what was asked). */
export function withShowFilter(href: string, show: string | null): string {
  if (show === null) return href;
  const hash = href.indexOf("#");
  const [base, fragment] = hash < 0 ? [href, ""] : [href.slice(0, hash), href.slice(hash)];
  return `${base}${base.includes("?") ? "&" : "?"}${SHOW_FILTER_PARAM}=${show}${fragment}`;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return null;
  }
}
