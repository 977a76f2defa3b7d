// First-party page-event analytics (docs/analytics.md): page views, searches, card clicks with the
// tier the card link carries (tileClick), saves and leads, counted per UTC day. No third party, no
// script: the server sees every page request (before the page cache, so cached pages count too),
// and the save and lead actions report what they stored. Bots are not counted.
//
// Never slows a page: an event is a counter in memory; the counters are added to the database in
// one statement every ANALYTICS_FLUSH_MS (and on shutdown). Several instances add to the same rows
// (`count = count + excluded.count`), so the totals hold across instances.
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import type { Database } from "../db/connection.server.ts";
import { TIER_LABEL_PATTERN } from "../../lib/constants.ts";
import { getEnv } from "../env.server.ts";
import { processSingleton } from "../singleton.server.ts";
import { reportError } from "./log.server.ts";

export const ANALYTICS_EVENTS = ["page_view", "search", "card_click", "save", "lead", "lead_source"] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/** What the operator's view calls each event. */
export const ANALYTICS_EVENT_NAMES: Record<AnalyticsEvent, string> = {
  page_view: "Page views",
  search: "Searches",
  card_click: "Card clicks",
  save: "Saves",
  lead: "Leads",
  lead_source: "Leads by what brought the shopper",
};

type State = { counts: Map<string, number>; timer: NodeJS.Timeout | null; getDb: (() => Promise<Database>) | null };
const state = processSingleton<State>("analytics", () => ({ counts: new Map(), timer: null, getDb: null }));

/** The UTC day of an instant: "2026-11-25". */
export const analyticsDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A label as stored: short, plain characters only (anything else becomes "other"). */
function cleanLabel(label: string): string {
  return /^[A-Za-z0-9_.:\-|]{1,48}$/.test(label) ? label : "other";
}

/** Counts one event now; written with the next flush. */
export function recordEvent(event: AnalyticsEvent, label: string, now = Date.now()): void {
  const key = `${analyticsDay(now)}\u0000${event}\u0000${cleanLabel(label)}`;
  state.counts.set(key, (state.counts.get(key) ?? 0) + 1);
  if (!state.timer) {
    state.timer = setTimeout(() => void flushAnalytics().catch((e: unknown) => reportError("writing analytics failed", e)), getEnv().ANALYTICS_FLUSH_MS);
    state.timer.unref();
  }
}

/** Where the counters are written (the app's database, resolved when first needed). */
export function useAnalyticsDatabase(getDb: () => Promise<Database>): void {
  state.getDb = getDb;
}

/** Adds the pending counters to the database; returns how many rows were written. */
export async function flushAnalytics(db?: Database): Promise<number> {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  if (state.counts.size === 0) return 0;
  const target = db ?? (state.getDb ? await state.getDb() : null);
  if (!target) return 0;
  const batch = [...state.counts];
  state.counts.clear();
  const rows = batch.map(([key, count]) => {
    const [day, event, label] = key.split("\u0000") as [string, string, string];
    return { day, event, label, count };
  });
  try {
    for (let i = 0; i < rows.length; i += 500) {
      await target.kysely
        .insertInto("analytics_daily")
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(["day", "event", "label"]).doUpdateSet((eb) => ({ count: eb("analytics_daily.count", "+", eb.ref("excluded.count")) })))
        .execute();
    }
  } catch (e) {
    // Put them back: the next flush tries again.
    for (const [key, n] of batch) state.counts.set(key, (state.counts.get(key) ?? 0) + n);
    throw e;
  }
  return rows.length;
}

/** The kind of page a path is, as page views are labelled. */
export function pageKind(path: string): string {
  if (path === "/" || path === "/_root") return "home";
  if (/^\/cars-for-sale\/vehicle\/\d+$/.test(path)) return "vehicle";
  if (/^\/cars-for-sale(\/|$)/.test(path)) return "results";
  if (/^\/compare(\/|$)/.test(path)) return "compare";
  if (/^\/research(\/|$)/.test(path)) return "research";
  if (/^\/account(\/|$)/.test(path)) return "account";
  return "other";
}

/** The condition a results path searches ("/cars-for-sale/used/honda" -> "used"). */
function searchLabel(path: string): string {
  const m = /^\/cars-for-sale\/(new|used|certified|all)(\/|$)/.exec(path);
  return m ? m[1]! : "all";
}

/**
 * Express middleware: page views, searches and card clicks of people (not bots). A page is a GET
 * for HTML, or the `.data` request of a client-side navigation (a revalidation, which names
 * `_routes`, is not a page view). The infinite-scroll batches and JSON services are not pages.
 */
export function analyticsMiddleware(req: Request, _res: Response, next: NextFunction): void {
  try {
    if (req.method === "GET" && !isbot(req.headers["user-agent"] ?? "")) {
      const data = req.path.endsWith(".data");
      const html = !data && (req.headers.accept ?? "").includes("text/html");
      if ((data && req.query._routes === undefined) || html) {
        const path = data ? req.path.slice(0, -".data".length) : req.path.replace(/\/+$/, "") || "/";
        const kind = pageKind(path);
        if (!/^\/cars-for-sale\/(api|svc|consumer-device)\//.test(path)) {
          recordEvent("page_view", kind);
          if (kind === "results") recordEvent("search", searchLabel(path));
          // Only the tier labels the cards carry: a made-up label counts as "other", so nobody can
          // fill the table with rows of their own.
          const tile = req.query.tileClick;
          if (kind === "vehicle" && typeof tile === "string" && tile !== "") recordEvent("card_click", TIER_LABEL_PATTERN.test(tile) ? tile : "other");
        }
      }
    }
  } catch (e) {
    reportError("counting a page event failed", e);
  }
  next();
}

export interface AnalyticsRow {
  day: string;
  event: AnalyticsEvent;
  label: string;
  count: number;
}

/** The counts of the last `days` UTC days (today included), newest day first. */
export async function analyticsByDay(db: Database, days: number, now = Date.now()): Promise<AnalyticsRow[]> {
  await flushAnalytics(db).catch((e: unknown) => reportError("writing analytics failed", e));
  const since = analyticsDay(now - (days - 1) * 86_400_000);
  const rows = await db.kysely
    .selectFrom("analytics_daily")
    .select(["day", "event", "label", "count"])
    .where("day", ">=", since)
    .orderBy("day", "desc")
    .orderBy("event")
    .orderBy("label")
    .execute();
  return rows.map((r) => ({ day: r.day, event: r.event as AnalyticsEvent, label: r.label, count: Number(r.count) }));
}
