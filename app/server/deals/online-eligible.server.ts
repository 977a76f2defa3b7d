// The eligibility rules' facts, read from the database in one place (docs/online-buying.md): the
// eligibility service (eligibility.server.ts, by VIN or by vehicle payload) and the automaker
// buy-online experience's search condition (both search engines) read a listing's facts the same
// way and judge them with the same rules (`ineligibleReasons`, app/lib/deals.ts). Kept apart from
// the service module so the search engines can use it without the service-call layer.
import { ineligibleReasons, type EligibilityFacts } from "../../lib/deals.ts";
import { memo } from "../cache.server.ts";
import type { Database } from "../db/connection.server.ts";
import { isValidVin } from "../inventory/generator.server.ts";

/** A listing row with its dealer, as the rules read it. */
export interface EligibilityRow {
  id: number | string;
  vin: string;
  status: string;
  sale_price: number | string | null;
  home_services: string | null;
  seller_type: string;
  ecommerce_opt_in: number | string;
}

export const sellsOnline = (homeServices: string | null | undefined): boolean =>
  String(homeServices ?? "")
    .split(/[|,\s]+/)
    .includes("BUY_ONLINE");

/** A listing's facts for the rules. */
export function factsOf(r: EligibilityRow): EligibilityFacts {
  return {
    vin: r.vin,
    active: r.status === "active",
    dealer: r.seller_type === "d",
    dealerOptedIn: Number(r.ecommerce_opt_in) === 1,
    sellsOnline: sellsOnline(r.home_services),
    price: r.sale_price === null ? null : Number(r.sale_price),
    vinValid: isValidVin(r.vin),
  };
}

/** The listing columns (`l`) and dealer columns (`o`) the rules read. */
export const ELIGIBILITY_COLUMNS = ["l.id", "l.vin", "l.status", "l.sale_price", "l.home_services", "o.seller_type", "o.ecommerce_opt_in"] as const;

// One memo entry per database (a process holds one; tests open several).
const dbKeys = new WeakMap<Database, number>();
let nextDbKey = 0;
function dbKey(db: Database): number {
  let k = dbKeys.get(db);
  if (k === undefined) dbKeys.set(db, (k = ++nextDbKey));
  return k;
}

/**
 * How long the buy-online experience's set of eligible listings is kept. A listing change in this
 * process clears it at once (the memo's rule); a dealer's opt-in changed by another process shows
 * within this time, as the page cache's own TTL does.
 */
export const ONLINE_ELIGIBLE_TTL_MS = 10_000;

/**
 * The ids of one automaker's active listings that pass every eligibility rule: the buy-online
 * experience's hard search condition (both engines). The database narrows to the automaker's
 * active cars of opted-in dealers; each row is then judged by the rules themselves.
 */
export function onlineEligibleIds(db: Database, makeCode: string): Promise<Set<number>> {
  return memo(`online-eligible:${dbKey(db)}:${makeCode}`, ONLINE_ELIGIBLE_TTL_MS, async () => {
    const rows = await db.kysely
      .selectFrom("listings as l")
      .innerJoin("owners as o", "o.id", "l.owner_id")
      .select([...ELIGIBILITY_COLUMNS])
      .where("l.make_code", "=", makeCode)
      .where("l.status", "=", "active")
      .where("o.ecommerce_opt_in", "=", 1)
      .execute();
    const out = new Set<number>();
    for (const r of rows) if (ineligibleReasons(factsOf(r)).length === 0) out.add(Number(r.id));
    return out;
  });
}
