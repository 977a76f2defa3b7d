// The results page's section-2 extras, from the search's own answer and real inventory data
// (docs/decisions/010-results-page-extras.md):
// - suggested-filter chips from the current facets;
// - the model reference section (Pricing, Compare Trims, FAQs) for a single make and model,
//   computed by the spec's crawl and mileage-stats services and cached per make/model;
// - card tiers: sponsored (premium 0-2, fourth tier 23), simplified (peekaboo 9) from dealers
//   with a paid placement, recommended new-car boost (6, 22), the inline filter promo (14);
// - the sponsored dealer showcase ('alpha') and its hide cookie;
// - the shopping assistant's actions, house promotions (ads flag), the Buy Online filter.
import { createCookie, data, redirect } from "react-router";
import { z } from "zod";
import {
  ALPHA_CAROUSEL_LISTINGS,
  ALPHA_HIDE_COOKIE_MINUTES,
  BOOST_LISTINGS_REQUESTED,
  FILTER_PROMO_SLOT,
  MILES_PER_YEAR,
  PEEKABOO_DEFAULT_SLOT,
  PRICING_YEARS_MAX,
  SPOTLIGHT_COUNTS,
} from "../../lib/constants.ts";
import type { Flags } from "../../lib/flags.ts";
import { formatInt, formatPrice } from "../../lib/format.ts";
import { boostSlots, placeGrid } from "../../lib/results-placement.ts";
import { walletHref } from "../wallet.server.ts";
import { PATHS } from "../../lib/routes.ts";
import { MAX_RESULT_WINDOW, emptySearchQuery, type FacetFilter, type SearchHit, type SearchQuery, type SearchResult } from "../../lib/search-query.ts";
import { categoryTabs, conditionOf, withFilter, withoutFilter, type SearchState, type SearchUrlContext } from "../../lib/search-url.ts";
import { HIDE_SHOWCASE_INTENT } from "../../components/search/extras-types.ts";
import type { AssistantAction, BuyOnlineData, FaqItem, GridEntry, ModelReferenceData, PriceRow, ResultsExtras, ShowcaseData, SuggestedFilter } from "../../components/search/extras-types.ts";
import type { ListingCardData } from "../../components/search/types.ts";
import { memo } from "../cache.server.ts";
import { getFlags } from "../flags.server.ts";
import type { Database } from "../db/connection.server.ts";
import { placementsOf, type ListingPlacement } from "../inventory/placements.server.ts";
import type { SearchLabels } from "../search/labels.server.ts";
import type { SearchEngine } from "../search/search.server.ts";
import { type CrawlKind } from "../services/listing-service.server.ts";
import { orThrow, serviceCalls } from "../services/calls.server.ts";
import { listingCards } from "./results-page.server.ts";

// =============================================================================================
// Sponsored pool: the base search asks for this many results beyond the page, at no extra scan.
// The paid-placement tiers are drawn from them (matches of the same search, in its order).

export const SPONSORED_POOL = 170;

export function withSponsoredPool(q: SearchQuery): SearchQuery {
  const room = MAX_RESULT_WINDOW - (q.firstRecord + q.numRecords);
  return room > 0 ? { ...q, numRecords: q.numRecords + Math.min(SPONSORED_POOL, room) } : q;
}

/** Splits the pool off a search made with `withSponsoredPool`; `result` is left as the page's own. */
export function takePool(result: SearchResult, q: SearchQuery): SearchHit[] {
  const pool = result.hits.slice(q.numRecords);
  result.hits = result.hits.slice(0, q.numRecords);
  result.query = q;
  return pool;
}

// =============================================================================================
// Dealer showcase hide: 30 minutes through a cookie (alphaHideCookie flag) or the browser session

export const showcaseHiddenCookie = createCookie("fc_showcase_hidden", { path: "/", sameSite: "lax", httpOnly: true });

export async function isShowcaseHidden(request: Request): Promise<boolean> {
  try {
    return (await showcaseHiddenCookie.parse(request.headers.get("Cookie"))) === 1;
  } catch {
    return false;
  }
}


/** POST intent=hide-showcase: hides the dealer showcase, then back to the same results (303). */
export async function hideShowcaseAction(pageUrl: URL, flags: Pick<Flags, "alphaHideCookie" | "sponsoredHideButton">) {
  if (!flags.sponsoredHideButton) return data({ ok: false as const }, { status: 400 });
  const cookie = await showcaseHiddenCookie.serialize(1, flags.alphaHideCookie ? { maxAge: ALPHA_HIDE_COOKIE_MINUTES * 60 } : {});
  throw redirect(`${pageUrl.pathname}${pageUrl.search}#listings`, { status: 303, headers: { "Set-Cookie": cookie } });
}

export const resultsIntentSchema = z.object({ intent: z.literal(HIDE_SHOWCASE_INTENT) });

// =============================================================================================
// Suggested filters: the most common values of the current results not chosen yet

const SUGGESTIONS_MAX = 8;

function top(f: FacetFilter | undefined, n: number, skip: (v: string) => boolean = () => false) {
  if (!f || f.options.some((o) => o.selected)) return [];
  return f.options
    .filter((o) => !o.disabled && o.count > 0 && !skip(o.value))
    .sort((a, b) => b.count - a.count)
    .slice(0, n);
}

export function suggestedFilters(state: SearchState, ctx: SearchUrlContext, filters: FacetFilter[], total: number): SuggestedFilter[] {
  if (total <= 1) return [];
  const byName = new Map(filters.map((f) => [f.name, f]));
  const q = state.query;
  const out: SuggestedFilter[] = [];
  const add = (name: string, value: string, label: string, count: number) => {
    // A value every result has narrows nothing.
    if (count >= total) return;
    out.push({ label, count, href: withFilter(state, name, value, ctx) });
  };
  if (q.makeCodes.length === 0) for (const o of top(byName.get("makeCodeList"), 3)) add("makeCode", o.value, o.label, o.count);
  if (q.makeCodes.length === 1) {
    const make = q.makeCodes[0];
    const models = byName.get(`modelCodeList|${make}`);
    for (const o of top(models, 3)) add(`modelCodeList|${make}`, o.value, o.label, o.count);
  }
  for (const o of top(byName.get("vehicleStyleCode"), 2)) add("vehicleStyleCode", o.value, o.label, o.count);
  // A price band: the lowest "Under $X" that still holds at least a third of the results.
  const price = byName.get("maxPrice");
  if (price && q.minPrice === undefined && q.maxPrice === undefined) {
    const band = price.options.find((o) => o.count >= total / 3 && o.count < total);
    if (band) out.push({ label: band.label, count: band.count, href: withFilter(state, "price", `-${band.value}`, ctx) });
  }
  for (const o of top(byName.get("dealType"), 1, (v) => v !== "greatprice")) add("dealType", o.value, o.label, o.count);
  const mileage = byName.get("mileage");
  if (mileage && q.mileage === undefined) {
    const band = mileage.options.find((o) => o.count >= total / 3 && o.count < total);
    if (band) add("mileage", band.value, band.label, band.count);
  }
  for (const o of top(byName.get("fuelTypeGroup"), 1, (v) => v === "GSL")) add("fuelTypeGroup", o.value, o.label, o.count);
  return out.slice(0, SUGGESTIONS_MAX);
}

// =============================================================================================
// Model reference section (single make and model)

const REFERENCE_TTL_MS = 10 * 60_000;

/** Single make with a single model: the section's subject. */
export function singleMakeModel(q: SearchQuery): { make: string; model: string } | null {
  if (q.makeCodes.length !== 1) return null;
  const make = q.makeCodes[0];
  const models = q.models[make] ?? [];
  return models.length === 1 ? { make, model: models[0] } : null;
}

function crawl(kind: CrawlKind, make: string, model: string): Promise<PriceRow[]> {
  const url = new URL(`http://local/?makeCode=${encodeURIComponent(make)}&modelCode=${encodeURIComponent(model)}`);
  return serviceCalls().crawl(kind, url.searchParams).then((r) => orThrow(r).links as PriceRow[]);
}

/** "Pricing tab only for used or new listing type with model-year/trim link lists; lists limited to 11 years." */
function pricingLists(make: string, model: string, isNew: boolean) {
  return memo(`results-extras:pricing:${make}|${model}|${isNew ? "new" : "used"}`, REFERENCE_TTL_MS, async () => {
    const [byYear, byTrim] = await Promise.all([crawl(isNew ? "newmodelyears" : "modelyears", make, model), crawl(isNew ? "newtrims" : "trims", make, model)]);
    return { byYear: byYear.slice(0, PRICING_YEARS_MAX), byTrim };
  });
}

function mileageFacts(engine: SearchEngine, make: string, model: string) {
  return memo(`results-extras:mileage:${make}|${model}`, REFERENCE_TTL_MS, () => (void engine, serviceCalls().mileageStats(new URLSearchParams({ makeCode: make, modelCode: model, listingType: "USED" })).then(orThrow)));
}

function summarise(rows: PriceRow[]): { count: number; avg: number; min: number; max: number } | null {
  const count = rows.reduce((s, r) => s + r.count, 0);
  if (count === 0) return null;
  return {
    count,
    avg: Math.round(rows.reduce((s, r) => s + r.avgPrice * r.count, 0) / count),
    min: Math.min(...rows.map((r) => r.startingPrice)),
    max: Math.max(...rows.map((r) => r.maxPrice)),
  };
}

async function modelReference(state: SearchState, labels: SearchLabels, engine: SearchEngine, result: SearchResult): Promise<ModelReferenceData | null> {
  const q = state.query;
  const subject = singleMakeModel(q);
  if (!subject || result.totalResultCount === 0) return null;
  const { make, model } = subject;
  const name = `${labels.makes.get(make) ?? make} ${labels.models.get(`${make}|${model}`) ?? model}`;
  const condition = conditionOf(state);
  const pricingApplies = condition === "used" || condition === "new";
  const year = q.startYear !== undefined && q.startYear === q.endYear ? q.startYear : undefined;
  const trim = q.trimCodes.length === 1 ? q.trimCodes[0].slice(q.trimCodes[0].indexOf("|") + 1) : undefined;
  const used = condition === "used";
  // "FAQ tabs depend on URL shape: year-make-model, trim, or make-model for used with more than
  // 14 results and mileage total over 1."
  const [pricing, mileage] = await Promise.all([
    pricingApplies ? pricingLists(make, model, condition === "new") : Promise.resolve(null),
    used ? mileageFacts(engine, make, model) : Promise.resolve(null),
  ]);
  const faqShape = year !== undefined || trim !== undefined || (used && result.totalResultCount > FILTER_PROMO_SLOT && (mileage?.count ?? 0) > 1);
  const word = condition === "new" ? "new" : condition === "certified" ? "certified" : "used";
  const faqs: FaqItem[] = [];
  if (faqShape) {
    const scopeRows = pricing ? (year !== undefined ? pricing.byYear.filter((r) => r.value === String(year)) : trim ? pricing.byTrim.filter((r) => r.value === trim) : pricing.byYear) : [];
    const scope = summarise(scopeRows);
    const what = [year, name, trim].filter(Boolean).join(" ");
    if (scope) {
      faqs.push({
        question: `How much does a ${word} ${what} cost?`,
        answer: `Across the ${formatInt(scope.count)} ${word} ${what} listings for sale on Forecourt, the average price is ${formatPrice(scope.avg)}. Prices run from ${formatPrice(scope.min)} to ${formatPrice(scope.max)}.`,
      });
    } else if (result.stats.derivedprice) {
      faqs.push({
        question: `How much does a ${word} ${what} cost?`,
        answer: `The ${formatInt(result.totalResultCount)} matches of this search are priced from ${formatPrice(result.stats.derivedprice.min)} to ${formatPrice(result.stats.derivedprice.max)}.`,
      });
    }
    if (mileage && mileage.count > 1) {
      const less = mileage.difference >= 0;
      faqs.push({
        question: `How many miles does a used ${name} usually have?`,
        answer:
          `Used ${name} listings average ${formatInt(mileage.averageMiles)} miles, about ${formatInt(mileage.mileagePerYearMean)} miles a year: ` +
          `${formatInt(Math.abs(mileage.difference))} ${less ? "fewer" : "more"} than the typical ${formatInt(MILES_PER_YEAR)}. ` +
          `${mileage.percentModel}% have under 50,000 miles, against ${mileage.percentAllCar}% of all used cars.`,
      });
    }
    if (pricing && pricing.byYear.length > 1 && year === undefined) {
      const most = [...pricing.byYear].sort((a, b) => b.count - a.count)[0];
      faqs.push({
        question: `Which ${name} model year is easiest to find?`,
        answer: `The ${most.value} model year, with ${formatInt(most.count)} ${word} listings from ${formatPrice(most.startingPrice)}.`,
      });
    }
  }
  const hasPricing = pricing !== null && (pricing.byYear.length > 0 || pricing.byTrim.length > 0);
  return {
    name,
    conditionWord: word === "new" ? "New" : word === "certified" ? "Certified" : "Used",
    pricing: hasPricing ? pricing : null,
    compareTrimsHref: `${PATHS.compareTrims}?${new URLSearchParams({ makeCode: make, modelCode: model })}`,
    faqs,
  };
}

// =============================================================================================
// Card tiers and the dealer showcase

interface TierPicks {
  premium: SearchHit[];
  fourth: SearchHit | null;
  peekaboo: SearchHit | null;
  /** The premium dealer with the most matches in the pool (the showcase's dealer). */
  showcaseOwner: number | null;
}

export function pickTiers(pool: SearchHit[], placements: Map<number, ListingPlacement>, withShowcase: boolean): TierPicks {
  // The showcase's dealer: the premium dealer with the most matches in the pool. Its cars go to
  // the showcase, so the premium spotlights come from the other premium dealers.
  const premiumOwners = new Map<number, number>();
  for (const h of pool) {
    const p = placements.get(h.id);
    if (p?.tier === "premium") premiumOwners.set(p.ownerId, (premiumOwners.get(p.ownerId) ?? 0) + 1);
  }
  let showcaseOwner: number | null = null;
  let best = 0;
  if (withShowcase) for (const [owner, n] of premiumOwners) if (n > best) [showcaseOwner, best] = [owner, n];
  const premium: SearchHit[] = [];
  let fourth: SearchHit | null = null;
  let peekaboo: SearchHit | null = null;
  for (const h of pool) {
    const p = placements.get(h.id);
    if (!p) continue;
    if (p.tier === "premium") {
      if (p.ownerId !== showcaseOwner && premium.length < SPOTLIGHT_COUNTS.premium) premium.push(h);
    } else if (p.tier === "featured" && !fourth) fourth = h;
    else if (p.tier === "standard" && !peekaboo) peekaboo = h;
  }
  // Standard placements may fill the fourth tier when no featured dealer matches.
  if (!fourth) fourth = pool.find((h) => placements.get(h.id)?.tier === "standard" && h !== peekaboo) ?? null;
  return { premium, fourth, peekaboo, showcaseOwner };
}

function boostQuery(q: SearchQuery, pageIndex: number, slots: number): SearchQuery | null {
  if (q.makeCodes.length !== 1 || q.listingTypes.every((t) => t === "NEW")) return null;
  const b = emptySearchQuery();
  b.makeCodes = [...q.makeCodes];
  b.models = { ...q.models };
  b.trimCodes = [...q.trimCodes];
  b.seriesCodes = [...q.seriesCodes];
  b.zip = q.zip;
  b.searchRadius = q.searchRadius;
  b.listingTypes = ["NEW"];
  b.sortBy = q.zip ? "distanceASC" : "relevance";
  b.firstRecord = pageIndex * slots;
  b.numRecords = Math.max(slots, BOOST_LISTINGS_REQUESTED);
  return b;
}

// =============================================================================================
// The extras

export interface ExtrasInput {
  request: Request;
  state: SearchState;
  ctx: SearchUrlContext;
  labels: SearchLabels;
  result: SearchResult;
  pool: SearchHit[];
  db: Database;
  engine: SearchEngine;
  flags: Flags;
  organic: ListingCardData[];
}

function pathAndQuery(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** What the card tiers of one batch need: the same for the page and for an infinite-scroll batch. */
export type TiersInput = Pick<ExtrasInput, "request" | "result" | "pool" | "db" | "flags" | "organic"> & { q: SearchQuery };

/** Draws the batch's tier listings as the page does (the showcase's dealer kept out of the premium spotlights on a first page). */
async function drawTiers({ request, q, result, pool, db, flags, organic }: TiersInput) {
  const pageIndex = Math.floor(q.firstRecord / q.numRecords);
  const slots = boostSlots(q.numRecords, result.totalResultCount);
  const bq = organic.length > 0 ? boostQuery(q, pageIndex, slots.length) : null;
  const [placements, boost, hidden] = await Promise.all([
    placementsOf(db, pool.map((h) => h.id)),
    bq ? serviceCalls().search(bq, { required: false, hideFilters: true }).then((r) => r.hits) : Promise.resolve([] as SearchHit[]),
    isShowcaseHidden(request),
  ]);
  const picks = pickTiers(pool, placements, flags.alphaShowcase && !hidden && q.firstRecord === 0 && q.showcaseOwnerId === undefined);
  return { picks, boost };
}

/** The batch's grid in its final order (tiers placed); null when it has no results. */
function gridOf({ q, result, flags, organic }: TiersInput, picks: TierPicks, boost: SearchHit[], cards: Map<number, ListingCardData>): GridEntry[] | null {
  const card = (h: SearchHit | null) => (h ? (cards.get(h.id) ?? null) : null);
  const cardsOf = (hs: SearchHit[]) => hs.map((h) => cards.get(h.id)).filter((c): c is ListingCardData => c !== undefined);
  return organic.length === 0
    ? null
    : placeGrid({
        organic,
        pageSize: q.numRecords,
        total: result.totalResultCount,
        premium: cardsOf(picks.premium),
        boost: cardsOf(boost),
        peekaboo: card(picks.peekaboo),
        peekabooSlot: PEEKABOO_DEFAULT_SLOT,
        fourthTier: card(picks.fourth),
        filterPromo: true,
        wallet: flags.wallet,
        ads: flags.ads,
      });
}

/**
 * One infinite-scroll batch's grid (results-batch.server.ts): the tiers the page at that
 * `firstRecord` shows, in the same slots, so a batch loaded in place looks like its own page.
 */
export async function batchGrid(input: TiersInput & { labels: SearchLabels }): Promise<GridEntry[] | null> {
  const { picks, boost } = await drawTiers(input);
  const cards = await listingCards(input.db, [...picks.premium, ...boost, ...(picks.fourth ? [picks.fourth] : []), ...(picks.peekaboo ? [picks.peekaboo] : [])], input.labels);
  return gridOf(input, picks, boost, cards);
}

export async function loadResultsExtras(input: ExtrasInput): Promise<ResultsExtras> {
  const { state, ctx, labels, result, pool, db, engine, flags, organic } = input;
  const q = state.query;
  const tiers: TiersInput = { ...input, q };
  const [{ picks, boost }, reference] = await Promise.all([
    drawTiers(tiers),
    modelReference(state, labels, engine, result).catch((e) => {
      console.error(JSON.stringify({ level: "error", msg: "model reference failed", error: String((e as Error)?.stack ?? e) }));
      return null;
    }),
  ]);
  // The dealer showcase: first page only, for the premium dealer with the most matches.
  const showcaseOn = picks.showcaseOwner !== null;
  const pageIds = new Set([...organic.map((l) => l.id), ...picks.premium.map((h) => h.id), ...boost.map((h) => h.id)]);
  const [showcaseResult, owner] = showcaseOn
    ? await Promise.all([
        serviceCalls().search({ ...q, showcaseOwnerId: picks.showcaseOwner!, firstRecord: 0, numRecords: Math.min(100, ALPHA_CAROUSEL_LISTINGS + pageIds.size + 5) }, { required: false, hideFilters: true }),
        db.kysely.selectFrom("owners").select(["id", "name", "city", "state", "phone", "rating", "rating_count"]).where("id", "=", picks.showcaseOwner!).executeTakeFirst(),
      ])
    : [null, undefined];
  const showcaseHits = (showcaseResult?.hits ?? []).filter((h) => !pageIds.has(h.id) && h.id !== picks.fourth?.id && h.id !== picks.peekaboo?.id).slice(0, ALPHA_CAROUSEL_LISTINGS);

  const extraHits = [...picks.premium, ...boost, ...(picks.fourth ? [picks.fourth] : []), ...(picks.peekaboo ? [picks.peekaboo] : []), ...showcaseHits];
  const cards = await listingCards(db, extraHits, labels);
  const cardsOf = (hs: SearchHit[]) => hs.map((h) => cards.get(h.id)).filter((c): c is ListingCardData => c !== undefined);
  const grid = gridOf(tiers, picks, boost, cards);

  let showcase: ShowcaseData | null = null;
  if (showcaseOn && owner && showcaseHits.length > 0) {
    showcase = {
      dealer: {
        id: Number(owner.id),
        name: owner.name,
        city: owner.city,
        state: owner.state,
        phone: owner.phone,
        rating: owner.rating,
        ratingCount: owner.rating_count,
      },
      listings: cardsOf(showcaseHits),
      total: showcaseResult!.totalResultCount,
      allHref: withFilter(state, "showcaseOwnerId", Number(owner.id), ctx),
      canHide: flags.sponsoredHideButton,
    };
  }

  const suggestions = suggestedFilters(state, ctx, result.filters, result.totalResultCount);
  return {
    suggestions,
    modelReference: reference,
    grid,
    showcase,
    assistant: assistantActions(state, ctx, labels, result.filters, reference, flags.wallet ? walletHref(pathAndQuery(input.request)) : null),
    ads: flags.ads ? { promos: housePromos(state, ctx) } : null,
    buyOnline: buyOnline(state, ctx, result.filters),
  };
}

// =============================================================================================
// Shopping assistant, house promotions, Buy Online filter

/** `walletHref`: 'Shop by Budget' opens the wallet (decision 017); without it, the price filter. */
function assistantActions(state: SearchState, ctx: SearchUrlContext, labels: SearchLabels, filters: FacetFilter[], reference: ModelReferenceData | null, walletHref: string | null): AssistantAction[] {
  const q = state.query;
  const subject = singleMakeModel(q);
  const actions: AssistantAction[] = [];
  if (subject && reference) {
    actions.push({ label: `Compare ${reference.name} Trims`, href: reference.compareTrimsHref });
    // 'Search {suggested} {make model}s': the most common fuel type, body style or year not chosen yet.
    const byName = new Map(filters.map((f) => [f.name, f]));
    const pick =
      top(byName.get("fuelTypeGroup"), 1, (v) => v === "GSL").map((o) => ({ name: "fuelTypeGroup", value: o.value, label: o.label }))[0] ??
      top(byName.get("yearRange"), 1).map((o) => ({ name: "year", value: o.value, label: o.label }))[0];
    if (pick) actions.push({ label: `Search ${pick.label} ${reference.name}s`, href: withFilter(state, pick.name, pick.value, ctx) });
  }
  void labels;
  if (walletHref) actions.push({ label: "Shop by Budget", href: walletHref });
  else actions.push({ label: "Shop by Budget", href: "#filters", screen: "small" }, { label: "Shop by Budget", href: "#f-maxprice", screen: "large" });
  actions.push({ label: "Get Price Alerts", href: "#save-search" });
  return actions;
}

const PROMO_TEXT: Record<string, { title: string; text: string }> = {
  "best-deals": { title: "Shop all the best deals", text: "Cars priced under what comparable cars sell for." },
  "buy-online": { title: "Buy online, from home", text: "Dealers who handle the whole purchase online." },
  certified: { title: "Certified used cars", text: "Inspected, warrantied, and ready to go." },
  "by-owner": { title: "Buy from private sellers", text: "Cars listed by their owners." },
};

/** House promotions (we run no ad network): our own category searches, clearly labelled as ads. */
function housePromos(state: SearchState, ctx: SearchUrlContext) {
  return categoryTabs(state, ctx)
    .filter((t) => t.id !== "all" && !t.selected)
    .map((t) => ({ ...PROMO_TEXT[t.id], href: t.href }));
}

/** "A Buy Online filter offers 'Buy Online' and 'Online Paperwork'"; "A button toggles the automaker buy-online experience." */
function buyOnline(state: SearchState, ctx: SearchUrlContext, filters: FacetFilter[]): BuyOnlineData | null {
  const home = filters.find((f) => f.name === "homeServices");
  if (!home) return null;
  const q = state.query;
  const options = ["BUY_ONLINE", "ONLINE_PAPERWORK"].flatMap((v) => {
    const o = home.options.find((x) => x.value === v);
    if (!o) return [];
    const selected = q.homeServices.includes(v);
    return [{ label: o.label, count: o.count, selected, href: selected ? withoutFilter(state, "homeServices", v, ctx) : withFilter(state, "homeServices", v, ctx) }];
  });
  const on = q.experience === "buy-online";
  return { options, experience: { on, href: on ? withoutFilter(state, "experience", undefined, ctx) : withFilter(state, "experience", "buy-online", ctx) } };
}

// =============================================================================================
// The results route's action: intent=hide-showcase here; anything else (the card's Compare) is
// left to the route (null).

export async function resultsAction(request: Request, pageUrl: URL) {
  const form = await request.clone().formData().catch(() => null);
  if (!form || !resultsIntentSchema.safeParse({ intent: form.get("intent") }).success) return null;
  return hideShowcaseAction(pageUrl, getFlags());
}
