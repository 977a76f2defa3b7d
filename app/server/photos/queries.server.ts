// The ready photos of listings, in feed order, as pages show them (docs/photos.md).
import { sql } from "kysely";
import type { Database } from "../db/connection.server.ts";
import { selectCached } from "../db/compiled.server.ts";
import type { ListingPhoto } from "../../lib/photos.ts";
import { toListingPhoto } from "./jobs.server.ts";

/** Ready photos by listing id (listings without any are absent). `perListing` caps each list. */
export async function loadListingPhotos(db: Database, ids: readonly number[], perListing = Infinity): Promise<Map<number, ListingPhoto[]>> {
  const out = new Map<number, ListingPhoto[]>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  if (Number.isFinite(perListing)) {
    for (const [id, v] of await loadFirstPhotos(db, unique, perListing)) out.set(id, v.photos);
    return out;
  }
  const rows = await selectCached(db, "listing photos", [...unique, "ready"], () =>
    db.kysely
      .selectFrom("listing_photos as lp")
      .innerJoin("photos as p", "p.hash", "lp.photo_hash")
      .select(["lp.listing_id", "p.hash", "p.width", "p.height", "p.widths", "p.color"])
      .where("lp.listing_id", "in", unique)
      .where("lp.state", "=", "ready")
      .orderBy("lp.listing_id")
      .orderBy("lp.position"),
  );
  for (const r of rows) {
    const id = Number(r.listing_id);
    let list = out.get(id);
    if (!list) out.set(id, (list = []));
    if (list.length < perListing) list.push(toListingPhoto(r));
  }
  return out;
}

/** Ready photo counts by listing id. */
export async function countListingPhotos(db: Database, ids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const rows = await db.kysely
    .selectFrom("listing_photos")
    .select(["listing_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("listing_id", "in", unique)
    .where("state", "=", "ready")
    .groupBy("listing_id")
    .execute();
  for (const r of rows) out.set(Number(r.listing_id), Number(r.n));
  return out;
}

/**
 * The first `n` ready photos of each listing and how many it has, in one query (a window over
 * each listing's photos): what a results page's cards need, without reading every photo row.
 */
export async function loadFirstPhotos(db: Database, ids: readonly number[], n: number): Promise<Map<number, { photos: ListingPhoto[]; count: number }>> {
  const out = new Map<number, { photos: ListingPhoto[]; count: number }>();
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (unique.length === 0) return out;
  const { rows } = await sql<{ listing_id: number; hash: string; width: number; height: number; widths: string; color: string; total: number }>`
    SELECT t.listing_id, p.hash, p.width, p.height, p.widths, p.color, t.total FROM (
      SELECT listing_id, photo_hash, position,
             ROW_NUMBER() OVER (PARTITION BY listing_id ORDER BY position) AS rn,
             COUNT(*) OVER (PARTITION BY listing_id) AS total
      FROM listing_photos WHERE state = 'ready' AND listing_id IN (${sql.join(unique)})
    ) t JOIN photos p ON p.hash = t.photo_hash
    WHERE t.rn <= ${n}
    ORDER BY t.listing_id, t.position`.execute(db.kysely);
  for (const r of rows) {
    const id = Number(r.listing_id);
    let entry = out.get(id);
    if (!entry) out.set(id, (entry = { photos: [], count: Number(r.total) }));
    entry.photos.push(toListingPhoto(r));
  }
  return out;
}
