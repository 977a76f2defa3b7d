// The vehicle detail page's loader (issue 6, first cut): one listing with its features by display
// group, its price history, the shopper's distance and the links back to search. A sold or expired
// listing redirects to the results for its make and model with the expired-listing banner; an
// unknown or malformed id is a 404.
import { data, redirect } from "react-router";
import { z } from "zod";
import { MONEY_BACK_GUARANTEE } from "../../lib/constants.ts";
import { sanitizeDealerHtml } from "../../lib/dealer-html.ts";
import { verdictReason } from "../../lib/price-verdict.ts";
import { listingImages, type ListingImage, type ListingSummary } from "../../lib/listing.ts";
import { PATHS } from "../../lib/routes.ts";
import { categoryUrl, type SearchUrlContext } from "../../lib/search-url.ts";
import { distanceMiles, normalizeQueryZip } from "../../lib/zip.ts";
import { getDatabase, type Database } from "../db/connection.server.ts";
import { getEnv } from "../env.server.ts";
import { loadListingSummaries } from "../listings/summaries.server.ts";
import { lookupZip } from "../reference/zip.server.ts";
import { getSearchPageContext, getSearchUrlContext } from "../services/url-context.server.ts";
import { isbot } from "isbot";
import { SIMILAR_PAGE_SIZE } from "../../lib/constants.ts";
import { estimatePayment, type PaymentEstimate } from "../../lib/payment.ts";
import { readWallet } from "../wallet.server.ts";
import { recordView } from "../accounts/recent-views.server.ts";
import { getSessionUser } from "../accounts/session.server.ts";
import { reportError } from "../observability/log.server.ts";
import type { ListingCardData } from "../../components/search/types.ts";
import { emailedListingIds } from "../leads/leads.server.ts";
import { readVisitorId } from "../leads/visitor.server.ts";
import { countView, pendingViews } from "../listings/views.server.ts";
import { getSearchEngine } from "../search/search.server.ts";
import { listingCards } from "./results-page.server.ts";

const DAY_MS = 86_400_000;

/** "Similar listings page size 20", nearest to the shopper's ZIP when one is given. Optional: the page stands without them. */
async function similarListings(db: Database, id: number, zip: string | null): Promise<ListingCardData[]> {
  try {
    const [engine, { labels }] = await Promise.all([getSearchEngine(), getSearchPageContext()]);
    const result = await engine.similar({ listingId: id, zip: zip ?? undefined, excludedListingIds: [id], numRecords: SIMILAR_PAGE_SIZE });
    const cards = await listingCards(db, result.hits, labels);
    return result.hits.map((h) => cards.get(h.id)).filter((c): c is ListingCardData => c !== undefined);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "similar listings failed", error: String((error as Error)?.message ?? error) }));
    return [];
  }
}

/** Listing ids are positive integers written in digits only (no signs, spaces or exponents). */
export const listingIdSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n) && n > 0);

export function parseListingId(raw: unknown): number | null {
  const r = listingIdSchema.safeParse(raw);
  return r.success ? r.data : null;
}

export type Condition = "new" | "used" | "certified";

/** The results page a listing belongs to: its condition, make and model. */
export function conditionOfListing(listingType: string): Condition {
  return listingType === "NEW" ? "new" : listingType === "CERTIFIED" ? "certified" : "used";
}

export function resultsUrlFor(l: Pick<ListingSummary, "listingType" | "makeCode" | "modelCode">, ctx?: SearchUrlContext): string {
  return categoryUrl({ condition: conditionOfListing(l.listingType), makeCode: l.makeCode, modelCode: l.modelCode }, ctx);
}

/** The results page for the listing's make and model with `expired={id}` (the "no longer available" banner). */
export function expiredRedirectUrl(l: Pick<ListingSummary, "id" | "listingType" | "makeCode" | "modelCode">, ctx?: SearchUrlContext): string {
  const u = new URL(resultsUrlFor(l, ctx), "http://forecourt.invalid");
  u.searchParams.set("expired", String(l.id));
  return `${u.pathname}${u.search}`;
}

export interface DealVerdict {
  rating: string;
  /** Plain words, e.g. "$1,240 below the average of 23 similar cars within 100 miles". */
  reason: string | null;
  marketPrice: number | null;
  basis: "comparables" | "estimate" | null;
}

/**
 * The stored verdict (app/server/inventory/market.server.ts computes it with
 * app/lib/price-verdict.ts) in words. `count` > 0 means comparable cars; 0 our estimate.
 */
export function dealVerdict(
  price: number,
  rating: string | null,
  market: number | null,
  count: number | null = null,
  radius: number | null = null,
): DealVerdict | null {
  if (!rating) return null;
  if (market === null || market <= 0) return { rating, reason: null, marketPrice: null, basis: null };
  const basis = count !== null && count > 0 ? "comparables" : "estimate";
  return { rating, reason: verdictReason(price, { marketPrice: market, basis, count: count ?? 0, radius }), marketPrice: market, basis };
}

export interface FeatureGroup {
  group: string;
  names: string[];
}

export interface PriceHistoryRow {
  /** Epoch ms. */
  at: number;
  price: number;
  /** Change from the previous row (null for the first). */
  change: number | null;
}

export interface WarrantyInfo {
  headline: string;
  points: string[];
}

/** What the page can honestly say about cover: certified program, money-back guarantee, or the basics. */
export function warrantyInfo(l: Pick<ListingSummary, "listingType" | "certifiedProduct" | "moneyBackGuarantee" | "makeName">): WarrantyInfo {
  const points: string[] = [];
  let headline: string;
  if (l.listingType === "NEW") {
    headline = "New vehicle: covered by the manufacturer's factory warranty";
    points.push(`${l.makeName}'s new-vehicle warranty starts on the day of delivery; ask the dealer for its terms.`);
  } else if (l.listingType === "CERTIFIED") {
    headline = `Certified pre-owned${l.certifiedProduct ? `: ${l.certifiedProduct}` : ""}`;
    points.push(
      `A manufacturer certified program for cars under 6 years old and under 80,000 miles, with a 172-point inspection.`,
      "Ask the dealer for the program's warranty terms and the inspection report.",
    );
  } else if (l.listingType === "3P_CERT") {
    headline = `Third-party certified${l.certifiedProduct ? `: ${l.certifiedProduct}` : ""}`;
    points.push("Certified by an independent program, not the manufacturer. Ask the seller for the program's terms.");
  } else {
    headline = "Sold as listed by the seller";
    points.push("Any remaining factory or dealer warranty depends on this car's history: ask the seller.");
  }
  if (l.moneyBackGuarantee) {
    points.push(
      `Money-back guarantee: return it within ${MONEY_BACK_GUARANTEE.days} days or ${MONEY_BACK_GUARANTEE.miles.toLocaleString("en-US")} miles, whichever comes first.`,
    );
  }
  return { headline, points };
}

export interface VehiclePageData {
  listing: ListingSummary;
  images: ListingImage[];
  /** Absolute URL of the first picture (Open Graph, JSON-LD). */
  imageUrl: string;
  canonicalUrl: string;
  /** The page's path (form actions). */
  canonicalPath: string;
  origin: string;
  resultsUrl: string;
  resultsLabel: string;
  conditionLabel: string;
  deal: DealVerdict | null;
  features: FeatureGroup[];
  history: PriceHistoryRow[];
  daysOnMarket: number;
  /** The instant the page was made (the chart runs to it). */
  now: number;
  /** Views including those counted but not yet written. */
  views: number;
  payment: PaymentEstimate;
  similar: ListingCardData[];
  contact: {
    /** Dealers take email; private sellers take offers; some dealers only the phone. */
    mode: "email" | "offer" | "phone";
    /** This shopper has sent an enquiry about this car (status SUCCESS). */
    emailed: boolean;
    justSent: "contact" | "offer" | null;
  };
  reported: boolean;
  /** The shopper's valid ZIP, carried by the page's GET forms. */
  zip: string | null;
  warranty: WarrantyInfo;
  /** The seller's description, reduced to the dealer-HTML allow-list ("" when there is none). */
  descriptionHtml: string;
  /** Distance from the shopper's ZIP, when a valid one was given. */
  distance: { zip: string; city: string; state: string; miles: number } | null;
}

async function loadFeatureGroups(db: Database, codes: string[]): Promise<FeatureGroup[]> {
  if (codes.length === 0) return [];
  const rows = await db.kysely
    .selectFrom("ref_features")
    .select(["code", "name", "display_group", "sort"])
    .where("code", "in", codes)
    .orderBy("sort")
    .orderBy("name")
    .execute();
  const groups = new Map<string, string[]>();
  for (const r of rows) {
    const list = groups.get(r.display_group);
    if (list) list.push(r.name);
    else groups.set(r.display_group, [r.name]);
  }
  return [...groups].map(([group, names]) => ({ group, names }));
}

async function loadPriceHistory(db: Database, id: number): Promise<PriceHistoryRow[]> {
  const rows = await db.kysely
    .selectFrom("listing_price_history")
    .select(["price", "recorded_at"])
    .where("listing_id", "=", id)
    .orderBy("recorded_at")
    .orderBy("id")
    .execute();
  return rows.map((r, i) => ({ at: Number(r.recorded_at), price: r.price, change: i === 0 ? null : r.price - rows[i - 1].price }));
}

const RESULTS_CONDITION_LABELS: Record<Condition, string> = { new: "New", used: "Used", certified: "Certified" };
const CONDITION_LABELS: Record<string, string> = { NEW: "New", USED: "Used", CERTIFIED: "Certified", "3P_CERT": "Certified" };

export async function loadVehiclePage(request: Request, url: URL, rawId: string | undefined, now = Date.now()): Promise<VehiclePageData> {
  const id = parseListingId(rawId);
  if (id === null) throw data(null, { status: 404, statusText: "Not Found" });
  const db = await getDatabase();
  const [listing] = await loadListingSummaries(db, [id]);
  if (!listing) throw data(null, { status: 404, statusText: "Not Found" });
  const ctx = await getSearchUrlContext();
  if (listing.status !== "active") throw redirect(expiredRedirectUrl(listing, ctx), 302);

  const bot = isbot(request.headers.get("user-agent") ?? "");
  if (!bot) countView(db, id);
  // A signed-in shopper's browsing history (decision 018); never for bots, never fatal.
  const user = bot ? null : await getSessionUser(request);
  if (user) await recordView(db, user.id, id).catch((error: unknown) => reportError("recording a view failed", error));
  const zipParam = normalizeQueryZip(url.searchParams.get("zip"));
  const place = zipParam ? lookupZip(zipParam) : null;
  const [features, history, market, visitorId, similar] = await Promise.all([
    loadFeatureGroups(db, listing.features),
    loadPriceHistory(db, id),
    db.kysely
      .selectFrom("listings as l")
      .innerJoin("owners as o", "o.id", "l.owner_id")
      .select(["l.market_count", "l.market_radius", "l.description", "o.hide_email_form"])
      .where("l.id", "=", id)
      .executeTakeFirst(),
    readVisitorId(request),
    similarListings(db, id, place?.zip ?? null),
  ]);
  const emailed = (await emailedListingIds(db, visitorId, [id])).has(id);
  const sent = url.searchParams.get("sent");
  const origin = getEnv().PUBLIC_ORIGIN.replace(/\/+$/, "");
  const images = listingImages(listing);
  const p = url.searchParams;
  // The shopper's wallet (decision 017) fills the estimate when the form was not sent.
  const wallet = p.has("apr") || p.has("down") || p.has("term") ? null : await readWallet(request);
  const paymentInput = wallet
    ? { down: wallet.down ? String(Math.min(wallet.down, Math.max(0, listing.salePrice - 1))) : "", term: String(wallet.term), apr: String(wallet.apr) }
    : { price: p.get("price"), down: p.get("down"), term: p.get("term"), apr: p.get("apr") };
  const condition = CONDITION_LABELS[listing.listingType] ?? "Used";
  return {
    listing,
    images,
    imageUrl: origin + images[0].src,
    canonicalUrl: origin + PATHS.vehicle(id),
    canonicalPath: PATHS.vehicle(id),
    origin,
    resultsUrl: resultsUrlFor(listing, ctx),
    resultsLabel: `${RESULTS_CONDITION_LABELS[conditionOfListing(listing.listingType)]} ${listing.makeName} ${listing.modelName}`,
    conditionLabel: condition,
    deal: dealVerdict(
      listing.salePrice,
      listing.dealRating,
      listing.marketPrice,
      market?.market_count == null ? null : Number(market.market_count),
      market?.market_radius == null ? null : Number(market.market_radius),
    ),
    features,
    history,
    daysOnMarket: Math.max(0, Math.floor((now - listing.dateListed) / DAY_MS)),
    now,
    views: listing.viewCount + pendingViews(id),
    payment: estimatePayment(paymentInput, listing.salePrice),
    similar,
    contact: {
      mode: listing.owner.privateSeller ? "offer" : market && Number(market.hide_email_form) === 1 ? "phone" : "email",
      emailed,
      justSent: sent === "contact" || sent === "offer" ? sent : null,
    },
    reported: p.get("reported") === "1",
    zip: place ? place.zip : null,
    warranty: warrantyInfo(listing),
    // Sanitised again at render: rows stored before the feed cleaned them, or written another way.
    descriptionHtml: sanitizeDealerHtml(market?.description),
    distance: place
      ? {
          zip: place.zip,
          city: place.city,
          state: place.state,
          miles: Math.round(distanceMiles(place.lat, place.lon, listing.location.lat, listing.location.lon)),
        }
      : null,
  };
}
