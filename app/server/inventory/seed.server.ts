// Seeds demo owners and listings through the feed's own write path (upsertOwners /
// upsertListings), in batches so memory stays bounded at any size. Reference tables are not
// written here (see app/server/reference/store.server.ts).
//
// Generating a listing costs about a third of writing it, so on large seeds the generator runs in
// a worker thread, a few batches ahead of the writes (the machine has two cores). The output is
// the same either way: the generator is deterministic and the batches arrive in order.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Catalog } from "../../lib/catalog-types.ts";
import type { Database } from "../db/connection.server.ts";
import { loadCatalog } from "../reference/catalog.server.ts";
import { generateInventory, type GeneratedBatch, type GeneratorOptions } from "./generator.server.ts";
import { upsertListings, upsertOwners } from "./upsert.server.ts";
import { refreshAllMarkets } from "./market.server.ts";
import { assignDemoPlacements } from "./placements.server.ts";

export interface SeedOptions {
  listings: number;
  seed?: number;
  /** Reference instant for listing dates (default: now). */
  now?: number;
  /** Defaults to the catalogue built from reference-data/epa-vehicles.csv. */
  catalog?: Catalog;
  /** Listings per write (default 5,000). */
  batchSize?: number;
  /** Generate in a worker thread: "auto" (default) does so from 50,000 listings when it can. */
  worker?: boolean | "auto";
  onProgress?: (p: { listings: number; owners: number; total: number; ms: number }) => void;
}

/** A type alias (not an interface) so it can be passed where a plain record is expected (logs). */
export type SeedResult = {
  owners: number;
  listings: number;
  ms: number;
  /**
   * Milliseconds per phase: generating and writing the rows, rebuilding the indexes dropped for
   * the bulk load (SQLite), computing and writing every price verdict, the demo placements.
   */
  phases: { rows: number; indexes: number; verdicts: number; placements: number };
};

const WORKER_THRESHOLD = 50_000;
/** Batches the worker may run ahead of the writes (bounds memory). */
const WORKER_AHEAD = 3;

export async function seedInventory(db: Database, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const generatorOptions: GeneratorOptions = {
    listings: options.listings,
    seed: options.seed,
    now: options.now ?? Date.now(),
    catalog: options.catalog ?? loadCatalog(),
    batchSize: options.batchSize ?? 5000,
  };
  const now = generatorOptions.now;
  const useWorker = options.worker === true || (options.worker !== false && options.listings >= WORKER_THRESHOLD && generatorModuleUrl() !== null);
  const batches = useWorker ? generateInWorker(generatorOptions) : generateInventory(generatorOptions);

  const phases: SeedResult["phases"] = { rows: 0, indexes: 0, verdicts: 0, placements: 0 };
  let phaseStarted = started;
  const mark = (phase: keyof SeedResult["phases"]) => {
    const t = performance.now();
    phases[phase] = Math.round(t - phaseStarted);
    phaseStarted = t;
  };
  const restoreIndexes = await deferSqliteIndexes(db);
  const ownerIds = new Map<string, number>();
  let listings = 0;
  let owners = 0;
  try {
    for await (const batch of batches) {
      if (batch.owners.length > 0) {
        const ids = await upsertOwners(db, batch.owners, now);
        for (const [ext, id] of ids) ownerIds.set(ext, id);
        owners += batch.owners.length;
      }
      for (const l of batch.listings) {
        const id = ownerIds.get(l.owner_external_id);
        if (id === undefined) throw new Error(`Generator bug: listing ${l.vin} names unknown owner ${l.owner_external_id}`);
        l.owner_id = id;
      }
      // A private seller has one listing: its id is not needed after this batch.
      for (const o of batch.owners) if (o.seller_type === "p") ownerIds.delete(o.external_id);
      const res = await upsertListings(db, batch.listings, now, { market: false });
      listings += res.inserted + res.updated;
      options.onProgress?.({ listings, owners, total: options.listings, ms: performance.now() - started });
    }
  } finally {
    mark("rows");
    restoreIndexes();
    mark("indexes");
  }
  // Price verdicts need the whole market: once, after the last batch.
  await refreshAllMarkets(db, now);
  mark("verdicts");
  // The demo dealers who bought a paid placement (results page card tiers, dealer showcase).
  await assignDemoPlacements(db, now);
  mark("placements");
  return { owners, listings, ms: Math.round(performance.now() - started), phases };
}

/**
 * Bulk load into an empty SQLite inventory: secondary indexes are dropped while the rows go in
 * and rebuilt once at the end (one sorted build is several times cheaper than a million
 * incremental inserts into each index), and syncing is relaxed for the duration. Returns the
 * function that restores both. A no-op on PostgreSQL or a non-empty table.
 */
async function deferSqliteIndexes(db: Database): Promise<() => void> {
  const raw = db.sqlite;
  if (!raw) return () => {};
  const any = raw.prepare("SELECT 1 AS x FROM listings LIMIT 1").get();
  if (any) return () => {};
  const indexes = raw
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('listings', 'listing_price_history')")
    .all() as { name: string; sql: string }[];
  for (const ix of indexes) raw.exec(`DROP INDEX IF EXISTS "${ix.name}"`);
  // The first seed of an empty file skips fsyncs; the connection's own setting comes back after.
  const synchronous = Number((raw.prepare("PRAGMA synchronous").get() as { synchronous: number }).synchronous);
  raw.exec("PRAGMA synchronous = OFF");
  return () => {
    for (const ix of indexes) raw.exec(ix.sql);
    raw.exec(`PRAGMA synchronous = ${Number.isInteger(synchronous) ? synchronous : 2}`);
    raw.exec("ANALYZE");
  };
}

/** Deletes all listings, their price history and all owners (for `npm run seed -- --reset`). */
export async function resetInventory(db: Database): Promise<void> {
  await db.kysely.deleteFrom("listing_price_history").execute();
  await db.kysely.deleteFrom("listings").execute();
  await db.kysely.deleteFrom("owners").execute();
}

// ---------------------------------------------------------------------------------------------
// Worker-thread generation

/**
 * The worker loads generator.server.ts itself, so it needs that file on disk beside this one.
 * Inside a bundle (the Vite server build) it is not: the seed then generates inline. (The URL is
 * derived from import.meta.url by hand: Vite rewrites `new URL("./x", import.meta.url)` as an asset.)
 */
function generatorModuleUrl(): string | null {
  const here = import.meta.url;
  if (!here.startsWith("file:") || !/\/seed\.server\.ts$/.test(here)) return null;
  const url = here.replace(/seed\.server\.ts$/, "generator.server.ts");
  try {
    return existsSync(fileURLToPath(url)) ? url : null;
  } catch {
    return null;
  }
}

type WorkerMessage = { type: "batch"; json: string } | { type: "done" } | { type: "error"; message: string; stack?: string };

// Plain CommonJS run by the worker (eval): load the generator and serve batches on request.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
import(workerData.moduleUrl)
  .then((m) => m.serveInventoryBatches(parentPort, workerData.options))
  .catch((e) => parentPort.postMessage({ type: "error", message: String(e && e.message || e), stack: e && e.stack }));
`;

async function* generateInWorker(options: GeneratorOptions): AsyncGenerator<GeneratedBatch> {
  const moduleUrl = generatorModuleUrl();
  if (!moduleUrl) {
    yield* generateInventory(options);
    return;
  }
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { moduleUrl, options } });
  const queue: WorkerMessage[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  worker.on("message", (m: WorkerMessage) => {
    queue.push(m);
    wake?.();
  });
  worker.on("error", (e: unknown) => {
    failure = e instanceof Error ? e : new Error(String(e));
    wake?.();
  });
  worker.on("exit", (code) => {
    // Messages posted before the exit are delivered first: an exit with nothing left to read is a failure.
    if (!failure) failure = new Error(`Inventory generator worker exited early (code ${code})`);
    wake?.();
  });
  try {
    worker.postMessage({ credits: WORKER_AHEAD });
    for (;;) {
      while (queue.length === 0 && !failure) await new Promise<void>((r) => (wake = r));
      wake = null;
      const m = queue.shift();
      if (!m) throw failure!;
      if (m.type === "done") return;
      if (m.type === "error") throw Object.assign(new Error(`Inventory generator worker: ${m.message}`), { stack: m.stack });
      worker.postMessage({ credits: 1 });
      yield JSON.parse(m.json) as GeneratedBatch;
    }
  } finally {
    await worker.terminate();
  }
}
