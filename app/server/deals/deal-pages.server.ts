// The online-buying pages (docs/online-buying.md): the deal form of one car
// (/cars-for-sale/vehicle/{id}/buy-online) and the shareable deal page (/deal/{id}).
import { data, redirect } from "react-router";
import { DEAL_PATHS, DEFAULT_DEAL_VALUES, type DealCar, type DealFigures, type DealTerms } from "../../lib/deals.ts";
import { dealFigures } from "../../lib/deal-math.ts";
import { dealFormSchema, readDealForm, type DealField, type DealFormValues } from "../../lib/deal-schemas.ts";
import { photoFallbackUrl } from "../../lib/photos.ts";
import { PATHS } from "../../lib/routes.ts";
import { getDatabase } from "../db/connection.server.ts";
import { loadListingSummaries } from "../listings/summaries.server.ts";
import { parseListingId } from "../../lib/vehicle-rules.ts";
import { serviceCalls } from "../services/calls.server.ts";
import { eligibleListings } from "./eligibility.server.ts";
import { readDeal } from "./deals.server.ts";

async function carOf(id: number): Promise<(DealCar & { vin: string; active: boolean }) | null> {
  const [l] = await loadListingSummaries(await getDatabase(), [id], { photos: 1 });
  if (!l) return null;
  return {
    id: l.id,
    vin: l.vin,
    active: l.status === "active",
    title: l.title,
    price: l.salePrice,
    msrp: l.msrp,
    sellerName: l.owner.privateSeller ? "Private seller" : l.owner.name,
    city: l.owner.city,
    state: l.owner.state,
    photo: l.photos[0] ? photoFallbackUrl(l.photos[0], 640) : null,
    vehicleHref: PATHS.vehicle(l.id),
  };
}

export interface BuyOnlinePageData {
  car: DealCar;
  eligible: boolean;
}

export async function loadBuyOnlinePage(rawId: string | undefined): Promise<BuyOnlinePageData> {
  const id = parseListingId(rawId);
  const car = id === null ? null : await carOf(id);
  if (!car) throw data(null, { status: 404, statusText: "Not Found" });
  if (!car.active) throw redirect(PATHS.vehicle(car.id), 302);
  const eligible = (await eligibleListings([car])).has(car.id);
  const { vin: _vin, active: _active, ...shown } = car;
  return { car: shown, eligible };
}

export interface BuyOnlineReply {
  values: DealFormValues;
  errors: Partial<Record<DealField, string>>;
  /** A message for the whole form ('Circuit Breaker for /deals is open', or the service's refusal). */
  formError: string | null;
}

export async function buyOnlineAction(request: Request, rawId: string | undefined) {
  const id = parseListingId(rawId);
  const car = id === null ? null : await carOf(id);
  if (!car) throw data(null, { status: 404, statusText: "Not Found" });
  const form = await request.formData().catch(() => null);
  const raw = Object.fromEntries([...(form?.entries() ?? [])].filter(([, v]) => typeof v === "string").map(([k, v]) => [k, String(v).slice(0, 40)]));
  const parsed = dealFormSchema.safeParse(raw);
  const values: DealFormValues = parsed.success ? parsed.data : DEFAULT_DEAL_VALUES;
  const read = readDealForm(values, car.price);
  if (!read.ok) return data<BuyOnlineReply>({ values: { ...values, dealType: read.dealType }, errors: read.errors, formError: null }, { status: 400 });
  const saved = await serviceCalls().saveDeal({ deal: { carId: car.id, ...read.terms } });
  if ("id" in saved) throw redirect(DEAL_PATHS.deal(saved.id), 303);
  // The service's refusal keeps its status; a failure is the catalogue's fallback text on the page
  // (200: the page itself answered, as with every other fallback).
  return data<BuyOnlineReply>({ values, errors: {}, formError: saved.error }, { status: saved.status ?? 200 });
}

export interface DealPageData {
  id: string;
  car: DealCar;
  terms: DealTerms;
  figures: DealFigures;
  /** The car is still for sale (a deal outlives a sold car, saying so). */
  available: boolean;
  priceChanged: boolean;
  savedAt: number;
}

export async function loadDealPage(rawId: string | undefined): Promise<DealPageData> {
  const deal = rawId ? await readDeal(await getDatabase(), rawId) : null;
  const car = deal ? await carOf(deal.listingId) : null;
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
  };
}
