// Push alerts (decision 023), run with the mail alerts and before them (they share the saved
// searches' matched_since): to every device of an account,
// - a price drop on a car it saved or viewed (recent_views): the price is below the price when the
//   car was saved (price_at_save) or viewed (the price history as of the view); once per device,
//   car and price;
// - new matches for a saved search with alerts on: once per device, search and UTC day;
// and to a device that belongs only to a visitor (signed out), a price drop on a car the visitor
// viewed with its visitor cookie (listing_viewers, ADR 036; its newest RECENT_VIEWS_KEPT cars), the
// price as of the visitor's first view that day, or quick-saved (visitor_saves), the price at the
// save. The device moves to the account at sign-in and keeps its keys, so a drop already pushed is
// not pushed again.
// Keys go to sent_alerts like the mails' (`push:{subscription}:price-drop:{listing}:{price}`,
// `push:{subscription}:digest:{search}:{day}`): never twice, across restarts and instances.

import { formatPrice } from "../../lib/format.ts";
import { PATHS } from "../../lib/routes.ts";
import type { AlertContext } from "../accounts/alerts.server.ts";
import type { Database } from "../db/connection.server.ts";
import { newMatchIds } from "../accounts/saved-searches.server.ts";
import { pushOnce, type PushPayload, type SendOptions } from "./send.server.ts";
import { sql } from "kysely";
import { RECENT_VIEWS_KEPT } from "../accounts/recent-views.server.ts";
import { subscriptionsOfUser, type PushSubscriptionRow } from "./subscriptions.server.ts";
import { vapidKeys } from "./vapid.server.ts";

export interface PushRunResult {
  sent: number;
  gone: number;
  failed: number;
}

function utcDay(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

/** A car's price as of a moment: its latest price history entry at or before it (both column references). */
function priceAsOf(db: Database, listingRef: string, atRef: string) {
  return db.kysely
    .selectFrom("listing_price_history as h")
    .select("h.price")
    .where(sql<boolean>`h.listing_id = ${sql.ref(listingRef)} and h.recorded_at <= ${sql.ref(atRef)}`)
    .orderBy("h.recorded_at", "desc")
    .orderBy("h.id", "desc")
    .limit(1);
}

interface Drop {
  userId: number;
  listingId: number;
  title: string;
  before: number;
  price: number;
}

/** Cars whose price is below the price the account saved or viewed them at. */
async function priceDrops(c: AlertContext): Promise<Drop[]> {
  const users = c.db.kysely.selectFrom("push_subscriptions").select("user_id").where("user_id", "is not", null);
  const saved = await c.db.kysely
    .selectFrom("saved_vehicles as s")
    .innerJoin("listings as l", "l.id", "s.listing_id")
    .select(["s.user_id", "s.listing_id", "s.price_at_save as before", "l.title", "l.sale_price"])
    .where("s.user_id", "in", users)
    .where("l.status", "=", "active")
    .whereRef("l.sale_price", "<", "s.price_at_save")
    .execute();
  const viewed = await c.db.kysely
    .selectFrom("recent_views as v")
    .innerJoin("listings as l", "l.id", "v.listing_id")
    .select(["v.user_id", "v.listing_id", "l.title", "l.sale_price", priceAsOf(c.db, "v.listing_id", "v.viewed_at").as("before")])
    .where("v.user_id", "in", users)
    .where("l.status", "=", "active")
    .execute();
  const drops = new Map<string, Drop>();
  for (const r of [...saved, ...viewed]) {
    const before = r.before == null ? null : Number(r.before);
    if (before === null || !(Number(r.sale_price) < before)) continue;
    const key = `${r.user_id}:${r.listing_id}`;
    const d = { userId: Number(r.user_id), listingId: Number(r.listing_id), title: r.title, before, price: Number(r.sale_price) };
    // Saved and viewed: the higher earlier price tells the bigger drop.
    const had = drops.get(key);
    if (!had || had.before < d.before) drops.set(key, d);
  }
  return [...drops.values()];
}

interface VisitorDrop {
  sub: PushSubscriptionRow;
  listingId: number;
  title: string;
  before: number;
  price: number;
}

/**
 * Cars a visitor's own device (no account) viewed or quick-saved whose price is now below the price
 * at the view or the save.
 */
async function visitorPriceDrops(c: AlertContext): Promise<VisitorDrop[]> {
  const visitorDevices = (db: Database) => db.kysely.selectFrom("push_subscriptions as s").where("s.user_id", "is", null).where("s.visitor_id", "is not", null);
  // Saves of visitors whose devices are all gone (blocked, or 404/410 from the push service) go.
  await c.db.kysely
    .deleteFrom("visitor_saves")
    .where("visitor_id", "not in", visitorDevices(c.db).select("s.visitor_id").$narrowType<{ visitor_id: string }>())
    .execute();
  const views = await visitorDevices(c.db)
    .innerJoin("listing_viewers as v", (join) => join.on((eb) => eb(eb.ref("v.viewer"), "=", sql<string>`${sql.lit("visitor:")} || s.visitor_id`)))
    .innerJoin("listings as l", "l.id", "v.listing_id")
    .select([
      "s.id",
      "s.endpoint",
      "s.p256dh",
      "s.auth",
      "v.listing_id",
      "v.at",
      "l.title",
      "l.sale_price",
      priceAsOf(c.db, "v.listing_id", "v.at").as("before"),
    ])
    .where("l.status", "=", "active")
    .execute();
  const saves = await visitorDevices(c.db)
    .innerJoin("visitor_saves as vs", "vs.visitor_id", "s.visitor_id")
    .innerJoin("listings as l", "l.id", "vs.listing_id")
    .select(["s.id", "s.endpoint", "s.p256dh", "s.auth", "vs.listing_id", "vs.price_at_save as before", "l.title", "l.sale_price"])
    .where("l.status", "=", "active")
    .whereRef("l.sale_price", "<", "vs.price_at_save")
    .execute();
  type Row = {
    id: number | string;
    endpoint: string;
    p256dh: string;
    auth: string;
    listing_id: number | string;
    title: string;
    sale_price: number | string;
    before: number | string | null;
  };
  // Per device: each viewed car's latest view, the newest RECENT_VIEWS_KEPT cars; then its saved cars.
  const bySub = new Map<number, Map<number, (typeof views)[number]>>();
  for (const r of views) {
    const cars = bySub.get(Number(r.id)) ?? new Map<number, (typeof views)[number]>();
    bySub.set(Number(r.id), cars);
    const had = cars.get(Number(r.listing_id));
    if (!had || Number(had.at) < Number(r.at)) cars.set(Number(r.listing_id), r);
  }
  const candidates: Row[] = [...bySub.values()].flatMap((cars) => [...cars.values()].sort((a, b) => Number(b.at) - Number(a.at)).slice(0, RECENT_VIEWS_KEPT));
  candidates.push(...saves);
  // Saved and viewed: the higher earlier price tells the bigger drop.
  const drops = new Map<string, VisitorDrop>();
  for (const r of candidates) {
    const before = r.before == null ? null : Number(r.before);
    if (before === null || !(Number(r.sale_price) < before)) continue;
    const key = `${r.id}:${r.listing_id}`;
    const had = drops.get(key);
    if (had && had.before >= before) continue;
    drops.set(key, {
      sub: { id: Number(r.id), endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth, userId: null },
      listingId: Number(r.listing_id),
      title: r.title,
      before,
      price: Number(r.sale_price),
    });
  }
  return [...drops.values()];
}

const priceDropPayload = (d: { listingId: number; title: string; before: number; price: number }): PushPayload => ({
  title: `Price drop: ${d.title}`,
  body: `Now ${formatPrice(d.price)}, down ${formatPrice(d.before - d.price)}.`,
  url: PATHS.vehicle(d.listingId),
  tag: `price-${d.listingId}`,
});

/** The once-only key of a price-drop push: per device, car and price (the same signed in or out). */
const priceDropKey = (subId: number, listingId: number, price: number) => `push:${subId}:price-drop:${listingId}:${price}`;

export async function runPushAlerts(c: AlertContext, opts?: SendOptions): Promise<PushRunResult> {
  const result: PushRunResult = { sent: 0, gone: 0, failed: 0 };
  const any = await c.db.kysely.selectFrom("push_subscriptions").select("id").limit(1).executeTakeFirst();
  if (!any || !vapidKeys()) return result;
  const now = c.now ?? Date.now();
  const count = (o: string) => {
    if (o === "sent") result.sent++;
    else if (o === "gone") result.gone++;
    else if (o === "failed") result.failed++;
  };
  const toUser = async (userId: number, keyOf: (subId: number) => string, payload: PushPayload) => {
    for (const sub of await subscriptionsOfUser(c.db, userId)) count(await pushOnce(c.db, keyOf(sub.id), sub, payload, now, opts));
  };

  for (const d of await priceDrops(c)) await toUser(d.userId, (s) => priceDropKey(s, d.listingId, d.price), priceDropPayload(d));
  for (const d of await visitorPriceDrops(c)) count(await pushOnce(c.db, priceDropKey(d.sub.id, d.listingId, d.price), d.sub, priceDropPayload(d), now, opts));

  const searches = await c.db.kysely
    .selectFrom("saved_searches")
    .select(["id", "user_id", "title", "search_url", "matched_since"])
    .where("alerts", "=", 1)
    .where("user_id", "in", c.db.kysely.selectFrom("push_subscriptions").select("user_id").where("user_id", "is not", null))
    .execute();
  for (const s of searches) {
    const day = utcDay(now);
    const subs = await subscriptionsOfUser(c.db, Number(s.user_id));
    const pending = [];
    for (const sub of subs) {
      const key = `push:${sub.id}:digest:${s.id}:${day}`;
      const done = await c.db.kysely.selectFrom("sent_alerts").select("alert_key").where("alert_key", "=", key).executeTakeFirst();
      if (!done) pending.push({ sub, key });
    }
    if (pending.length === 0) continue;
    const ids = await newMatchIds(c.db, c.engine, c.ctx, s.search_url, Number(s.matched_since));
    if (!ids || ids.length === 0) continue;
    const payload: PushPayload = {
      title: `${ids.length} new ${ids.length === 1 ? "match" : "matches"} for ${s.title}`,
      body: "Tap to see the new cars.",
      url: s.search_url,
      tag: `search-${s.id}`,
    };
    for (const p of pending) count(await pushOnce(c.db, p.key, p.sub, payload, now, opts));
  }
  return result;
}
