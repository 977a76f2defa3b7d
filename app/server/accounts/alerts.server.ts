// The alert jobs: a daily digest of new matches for each saved search, and price drops for
// saved cars and price-alert subscriptions, written to the mail outbox. Each alert goes out once,
// across restarts and app instances: every mail carries a dedupeKey (the outbox ignores a second
// enqueue with the same key) and is recorded in sent_alerts under the same unique key; the
// "since" marks (matched_since, last_alert_price) only move after the mail is queued. Mail goes
// only to proven addresses: an account's verified email, or an address that confirmed its alert
// by the link mailed to it (docs/decisions/020-verified-identity-and-reports.md).
import { formatPrice } from "../../lib/format.ts";
import { PATHS } from "../../lib/routes.ts";
import type { SearchUrlContext } from "../../lib/search-url.ts";
import type { Database } from "../db/connection.server.ts";
import { enqueueMail } from "../mail/outbox.server.ts";
import type { SearchEngine } from "../search/engine.server.ts";
import { newMatchIds } from "./saved-searches.server.ts";
import { runPushAlerts, type PushRunResult } from "../push/push-alerts.server.ts";
import { unsubscribeToken, type UnsubscribeTarget } from "./unsubscribe-token.server.ts";

export const UNSUBSCRIBE_PATH = "/account/unsubscribe";
const DIGEST_LISTINGS_SHOWN = 10;

export interface AlertContext {
  db: Database;
  engine: SearchEngine;
  ctx: SearchUrlContext;
  origin: string;
  secret: string;
  now?: number;
}

export interface AlertRunResult {
  digests: number;
  priceDrops: number;
  pushes: PushRunResult;
}

function utcDay(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

async function send(
  c: AlertContext,
  key: string,
  mail: { to: string; subject: string; lines: string[]; unsubscribe: UnsubscribeTarget; kind: string },
): Promise<boolean> {
  const link = `${c.origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(c.secret, mail.unsubscribe))}`;
  const text = [...mail.lines, "", `Unsubscribe with one click: ${link}`].join("\n");
  const r = await enqueueMail(c.db, { to: mail.to, subject: mail.subject, text, kind: mail.kind, dedupeKey: key, listUnsubscribe: link });
  await c.db.kysely
    .insertInto("sent_alerts")
    .values({ alert_key: key, sent_at: c.now ?? Date.now() })
    .onConflict((oc) => oc.column("alert_key").doNothing())
    .execute();
  return !r.duplicate;
}

async function alreadySent(db: Database, key: string): Promise<boolean> {
  return (await db.kysely.selectFrom("sent_alerts").select("alert_key").where("alert_key", "=", key).executeTakeFirst()) !== undefined;
}

/** One digest per saved search and UTC day, when new cars match. */
export async function runSearchDigests(c: AlertContext): Promise<number> {
  const now = c.now ?? Date.now();
  const rows = await c.db.kysely
    .selectFrom("saved_searches")
    .leftJoin("users", "users.id", "saved_searches.user_id")
    .select([
      "saved_searches.id",
      "saved_searches.title",
      "saved_searches.search_url",
      "saved_searches.matched_since",
      "saved_searches.email",
      "users.email as user_email",
    ])
    .where("saved_searches.alerts", "=", 1)
    // Only to proven addresses: an account's verified email, or an address that confirmed the search.
    .where((eb) =>
      eb.or([
        eb.and([eb("saved_searches.user_id", "is not", null), eb("users.email_verified_at", "is not", null)]),
        eb.and([eb("saved_searches.user_id", "is", null), eb("saved_searches.confirmed_at", "is not", null)]),
      ]),
    )
    .execute();
  let sent = 0;
  for (const r of rows) {
    const to = r.user_email ?? r.email;
    if (!to) continue;
    const key = `digest:${r.id}:${utcDay(now)}`;
    if (await alreadySent(c.db, key)) continue;
    const ids = await newMatchIds(c.db, c.engine, c.ctx, r.search_url, Number(r.matched_since));
    if (!ids || ids.length === 0) continue;
    const cars = await c.db.kysely
      .selectFrom("listings")
      .select(["id", "title", "sale_price"])
      .where("id", "in", ids.slice(0, DIGEST_LISTINGS_SHOWN))
      .execute();
    const lines = [
      `${ids.length} new ${ids.length === 1 ? "car matches" : "cars match"} your saved search "${r.title}":`,
      "",
      ...cars.map((l) => `- ${l.title}, ${formatPrice(l.sale_price)}: ${c.origin}${PATHS.vehicle(Number(l.id))}`),
      "",
      `See every match: ${c.origin}${r.search_url}`,
    ];
    const fresh = await send(c, key, {
      to,
      subject: `${ids.length} new ${ids.length === 1 ? "match" : "matches"} for ${r.title}`,
      lines,
      unsubscribe: { kind: "search", id: r.id },
      kind: "saved-search-digest",
    });
    await c.db.kysely.updateTable("saved_searches").set({ matched_since: now }).where("id", "=", r.id).execute();
    if (fresh) sent++;
  }
  return sent;
}

/** Price drops below the last price we told the shopper about, once per address, car and price. */
export async function runPriceDrops(c: AlertContext): Promise<number> {
  let sent = 0;
  const saved = await c.db.kysely
    .selectFrom("saved_vehicles")
    .innerJoin("users", "users.id", "saved_vehicles.user_id")
    .innerJoin("listings", "listings.id", "saved_vehicles.listing_id")
    .select(["saved_vehicles.user_id", "saved_vehicles.listing_id", "saved_vehicles.last_alert_price", "users.email", "listings.title", "listings.sale_price"])
    .where("saved_vehicles.alerts", "=", 1)
    .where("users.email_verified_at", "is not", null)
    .where("listings.status", "=", "active")
    .whereRef("listings.sale_price", "<", "saved_vehicles.last_alert_price")
    .execute();
  for (const r of saved) {
    const listingId = Number(r.listing_id);
    const fresh = await send(
      c,
      `price-drop:${r.email}:${listingId}:${r.sale_price}`,
      dropMail(c, r.email, listingId, r.title, r.last_alert_price, r.sale_price, { kind: "vehicle", userId: Number(r.user_id), listingId }),
    );
    await c.db.kysely
      .updateTable("saved_vehicles")
      .set({ last_alert_price: r.sale_price })
      .where("user_id", "=", r.user_id)
      .where("listing_id", "=", r.listing_id)
      .execute();
    if (fresh) sent++;
  }
  const subs = await c.db.kysely
    .selectFrom("price_alerts")
    .innerJoin("listings", "listings.id", "price_alerts.listing_id")
    .select(["price_alerts.id", "price_alerts.email", "price_alerts.listing_id", "price_alerts.last_alert_price", "listings.title", "listings.sale_price"])
    .where("price_alerts.active", "=", 1)
    .where("price_alerts.confirmed_at", "is not", null)
    .where("listings.status", "=", "active")
    .whereRef("listings.sale_price", "<", "price_alerts.last_alert_price")
    .execute();
  for (const r of subs) {
    const listingId = Number(r.listing_id);
    // Same key as a saved car's alert: an address that both saved and subscribed gets one mail.
    const fresh = await send(
      c,
      `price-drop:${r.email}:${listingId}:${r.sale_price}`,
      dropMail(c, r.email, listingId, r.title, r.last_alert_price, r.sale_price, { kind: "price", id: Number(r.id) }),
    );
    await c.db.kysely.updateTable("price_alerts").set({ last_alert_price: r.sale_price }).where("id", "=", r.id).execute();
    if (fresh) sent++;
  }
  return sent;
}

function dropMail(c: AlertContext, to: string, listingId: number, title: string, before: number, now: number, unsubscribe: UnsubscribeTarget) {
  return {
    to,
    subject: `Price drop: ${title} is now ${formatPrice(now)}`,
    lines: [
      `Good news: the ${title} you are following dropped ${formatPrice(before - now)}, from ${formatPrice(before)} to ${formatPrice(now)}.`,
      "",
      `See the car: ${c.origin}${PATHS.vehicle(listingId)}`,
    ],
    unsubscribe,
    kind: "price-drop",
  };
}

export async function runAlerts(c: AlertContext): Promise<AlertRunResult> {
  // Pushes first: they read the saved searches' matched_since, which the digests move on.
  const pushes = await runPushAlerts(c);
  const priceDrops = await runPriceDrops(c);
  const digests = await runSearchDigests(c);
  return { digests, priceDrops, pushes };
}

/** Applies a verified unsubscribe token. */
export async function applyUnsubscribe(db: Database, target: UnsubscribeTarget): Promise<boolean> {
  if (target.kind === "review-invites") {
    await db.kysely
      .insertInto("review_invite_optouts")
      .values({ email: target.email, created_at: Date.now() })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    return true;
  }
  if (target.kind === "search") {
    const r = await db.kysely.updateTable("saved_searches").set({ alerts: 0 }).where("id", "=", target.id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
  if (target.kind === "vehicle") {
    const r = await db.kysely
      .updateTable("saved_vehicles")
      .set({ alerts: 0 })
      .where("user_id", "=", target.userId)
      .where("listing_id", "=", target.listingId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
  const r = await db.kysely.updateTable("price_alerts").set({ active: 0 }).where("id", "=", target.id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
