// Vehicle highlights (docs/placements.md "Vehicle highlights"): the spec's `vehicleHighlight`
// (isVehicleHighlight, urgencyDriverType, urgencyDriverValue) from real signals only, never made
// up: a price drop this week (the listing's price history), views in the last 7 days (the view
// counts per day, more than 3), a listing that is new on the site (listed within 3 days). One per
// car, in that order; none when no signal holds.
import type { Database } from "../db/connection.server.ts";
import { selectCached } from "../db/compiled.server.ts";
import { formatInt, formatPrice } from "../../lib/format.ts";

export type UrgencyDriverType = "PRICE_DROP" | "VIEWS" | "NEW_LISTING";
export interface VehicleHighlight {
  isVehicleHighlight: true;
  urgencyDriverType: UrgencyDriverType;
  /** Dollars dropped, views counted, or days on the site. */
  urgencyDriverValue: number;
}

const DAY_MS = 86_400_000;
export const HIGHLIGHT_WINDOW_DAYS = 7;
/** "viewers over 3 are labelled numviewed" */
export const HIGHLIGHT_MIN_VIEWS = 4;
export const HIGHLIGHT_NEW_DAYS = 3;

/**
 * The highlights of the listings `ids`. `listedAt` (id -> when listed, ms), when the caller has
 * read the listings' rows already (cards, summaries), saves reading them again: at 1M listings a
 * statement costs a page 0.1-0.3 ms however small it is (ADR 032).
 */
export async function vehicleHighlights(
  db: Database,
  ids: readonly number[],
  now = Date.now(),
  listedAt?: ReadonlyMap<number, number>,
): Promise<Map<number, VehicleHighlight>> {
  const out = new Map<number, VehicleHighlight>();
  if (ids.length === 0) return out;
  const weekAgo = now - HIGHLIGHT_WINDOW_DAYS * DAY_MS;
  const today = Math.floor(now / DAY_MS);
  const [drops, views, listed] = await Promise.all([
    priceDrops(db, ids, weekAgo),
    selectCached(db, "highlight views", [...ids, today - HIGHLIGHT_WINDOW_DAYS], () =>
      db.kysely
        .selectFrom("listing_view_days")
        .select(["listing_id", (eb) => eb.fn.sum<number>("views").as("views")])
        .where("listing_id", "in", [...ids])
        .where("day", ">", today - HIGHLIGHT_WINDOW_DAYS)
        .groupBy("listing_id"),
    ),
    listedAt
      ? ids.flatMap((id) => {
          const at = listedAt.get(id);
          return at === undefined ? [] : [{ id, date_listed: at }];
        })
      : selectCached(db, "highlight listed", [...ids], () =>
          db.kysely
            .selectFrom("listings")
            .select(["id", "date_listed"])
            .where("id", "in", [...ids]),
        ),
  ]);
  for (const [id, dropped] of drops) out.set(id, { isVehicleHighlight: true, urgencyDriverType: "PRICE_DROP", urgencyDriverValue: dropped });
  for (const r of views) {
    const id = Number(r.listing_id);
    const n = Number(r.views ?? 0);
    if (!out.has(id) && n >= HIGHLIGHT_MIN_VIEWS) out.set(id, { isVehicleHighlight: true, urgencyDriverType: "VIEWS", urgencyDriverValue: n });
  }
  for (const r of listed) {
    const id = Number(r.id);
    const days = Math.floor((now - Number(r.date_listed)) / DAY_MS);
    if (!out.has(id) && days >= 0 && days < HIGHLIGHT_NEW_DAYS)
      out.set(id, { isVehicleHighlight: true, urgencyDriverType: "NEW_LISTING", urgencyDriverValue: days });
  }
  return out;
}

/**
 * Dollars dropped this week, by listing: the price now (the last price recorded, when that was
 * within the week) below the last price recorded before the week. Only the week's rows are read
 * for every listing (the history index seeks them); the rows before the week only for the few
 * listings with a price recorded this week. Reading every listing's whole history was the largest
 * of a results page's SQL reads at 1M listings (ADR 032).
 */
async function priceDrops(db: Database, ids: readonly number[], weekAgo: number): Promise<Map<number, number>> {
  const drops = new Map<number, number>();
  const recent = await selectCached(db, "prices this week", [...ids, weekAgo], () =>
    db.kysely
      .selectFrom("listing_price_history")
      .select(["listing_id", "price", "recorded_at"])
      .where("listing_id", "in", [...ids])
      .where("recorded_at", ">=", weekAgo)
      .orderBy("listing_id")
      .orderBy("recorded_at"),
  );
  if (recent.length === 0) return drops;
  const now = new Map<number, number>();
  for (const r of recent) now.set(Number(r.listing_id), Number(r.price));
  const changed = [...now.keys()];
  const before = await selectCached(db, "prices before the week", [...changed, weekAgo], () =>
    db.kysely
      .selectFrom("listing_price_history")
      .select(["listing_id", "price", "recorded_at"])
      .where("listing_id", "in", changed)
      .where("recorded_at", "<", weekAgo)
      .orderBy("listing_id")
      .orderBy("recorded_at"),
  );
  const last = new Map<number, number>();
  for (const r of before) last.set(Number(r.listing_id), Number(r.price));
  for (const [id, price] of now) {
    const was = last.get(id);
    if (was !== undefined && price < was) drops.set(id, was - price);
  }
  return drops;
}

/** The words a card shows for a highlight. */
export function highlightText(h: VehicleHighlight): string {
  switch (h.urgencyDriverType) {
    case "PRICE_DROP":
      return `Price dropped ${formatPrice(h.urgencyDriverValue)} this week`;
    case "VIEWS":
      return `Viewed ${formatInt(h.urgencyDriverValue)} times in the last 7 days`;
    case "NEW_LISTING":
      return h.urgencyDriverValue === 0 ? "Listed today" : `Listed ${h.urgencyDriverValue} ${h.urgencyDriverValue === 1 ? "day" : "days"} ago`;
  }
}

/** Sets each card's highlight line from the real signals (none: no line). */
export async function withHighlights<C extends { highlight?: string }>(
  db: Database,
  cards: Map<number, C>,
  now = Date.now(),
  listedAt?: ReadonlyMap<number, number>,
): Promise<void> {
  for (const [id, h] of await vehicleHighlights(db, [...cards.keys()], now, listedAt)) cards.set(id, { ...cards.get(id)!, highlight: highlightText(h) });
}
