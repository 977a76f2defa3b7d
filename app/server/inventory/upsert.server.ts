// The one write path for inventory: the demo generator and the dealer feed importer both call
// these functions, so whatever a feed can do, the seed has exercised at scale.
//
// Listings are keyed by VIN. A new VIN is inserted with its price history; a known VIN is
// updated, and a changed price appends to the history (and marks a reduction). Every write
// is announced through inventoryChanges so the in-memory search index stays current.
import type { Database } from "../db/connection.server.ts";
import type { ListingStatus, ListingTable, OwnerTable } from "../db/schema.server.ts";
import { inventoryChanges } from "./changes.server.ts";
import { refreshMarketForListings } from "./market.server.ts";
import { pgTransaction, sqliteTransaction } from "../db/transaction.server.ts";

/** Columns the verdict and report review own (docs/vehicle-page.md): never written by feeds. */
type DerivedColumn =
  | "estimate_price"
  | "market_count"
  | "market_radius"
  | "verdict_at"
  | "reviewed_at"
  // The listing checks own these (app/server/listings/listing-checks.server.ts).
  | "confirmed_at"
  | "hold_reason"
  | "hold_cleared_price";

type Row = Omit<
  ListingTable,
  "id" | "updated_at" | "sold_at" | "expired_at" | "date_listed" | "status" | "is_reduced_price" | "vehicle_history_source" | DerivedColumn
> & {
  status?: ListingStatus;
  vehicle_history_source?: string | null;
  date_listed?: number;
  sold_at?: number | null;
  is_reduced_price?: number;
};

/** A listing as a feed or the generator supplies it (column names of the listings table). */
export type ListingInput = Row & {
  /** Past prices, oldest first, for a listing seen for the first time (seed / feed backfill). */
  price_history?: { price: number; at: number }[];
};

export type OwnerInput = Omit<OwnerTable, "id" | "created_at" | "rating_source" | "review_rating" | "review_count" | "ecommerce_opt_in"> & {
  created_at?: number;
  rating_source?: string | null;
  /** 1: opted in to online buying (feed field dealer_online_buying; docs/online-buying.md). */
  ecommerce_opt_in?: number;
};

export interface UpsertResult {
  inserted: number;
  updated: number;
  priceChanges: number;
  ids: number[];
}

const LISTING_COLUMNS = [
  "vin",
  "owner_id",
  "status",
  "listing_type",
  "year",
  "make_code",
  "model_code",
  "series_code",
  "trim_id",
  "trim_code",
  "trim_name",
  "title",
  "body_style_code",
  "body_subtype_code",
  "fuel_type_group",
  "fuel_type",
  "drive_group",
  "drive",
  "engine_code",
  "engine",
  "displacement",
  "cylinders",
  "transmission_code",
  "transmission",
  "doors",
  "ext_color_simple",
  "ext_color_name",
  "int_color_simple",
  "int_color_name",
  "mileage",
  "sale_price",
  "msrp",
  "incentive",
  "mpg_city",
  "mpg_highway",
  "mpg_combined",
  "is_mpge",
  "electric_range",
  "annual_fuel_cost",
  "features",
  "packages",
  "home_services",
  "certified_product",
  "vehicle_history",
  "vehicle_history_source",
  "vehicle_use_type",
  "money_back_guarantee",
  "truck_bed_length",
  "truck_cab_size",
  "seller_type",
  "zip",
  "lat",
  "lon",
  "image_count",
  "description",
  "is_hot",
  "has_special_offer",
  "is_reduced_price",
  "view_count",
  "deal_rating",
  "market_price",
  "epa_id",
  "date_listed",
  "updated_at",
  "sold_at",
  "expired_at",
] as const;
type ListingColumn = (typeof LISTING_COLUMNS)[number];

/** Columns a feed update may change (identity, listing date and counters stay). */
const UPDATABLE = LISTING_COLUMNS.filter((c) => !["vin", "date_listed", "view_count", "expired_at"].includes(c)) as ListingColumn[];

const COLUMN_INDEX = Object.fromEntries(LISTING_COLUMNS.map((c, i) => [c, i])) as Record<ListingColumn, number>;

/**
 * The input's values in LISTING_COLUMNS order, with defaults and `overrides` applied (undefined
 * becomes null). Written as a loop over the columns: this runs once per row of a million-row seed.
 */
function rowValues(input: ListingInput, now: number, overrides: Partial<Record<ListingColumn, unknown>>): unknown[] {
  const src = input as unknown as Record<string, unknown>;
  const out: unknown[] = new Array(LISTING_COLUMNS.length);
  for (let i = 0; i < LISTING_COLUMNS.length; i++) {
    const v = src[LISTING_COLUMNS[i]];
    out[i] = v === undefined ? null : v;
  }
  out[COLUMN_INDEX.status] = input.status ?? "active";
  out[COLUMN_INDEX.date_listed] = input.date_listed ?? now;
  out[COLUMN_INDEX.updated_at] = now;
  out[COLUMN_INDEX.sold_at] = input.sold_at ?? (input.status === "sold" ? now : null);
  out[COLUMN_INDEX.expired_at] = input.status === "expired" ? now : null;
  out[COLUMN_INDEX.is_reduced_price] = input.is_reduced_price ?? 0;
  for (const key of Object.keys(overrides) as ListingColumn[]) {
    const v = overrides[key];
    out[COLUMN_INDEX[key]] = v === undefined ? null : v;
  }
  return out;
}

function historyFor(input: ListingInput, dateListed: number): { price: number; at: number }[] {
  if (input.price_history && input.price_history.length > 0) return input.price_history;
  return [{ price: input.sale_price, at: dateListed }];
}

export async function upsertListings(
  db: Database,
  inputs: ListingInput[],
  now = Date.now(),
  options: { /** Refresh the price verdicts of the markets touched (default true; a bulk seed does it once at the end). */ market?: boolean } = {},
): Promise<UpsertResult> {
  const result = db.sqlite ? upsertSqlite(db, inputs, now) : await upsertPostgres(db, inputs, now);
  if (result.ids.length > 0) inventoryChanges.emit({ kind: "listings", ids: result.ids, at: now });
  if (options.market !== false) await refreshMarketForListings(db, result.ids, now);
  return result;
}

/**
 * A listing hidden for review after reports, or held for its price, stays so when its feed lists
 * it again as active (the price check releases a held one whose price is no longer far below).
 */
function keepsReview(current: string | undefined, input: ListingInput): boolean {
  return (current === "review" || current === "held") && (input.status ?? "active") === "active";
}

/** VINs looked up per statement when pre-checking which inputs already exist. */
const SQLITE_LOOKUP_CHUNK = 500;

function upsertSqlite(db: Database, inputs: ListingInput[], now: number): UpsertResult {
  const raw = db.sqlite!;
  const insert = raw.prepare(`INSERT INTO listings (${LISTING_COLUMNS.join(", ")}) VALUES (${LISTING_COLUMNS.map(() => "?").join(", ")})`);
  const update = raw.prepare(`UPDATE listings SET ${UPDATABLE.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`);
  const colsNoReduce = UPDATABLE.filter((c) => c !== "is_reduced_price");
  const updateNoReduce = raw.prepare(`UPDATE listings SET ${colsNoReduce.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`);
  const history = raw.prepare("INSERT INTO listing_price_history (listing_id, price, recorded_at) VALUES (?, ?, ?)");
  const res: UpsertResult = { inserted: 0, updated: 0, priceChanges: 0, ids: [] };
  // IMMEDIATE: the write lock first (waiting up to the busy timeout), so the reads below never have
  // to upgrade to a write after another connection wrote, which SQLite refuses at once ('database
  // is locked') whatever the busy timeout.
  sqliteTransaction(
    raw,
    () => {
      // Which VINs exist, looked up in chunks inside the transaction (one statement per 500 VINs
      // instead of one per row; skipped on an empty table). Rows this call writes are added as it
      // goes, so a VIN named twice in one call is inserted once and then updated, as before.
      const known = new Map<string, { id: number; sale_price: number; status?: string }>();
      if (raw.prepare("SELECT 1 FROM listings LIMIT 1").get() !== undefined) {
        let chunkStmt: ReturnType<typeof raw.prepare> | null = null;
        for (let start = 0; start < inputs.length; start += SQLITE_LOOKUP_CHUNK) {
          const vins = inputs.slice(start, start + SQLITE_LOOKUP_CHUNK).map((i) => i.vin);
          const sql = `SELECT id, vin, sale_price, status FROM listings WHERE vin IN (${vins.map(() => "?").join(", ")})`;
          const stmt = vins.length === SQLITE_LOOKUP_CHUNK ? (chunkStmt ??= raw.prepare(sql)) : raw.prepare(sql);
          for (const r of stmt.all(...vins) as { id: number; vin: string; sale_price: number; status: string }[]) {
            known.set(r.vin, { id: Number(r.id), sale_price: Number(r.sale_price), status: r.status });
          }
        }
      }
      for (const input of inputs) {
        const existing = known.get(input.vin);
        if (!existing) {
          const values = rowValues(input, now, {});
          const info = insert.run(...(values as never[]));
          const id = Number(info.lastInsertRowid);
          const dateListed = input.date_listed ?? now;
          for (const h of historyFor(input, dateListed)) history.run(id, h.price, h.at);
          known.set(input.vin, { id, sale_price: input.sale_price });
          res.inserted++;
          res.ids.push(id);
        } else {
          const priceChanged = existing.sale_price !== input.sale_price;
          const reduced = priceChanged ? (input.sale_price < existing.sale_price ? 1 : 0) : undefined;
          const full = rowValues(input, now, {
            ...(reduced !== undefined ? { is_reduced_price: reduced } : {}),
            sold_at: input.status === "sold" ? (input.sold_at ?? now) : null,
            ...(keepsReview(existing.status, input) ? { status: existing.status as ListingStatus } : {}),
          });
          const byCol = new Map(LISTING_COLUMNS.map((c, i) => [c, full[i]]));
          if (reduced === undefined) byCol.delete("is_reduced_price");
          const cols = reduced === undefined ? colsNoReduce : UPDATABLE;
          const stmt = reduced === undefined ? updateNoReduce : update;
          stmt.run(...(cols.map((c) => byCol.get(c)) as never[]), existing.id);
          if (priceChanged) {
            history.run(existing.id, input.sale_price, now);
            res.priceChanges++;
          }
          existing.sale_price = input.sale_price;
          res.updated++;
          res.ids.push(existing.id);
        }
      }
    },
    "BEGIN IMMEDIATE",
  );
  return res;
}

const PG_BATCH = 500;

async function upsertPostgres(db: Database, inputs: ListingInput[], now: number): Promise<UpsertResult> {
  const pool = db.pool!;
  const res: UpsertResult = { inserted: 0, updated: 0, priceChanges: 0, ids: [] };
  await pgTransaction(pool, async (client) => {
    for (let start = 0; start < inputs.length; start += PG_BATCH) {
      // Last one wins when a batch names the same VIN twice.
      const byVin = new Map<string, ListingInput>();
      for (const input of inputs.slice(start, start + PG_BATCH)) byVin.set(input.vin, input);
      const batch = [...byVin.values()];
      const found = await client.query<{ id: number; vin: string; sale_price: number; status: string }>(
        "SELECT id, vin, sale_price, status FROM listings WHERE vin = ANY($1)",
        [batch.map((b) => b.vin)],
      );
      const existing = new Map(found.rows.map((r) => [r.vin, r]));
      const fresh = batch.filter((b) => !existing.has(b.vin));
      if (fresh.length > 0) {
        const params: unknown[] = [];
        const tuples = fresh.map((input) => {
          const values = rowValues(input, now, {});
          const base = params.length;
          params.push(...values);
          return `(${values.map((_, i) => `$${base + i + 1}`).join(", ")})`;
        });
        const inserted = await client.query<{ id: number; vin: string }>(
          `INSERT INTO listings (${LISTING_COLUMNS.join(", ")}) VALUES ${tuples.join(", ")} RETURNING id, vin`,
          params,
        );
        const idByVin = new Map(inserted.rows.map((r) => [r.vin, Number(r.id)]));
        const hParams: unknown[] = [];
        const hTuples: string[] = [];
        for (const input of fresh) {
          const id = idByVin.get(input.vin)!;
          for (const h of historyFor(input, input.date_listed ?? now)) {
            const b = hParams.length;
            hParams.push(id, h.price, h.at);
            hTuples.push(`($${b + 1}, $${b + 2}, $${b + 3})`);
          }
          res.ids.push(id);
        }
        for (let i = 0; i < hTuples.length; i += 5000) {
          const slice = hTuples.slice(i, i + 5000);
          const p = hParams.slice(i * 3, (i + slice.length) * 3);
          const renumbered = slice.map((_, k) => `($${k * 3 + 1}, $${k * 3 + 2}, $${k * 3 + 3})`);
          await client.query(`INSERT INTO listing_price_history (listing_id, price, recorded_at) VALUES ${renumbered.join(", ")}`, p);
        }
        res.inserted += fresh.length;
      }
      for (const input of batch) {
        const old = existing.get(input.vin);
        if (!old) continue;
        const priceChanged = Number(old.sale_price) !== input.sale_price;
        const full = rowValues(input, now, {
          sold_at: input.status === "sold" ? (input.sold_at ?? now) : null,
          ...(keepsReview(old.status, input) ? { status: old.status as ListingStatus } : {}),
        });
        const byCol = new Map(LISTING_COLUMNS.map((c, i) => [c, full[i]]));
        if (priceChanged) byCol.set("is_reduced_price", input.sale_price < Number(old.sale_price) ? 1 : 0);
        else byCol.delete("is_reduced_price");
        const cols = UPDATABLE.filter((c) => byCol.has(c));
        await client.query(`UPDATE listings SET ${cols.map((c, i) => `${c} = $${i + 1}`).join(", ")} WHERE id = $${cols.length + 1}`, [
          ...cols.map((c) => byCol.get(c)),
          old.id,
        ]);
        if (priceChanged) {
          await client.query("INSERT INTO listing_price_history (listing_id, price, recorded_at) VALUES ($1, $2, $3)", [old.id, input.sale_price, now]);
          res.priceChanges++;
        }
        res.updated++;
        res.ids.push(Number(old.id));
      }
    }
  });
  return res;
}

/**
 * Marks as sold every active listing of the owner whose VIN is not in `keepVins`
 * (a dealer feed is the dealer's whole inventory: a VIN that vanished was sold).
 */
export async function markVanishedSold(db: Database, ownerId: number, keepVins: Set<string>, now = Date.now()): Promise<number[]> {
  const active = await db.kysely.selectFrom("listings").select(["id", "vin"]).where("owner_id", "=", ownerId).where("status", "=", "active").execute();
  const gone = active.filter((l) => !keepVins.has(l.vin)).map((l) => Number(l.id));
  for (let i = 0; i < gone.length; i += 500) {
    await db.kysely
      .updateTable("listings")
      .set({ status: "sold", sold_at: now, updated_at: now })
      .where("id", "in", gone.slice(i, i + 500))
      .execute();
  }
  if (gone.length > 0) inventoryChanges.emit({ kind: "listings", ids: gone, at: now });
  await refreshMarketForListings(db, gone, now);
  return gone;
}

/** Upserts owners by external_id and returns external_id -> id. */
export async function upsertOwners(db: Database, owners: OwnerInput[], now = Date.now()): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (owners.length === 0) return ids;
  const cols = [
    "external_id",
    "seller_type",
    "name",
    "phone",
    "email",
    "website",
    "logo_url",
    "street",
    "city",
    "state",
    "zip",
    "lat",
    "lon",
    "rating",
    "rating_count",
    "rating_source",
    "home_services",
    "hide_email_form",
    "tagline",
    "ecommerce_opt_in",
    "created_at",
  ] as const;
  const valuesOf = (o: OwnerInput) =>
    cols.map((c) => (c === "created_at" ? (o.created_at ?? now) : c === "ecommerce_opt_in" ? (o.ecommerce_opt_in ?? 0) : (o[c] ?? null)));
  const updates = cols.filter((c) => c !== "external_id" && c !== "created_at");
  if (db.sqlite) {
    const raw = db.sqlite;
    const stmt = raw.prepare(
      `INSERT INTO owners (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})
       ON CONFLICT (external_id) DO UPDATE SET ${updates.map((c) => `${c} = excluded.${c}`).join(", ")}
       RETURNING id`,
    );
    sqliteTransaction(raw, () => {
      for (const o of owners) {
        const row = stmt.get(...(valuesOf(o) as never[])) as { id: number };
        ids.set(o.external_id, Number(row.id));
      }
    });
    return ids;
  }
  await pgTransaction(db.pool!, async (client) => {
    for (let start = 0; start < owners.length; start += PG_BATCH) {
      const byExt = new Map<string, OwnerInput>();
      for (const o of owners.slice(start, start + PG_BATCH)) byExt.set(o.external_id, o);
      const params: unknown[] = [];
      const tuples = [...byExt.values()].map((o) => {
        const v = valuesOf(o);
        const b = params.length;
        params.push(...v);
        return `(${v.map((_, i) => `$${b + i + 1}`).join(", ")})`;
      });
      const r = await client.query<{ id: number; external_id: string }>(
        `INSERT INTO owners (${cols.join(", ")}) VALUES ${tuples.join(", ")}
         ON CONFLICT (external_id) DO UPDATE SET ${updates.map((c) => `${c} = excluded.${c}`).join(", ")}
         RETURNING id, external_id`,
        params,
      );
      for (const row of r.rows) ids.set(row.external_id, Number(row.id));
    }
  });
  return ids;
}
