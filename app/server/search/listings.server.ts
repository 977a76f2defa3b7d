// Full rows for the ids a search returns: the index answers with ids (and distances); cards
// need the listing and its owner, read by primary key in one query each, in the hits' order.
import type { Selectable } from "kysely";
import type { Database } from "../db/connection.server.ts";
import type { ListingTable, OwnerTable } from "../db/schema.server.ts";

export type ListingRow = Selectable<ListingTable>;
export type OwnerRow = Selectable<OwnerTable>;

/** The listings of `ids`, in that order (ids that no longer exist are left out). */
export async function listingsByIds(db: Database, ids: readonly number[]): Promise<ListingRow[]> {
  if (ids.length === 0) return [];
  const rows: ListingRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(...(await db.kysely.selectFrom("listings").selectAll().where("id", "in", ids.slice(i, i + 500)).execute()));
  }
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [r] : [];
  });
}

/** Owners by id. */
export async function ownersByIds(db: Database, ids: Iterable<number>): Promise<Map<number, OwnerRow>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, OwnerRow>();
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db.kysely.selectFrom("owners").selectAll().where("id", "in", unique.slice(i, i + 500)).execute();
    for (const r of rows) out.set(Number(r.id), r);
  }
  return out;
}
