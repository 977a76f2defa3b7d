// GET /cars-for-sale/svc/listing-view-count (vin, dateRange): decision 023.
import type { Route } from "./+types/svc.listing-view-count";
import { listingViewCountLoader } from "../server/listings/still-interested.server";

export async function loader({ url }: Route.LoaderArgs) {
  return listingViewCountLoader(url);
}
