// The results page's section-2 extras, from the search's own answer and real inventory data
// (docs/decisions/010-results-page-extras.md):
// - suggested-filter chips from the current facets;
// - the model reference section (Pricing, Compare Trims, FAQs) for a single make and model,
//   computed by the spec's crawl and mileage-stats services and cached per make/model;
// - card tiers (docs/placements.md): sponsored (premium 0-2, fourth tier 23 per 30), simplified
//   (peekaboo 9 per 30) and the vehicle highlight row from dealers with a paid placement,
//   recommended new-car boost (6, 22), the inline filter promo (14);
// - the sponsored dealer showcase ('alpha') and its hide cookie;
// - the shopping assistant's actions, house promotions (ads flag), the Buy Online filter.
import { CONDITION_PAGE_NAMES } from "../../lib/listing-types.ts";
import { RESEARCH_PATHS } from "../../lib/research-paths.ts";
import { BUY_ONLINE_EXPERIENCE } from "../../lib/deals.ts";
import { data, redirect } from "react-router";
import { SITE_COOKIES } from "../../server/security/cookies.server.ts";
import {
  ALPHA_CAROUSEL_LISTINGS,
  ALPHA_HIDE_COOKIE_MINUTES,
  BOOST_LISTINGS_REQUESTED,
  FILTER_PROMO_SLOT,
  HIGHLIGHT_SPOTLIGHTS_REQUESTED,
  MILES_PER_YEAR,
  PEEKABOO_DEFAULT_SLOT,
  PRICING_YEARS_MAX,
  SPOTLIGHT_COUNTS,
} from "../../lib/constants.ts";
import type { Flags } from "../../lib/flags.ts";
import { formatInt, formatPrice } from "../../lib/format.ts";
import { placeGrid } from "../../lib/results-placement.ts";
import { walletHref } from "../../server/wallet.server.ts";
import { PATHS } from "../../lib/routes.ts";
import { MAX_RESULT_WINDOW, type FacetFilter, type SearchHit, type SearchQuery, type SearchResult } from "../../lib/search-query.ts";
import { categoryTabs, conditionOf, serializeSearchUrl, withFilter, withoutFilter, type SearchState, type SearchUrlContext } from "../../lib/search-url.ts";
import type { AssistantAction, BuyOnlineData, FaqItem, GridEntry, ModelReferenceData, PriceRow, ResultsExtras, ShowcaseData, SuggestedFilter } from "./view.ts";
import type { ListingCardData } from "../../lib/search-view.ts";
import { memo } from "../../server/cache.server.ts";
import type { Database } from "../../server/db/connection.server.ts";
import { placementsOf, type ListingPlacement } from "../../server/inventory/placements.server.ts";
import type { CostTerms } from "../../lib/monthly-cost.ts";
import type { SearchLabels } from "../../server/search/labels.server.ts";
import type { SearchEngine } from "../../server/search/search.server.ts";
import { averagePrice } from "../../server/search/engine.server.ts";
import { type CrawlKind } from "../../server/services/listing-service.server.ts";
import { SPOTLIGHT_POOL, boostQueryOf, keepSpotlightPool } from "../../server/placements/spotlights.server.ts";
import { orThrow, serviceCalls } from "../../server/services/calls.server.ts";
import { listingCards } from "../../server/listings/cards.server.ts";
import { consumerRatingsYear } from "../../lib/reviews.ts";
import { consumerRatingsFor, expertReviewsFor, safetyInfoFor } from "../../server/research/research-data.server.ts";
import { safetyYear } from "../../lib/safety.ts";
import { dealerRatingLabel, dealerRatingOf } from "../../lib/trust-signals.ts";
import { reportError } from "../../server/observability/log.server.ts";

// =============================================================================================
// Sponsored pool: the base search asks for this many results beyond the page, at no extra scan.
// The paid-placement tiers are drawn from them (matches of the same search, in its order): the
// spotlight calls' own pool (SPOTLIGHT_POOL from the end of the page), kept for them by drawTiers.

export const SPONSORED_POOL = SPOTLIGHT_POOL;

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

export const showcaseHiddenCookie = SITE_COOKIES.showcaseHidden;

/** POST intent=hide-showcase: hides the dealer showcase, then back to the same results (303). */
export async function hideShowcaseAction(pageUrl: URL, flags: Pick<Flags, "alphaHideCookie" | "sponsoredHideButton">) {
  if (!flags.sponsoredHideButton) return data({ ok: false as const }, { status: 400 });
  const cookie = await showcaseHiddenCookie.serialize(1, flags.alphaHideCookie ? { maxAge: ALPHA_HIDE_COOKIE_MINUTES * 60 } : {});
  throw redirect(`${pageUrl.pathname}${pageUrl.search}#listings`, { status: 303, headers: { "Set-Cookie": cookie } });
}

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
  return serviceCalls()
    .crawl(kind, url.searchParams)
    .then((r) => orThrow(r).links as PriceRow[]);
}

/** "Pricing tab only for used or new listing type with model-year/trim link lists; lists limited to 11 years." */
function pricingLists(make: string, model: string, isNew: boolean) {
  return memo(`results-extras:pricing:${make}|${model}|${isNew ? "new" : "used"}`, REFERENCE_TTL_MS, async () => {
    const [byYear, byTrim] = await Promise.all([crawl(isNew ? "newmodelyears" : "modelyears", make, model), crawl(isNew ? "newtrims" : "trims", make, model)]);
    return { byYear: byYear.slice(0, PRICING_YEARS_MAX), byTrim };
  });
}

function mileageFacts(engine: SearchEngine, make: string, model: string) {
  return memo(
    `results-extras:mileage:${make}|${model}`,
    REFERENCE_TTL_MS,
    () => (
      void engine,
      serviceCalls()
        .mileageStats(new URLSearchParams({ makeCode: make, modelCode: model, listingType: "USED" }))
        .then(orThrow)
    ),
  );
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

/**
 * Count and prices of every active listing of a make and model in a condition class, all model
 * years (the Pricing tab's lists stop at 11 years, so their sum is not the count): the same
 * listing types the search counts for the condition (USED includes 3P_CERT).
 */
function modelPriceSummary(engine: SearchEngine, make: string, model: string, types: readonly string[]) {
  return memo(`results-extras:summary:${make}|${model}|${types.join(",")}`, REFERENCE_TTL_MS, async () => {
    const all = (await engine.priceStats({ makeCode: make, modelCode: model, listingTypes: types })).all;
    return all === null ? null : { count: all.count, avg: averagePrice(all), min: all.min, max: all.max };
  });
}

async function modelReference(
  db: Database,
  state: SearchState,
  labels: SearchLabels,
  engine: SearchEngine,
  result: SearchResult,
): Promise<ModelReferenceData | null> {
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
  const thisYear = new Date().getUTCFullYear();
  const ratingsSubject = consumerRatingsYear(q, thisYear);
  const safetySubject = safetyYear(q, thisYear);
  const [pricing, mileage, consumerRatings, safety, expert] = await Promise.all([
    pricingApplies ? pricingLists(make, model, condition === "new") : Promise.resolve(null),
    used ? mileageFacts(engine, make, model) : Promise.resolve(null),
    // docs/decisions/024-model-research.md: through the breaker layer; a failure leaves the tab out.
    ratingsSubject ? consumerRatingsFor(make, model, ratingsSubject.year).catch(() => null) : Promise.resolve(null),
    safetySubject ? safetyInfoFor(make, model, safetySubject.year).catch(() => null) : Promise.resolve(null),
    // 'Car Reviews': at most 2 published expert reviews of the model (the searched year when single).
    expertReviewsFor(make, model, year ?? null).catch(() => []),
  ]);
  const faqShape = year !== undefined || trim !== undefined || (used && result.totalResultCount > FILTER_PROMO_SLOT && (mileage?.count ?? 0) > 1);
  const word = condition === "new" ? "new" : condition === "certified" ? "certified" : "used";
  const faqs: FaqItem[] = [];
  if (faqShape) {
    const scope =
      year !== undefined || trim !== undefined
        ? summarise(
            pricing ? (year !== undefined ? pricing.byYear.filter((r) => r.value === String(year)) : pricing.byTrim.filter((r) => r.value === trim)) : [],
          )
        : pricingApplies
          ? await modelPriceSummary(engine, make, model, condition === "new" ? ["NEW"] : ["USED", "3P_CERT"])
          : null;
    const what = [year, name, trim].filter(Boolean).join(" ");
    if (scope) {
      faqs.push({
        question: `How much does a ${word} ${what} cost?`,
        answer:
          `Across the ${formatInt(scope.count)} ${word} ${what} listings for sale on Forecourt, the average price ` +
          `is ${formatPrice(scope.avg)}. Prices run from ${formatPrice(scope.min)} to ${formatPrice(scope.max)}.`,
      });
    } else if (result.stats.derivedprice) {
      faqs.push({
        question: `How much does a ${word} ${what} cost?`,
        answer:
          `The ${formatInt(result.totalResultCount)} matches of this search are priced from ` +
          `${formatPrice(result.stats.derivedprice.min)} to ${formatPrice(result.stats.derivedprice.max)}.`,
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
    conditionWord: CONDITION_PAGE_NAMES[word],
    pricing: hasPricing ? pricing : null,
    compareTrimsHref: `${PATHS.compareTrims}?${new URLSearchParams({ makeCode: make, modelCode: model })}`,
    faqs,
    research: [
      ...(expert.length > 0
        ? [
            {
              id: "model-car-reviews" as const,
              label: "Car Reviews" as const,
              title: "Car Reviews",
              note: "Written by Forecourt's editors.",
              groups: expert.map((r) => ({
                heading: `${r.year} ${name}: ${r.headline}`,
                items: [
                  { label: "Score", value: `${r.score}/10` },
                  { label: "Verdict", value: r.verdict },
                  { label: "By", value: `${r.author}, ${new Date(r.publishedAt ?? r.updatedAt).toISOString().slice(0, 10)}` },
                ],
              })),
              links: expert.map((r) => ({ label: `Read the ${r.year} ${name} review`, href: RESEARCH_PATHS.expertReview(r.id) })),
            },
          ]
        : []),
      ...(safety
        ? [
            {
              id: "model-safety" as const,
              label: "Safety" as const,
              title: `${safety.year} ${name} safety ratings`,
              note: "NHTSA 5-Star Safety Ratings, as imported from NHTSA's published data.",
              groups: safety.vehicles.flatMap((v) => v.features.map((f) => ({ heading: `${v.description}: ${f.group}`, items: f.items }))),
              links: [],
            },
          ]
        : []),
      ...(ratingsSubject && consumerRatings
        ? [
            {
              id: "model-consumer-reviews" as const,
              label: "Consumer Reviews" as const,
              title: `${ratingsSubject.year} ${name} consumer reviews`,
              note: `From ${consumerRatings.numberOfReviews} ${consumerRatings.numberOfReviews === 1 ? "review" : "reviews"} by Forecourt shoppers`,
              groups: [
                { heading: "Consumer ratings", items: consumerRatings.ratings.map((r) => ({ label: r.name, value: `${r.value.toFixed(1)} out of 5` })) },
              ],
              links: [
                { label: `Read the ${ratingsSubject.year} ${name} reviews`, href: RESEARCH_PATHS.modelYearReviews(make, model, ratingsSubject.year) },
                { label: "Write a review", href: RESEARCH_PATHS.writeReview(make, model, ratingsSubject.year) },
              ],
            },
          ]
        : []),
    ],
  };
}

// =============================================================================================
// Card tiers and the dealer showcase

/** The tiers a batch shows (docs/placements.md). */
interface TierPicks {
  premium: SearchHit[];
  featured: SearchHit[];
  standard: SearchHit[];
  /** The highlight spotlights, strongest first (the row takes the top 4 when more than 3 are read). */
  highlights: SearchHit[];
  boost: SearchHit[];
  /** The premium dealer with the most matches in the pool (the showcase's dealer). */
  showcaseOwner: number | null;
}

const NO_TIERS: Omit<TierPicks, "showcaseOwner"> = { premium: [], featured: [], standard: [], highlights: [], boost: [] };

/**
 * The showcase's dealer: the premium dealer with the most matches in the pool. Its cars go to the
 * showcase, so the premium and highlight spotlights come from other dealers.
 */
export function showcaseOwnerOf(pool: SearchHit[], placements: Map<number, ListingPlacement>, withShowcase: boolean): number | null {
  if (!withShowcase) return null;
  const premiumOwners = new Map<number, number>();
  for (const h of pool) {
    const p = placements.get(h.id);
    if (p?.tier === "premium") premiumOwners.set(p.ownerId, (premiumOwners.get(p.ownerId) ?? 0) + 1);
  }
  let owner: number | null = null;
  let best = 0;
  for (const [o, n] of premiumOwners) if (n > best) [owner, best] = [o, n];
  return owner;
}

/** The spec's new-car boost call (firstRecord 0, numRecords 2): new cars of the searched make. */
function boostQuery(q: SearchQuery): SearchQuery | null {
  if (q.makeCodes.length !== 1 || q.listingTypes.every((t) => t === "NEW")) return null;
  return boostQueryOf({ ...q, firstRecord: 0, numRecords: BOOST_LISTINGS_REQUESTED });
}
// =============================================================================================
// The extras

export interface ExtrasInput {
  /** The shopper hid the dealer showcase (shopper context). */
  showcaseHidden: boolean;
  state: SearchState;
  ctx: SearchUrlContext;
  labels: SearchLabels;
  result: SearchResult;
  pool: SearchHit[];
  db: Database;
  engine: SearchEngine;
  flags: Flags;
  organic: ListingCardData[];
  /** The terms the cards show their monthly cost on, or null for none (page.server.ts cardCostTerms). */
  costTerms: CostTerms | null;
}

/** The search's own address (not the request's, which is a `.data` URL after a client-side navigation). */
function canonicalOf(state: SearchState, ctx: SearchUrlContext): string {
  return serializeSearchUrl(state, ctx);
}

/** What the card tiers of one batch need: the same for the page and for an infinite-scroll batch. */
export type TiersInput = Pick<ExtrasInput, "showcaseHidden" | "result" | "pool" | "db" | "engine" | "flags" | "organic" | "costTerms"> & { q: SearchQuery };

/**
 * Draws the batch's tier listings as the page does, each through the breaker layer (a failed call
 * leaves its tier out): the spotlights (3 premium, 6 featured, 6 standard) from the matches after
 * the batch, rotated by page; on the first page also the vehicle highlight call (10, extended
 * highlights) and the new-car boost (firstRecord 0, 2). The showcase's dealer (first page) is
 * kept out of the premium and highlight spotlights.
 */
async function drawTiers({ showcaseHidden, q, pool, result, db, engine, flags, organic }: TiersInput): Promise<TierPicks> {
  const firstPage = q.firstRecord === 0;
  const placements = await placementsOf(
    db,
    pool.map((h) => h.id),
    engine,
  );
  const showcaseOwner = showcaseOwnerOf(pool, placements, flags.alphaShowcase && !showcaseHidden && firstPage && q.showcaseOwnerId === undefined);
  if (organic.length === 0) return { ...NO_TIERS, showcaseOwner };
  const spotlightPage = Math.ceil(q.firstRecord / q.numRecords) + 1;
  const calls = serviceCalls();
  // Drawn from the matches after this batch: the batch's own results stay its own.
  const after = { ...q, firstRecord: q.firstRecord + q.numRecords };
  // In process, the spotlight calls' pool is this search's own beyond the page: no search again.
  if (calls.mode === "in-process") await keepSpotlightPool(after, pool, result);
  const exclude = showcaseOwner !== null ? { excludeOwnerId: showcaseOwner } : {};
  const bq = firstPage ? boostQuery(q) : null;
  const [premium, featured, standard, highlights, boost] = await Promise.all([
    calls.spotlights(after, { tier: "premium", numSpotlights: SPOTLIGHT_COUNTS.premium, spotlightPage, ...exclude }),
    calls.spotlights(after, { tier: "featured", numSpotlights: SPOTLIGHT_COUNTS.featured, spotlightPage }),
    calls.spotlights(after, { tier: "standard", numSpotlights: SPOTLIGHT_COUNTS.standard, spotlightPage }),
    firstPage
      ? calls.highlightSpotlights(after, { numSpotlights: HIGHLIGHT_SPOTLIGHTS_REQUESTED, spotlightPage, includeExtendedVehicleHighlights: true, ...exclude })
      : Promise.resolve([] as SearchHit[]),
    bq ? calls.newCarBoost(bq) : Promise.resolve([] as SearchHit[]),
  ]);
  return { premium, featured, standard, highlights, boost, showcaseOwner };
}

/** Every listing a batch's tiers may show (their cards are read together). */
const tierHits = (t: TierPicks): SearchHit[] => [...t.premium, ...t.featured, ...t.standard, ...t.highlights, ...t.boost];

/** The batch's grid in its final order (tiers placed); null when it has no results. */
function gridOf({ q, result, flags, organic }: TiersInput, picks: TierPicks, cards: Map<number, ListingCardData>): GridEntry[] | null {
  const cardsOf = (hs: SearchHit[]) => hs.map((h) => cards.get(h.id)).filter((c): c is ListingCardData => c !== undefined);
  return organic.length === 0
    ? null
    : placeGrid({
        organic,
        pageSize: q.numRecords,
        total: result.totalResultCount,
        lastPage: q.firstRecord + q.numRecords >= result.totalResultCount,
        premium: cardsOf(picks.premium),
        featured: cardsOf(picks.featured),
        standard: cardsOf(picks.standard),
        highlights: cardsOf(picks.highlights),
        boost: cardsOf(picks.boost),
        peekabooSlot: PEEKABOO_DEFAULT_SLOT,
        filterPromo: true,
        wallet: flags.wallet,
        ads: flags.ads,
      });
}

/**
 * One infinite-scroll batch's grid (app/routes/results/batch.server.ts): the tiers the page at that
 * `firstRecord` shows, in the same slots, so a batch loaded in place looks like its own page.
 */
export async function batchGrid(input: TiersInput & { labels: SearchLabels }): Promise<GridEntry[] | null> {
  const picks = await drawTiers(input);
  const cards = await listingCards(input.db, tierHits(picks), input.labels, { costTerms: input.costTerms });
  return gridOf(input, picks, cards);
}

export async function loadResultsExtras(input: ExtrasInput): Promise<ResultsExtras> {
  const { state, ctx, labels, result, db, engine, flags, organic } = input;
  const q = state.query;
  const tiers: TiersInput = { ...input, q };
  const [picks, reference] = await Promise.all([
    drawTiers(tiers),
    modelReference(db, state, labels, engine, result).catch((e) => {
      reportError("model reference failed", e);
      return null;
    }),
  ]);
  // The dealer showcase: first page only, for the premium dealer with the most matches.
  const showcaseOn = picks.showcaseOwner !== null;
  const pageIds = new Set([...organic.map((l) => l.id), ...tierHits(picks).map((h) => h.id)]);
  const [showcaseResult, owner] = showcaseOn
    ? await Promise.all([
        serviceCalls().search(
          { ...q, showcaseOwnerId: picks.showcaseOwner!, firstRecord: 0, numRecords: Math.min(100, ALPHA_CAROUSEL_LISTINGS + pageIds.size + 5) },
          { required: false, hideFilters: true },
        ),
        db.kysely
          .selectFrom("owners")
          .select(["id", "name", "city", "state", "phone", "rating", "rating_count", "rating_source", "review_rating", "review_count"])
          .where("id", "=", picks.showcaseOwner!)
          .executeTakeFirst(),
      ])
    : [null, undefined];
  const showcaseHits = (showcaseResult?.hits ?? []).filter((h) => !pageIds.has(h.id)).slice(0, ALPHA_CAROUSEL_LISTINGS);

  const cards = await listingCards(db, [...tierHits(picks), ...showcaseHits], labels, { costTerms: input.costTerms });
  const cardsOf = (hs: SearchHit[]) => hs.map((h) => cards.get(h.id)).filter((c): c is ListingCardData => c !== undefined);
  const grid = gridOf(tiers, picks, cards);

  let showcase: ShowcaseData | null = null;
  if (showcaseOn && owner && showcaseHits.length > 0) {
    showcase = {
      dealer: {
        id: Number(owner.id),
        name: owner.name,
        city: owner.city,
        state: owner.state,
        phone: owner.phone,
        ...dealerRatingOf(owner),
        ratingLabel: dealerRatingLabel(dealerRatingOf(owner)),
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
    assistant: assistantActions(state, ctx, labels, result.filters, reference, flags.wallet ? walletHref(canonicalOf(state, ctx)) : null, flags.saveSearch),
    ads: flags.ads ? { promos: housePromos(state, ctx) } : null,
    buyOnline: buyOnline(state, ctx, result.filters),
  };
}

// =============================================================================================
// Shopping assistant, house promotions, Buy Online filter

/**
 * `walletHref`: 'Shop by Budget' opens the wallet (decision 017); without it, the price filter
 * (#f-maxprice, on a phone inside the filter panel, which opens for it). 'Get Price Alerts' leads
 * to the save-search form (#save-search), so only when Save search is on.
 */
function assistantActions(
  state: SearchState,
  ctx: SearchUrlContext,
  labels: SearchLabels,
  filters: FacetFilter[],
  reference: ModelReferenceData | null,
  walletHref: string | null,
  saveSearch: boolean,
): AssistantAction[] {
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
  else actions.push({ label: "Shop by Budget", href: "#f-maxprice" });
  if (saveSearch) actions.push({ label: "Get Price Alerts", href: "#save-search" });
  return actions;
}

const PROMO_TEXT: Record<string, { title: string; text: string }> = {
  "best-deals": { title: "Shop all the best deals", text: "Cars priced under what comparable cars sell for." },
  "buy-online": { title: "Buy online, from home", text: "Dealers who handle the whole purchase online." },
  certified: { title: "Certified used cars", text: "Inspected, warrantied, and ready to go." },
  "by-owner": { title: "Buy from private sellers", text: "Cars listed by their owners." },
};

/** House promotions (we run no ad network): our own category searches, clearly labelled as ads. */
export function housePromos(state: SearchState, ctx: SearchUrlContext) {
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
    return [
      { label: o.label, count: o.count, selected, href: selected ? withoutFilter(state, "homeServices", v, ctx) : withFilter(state, "homeServices", v, ctx) },
    ];
  });
  const on = q.experience === "buy-online";
  const href = on ? withoutFilter(state, "experience", undefined, ctx) : withFilter(state, "experience", BUY_ONLINE_EXPERIENCE.value, ctx);
  return { options, experience: { on, href, label: `Buy online from ${BUY_ONLINE_EXPERIENCE.makeName}` } };
}
