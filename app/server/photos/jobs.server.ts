// Photo jobs (docs/photos.md, docs/decisions/019-dealer-photos.md). Every photo reference of a
// listing is a row of listing_photos, and that row is also the job that fetches and processes it:
// the feed import only writes rows (fast, no network), and a runner claims due rows with a lease
// (UPDATE ... RETURNING; SKIP LOCKED on PostgreSQL), so several app instances and `npm run feed`
// never process one job twice. A job whose worker died is claimed again when its lease runs out.
// Network failures are retried with backoff; a refused photo fails at once with its reason.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Database } from "../db/connection.server.ts";
import { toPgPlaceholders, withTransaction } from "../db/raw.server.ts";
import { getEnv } from "../env.server.ts";
import { log, reportError } from "../observability/log.server.ts";
import { PHOTO_WIDTHS, photoKeyOf, type ListingPhoto } from "../../lib/photos.ts";
import { fetchPhotoBytes } from "./fetch.server.ts";
import { PhotoError, processPhoto, variantKey } from "./process.server.ts";
import { getPhotoStore, type PhotoStore } from "./store.server.ts";

export interface ListingPhotoRefs {
  listingId: number;
  /** Feed row, for reports. */
  row: number | null;
  sources: string[];
}

export interface PhotoSyncResult {
  /** New or changed references waiting for the runner. */
  queued: number;
  /** Unchanged references (nothing to do). */
  kept: number;
  /** References whose source was processed before: ready at once, nothing downloaded. */
  known: number;
  removed: number;
}

const CHUNK = 400;

/**
 * Makes each listing's photo rows match its ordered references: unchanged ones stay, new or
 * changed ones become pending jobs (or ready at once when the URL was processed before), a failed
 * one is tried again, and positions past the end are removed.
 */
export async function syncListingPhotos(db: Database, entries: ListingPhotoRefs[], baseDir: string | null, now = Date.now()): Promise<PhotoSyncResult> {
  const res: PhotoSyncResult = { queued: 0, kept: 0, known: 0, removed: 0 };
  for (let i = 0; i < entries.length; i += CHUNK) {
    const chunk = entries.slice(i, i + CHUNK);
    await withTransaction(db, async (tx) => {
      const ids = chunk.map((e) => e.listingId);
      const existing = await tx.all<{
        id: number;
        listing_id: number;
        position: number;
        source: string;
        base_dir: string | null;
        state: string;
        feed_row: number | null;
      }>(`SELECT id, listing_id, position, source, base_dir, state, feed_row FROM listing_photos WHERE listing_id IN (${ids.map(() => "?").join(", ")})`, ids);
      const byListing = new Map<number, Map<number, (typeof existing)[number]>>();
      for (const r of existing) {
        const lid = Number(r.listing_id);
        if (!byListing.has(lid)) byListing.set(lid, new Map());
        byListing.get(lid)!.set(r.position, r);
      }
      const urls = [...new Set(chunk.flatMap((e) => e.sources.filter((s) => /^https?:/i.test(s))))];
      const knownByUrl = new Map<string, string>();
      for (let k = 0; k < urls.length; k += CHUNK) {
        const part = urls.slice(k, k + CHUNK);
        const rows = await tx.all<{ source: string; hash: string }>(
          `SELECT s.source, s.hash FROM photo_sources s JOIN photos p ON p.hash = s.hash WHERE s.source IN (${part.map(() => "?").join(", ")})`,
          part,
        );
        for (const r of rows) knownByUrl.set(r.source, r.hash);
      }
      for (const e of chunk) {
        const rows = byListing.get(e.listingId) ?? new Map();
        for (let pos = 0; pos < e.sources.length; pos++) {
          const source = e.sources[pos];
          const dir = /^https?:/i.test(source) ? null : baseDir;
          const old = rows.get(pos);
          const same = old && old.source === source && (old.base_dir ?? null) === dir;
          if (same && old.state !== "failed") {
            res.kept++;
            if (old.feed_row !== e.row) await tx.exec("UPDATE listing_photos SET feed_row = ? WHERE id = ?", [e.row, old.id]);
            continue;
          }
          const hash = knownByUrl.get(source) ?? null;
          const state = hash ? "ready" : "pending";
          if (hash) res.known++;
          else res.queued++;
          if (old) {
            await tx.exec(
              `UPDATE listing_photos SET source = ?, base_dir = ?, feed_row = ?, state = ?, reason = NULL, photo_hash = ?, attempts = 0,
               run_after = ?, lease_owner = NULL, lease_until = NULL, updated_at = ? WHERE id = ?`,
              [source, dir, e.row, state, hash, now, now, old.id],
            );
          } else {
            await tx.exec(
              `INSERT INTO listing_photos (listing_id, position, source, base_dir, feed_row, state, photo_hash, attempts, run_after, updated_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
              [e.listingId, pos, source, dir, e.row, state, hash, now, now],
            );
          }
        }
        for (const [pos, old] of rows) {
          if (pos >= e.sources.length) {
            await tx.exec("DELETE FROM listing_photos WHERE id = ?", [old.id]);
            res.removed++;
          }
        }
      }
    });
  }
  return res;
}

// ---------------------------------------------------------------------------------------------
// The runner

export interface PhotoRunOptions {
  /** Lease holder name (default host:pid:random). */
  owner?: string;
  /** Jobs processed at once (sharp itself uses the libuv thread pool). Default 2. */
  concurrency?: number;
  /** How long a claimed job stays with this worker. Default 2 minutes. */
  leaseMs?: number;
  /** Tries of a job that keeps failing for a network reason. Default 3. */
  maxAttempts?: number;
  /** Wait before the first retry; doubles each time. Default 5 s. */
  backoffMs?: number;
  /** Download timeout (default PHOTO_FETCH_TIMEOUT_MS, 10 s). */
  timeoutMs?: number;
  store?: PhotoStore;
  /** Keep going until no job is pending, sleeping until retries are due (the feed script). Default false: stop when nothing is due now. */
  drain?: boolean;
  onProgress?: (p: PhotoProgress) => void;
}

export interface PhotoProgress {
  /** Photos downloaded (or read) and processed. */
  fetched: number;
  /** Photos refused or given up on. */
  failed: number;
  /** Photos whose content was already processed: nothing decoded (or, for a known URL, downloaded). */
  skipped: number;
  /** Failures that will be tried again. */
  retrying: number;
}

interface ClaimedJob {
  id: number;
  listing_id: number;
  source: string;
  base_dir: string | null;
  attempts: number;
}

async function claim(db: Database, owner: string, limit: number, leaseMs: number, now: number): Promise<ClaimedJob[]> {
  // One statement, atomic on both databases (no transaction needed, so runners sharing a SQLite
  // connection cannot interleave); SKIP LOCKED lets PostgreSQL workers pass each other's rows.
  const skip = db.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : "";
  const sql = `UPDATE listing_photos SET lease_owner = ?, lease_until = ?, attempts = attempts + 1
     WHERE id IN (SELECT id FROM listing_photos WHERE state = 'pending' AND run_after <= ? AND (lease_until IS NULL OR lease_until < ?)
                  ORDER BY run_after, id LIMIT ?${skip})
     RETURNING id, listing_id, source, base_dir, attempts`;
  const params = [owner, now + leaseMs, now, now, limit];
  const rows = db.sqlite
    ? (db.sqlite.prepare(sql).all(...(params as never[])) as unknown as ClaimedJob[])
    : (await db.pool!.query<ClaimedJob>(toPgPlaceholders(sql), params)).rows;
  return rows.map((r) => ({ ...r, id: Number(r.id), listing_id: Number(r.listing_id), attempts: Number(r.attempts) }));
}

async function knownPhoto(db: Database, store: PhotoStore, hash: string): Promise<ListingPhoto | null> {
  const r = await db.kysely.selectFrom("photos").selectAll().where("hash", "=", hash).executeTakeFirst();
  if (!r) return null;
  const p = toListingPhoto(r);
  // The row without its files (a store wiped or moved) is processed again.
  return (await store.has(variantKey(p.key, p.widths[0], "jpg"))) ? p : null;
}

export function toListingPhoto(r: { hash: string; width: number; height: number; widths: string; color: string }): ListingPhoto {
  return {
    key: photoKeyOf(r.hash),
    width: Number(r.width),
    height: Number(r.height),
    widths: r.widths
      .split(",")
      .map(Number)
      .filter((w) => (PHOTO_WIDTHS as readonly number[]).includes(w)),
    color: r.color,
  };
}

async function finish(
  db: Database,
  job: ClaimedJob,
  owner: string,
  set: { state: string; reason: string | null; hash: string | null; runAfter?: number },
  now: number,
) {
  await db.kysely
    .updateTable("listing_photos")
    .set({
      state: set.state as "pending",
      reason: set.reason,
      photo_hash: set.hash,
      lease_owner: null,
      lease_until: null,
      updated_at: now,
      ...(set.runAfter !== undefined ? { run_after: set.runAfter } : {}),
    })
    .where("id", "=", job.id)
    .where("lease_owner", "=", owner)
    .execute();
}

async function runOne(db: Database, job: ClaimedJob, o: Required<Omit<PhotoRunOptions, "onProgress" | "drain">>, p: PhotoProgress): Promise<void> {
  const isUrl = /^https?:/i.test(job.source);
  try {
    if (isUrl) {
      const mem = await db.kysely.selectFrom("photo_sources").select("hash").where("source", "=", job.source).executeTakeFirst();
      if (mem && (await knownPhoto(db, o.store, mem.hash))) {
        await finish(db, job, o.owner, { state: "ready", reason: null, hash: mem.hash }, Date.now());
        p.skipped++;
        return;
      }
    }
    const bytes = await fetchPhotoBytes(job.source, job.base_dir, { timeoutMs: o.timeoutMs });
    const photo = await processPhoto(bytes, o.store, (h) => knownPhoto(db, o.store, h));
    const now = Date.now();
    if (photo.decoded) {
      const row = { hash: photo.hash, width: photo.width, height: photo.height, widths: photo.widths.join(","), color: photo.color, created_at: now };
      await db.kysely
        .insertInto("photos")
        .values(row)
        .onConflict((c) => c.column("hash").doUpdateSet({ widths: row.widths, color: row.color }))
        .execute();
    }
    if (isUrl) {
      await db.kysely
        .insertInto("photo_sources")
        .values({ source: job.source, hash: photo.hash, seen_at: now })
        .onConflict((c) => c.column("source").doUpdateSet({ hash: photo.hash, seen_at: now }))
        .execute();
    }
    await finish(db, job, o.owner, { state: "ready", reason: null, hash: photo.hash }, now);
    if (photo.decoded) p.fetched++;
    else p.skipped++;
  } catch (e) {
    const err = e instanceof PhotoError ? e : new PhotoError(`processing failed: ${(e as Error).message}`, true);
    if (!(e instanceof PhotoError)) reportError("photo job failed", e, { job: job.id });
    const now = Date.now();
    if (err.transient && job.attempts < o.maxAttempts) {
      const wait = o.backoffMs * 2 ** (job.attempts - 1);
      await finish(db, job, o.owner, { state: "pending", reason: err.message, hash: null, runAfter: now + wait }, now);
      p.retrying++;
    } else {
      const reason = err.transient && job.attempts > 1 ? `${err.message} (after ${job.attempts} tries)` : err.message;
      await finish(db, job, o.owner, { state: "failed", reason, hash: null }, now);
      p.failed++;
    }
  }
}

/** Runs due photo jobs; with `drain`, until none is pending (waiting for retries when needed). */
export async function runPhotoJobs(db: Database, options: PhotoRunOptions = {}): Promise<PhotoProgress> {
  const o = {
    owner: options.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`,
    concurrency: Math.max(1, options.concurrency ?? 2),
    leaseMs: options.leaseMs ?? 120_000,
    maxAttempts: Math.max(1, options.maxAttempts ?? 3),
    backoffMs: Math.max(0, options.backoffMs ?? 5_000),
    timeoutMs: options.timeoutMs ?? getEnv().PHOTO_FETCH_TIMEOUT_MS,
    store: options.store ?? getPhotoStore(),
  };
  const p: PhotoProgress = { fetched: 0, failed: 0, skipped: 0, retrying: 0 };
  for (;;) {
    const jobs = await claim(db, o.owner, o.concurrency, o.leaseMs, Date.now());
    if (jobs.length === 0) {
      if (!options.drain) break;
      const next = await db.kysely
        .selectFrom("listing_photos")
        .select((eb) => eb.fn.min("run_after").as("at"))
        .where("state", "=", "pending")
        .executeTakeFirst();
      if (next?.at === null || next?.at === undefined) break;
      // A retry is due later, or another worker holds the lease: wait for it (at most a second at a time).
      await new Promise((r) => setTimeout(r, Math.min(1000, Math.max(50, Number(next.at) - Date.now()))));
      continue;
    }
    await Promise.all(jobs.map((j) => runOne(db, j, o, p)));
    options.onProgress?.({ ...p });
  }
  return p;
}

/** The app's background photo runner (PHOTO_JOBS_INTERVAL_MS; 0 = off). */
export function startPhotoRunner(db: Database): { stop(): void } {
  const interval = getEnv().PHOTO_JOBS_INTERVAL_MS;
  if (interval <= 0) return { stop() {} };
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const p = await runPhotoJobs(db);
      if (p.fetched + p.failed + p.skipped + p.retrying > 0) log("info", "photo jobs run", { ...p });
    } catch (error) {
      reportError("photo runner failed", error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), interval);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

export interface PhotoFailureReport {
  listingId: number;
  vin: string;
  row: number | null;
  position: number;
  source: string;
  reason: string;
}

/** Photo states of these listings, and the failed ones with their reasons (the feed's report). */
export async function photoReport(db: Database, listingIds: number[]): Promise<{ ready: number; pending: number; failed: PhotoFailureReport[] }> {
  const out = { ready: 0, pending: 0, failed: [] as PhotoFailureReport[] };
  for (let i = 0; i < listingIds.length; i += CHUNK) {
    const rows = await db.kysely
      .selectFrom("listing_photos as p")
      .innerJoin("listings as l", "l.id", "p.listing_id")
      .select(["p.listing_id", "l.vin", "p.feed_row", "p.position", "p.source", "p.state", "p.reason"])
      .where("p.listing_id", "in", listingIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) {
      if (r.state === "ready") out.ready++;
      else if (r.state === "pending") out.pending++;
      else
        out.failed.push({ listingId: Number(r.listing_id), vin: r.vin, row: r.feed_row, position: r.position, source: r.source, reason: r.reason ?? "failed" });
    }
  }
  out.failed.sort((a, b) => (a.row ?? 0) - (b.row ?? 0) || a.position - b.position);
  return out;
}
