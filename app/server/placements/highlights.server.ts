// Vehicle highlights (docs/placements.md "Vehicle highlights"): the spec's `vehicleHighlight`
// (isVehicleHighlight, urgencyDriverType, urgencyDriverValue) from real signals only, never made
// up: a price drop this week (the listing's price history), views in the last 7 days (the view
// counts per day, more than 3), a listing that is new on the site (listed within 3 days). One per
// car, in that order; none when no signal holds.
import type { Database } from "../db/connection.server.ts";
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

export async function vehicleHighlights(db: Database, ids: readonly number[], now = Date.now()): Promise<Map<number, VehicleHighlight>> {
  const out = new Map<number, VehicleHighlight>();
  if (ids.length === 0) return out;
  const weekAgo = now - HIGHLIGHT_WINDOW_DAYS * DAY_MS;
  const today = Math.floor(now / DAY_MS);
  const [history, views, listed] = await Promise.all([
    db.kysely
      .selectFrom("listing_price_history")
      .select(["listing_id", "price", "recorded_at"])
      .where("listing_id", "in", [...ids])
      .orderBy("listing_id")
      .orderBy("recorded_at")
      .execute(),
    db.kysely
      .selectFrom("listing_view_days")
      .select(["listing_id", (eb) => eb.fn.sum<number>("views").as("views")])
      .where("listing_id", "in", [...ids])
      .where("day", ">", today - HIGHLIGHT_WINDOW_DAYS)
      .groupBy("listing_id")
      .execute(),
    db.kysely
      .selectFrom("listings")
      .select(["id", "date_listed"])
      .where("id", "in", [...ids])
      .execute(),
  ]);
  const byListing = new Map<number, { price: number; at: number }[]>();
  for (const r of history) {
    const id = Number(r.listing_id);
    if (!byListing.has(id)) byListing.set(id, []);
    byListing.get(id)!.push({ price: Number(r.price), at: Number(r.recorded_at) });
  }
  for (const [id, rows] of byListing) {
    const before = rows.filter((r) => r.at < weekAgo).at(-1);
    const current = rows.at(-1)!;
    if (before && current.at >= weekAgo && current.price < before.price) {
      out.set(id, { isVehicleHighlight: true, urgencyDriverType: "PRICE_DROP", urgencyDriverValue: before.price - current.price });
    }
  }
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
export async function withHighlights<C extends { highlight?: string }>(db: Database, cards: Map<number, C>, now = Date.now()): Promise<void> {
  for (const [id, h] of await vehicleHighlights(db, [...cards.keys()], now)) cards.set(id, { ...cards.get(id)!, highlight: highlightText(h) });
}
