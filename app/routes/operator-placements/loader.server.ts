// The operator's placements screen (docs/placements.md, ADR 028): the dealers holding each tier
// and a search for others. Accounts in OPERATOR_EMAILS with a verified address only (a 404 otherwise).
import { requireOperator } from "../../server/accounts/operator.server.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import type { PlacementTier } from "../../server/inventory/placements.server.ts";
import { placementDealers, type PlacedDealer } from "../../server/placements/operator-placements.server.ts";

export interface OperatorPlacementsData {
  operator: string;
  counts: Record<PlacementTier, number>;
  placed: PlacedDealer[];
  query: string;
  found: PlacedDealer[];
  notice: string | null;
}

const NOTICES: Record<string, string> = {
  set: "Placement saved: the results page uses it at once (cached pages within seconds).",
  removed: "Placement removed.",
};

export async function loadOperatorPlacements(request: Request, url: URL): Promise<OperatorPlacementsData> {
  const operator = await requireOperator(request);
  const db = await getDatabase();
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 60);
  const [placed, found] = await Promise.all([
    placementDealers(db, { placedOnly: true }, 500),
    query ? placementDealers(db, { text: query }, 20) : Promise.resolve([]),
  ]);
  const counts = { premium: 0, featured: 0, standard: 0 } as Record<PlacementTier, number>;
  for (const d of placed) if (d.tier) counts[d.tier]++;
  return { operator, counts, placed, query, found, notice: NOTICES[url.searchParams.get("done") ?? ""] ?? null };
}
