// A rate-limiter-flexible store over the project's database (ADR 021): the `rate_limits` table
// (migration 012), written through Kysely, so one implementation serves node:sqlite and PostgreSQL
// and every app instance on the database shares the counters. The package's own SQLite store
// speaks to the sqlite3 / better-sqlite3 drivers only, and its PostgreSQL store would need a
// second code path; this adapter follows their SQL: one atomic upsert per hit, a window that
// starts with the first hit of a key and ends `duration` later.
import { sql } from "kysely";
import { RateLimiterRes } from "rate-limiter-flexible";
import RateLimiterStoreAbstract from "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js";
import type { Database } from "../db/connection.server.ts";

interface StoreRow {
  points: number;
  expire: number | null;
}

const SWEEP_MS = 5 * 60_000;

export interface DatabaseRateLimiterOptions {
  db: Database;
  /** Hits allowed in a window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
  keyPrefix: string;
}

export class RateLimiterDatabase extends RateLimiterStoreAbstract {
  private readonly db: Database;
  private lastSweep = 0;

  constructor(opts: DatabaseRateLimiterOptions) {
    super({ storeClient: opts.db, points: opts.points, duration: opts.duration, keyPrefix: opts.keyPrefix });
    this.db = opts.db;
  }

  // Methods rate-limiter-flexible's store base calls (the `_` names are its contract).
  async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<StoreRow> {
    const now = Date.now();
    const expire = msDuration > 0 ? now + msDuration : null;
    this.sweep(now);
    const row = forceExpire
      ? await sql<StoreRow>`INSERT INTO rate_limits (key, points, expire) VALUES (${rlKey}, ${points}, ${expire})
          ON CONFLICT (key) DO UPDATE SET points = excluded.points, expire = excluded.expire
          RETURNING points, expire`.execute(this.db.kysely)
      : await sql<StoreRow>`INSERT INTO rate_limits (key, points, expire) VALUES (${rlKey}, ${points}, ${expire})
          ON CONFLICT (key) DO UPDATE SET
            points = CASE WHEN rate_limits.expire IS NULL OR rate_limits.expire > ${now}
              THEN rate_limits.points + excluded.points ELSE excluded.points END,
            expire = CASE WHEN rate_limits.expire IS NULL OR rate_limits.expire > ${now}
              THEN rate_limits.expire ELSE excluded.expire END
          RETURNING points, expire`.execute(this.db.kysely);
    return normalise(row.rows[0]!);
  }

  async _get(rlKey: string): Promise<StoreRow | null> {
    const row = await this.db.kysely
      .selectFrom("rate_limits")
      .select(["points", "expire"])
      .where("key", "=", rlKey)
      .where((eb) => eb.or([eb("expire", ">", Date.now()), eb("expire", "is", null)]))
      .executeTakeFirst();
    return row ? normalise(row) : null;
  }

  async _delete(rlKey: string): Promise<boolean> {
    const r = await this.db.kysely.deleteFrom("rate_limits").where("key", "=", rlKey).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, result: StoreRow): RateLimiterRes {
    const first = changedPoints === result.points;
    const consumed = first ? changedPoints : result.points;
    const msBeforeNext = result.expire ? Math.max(result.expire - Date.now(), 0) : -1;
    return new RateLimiterRes(Math.max(this.points - consumed, 0), msBeforeNext, consumed, first);
  }

  /** Rows whose window ended over an hour ago go, at most every five minutes per process. */
  private sweep(now: number) {
    if (now - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = now;
    void this.db.kysely
      .deleteFrom("rate_limits")
      .where("expire", "<", now - 3_600_000)
      .execute()
      .catch(() => {});
  }
}

function normalise(r: { points: unknown; expire: unknown }): StoreRow {
  return { points: Number(r.points), expire: r.expire === null ? null : Number(r.expire) };
}
