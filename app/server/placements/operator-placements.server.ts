// Paid placements as an operator sets them (docs/placements.md, ADR 028): which dealers hold which
// tier. The results page's sponsored cards, the dealer showcase and the spotlight services read
// `dealer_placements` (app/server/inventory/placements.server.ts); the operator's screen
// (app/routes/operator-placements) lists and sets it through this module.
import { PLACEMENT_TIERS, isPlacementTier, type PlacementTier } from "../inventory/placements.server.ts";
import type { Database } from "../db/connection.server.ts";

export interface PlacedDealer {
  id: number;
  externalId: string;
  name: string;
  city: string;
  state: string;
  tier: PlacementTier | null;
  since: number | null;
  activeListings: number;
}

/** Dealers with their placement and active listings: the placed ones, or those matching a text. */
export async function placementDealers(db: Database, where: { placedOnly?: boolean; text?: string }, limit: number): Promise<PlacedDealer[]> {
  let q = db.kysely
    .selectFrom("owners as o")
    .leftJoin("dealer_placements as p", "p.owner_id", "o.id")
    .select((eb) => [
      "o.id",
      "o.external_id",
      "o.name",
      "o.city",
      "o.state",
      "p.tier",
      "p.since",
      eb
        .selectFrom("listings as l")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("l.owner_id", "=", "o.id")
        .where("l.status", "=", "active")
        .as("active"),
    ])
    .where("o.seller_type", "=", "d");
  if (where.placedOnly) q = q.where("p.owner_id", "is not", null);
  if (where.text) {
    const like = `%${where.text.replace(/[%_\\]/g, "").toLowerCase()}%`;
    q = q.where((eb) => eb.or([eb(eb.fn("lower", ["o.name"]), "like", like), eb(eb.fn("lower", ["o.external_id"]), "like", like)]));
  }
  const rows = await q.orderBy("o.name").limit(limit).execute();
  const rank = (t: string | null) => (t === null ? 9 : PLACEMENT_TIERS.indexOf(t as PlacementTier));
  return rows
    .map((r) => ({
      id: Number(r.id),
      externalId: r.external_id,
      name: r.name,
      city: r.city,
      state: r.state,
      tier: isPlacementTier(r.tier) ? r.tier : null,
      since: r.since === null ? null : Number(r.since),
      activeListings: Number(r.active ?? 0),
    }))
    .sort((a, b) => rank(a.tier) - rank(b.tier) || a.name.localeCompare(b.name));
}

/** Sets (or removes) one dealer's placement tier. */
export async function setPlacement(db: Database, externalId: string, tier: PlacementTier | "none", now = Date.now()): Promise<"set" | "removed" | "unknown"> {
  const owner = await db.kysely
    .selectFrom("owners")
    .select(["id", "seller_type"])
    .where((eb) => eb(eb.fn("lower", ["external_id"]), "=", externalId.toLowerCase()))
    .executeTakeFirst();
  if (!owner || owner.seller_type !== "d") return "unknown";
  const ownerId = Number(owner.id);
  if (tier === "none") {
    await db.kysely.deleteFrom("dealer_placements").where("owner_id", "=", ownerId).execute();
    return "removed";
  }
  await db.kysely
    .insertInto("dealer_placements")
    .values({ owner_id: ownerId, tier, since: now })
    .onConflict((oc) => oc.column("owner_id").doUpdateSet({ tier, since: now }))
    .execute();
  return "set";
}
