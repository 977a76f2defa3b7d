// The shareable deal page (docs/online-buying.md): the saved deal, its car as it is now (a deal
// outlives a sold car; a changed price is noted, the figures keep the price saved) and the page's
// own address to copy or mail. An unknown id is a 404.
import { data } from "react-router";
import { DEAL_PATHS, type DealCar, type DealFigures, type DealTerms } from "../../lib/deals.ts";
import { dealFigures } from "../../lib/deal-math.ts";
import { dealCarOf } from "../../server/deals/deal-car.server.ts";
import { readDeal } from "../../server/deals/deals.server.ts";
import { siteUrl } from "../../server/env.server.ts";
import type { AppContext } from "../../server/http/request-context.server.ts";

export interface DealPageData {
  id: string;
  car: DealCar;
  terms: DealTerms;
  figures: DealFigures;
  /** The car is still for sale (a deal outlives a sold car, saying so). */
  available: boolean;
  priceChanged: boolean;
  savedAt: number;
  shareUrl: string;
}

export async function loadDealPage(rawId: string | undefined, app: AppContext): Promise<DealPageData> {
  const deal = rawId ? await readDeal(app.db, rawId) : null;
  const car = deal ? await dealCarOf(app.db, deal.listingId) : null;
  if (!deal || !car) throw data(null, { status: 404, statusText: "Not Found" });
  const { vin: _vin, active, ...shown } = car;
  return {
    id: deal.id,
    car: { ...shown, price: deal.price },
    terms: deal.terms,
    figures: dealFigures(deal.price, deal.terms),
    available: active,
    priceChanged: active && car.price !== deal.price,
    savedAt: deal.updatedAt,
    shareUrl: siteUrl(DEAL_PATHS.deal(deal.id)),
  };
}
