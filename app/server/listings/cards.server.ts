// The listing card's data (app/lib/search-view.ts) for search hits: one query for the rows (only
// the columns a card reads), the make and model names from the search labels, the deal verdict in
// words, the card's photos.
import { CARD_PHOTOS } from "../../lib/photos.ts";
import type { SearchHit } from "../../lib/search-query.ts";
import type { ListingCardData } from "../../lib/search-view.ts";
import { vehicleName } from "../../lib/listing.ts";
import { certifiedLabel, dealerCardRating } from "../../lib/trust-signals.ts";
import { marketDifference, RATING_BANDS } from "../../lib/price-verdict.ts";
import { DEAL_LABELS } from "../../lib/format.ts";
import type { Database } from "../db/connection.server.ts";
import { selectCached } from "../db/compiled.server.ts";
import type { SearchLabels } from "../search/labels.server.ts";
import { loadFirstPhotos } from "../photos/queries.server.ts";
import { codes, listingsWithNames, ownerRatingOf } from "./summaries.server.ts";
import type { ListingPhoto } from "../../lib/photos.ts";
import { withBuyOnline } from "../deals/eligibility.server.ts";
import { withHighlights } from "../placements/highlights.server.ts";
import { monthlyCost, type CostTerms } from "../../lib/monthly-cost.ts";

/**
 * Cards of the hits, in a map by id. `costTerms`: show each card's monthly cost with fuel on
 * these terms (app/lib/monthly-cost.ts; only cars with an EPA fuel cost get one).
 */
export async function listingCards(
  db: Database,
  hits: SearchHit[],
  labels: SearchLabels,
  options: { costTerms?: CostTerms | null } = {},
): Promise<Map<number, ListingCardData>> {
  const out = new Map<number, ListingCardData>();
  if (hits.length === 0) return out;
  const byId = new Map(hits.map((h) => [h.id, h]));
  const rows = await cardRows(db, [...byId.keys()]);
  for (const l of rows) {
    const hit = byId.get(l.id);
    const make = labels.makes.get(l.makeCode) ?? l.makeName;
    const model = labels.models.get(`${l.makeCode}|${l.modelCode}`) ?? l.modelName;
    // What the card does not show stays out (ListingCardData: no null, false, 0 or [] keys).
    const card: ListingCardData = {
      id: l.id,
      title: vehicleName({ year: l.year, makeName: make, modelName: model, trimName: l.trimName }),
      // A certified card says which kind of certification it has, never more (ADR 022).
      condition: l.listingType === "NEW" ? "New" : (certifiedLabel(l) ?? "Used"),
      price: l.salePrice,
      mileage: l.mileage,
      bodyStyleCode: l.bodyStyleCode,
      extColor: l.extColorSimple,
      sellerName: l.owner.name,
      city: l.owner.city,
      state: l.owner.state,
    };
    const dealNote = marketDifference(l.salePrice, l.marketPrice);
    if (dealNote) card.dealNote = dealNote;
    if (l.dealRating) {
      card.dealRating = l.dealRating;
      card.dealBand = `${DEAL_LABELS[l.dealRating]}: ${RATING_BANDS[l.dealRating]}`;
    }
    const sellerRating = l.sellerType === "p" ? null : dealerCardRating(l.owner);
    if (sellerRating) card.sellerRating = sellerRating;
    if (l.sellerType === "p") card.privateSeller = true;
    if (hit?.distance !== null && hit?.distance !== undefined) card.distance = Math.round(hit.distance);
    if (hit?.marketExtension) card.extended = true;
    if (l.isReducedPrice) card.reducedPrice = true;
    if (l.photos.length > 0) card.photos = l.photos.slice(0, CARD_PHOTOS);
    if (l.photoCount > 0) card.photoCount = l.photoCount;
    out.set(l.id, card);
    const cost = options.costTerms ? monthlyCost(l.salePrice, l.annualFuelCost, options.costTerms) : null;
    if (cost) out.get(l.id)!.monthlyCost = cost;
  }
  // 'Buy Online' on the cards the eligibility service passes (docs/online-buying.md).
  await withBuyOnline(out, rows);
  // A highlight from real signals only (docs/placements.md "Vehicle highlights"); when each car was
  // listed is in its row already.
  await withHighlights(db, out, Date.now(), new Map(rows.map((r) => [r.id, r.dateListed])));
  return out;
}

/** What a card is made from: a listing's row less everything only its own page shows. */
interface CardRow {
  id: number;
  vin: string;
  listingType: string;
  certifiedProduct: string | null;
  year: number;
  makeCode: string;
  makeName: string;
  modelCode: string;
  modelName: string;
  trimName: string | null;
  mileage: number;
  salePrice: number;
  dealRating: ListingCardData["dealRating"];
  marketPrice: number | null;
  bodyStyleCode: string;
  extColorSimple: string;
  annualFuelCost: number | null;
  isReducedPrice: boolean;
  sellerType: string;
  homeServices: string[];
  /** When the car was listed (ms): the card's 'Listed ... days ago' highlight reads it from here. */
  dateListed: number;
  photos: ListingPhoto[];
  photoCount: number;
  owner: { name: string; city: string; state: string; rating: number | null; ratingCount: number; ratingSource: string | null };
}

/**
 * The cards' rows: the 29 columns a card shows or decides with, not the 70-odd of a listing's
 * summary (`loadListingSummaries`, for its own page): a page's 30 rows at 1M listings took about
 * 0.6 ms, half of it making the columns no card reads (ADR 032). Ids that no longer exist are left out.
 */
async function cardRows(db: Database, ids: readonly number[]): Promise<CardRow[]> {
  const unique = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (unique.length === 0) return [];
  const [rows, photos] = await Promise.all([
    selectCached(db, "card rows", unique, () =>
      listingsWithNames(db)
        .select([
          "l.id",
          "l.vin",
          "l.listing_type",
          "l.certified_product",
          "l.year",
          "l.make_code",
          "l.model_code",
          "l.trim_name",
          "l.mileage",
          "l.sale_price",
          "l.deal_rating",
          "l.market_price",
          "l.body_style_code",
          "l.ext_color_simple",
          "l.annual_fuel_cost",
          "l.is_reduced_price",
          "l.seller_type",
          "l.home_services",
          "l.date_listed",
          "mk.name as make_name",
          "md.name as model_name",
          "o.name as owner_name",
          "o.city as owner_city",
          "o.state as owner_state",
          "o.rating as owner_rating",
          "o.rating_count as owner_rating_count",
          "o.rating_source as owner_rating_source",
          "o.review_rating as owner_review_rating",
          "o.review_count as owner_review_count",
        ])
        .where("l.id", "in", unique),
    ),
    loadFirstPhotos(db, unique, CARD_PHOTOS),
  ]);
  return rows.map((r) => {
    const id = Number(r.id);
    const p = photos.get(id);
    return {
      id,
      vin: r.vin,
      listingType: r.listing_type,
      certifiedProduct: r.certified_product,
      year: r.year,
      makeCode: r.make_code,
      makeName: r.make_name ?? r.make_code,
      modelCode: r.model_code,
      modelName: r.model_name ?? r.model_code,
      trimName: r.trim_name,
      mileage: r.mileage,
      salePrice: r.sale_price,
      dealRating: r.deal_rating,
      marketPrice: r.market_price,
      bodyStyleCode: r.body_style_code,
      extColorSimple: r.ext_color_simple,
      annualFuelCost: r.annual_fuel_cost === null ? null : Number(r.annual_fuel_cost),
      isReducedPrice: r.is_reduced_price === 1,
      sellerType: r.seller_type,
      homeServices: codes(r.home_services),
      dateListed: Number(r.date_listed),
      photos: p?.photos ?? [],
      photoCount: p?.count ?? 0,
      owner: {
        name: r.owner_name,
        city: r.owner_city,
        state: r.owner_state,
        ...ownerRatingOf(r),
      },
    };
  });
}
