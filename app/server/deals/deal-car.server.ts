// The car a deal is about, as the online-buying pages show it (docs/online-buying.md): the deal
// form of one car (app/routes/buy-online/) and the shareable deal page (app/routes/deal/) both
// read it here. `vin` and `active` are for the server only; the pages drop them from what they send.
import type { DealCar } from "../../lib/deals.ts";
import { photoFallbackUrl } from "../../lib/photos.ts";
import { PATHS } from "../../lib/routes.ts";
import type { Database } from "../db/connection.server.ts";
import { loadListingSummaries } from "../listings/summaries.server.ts";

export type DealCarRecord = DealCar & { vin: string; active: boolean };

/** The listing as a deal's car, or null when there is no such listing. */
export async function dealCarOf(db: Database, id: number): Promise<DealCarRecord | null> {
  const [l] = await loadListingSummaries(db, [id], { photos: 1 });
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
