// Paid placements: the dealers who bought a placement tier, the honest source of the results
// page's sponsored cards and the sponsored dealer showcase (docs/decisions/010-results-page-extras.md).
// There is no ad-sales system: rows of `dealer_placements` are written by the demo seed (a
// deterministic share of its dealers) or by an operator; the page only reads them.
import { createHash } from "node:crypto";
import type { Database } from "../db/connection.server.ts";
import { oncePerRequest } from "../observability/context.server.ts";
import type { SearchEngine } from "../search/engine.server.ts";

/** Spotlight tiers (docs/results-page.md): premium, featured, standard, and a fourth tier. */
export const PLACEMENT_TIERS = ["premium", "featured", "standard"] as const;
export type PlacementTier = (typeof PLACEMENT_TIERS)[number];

export function isPlacementTier(v: unknown): v is PlacementTier {
  return typeof v === "string" && (PLACEMENT_TIERS as readonly string[]).includes(v);
}

/**
 * The demo inventory's buyers: a dealer's tier follows from a hash of its external id alone, so it
 * is the same at any seed size and draws nothing from the generator's random stream (the listings
 * stay exactly as they were). About 8% premium, 8% featured, 10% standard.
 */
export function demoPlacementTier(externalId: string): PlacementTier | null {
  const h = createHash("sha1").update(`placement:${externalId}`).digest().readUInt16BE(0) % 100;
  if (h < 8) return "premium";
  if (h < 16) return "featured";
  if (h < 26) return "standard";
  return null;
}

/** Writes the demo seed's placements for every dealer that has none yet. */
export async function assignDemoPlacements(db: Database, now = Date.now()): Promise<number> {
  const dealers = await db.kysely
    .selectFrom("owners")
    .leftJoin("dealer_placements as p", "p.owner_id", "owners.id")
    .select(["owners.id", "owners.external_id"])
    .where("owners.seller_type", "=", "d")
    .where("p.owner_id", "is", null)
    .execute();
  const rows = dealers
    .map((d) => ({ owner_id: Number(d.id), tier: demoPlacementTier(d.external_id), since: now }))
    .filter((r): r is { owner_id: number; tier: PlacementTier; since: number } => r.tier !== null);
  for (let i = 0; i < rows.length; i += 500)
    await db.kysely
      .insertInto("dealer_placements")
      .values(rows.slice(i, i + 500))
      .execute();
  return rows.length;
}

export interface ListingPlacement {
  listingId: number;
  ownerId: number;
  tier: PlacementTier;
}

/**
 * The placement tier of each listing's dealer, for the listings whose dealer has one. Read once
 * per request for the same listings (a results page and its four spotlight calls ask for the same
 * pool's): an operator's change shows from the next request on. Each listing's dealer comes from
 * `dealers` (the search engine: its index knows them) when given, else from the listings table,
 * as do the ones it does not know; then only the small placements table is read (ADR 032).
 */
export function placementsOf(db: Database, listingIds: readonly number[], dealers?: Pick<SearchEngine, "ownersOf">): Promise<Map<number, ListingPlacement>> {
  if (listingIds.length === 0) return Promise.resolve(new Map());
  return oncePerRequest(`placementsOf:${db.description}:${listingIds.join(",")}`, () => readPlacements(db, listingIds, dealers));
}

async function readPlacements(db: Database, listingIds: readonly number[], dealers?: Pick<SearchEngine, "ownersOf">): Promise<Map<number, ListingPlacement>> {
  const owners = dealers ? await dealers.ownersOf(listingIds) : new Map<number, number>();
  const unknown = listingIds.filter((id) => !owners.has(id));
  if (unknown.length > 0) {
    const rows = await db.kysely.selectFrom("listings").select(["id", "owner_id"]).where("id", "in", unknown).execute();
    for (const r of rows) owners.set(Number(r.id), Number(r.owner_id));
  }
  const tiers = new Map<number, PlacementTier>();
  const ownerIds = [...new Set(owners.values())];
  if (ownerIds.length > 0) {
    const rows = await db.kysely.selectFrom("dealer_placements").select(["owner_id", "tier"]).where("owner_id", "in", ownerIds).execute();
    for (const r of rows) if (isPlacementTier(r.tier)) tiers.set(Number(r.owner_id), r.tier);
  }
  const out = new Map<number, ListingPlacement>();
  for (const id of listingIds) {
    const ownerId = owners.get(id);
    const tier = ownerId === undefined ? undefined : tiers.get(ownerId);
    if (ownerId !== undefined && tier) out.set(id, { listingId: id, ownerId, tier });
  }
  return out;
}
