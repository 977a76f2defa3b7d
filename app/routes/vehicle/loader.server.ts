// The vehicle detail page's loader (docs/vehicle-page.md): one listing with its features by display
// group, its price history, the shopper's distance and the links back to search. A sold or expired
// listing redirects to the results for its make and model with the expired-listing banner; an
// unknown or malformed id is a 404.
import { data, redirect } from "react-router";
import { certifiedKind, certifiedLabel } from "../../lib/trust-signals.ts";
import { sanitizeDealerHtml } from "../../lib/dealer-html.ts";
import { photoFallbackUrl } from "../../lib/photos.ts";
import { listingImages } from "../../lib/listing.ts";
import { listingTypeLabel, titleWordOf } from "../../lib/listing-types.ts";
import { PATHS } from "../../lib/routes.ts";
import { distanceMiles, normalizeQueryZip } from "../../lib/zip.ts";
import { dealVerdict, expiredRedirectUrl, featureGroupsOf, parseListingId, resultsUrlFor, warrantyInfo } from "../../lib/vehicle-rules.ts";
import { publicOrigin } from "../../server/env.server.ts";
import type { PriceHistoryRow, VehicleMonthlyCost, VehiclePageData } from "../../lib/vehicle-view.ts";
export type { Condition, DealVerdict, FeatureGroup, PriceHistoryRow, VehiclePageData, WarrantyInfo } from "../../lib/vehicle-view.ts";
import { loadListingSummaries } from "../../server/listings/summaries.server.ts";
import { lookupZip } from "../../server/reference/zip.server.ts";
import { getSearchPageContext, getSearchUrlContext } from "../../server/services/url-context.server.ts";
import { SIMILAR_PAGE_SIZE, notConfirmedText } from "../../lib/constants.ts";
import { estimatePayment } from "../../lib/payment.ts";
import { MONTHLY_COST_TEXT, costTermsText, fuelMonthly } from "../../lib/monthly-cost.ts";
import { recordView } from "../../server/accounts/recent-views.server.ts";
import { reportError } from "../../server/observability/log.server.ts";
import type { ListingCardData } from "../../lib/search-view.ts";
import { oneClickMode } from "../../lib/account.ts";
import { emailedListingIds } from "../../server/leads/leads.server.ts";
import { countView, pendingViews, viewerKeys } from "../../server/listings/views.server.ts";
import { listingCards } from "../../server/listings/cards.server.ts";
import type { Database } from "../../server/db/connection.server.ts";
import type { AppContext, ShopperContext } from "../../server/http/request-context.server.ts";
import { serviceCalls } from "../../server/services/calls.server.ts";
import { compareStatusOf } from "../../server/compare/compare.server.ts";
import { eligibleListings, mayBuyOnline } from "../../server/deals/eligibility.server.ts";
import { vehicleDealerReviews, vehicleExpertReview, vehicleReviews } from "../../server/research/model-year-reviews.server.ts";

export interface VehicleArgs {
  url: URL;
  rawId: string | undefined;
  app: AppContext;
  shopper: ShopperContext;
}

const DAY_MS = 86_400_000;

/** The true monthly cost's breakdown data: EPA's fuel cost with its assumptions, or why there is none (decision 031). */
function vehicleMonthlyCost(listing: { annualFuelCost: number | null; fuelTypeGroup: string }, fromWallet: boolean): VehicleMonthlyCost {
  const annual = listing.annualFuelCost;
  const defaultTerms = costTermsText(undefined);
  if (annual === null || annual <= 0) return { fuel: null, notes: [MONTHLY_COST_TEXT.none], defaultTerms, fromWallet };
  return {
    fuel: { label: listing.fuelTypeGroup === "ELE" ? "Electricity" : "Fuel", annual, monthly: fuelMonthly(annual) },
    notes: [
      listing.fuelTypeGroup === "PHEV" ? `${MONTHLY_COST_TEXT.fuelSource} ${MONTHLY_COST_TEXT.plugInHybrid}` : MONTHLY_COST_TEXT.fuelSource,
      MONTHLY_COST_TEXT.excludes,
    ],
    defaultTerms,
    fromWallet,
  };
}

/**
 * "Similar listings page size 20", nearest to the shopper's ZIP when one is given, through the
 * breaker layer. Optional: the page stands without them.
 */
async function similarListings(db: Database, id: number, zip: string | null): Promise<ListingCardData[]> {
  try {
    const [result, { labels }] = await Promise.all([
      serviceCalls().similar({ listingId: id, zip: zip ?? undefined, excludedListingIds: [id], numRecords: SIMILAR_PAGE_SIZE }, { count: false }),
      getSearchPageContext(),
    ]);
    const cards = await listingCards(db, result.hits, labels);
    return result.hits.map((h) => cards.get(h.id)).filter((c): c is ListingCardData => c !== undefined);
  } catch (error) {
    reportError("similar listings failed", error);
    return [];
  }
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

/** The page's own data (the listing and what the shopper's cookies add to it). */
export async function loadVehicleData({ url, rawId, app, shopper }: VehicleArgs, now = Date.now()): Promise<VehiclePageData> {
  const id = parseListingId(rawId);
  if (id === null) throw data(null, { status: 404, statusText: "Not Found" });
  const db = app.db;
  const [listing] = await loadListingSummaries(db, [id]);
  if (!listing) throw data(null, { status: 404, statusText: "Not Found" });
  const ctx = await getSearchUrlContext();
  // A feed listing not confirmed lately is out of search but keeps its page, marked (decision 030).
  if (listing.status !== "active" && listing.status !== "unconfirmed") throw redirect(expiredRedirectUrl(listing, ctx), 302);

  const bot = shopper.bot;
  // A signed-in shopper's browsing history (decision 018); never for bots, never fatal.
  const user = bot ? null : await shopper.user();
  // Once per viewer (account, else address), listing and day (ADR 036); a visitor's views are also
  // kept, uncounted, for its push alerts.
  if (!bot)
    for (const viewer of viewerKeys({ userId: user?.id ?? null, visitorId: shopper.visitorId, address: shopper.address }, app.env.SESSION_SECRET))
      countView(db, id, viewer);
  if (user) await recordView(db, user.id, id).catch((error: unknown) => reportError("recording a view failed", error));
  // The ZIP in the address, else the shopper's own (ATC_USER_ZIP): distance and the nearest similar cars.
  const zipParam = normalizeQueryZip(url.searchParams.get("zip")) ?? shopper.userZip;
  const place = zipParam ? lookupZip(zipParam) : null;
  const visitorId = shopper.visitorId;
  const [{ labels }, history, market, similar] = await Promise.all([
    // Feature names from the search labels (reference data, loaded once per process), not a query.
    getSearchPageContext(),
    loadPriceHistory(db, id),
    db.kysely
      .selectFrom("listings as l")
      .innerJoin("owners as o", "o.id", "l.owner_id")
      .select(["l.market_count", "l.market_radius", "l.description", "l.confirmed_at", "o.hide_email_form"])
      .where("l.id", "=", id)
      .executeTakeFirst(),
    similarListings(db, id, place?.zip ?? null),
  ]);
  const features = featureGroupsOf(listing.features, labels.features);
  const emailed = (await emailedListingIds(db, visitorId, [id], user?.id ?? null)).has(id);
  const sent = url.searchParams.get("sent");
  const oneClick = oneClickMode(user ? { optedIn: user.oneClickOptIn, ...user } : null);
  const origin = publicOrigin();
  const images = listingImages(listing);
  const p = url.searchParams;
  // The shopper's wallet (decision 017) fills the estimate when the form was not sent.
  const wallet = p.has("apr") || p.has("down") || p.has("term") ? null : shopper.wallet;
  const paymentInput = wallet
    ? { down: wallet.down ? String(Math.min(wallet.down, Math.max(0, listing.salePrice - 1))) : "", term: String(wallet.term), apr: String(wallet.apr) }
    : { price: p.get("price"), down: p.get("down"), term: p.get("term"), apr: p.get("apr") };
  const condition = certifiedLabel(listing) ?? listingTypeLabel(listing.listingType);
  return {
    listing,
    images,
    imageUrls: listing.photos.map((ph) => origin + photoFallbackUrl(ph, 1024)),
    canonicalUrl: origin + PATHS.vehicle(id),
    canonicalPath: PATHS.vehicle(id),
    origin,
    resultsUrl: resultsUrlFor(listing, ctx),
    resultsLabel: `${titleWordOf(listing.listingType)} ${listing.makeName} ${listing.modelName}`,
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
    notConfirmed: listing.status === "unconfirmed" && market?.confirmed_at != null ? notConfirmedText(Number(market.confirmed_at)) : null,
    now,
    views: listing.viewCount + pendingViews(id),
    payment: estimatePayment(paymentInput, listing.salePrice),
    monthlyCost: vehicleMonthlyCost(listing, wallet !== null),
    similar,
    contact: {
      mode: listing.owner.privateSeller ? "offer" : market && Number(market.hide_email_form) === 1 ? "phone" : "email",
      emailed,
      justSent: sent === "contact" || sent === "offer" ? sent : null,
      copySent: p.get("copy") === "1",
      oneClick,
      profile:
        user && oneClick !== "form" ? { firstName: user.firstName ?? "", lastName: user.lastName ?? "", email: user.email, phone: user.phone ?? "" } : null,
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

/** The whole page: the listing's data, the compare state, its research sections and 'Buy Online'. */
export async function loadVehiclePage(args: VehicleArgs) {
  const page = await loadVehicleData(args);
  const l = page.listing;
  const [reviews, dealerReviews, expertReview, buyOnline, certifiedSponsor] = await Promise.all([
    vehicleReviews(l, args.url),
    vehicleDealerReviews(l.owner),
    vehicleExpertReview(l),
    // 'Buy Online' when the eligibility service passes the car (docs/online-buying.md); a car
    // that cannot pass is not asked about.
    mayBuyOnline(l) ? eligibleListings([l]) : Promise.resolve(new Map<number, string>()),
    // The branded program's sponsor content for the Warranty section; a failure is logged only.
    certifiedKind(l) === "brand" && l.certifiedProduct ? serviceCalls().certifiedSponsor(l.certifiedProduct) : Promise.resolve(null),
  ]);
  const compare = compareStatusOf(args.shopper.compareIds, args.app.flags);
  return { ...page, compare, reviews, dealerReviews, expertReview, buyOnlineHref: buyOnline.get(l.id) ?? null, certifiedSponsor };
}
