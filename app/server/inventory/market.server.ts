// Keeps every active listing's price verdict (deal_rating, market_price, market_count,
// market_radius) current with app/lib/price-verdict.ts, the same rule the vehicle page uses to
// explain it (`marketVerdicts`: a whole market at once, the same results as `priceVerdict` per
// listing). A listing's market is its year, make and model, so a write refreshes the groups it
// touches; the seed refreshes everything once at the end. Changed rows get a new updated_at and
// are announced, so the search index (badges, the Best Deals filter) follows within a second.
import { sql } from "kysely";
import { marketVerdicts, type MarketListing } from "../../lib/price-verdict.ts";
import type { Database } from "../db/connection.server.ts";
import { inventoryChanges } from "./changes.server.ts";
import { sqliteTransaction } from "../db/transaction.server.ts";

interface MarketRow {
  id: number;
  listing_type: string;
  make_code: string;
  model_code: string;
  year: number;
  trim_code: string | null;
  trim_rank: number | null;
  mileage: number;
  sale_price: number;
  lat: number;
  lon: number;
  deal_rating: string | null;
  market_price: number | null;
  estimate_price: number | null;
  market_count: number | null;
  market_radius: number | null;
  verdict_at: number | null;
  updated_at: number;
}

export interface GroupKey {
  makeCode: string;
  modelCode: string;
  year: number;
}

const SELECT = `SELECT l.id, l.listing_type, l.make_code, l.model_code, l.year, l.trim_code, t.trim_rank, l.mileage,
  l.sale_price, l.lat, l.lon, l.deal_rating, l.market_price, l.estimate_price, l.market_count, l.market_radius,
  l.verdict_at, l.updated_at
  FROM listings l LEFT JOIN ref_trims t ON t.id = l.trim_id`;

interface VerdictWrite {
  id: number;
  rating: string | null;
  market: number | null;
  estimate: number | null;
  count: number | null;
  radius: number | null;
  /** Rating or market changed: the search index must see it. */
  changed: boolean;
}

function toMarketListing(r: MarketRow): MarketListing {
  return {
    id: Number(r.id),
    isNew: r.listing_type === "NEW",
    trimCode: r.trim_code,
    trimRank: r.trim_rank === null ? null : Number(r.trim_rank),
    mileage: Number(r.mileage),
    price: Number(r.sale_price),
    lat: Number(r.lat),
    lon: Number(r.lon),
  };
}

/** Verdicts for one group's active rows; only rows whose stored verdict is stale or different. */
export function verdictsForGroup(rows: MarketRow[]): VerdictWrite[] {
  // A feed or the generator rewrote market_price with its value estimate since the last verdict.
  const stale = rows.map((r) => r.verdict_at === null || Number(r.updated_at) > Number(r.verdict_at));
  const estimates = rows.map((r, i) =>
    stale[i] ? (r.market_price === null ? null : Number(r.market_price)) : r.estimate_price === null ? null : Number(r.estimate_price),
  );
  const verdicts = marketVerdicts(rows.map(toMarketListing), estimates);
  const out: VerdictWrite[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const estimate = estimates[i] ?? null;
    const v = verdicts[i] ?? null;
    const rating = v?.rating ?? null;
    const price = v?.marketPrice ?? null;
    const count = v ? v.count : null;
    const radius = v ? v.radius : null;
    const changed = rating !== r.deal_rating || price !== (r.market_price === null ? null : Number(r.market_price));
    const same =
      !changed &&
      !stale[i] &&
      count === (r.market_count === null ? null : Number(r.market_count)) &&
      radius === (r.market_radius === null ? null : Number(r.market_radius)) &&
      estimate === (r.estimate_price === null ? null : Number(r.estimate_price));
    if (!same) out.push({ id: Number(r.id), rating, market: price, estimate, count, radius, changed });
  }
  return out;
}

async function writeVerdicts(db: Database, writes: VerdictWrite[], now: number): Promise<number[]> {
  const changedIds = writes.filter((w) => w.changed).map((w) => w.id);
  if (writes.length === 0) return changedIds;
  if (db.sqlite) {
    const raw = db.sqlite;
    const changed = raw.prepare(
      "UPDATE listings SET deal_rating = ?, market_price = ?, estimate_price = ?, " +
        "market_count = ?, market_radius = ?, verdict_at = ?, updated_at = ? WHERE id = ?",
    );
    const quiet = raw.prepare(
      "UPDATE listings SET deal_rating = ?, market_price = ?, estimate_price = ?, market_count = ?, market_radius = ?, verdict_at = ? WHERE id = ?",
    );
    for (let i = 0; i < writes.length; i += 5000) {
      sqliteTransaction(raw, () => {
        for (const w of writes.slice(i, i + 5000)) {
          if (w.changed) changed.run(w.rating, w.market, w.estimate, w.count, w.radius, now, now, w.id);
          else quiet.run(w.rating, w.market, w.estimate, w.count, w.radius, now, w.id);
        }
      });
    }
  } else {
    for (let i = 0; i < writes.length; i += 1000) {
      const batch = writes.slice(i, i + 1000);
      const values = sql.join(
        batch.map(
          (w) =>
            sql`(${w.id}::bigint, ${w.rating}::text, ${w.market}::integer, ${w.estimate}::integer,
              ${w.count}::integer, ${w.radius}::integer, ${w.changed}::boolean)`,
        ),
      );
      await sql`UPDATE listings AS l SET deal_rating = v.rating, market_price = v.market, estimate_price = v.estimate,
          market_count = v.count, market_radius = v.radius, verdict_at = ${now},
          updated_at = CASE WHEN v.changed THEN ${now}::bigint ELSE l.updated_at END
        FROM (VALUES ${values}) AS v(id, rating, market, estimate, count, radius, changed)
        WHERE l.id = v.id`.execute(db.kysely);
    }
  }
  return changedIds;
}

function announce(ids: number[], now: number) {
  if (ids.length > 0) inventoryChanges.emit({ kind: "listings", ids, at: now });
}

async function loadGroup(db: Database, g: GroupKey): Promise<MarketRow[]> {
  const r = await sql<MarketRow>`${sql.raw(SELECT)}
    WHERE l.make_code = ${g.makeCode} AND l.model_code = ${g.modelCode} AND l.year = ${g.year} AND l.status = 'active'`.execute(db.kysely);
  return r.rows;
}

/** Refreshes the given groups; returns the ids whose rating or market changed. */
export async function refreshMarketGroups(db: Database, groups: GroupKey[], now = Date.now()): Promise<number[]> {
  const seen = new Set<string>();
  const writes: VerdictWrite[] = [];
  for (const g of groups) {
    const key = `${g.makeCode}|${g.modelCode}|${g.year}`;
    if (seen.has(key)) continue;
    seen.add(key);
    writes.push(...verdictsForGroup(await loadGroup(db, g)));
  }
  const changed = await writeVerdicts(db, writes, now);
  announce(changed, now);
  return changed;
}

/** Refreshes the markets of these listings (after they were written, sold or hidden). */
export async function refreshMarketForListings(db: Database, ids: number[], now = Date.now()): Promise<number[]> {
  if (ids.length === 0) return [];
  const groups: GroupKey[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.kysely
      .selectFrom("listings")
      .select(["make_code", "model_code", "year"])
      .distinct()
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
    for (const r of rows) groups.push({ makeCode: r.make_code, modelCode: r.model_code, year: Number(r.year) });
  }
  return refreshMarketGroups(db, groups, now);
}

/**
 * Every group (after a seed, or when verdicts have never been computed). The writes are kept
 * (about 90 bytes a listing, 87 MB at 1M) and made in id order at the end: a group's rows lie all
 * over the table, and a million SQLite updates in group order took 66 s against 9 s in row order.
 */
export async function refreshAllMarkets(db: Database, now = Date.now()): Promise<{ groups: number; written: number; changed: number }> {
  let groups = 0;
  const pending: VerdictWrite[] = [];
  const add = (rows: MarketRow[]) => {
    if (rows.length === 0) return;
    for (const w of verdictsForGroup(rows)) pending.push(w);
    groups++;
  };
  if (db.sqlite) {
    // One ordered pass over the make/model/year index, a group at a time.
    const keys = db.sqlite.prepare("SELECT DISTINCT make_code, model_code, year FROM listings WHERE status = 'active' ORDER BY 1, 2, 3").all() as {
      make_code: string;
      model_code: string;
      year: number;
    }[];
    const stmt = db.sqlite.prepare(`${SELECT} WHERE l.make_code = ? AND l.model_code = ? AND l.year = ? AND l.status = 'active'`);
    for (const k of keys) add(stmt.all(k.make_code, k.model_code, k.year) as unknown as MarketRow[]);
  } else {
    const keys = await sql<{
      make_code: string;
      model_code: string;
      year: number;
    }>`SELECT DISTINCT make_code, model_code, year FROM listings WHERE status = 'active'`.execute(db.kysely);
    for (const k of keys.rows) add(await loadGroup(db, { makeCode: k.make_code, modelCode: k.model_code, year: Number(k.year) }));
  }
  pending.sort((a, b) => a.id - b.id);
  const changedIds = await writeVerdicts(db, pending, now);
  announce(changedIds, now);
  return { groups, written: pending.length, changed: changedIds.length };
}

/** At start-up: computes verdicts once for a database written before they existed. */
export async function ensureMarketVerdicts(db: Database): Promise<{ groups: number; written: number; changed: number } | null> {
  const missing = await db.kysely
    .selectFrom("listings")
    .select("id")
    .where("status", "=", "active")
    .where("verdict_at", "is", null)
    .limit(1)
    .executeTakeFirst();
  return missing ? refreshAllMarkets(db) : null;
}
