// The listing card's data (app/lib/search-view.ts) for search hits: one query for the rows, the
// make and model names from the search labels, the deal verdict in words, the card's photos.
import { CARD_PHOTOS } from "../../lib/photos.ts";
import type { SearchHit } from "../../lib/search-query.ts";
import type { ListingCardData } from "../../lib/search-view.ts";
import { vehicleName } from "../../lib/listing.ts";
import { certifiedLabel, dealerCardRating } from "../../lib/trust-signals.ts";
import { marketDifference, RATING_BANDS } from "../../lib/price-verdict.ts";
import { DEAL_LABELS } from "../../lib/format.ts";
import type { Database } from "../db/connection.server.ts";
import type { SearchLabels } from "../search/labels.server.ts";
import { loadListingSummaries } from "./summaries.server.ts";
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
  const summaries = await loadListingSummaries(db, [...byId.keys()], { photos: CARD_PHOTOS });
  for (const l of summaries) {
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
  await withBuyOnline(out, summaries);
  // A highlight from real signals only (docs/placements.md "Vehicle highlights").
  await withHighlights(db, out);
  return out;
}
