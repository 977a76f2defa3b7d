// 'Buy Online' (docs/online-buying.md): the car's deal form when the eligibility service says it
// is sellable online; an unknown id is a 404 and a car no longer for sale goes back to its page.
import { data, redirect } from "react-router";
import type { DealCar } from "../../lib/deals.ts";
import { PATHS } from "../../lib/routes.ts";
import { parseListingId } from "../../lib/vehicle-rules.ts";
import { dealCarOf } from "../../server/deals/deal-car.server.ts";
import { eligibleListings } from "../../server/deals/eligibility.server.ts";
import type { AppContext } from "../../server/http/request-context.server.ts";

export interface BuyOnlinePageData {
  car: DealCar;
  eligible: boolean;
}

export async function loadBuyOnlinePage(rawId: string | undefined, app: AppContext): Promise<BuyOnlinePageData> {
  const id = parseListingId(rawId);
  const car = id === null ? null : await dealCarOf(app.db, id);
  if (!car) throw data(null, { status: 404, statusText: "Not Found" });
  if (!car.active) throw redirect(PATHS.vehicle(car.id), 302);
  const eligible = (await eligibleListings([car])).has(car.id);
  const { vin: _vin, active: _active, ...shown } = car;
  return { car: shown, eligible };
}
