// 'Still interested?' on the results page (decision 018): its Dismiss is a POST to the page
// itself (intent=dismiss-still-interested), with and without JavaScript. Only the signed-in
// shopper's own history changes; the answer is a 303 back to the same results.
import { z } from "zod";
import { getDatabase } from "../db/connection.server.ts";
import { isbot } from "isbot";
import { dismissStillInterested, mergeViews, type RecentCar } from "../accounts/recent-views.server.ts";
import type { Database } from "../db/connection.server.ts";
import { storeVisitorViews, viewsInLastDays } from "./views.server.ts";
import { readVisitorId } from "../leads/visitor.server.ts";
import { loadListingSummaries } from "./summaries.server.ts";
import { visitorHasDevice } from "../push/subscriptions.server.ts";
import { log } from "../observability/log.server.ts";
import { vehicleName } from "../../lib/listing.ts";
import {
  BRAND,
  LOCAL_HISTORY_KEPT,
  STILL_INTERESTED_MAX,
  STILL_INTERESTED_VIEW_DAYS,
  numViewedLabel,
  type StillInterestedCar,
} from "../../lib/still-interested.ts";
import { getSessionUser } from "../accounts/session.server.ts";

// ---------------------------------------------------------------------------------------------
// Still Interested for every shopper (decision 023): the spec's listing-view-count call, the
// cars of a signed-out shopper's local history, its merge at sign-in, and the beacon.

const VIN = /^[A-HJ-NPR-Z0-9]{11,17}$/i;
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "private, no-store", ...headers } });

/** A signed-in shopper's cars with their views in the last STILL_INTERESTED_VIEW_DAYS days. */
export async function withViewCounts(db: Database, cars: RecentCar[]): Promise<StillInterestedCar[]> {
  return Promise.all(
    cars.map(async (c) => {
      const views = await viewsInLastDays(db, c.listingId, STILL_INTERESTED_VIEW_DAYS);
      return {
        listingId: c.listingId,
        vin: c.vin,
        title: c.title,
        price: c.price,
        bodyStyleCode: c.bodyStyleCode,
        extColor: c.extColor,
        photo: c.photo,
        views,
        viewsLabel: numViewedLabel(views),
      };
    }),
  );
}

const viewCountQuery = z.object({
  vin: z
    .string()
    .max(17 * STILL_INTERESTED_MAX + STILL_INTERESTED_MAX)
    .transform((s) => s.split(",").map((v) => v.trim().toUpperCase()))
    .pipe(z.array(z.string().regex(VIN)).min(1).max(STILL_INTERESTED_MAX)),
  dateRange: z.coerce.number().int().min(1).max(30).default(STILL_INTERESTED_VIEW_DAYS),
});

/**
 * GET /cars-for-sale/svc/listing-view-count?vin=&dateRange=: views of each car on this site in the
 * last dateRange days, under the spec's "ATC" key; "KBB" (a partner site's count) is null: there is
 * no partner site, and no count is invented. An unknown VIN counts null. Bad input: 400.
 */
export async function listingViewCountLoader(url: URL): Promise<Response> {
  const parsed = viewCountQuery.safeParse({ vin: url.searchParams.get("vin") ?? "", dateRange: url.searchParams.get("dateRange") ?? undefined });
  if (!parsed.success) return json({ error: "Give vin (up to 10, comma-separated) and dateRange (1-30 days)." }, 400);
  const { vin: vins, dateRange } = parsed.data;
  const db = await getDatabase();
  const rows = await db.kysely.selectFrom("listings").select(["id", "vin"]).where("vin", "in", vins).execute();
  const idOf = new Map(rows.map((r) => [r.vin.toUpperCase(), Number(r.id)]));
  const counts = await Promise.all(
    vins.map(async (vin) => {
      const id = idOf.get(vin);
      return { vin, ATC: id === undefined ? null : await viewsInLastDays(db, id, dateRange), KBB: null };
    }),
  );
  return json({ dateRange, counts });
}

const idList = z
  .string()
  .max(400)
  .transform((s) => s.split(",").map((v) => Number(v)))
  .pipe(z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(LOCAL_HISTORY_KEPT));

/** GET /cars-for-sale/svc/browsing-history?listingIds=: the cars still for sale, in the order asked; bots get none. */
export async function browsingHistoryLoader(request: Request, url: URL): Promise<Response> {
  const parsed = idList.safeParse(url.searchParams.get("listingIds") ?? "");
  if (!parsed.success) return json({ error: "Give listingIds (up to 20, comma-separated)." }, 400);
  if (isbot(request.headers.get("user-agent") ?? "")) return json({ cars: [] });
  const db = await getDatabase();
  const byId = new Map((await loadListingSummaries(db, parsed.data)).filter((l) => l.status === "active").map((l) => [l.id, l]));
  const cars = parsed.data.flatMap((id) => {
    const l = byId.get(id);
    return l ? [{ listingId: l.id, vin: l.vin, title: vehicleName(l), price: l.salePrice, bodyStyleCode: l.bodyStyleCode, extColor: l.extColorSimple }] : [];
  });
  return json({ cars });
}

const mergeBody = z.object({
  views: z
    .array(
      z.object({
        listingId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        viewedAt: z.number().int().positive(),
        dismissed: z.boolean().optional(),
      }),
    )
    .max(LOCAL_HISTORY_KEPT),
});

/**
 * POST /cars-for-sale/svc/browsing-history (JSON { views }): a device's history merged into the
 * signed-in account; signed out, kept as the visitor's views when the visitor has a push device of
 * its own (its price drops, decision 023), else 401 and nothing stored.
 */
export async function browsingHistoryAction(request: Request): Promise<Response> {
  const body = mergeBody.safeParse(await request.json().catch(() => null));
  if (!body.success) return json({ error: "Bad history." }, 400);
  const user = await getSessionUser(request);
  if (!user) {
    const visitorId = await readVisitorId(request);
    const db = await getDatabase();
    if (!visitorId || !(await visitorHasDevice(db, visitorId))) return json({ merged: false }, 401);
    const live = body.data.views.filter((v) => !v.dismissed);
    return json({ merged: false, stored: await storeVisitorViews(db, visitorId, live) });
  }
  const db = await getDatabase();
  await mergeViews(db, user.id, body.data.views);
  for (const v of body.data.views.filter((v) => v.dismissed)) await dismissStillInterested(db, user.id, v.listingId);
  return json({ merged: true });
}

const beaconBody = z.object({
  brand: z.literal(BRAND),
  vins: z.array(z.string().regex(VIN)).min(1).max(STILL_INTERESTED_MAX),
  consumer_id: z.string().max(64).nullable().optional(),
  email: z.string().max(254).nullable().optional(),
});

/**
 * POST /cars-for-sale/svc/still-interested: the spec's beacon when the alert shows (brand, vins,
 * consumer_id, email). Logged for the operators with the session's account (never the ids the body
 * claims); nothing is stored. 204, or 400 for a malformed body.
 */
export async function stillInterestedBeacon(request: Request): Promise<Response> {
  const text = await request.text().catch(() => "");
  let raw: unknown = null;
  try {
    raw = text.length <= 4000 ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  const body = beaconBody.safeParse(raw);
  if (!body.success) return json({ error: "Bad beacon." }, 400);
  const user = await getSessionUser(request);
  log("info", "still interested shown", { vins: body.data.vins.length, signedIn: user !== null, userId: user?.id ?? null });
  return new Response(null, { status: 204 });
}
