// Reading listing rows for the index: the columns it keeps, a streaming load of every active
// listing, and re-reading named ids after a change. Rows travel as positional arrays (no object
// per row) because a full load reads a million of them.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Database } from "../db/connection.server.ts";
import type { PackedRows } from "./pack.server.ts";

/**
 * Configuration columns, in the order of the config key (tab-separated in one string so a row
 * costs one string instead of eighteen; trim codes contain "|").
 */
export const CONFIG_COLUMNS = [
  "year",
  "make_code",
  "model_code",
  "series_code",
  "trim_code",
  "body_style_code",
  "body_subtype_code",
  "fuel_type_group",
  "drive_group",
  "engine_code",
  "transmission_code",
  "doors",
  "cylinders",
  "mpg_combined",
  "is_mpge",
  "electric_range",
  "truck_bed_length",
  "truck_cab_size",
  // The trim's EPA fuel cost: the monthly cost's filter and sort (docs/decisions/031-monthly-cost.md).
  "annual_fuel_cost",
] as const;

/** Appearance columns, in the order of the appearance key. */
export const APPEARANCE_COLUMNS = [
  "listing_type",
  "ext_color_simple",
  "int_color_simple",
  "seller_type",
  "deal_rating",
  "vehicle_use_type",
  "money_back_guarantee",
] as const;

const keyOf = (columns: readonly string[]) => `format('${columns.map(() => "%s").join("\t")}', ${columns.join(", ")})`;

export const INDEX_COLUMNS = [
  "id",
  "status",
  "owner_id",
  keyOf(CONFIG_COLUMNS),
  keyOf(APPEARANCE_COLUMNS),
  "mileage",
  "sale_price",
  "date_listed",
  "updated_at",
  "lat",
  "lon",
  "features",
  "packages",
  "home_services",
  "vehicle_history",
] as const;

/** Positions in a row array (INDEX_COLUMNS order). */
export const COL = {
  id: 0,
  status: 1,
  owner: 2,
  configKey: 3,
  appearanceKey: 4,
  mileage: 5,
  price: 6,
  dateListed: 7,
  updatedAt: 8,
  lat: 9,
  lon: 10,
  features: 11,
  packages: 12,
  homeServices: 13,
  history: 14,
} as const;

/** Positions inside the config key. */
export const CFG = Object.fromEntries(CONFIG_COLUMNS.map((c, i) => [c, i])) as Record<(typeof CONFIG_COLUMNS)[number], number>;
/** Positions inside the appearance key. */
export const APP = Object.fromEntries(APPEARANCE_COLUMNS.map((c, i) => [c, i])) as Record<(typeof APPEARANCE_COLUMNS)[number], number>;

export type IndexRow = unknown[];

/** SELECT of the index columns (add a WHERE clause). */
export const SELECT_LISTING_ROWS = `SELECT ${INDEX_COLUMNS.join(", ")} FROM listings`;
const SELECT = SELECT_LISTING_ROWS;
const LOAD_BATCH = 20_000;
const ID_BATCH = 500;

/**
 * Hands every active listing, in id order, to `onRows` in batches. SQLite reads one consistent
 * snapshot synchronously (no write can interleave); PostgreSQL pages by id, and changes made
 * during the load arrive as change events that the caller applies afterwards.
 */
export async function loadActiveRows(db: Database, onRows: (rows: IndexRow[]) => void): Promise<void> {
  if (db.sqlite) {
    const raw = db.sqlite;
    // A rowid-order table scan ("+status" keeps SQLite off the status index, which would cost a
    // B-tree lookup per row), read through mmap rather than a read() call per page.
    const before = (raw.prepare("PRAGMA mmap_size").get() as { mmap_size?: number } | undefined)?.mmap_size ?? 0;
    raw.exec("PRAGMA mmap_size = 8589934592");
    try {
      const stmt = raw.prepare(`${SELECT} WHERE +status = 'active' ORDER BY id`);
      stmt.setReturnArrays(true);
      let batch: IndexRow[] = [];
      for (const row of stmt.iterate()) {
        batch.push(row as unknown as IndexRow);
        if (batch.length === LOAD_BATCH) {
          onRows(batch);
          batch = [];
        }
      }
      if (batch.length > 0) onRows(batch);
    } finally {
      raw.exec(`PRAGMA mmap_size = ${Number(before) | 0}`);
    }
    return;
  }
  let after = 0;
  for (;;) {
    const res = await db.pool!.query({
      text: `${SELECT} WHERE status = 'active' AND id > $1 ORDER BY id LIMIT ${LOAD_BATCH}`,
      values: [after],
      rowMode: "array",
    });
    const rows = res.rows as IndexRow[];
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1][COL.id]);
    onRows(rows.map(normalizePgRow));
    if (rows.length < LOAD_BATCH) return;
  }
}

function normalizePgRow(row: IndexRow): IndexRow {
  // bigint columns arrive as numbers (connection.server.ts sets the parser); ids too.
  row[COL.id] = Number(row[COL.id]);
  row[COL.owner] = Number(row[COL.owner]);
  return row;
}

/** Where the loader thread's script is (the source tree; absent from a bundled build). */
function loaderScript(): URL | null {
  const candidates = [new URL("./load-worker.server.ts", import.meta.url), pathToFileURL(path.resolve("app/server/search/load-worker.server.ts"))];
  for (const url of candidates) {
    try {
      if (url.protocol === "file:" && existsSync(fileURLToPath(url))) return url;
    } catch {
      // not a file URL
    }
  }
  return null;
}

/**
 * loadActiveRows on two cores: a loader thread reads and packs the upper half of the ids from
 * the SQLite file while this thread reads the lower half. Falls back to one thread for
 * PostgreSQL, in-memory databases, small tables, or when the loader script is not available.
 */
export async function loadActiveRowsParallel(db: Database, onRows: (rows: IndexRow[] | PackedRows) => void): Promise<void> {
  const raw = db.sqlite;
  const file = raw?.location() ?? null;
  const script = loaderScript();
  if (!raw || !file || !script) return loadActiveRows(db, onRows);
  const span = raw.prepare("SELECT min(id) AS lo, max(id) AS hi, count(*) AS n FROM listings WHERE status = 'active'").get() as
    { lo: number | null; hi: number | null; n: number } | undefined;
  if (!span || span.lo === null || span.hi === null || Number(span.n) < 100_000) return loadActiveRows(db, onRows);
  const lo = Number(span.lo);
  const hi = Number(span.hi);
  const mid = lo + Math.floor((hi - lo) / 2);
  const packed: PackedRows[] = [];
  let worker: Worker;
  try {
    worker = new Worker(script, { workerData: { path: file, afterId: mid, lastId: hi, batch: LOAD_BATCH } });
  } catch {
    return loadActiveRows(db, onRows);
  }
  const done = new Promise<void>((resolve, reject) => {
    worker.on("message", (m: PackedRows | { done: true }) => {
      if ("done" in m) resolve();
      else packed.push(m);
    });
    worker.on("error", reject);
    worker.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`search loader thread exited with ${code}`))));
  });
  // This thread's half, meanwhile (synchronous, one snapshot).
  const before = (raw.prepare("PRAGMA mmap_size").get() as { mmap_size?: number } | undefined)?.mmap_size ?? 0;
  raw.exec("PRAGMA mmap_size = 8589934592");
  try {
    const stmt = raw.prepare(`${SELECT} WHERE +status = 'active' AND id >= ? AND id <= ? ORDER BY id`);
    stmt.setReturnArrays(true);
    let batch: IndexRow[] = [];
    for (const row of stmt.iterate(lo, mid)) {
      batch.push(row as unknown as IndexRow);
      if (batch.length === LOAD_BATCH) {
        onRows(batch);
        batch = [];
      }
    }
    if (batch.length > 0) onRows(batch);
  } finally {
    raw.exec(`PRAGMA mmap_size = ${Number(before) | 0}`);
  }
  try {
    await done;
  } catch {
    // The loader thread failed: read its half here instead.
    await worker.terminate();
    packed.length = 0;
    const stmt = raw.prepare(`${SELECT} WHERE +status = 'active' AND id > ? AND id <= ? ORDER BY id`);
    stmt.setReturnArrays(true);
    let batch: IndexRow[] = [];
    for (const row of stmt.iterate(mid, hi)) {
      batch.push(row as unknown as IndexRow);
      if (batch.length === LOAD_BATCH) {
        onRows(batch);
        batch = [];
      }
    }
    if (batch.length > 0) onRows(batch);
    return;
  }
  for (const p of packed) onRows(p);
}

/** The current rows of the given ids, whatever their status (missing ids are left out). */
export function fetchRowsByIdsSync(db: Database, ids: readonly number[]): IndexRow[] {
  const raw = db.sqlite;
  if (!raw) throw new Error("fetchRowsByIdsSync needs SQLite");
  const out: IndexRow[] = [];
  for (let i = 0; i < ids.length; i += ID_BATCH) {
    const slice = ids.slice(i, i + ID_BATCH);
    const stmt = raw.prepare(`${SELECT} WHERE id IN (${slice.map(() => "?").join(", ")})`);
    stmt.setReturnArrays(true);
    for (const row of stmt.iterate(...slice)) out.push(row as unknown as IndexRow);
  }
  return out;
}

export async function fetchRowsByIds(db: Database, ids: readonly number[]): Promise<IndexRow[]> {
  if (db.sqlite) return fetchRowsByIdsSync(db, ids);
  const out: IndexRow[] = [];
  for (let i = 0; i < ids.length; i += ID_BATCH) {
    const slice = ids.slice(i, i + ID_BATCH);
    const res = await db.pool!.query({ text: `${SELECT} WHERE id = ANY($1)`, values: [slice], rowMode: "array" });
    for (const row of res.rows as IndexRow[]) out.push(normalizePgRow(row));
  }
  return out;
}

/** The highest listing id in the table, active or not (0 when empty). */
export async function maxListingId(db: Database): Promise<number> {
  const row = await db.kysely
    .selectFrom("listings")
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Listing ids above `afterId`, ascending (new listings, whatever their updated_at). */
export async function idsAfter(db: Database, afterId: number, limit: number): Promise<number[]> {
  const rows = await db.kysely.selectFrom("listings").select("id").where("id", ">", afterId).orderBy("id").limit(limit).execute();
  return rows.map((r) => Number(r.id));
}

/** Listings changed after the cursor (updated_at, then id), oldest change first. */
export async function changedAfter(db: Database, cursor: { updatedAt: number; id: number }, limit: number): Promise<{ id: number; updatedAt: number }[]> {
  const rows = await db.kysely
    .selectFrom("listings")
    .select(["id", "updated_at"])
    .where((eb) => eb.or([eb("updated_at", ">", cursor.updatedAt), eb.and([eb("updated_at", "=", cursor.updatedAt), eb("id", ">", cursor.id)])]))
    .orderBy("updated_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), updatedAt: Number(r.updated_at) }));
}

/** Active listing ids of the given VINs. */
export async function activeIdsByVins(db: Database, vins: readonly string[]): Promise<{ vin: string; id: number }[]> {
  const clean = [...new Set(vins.map((v) => String(v).trim().toUpperCase()).filter((v) => /^[A-Z0-9]{11,17}$/.test(v)))].slice(0, 100);
  if (clean.length === 0) return [];
  const rows = await db.kysely.selectFrom("listings").select(["id", "vin"]).where("vin", "in", clean).where("status", "=", "active").execute();
  const byVin = new Map(rows.map((r) => [r.vin, Number(r.id)]));
  return clean.filter((v) => byVin.has(v)).map((vin) => ({ vin, id: byVin.get(vin)! }));
}
