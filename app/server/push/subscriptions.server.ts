// Push subscriptions (decision 023): the spec's device payload { brand, pixall_id, browser_token },
// where browser_token is the browser's PushSubscription (endpoint, keys.p256dh, keys.auth). A
// subscription belongs to the visitor (fc_visitor cookie) and, when signed in, to the account.
import { z } from "zod";
import { BRAND } from "../../lib/still-interested.ts";
import type { Database } from "../db/connection.server.ts";
import { getEnv } from "../env.server.ts";

const b64url = /^[A-Za-z0-9_-]+={0,2}$/;
const bytesOf = (s: string) => Buffer.from(s.replace(/=+$/, ""), "base64url");

/** A push service endpoint: https, or (tests, PUSH_ALLOW_LOOPBACK) http on 127.0.0.1. */
function endpointOk(raw: string): boolean {
  try {
    const u = new URL(raw);
    if (u.username || u.password) return false;
    if (u.protocol === "https:") return true;
    return getEnv().PUSH_ALLOW_LOOPBACK && u.protocol === "http:" && u.hostname === "127.0.0.1";
  } catch {
    return false;
  }
}

const browserToken = z.object({
  endpoint: z.string().max(2000).refine(endpointOk, "not a push endpoint"),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // RFC 8291: the user agent's P-256 public key, uncompressed (65 bytes, 0x04 first) ...
    p256dh: z
      .string()
      .max(200)
      .regex(b64url)
      .refine((s) => {
        const b = bytesOf(s);
        return b.length === 65 && b[0] === 4;
      }, "not a P-256 public key"),
    // ... and the 16-byte authentication secret.
    auth: z
      .string()
      .max(100)
      .regex(b64url)
      .refine((s) => bytesOf(s).length === 16, "not a 16-byte secret"),
  }),
});

export const devicePayload = z.object({
  brand: z.literal(BRAND),
  pixall_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  // The spec's browser_token: the subscription as an object, or its JSON text.
  browser_token: z.preprocess((v) => {
    if (typeof v !== "string" || v.length > 4000) return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, browserToken),
});
export type DevicePayload = z.infer<typeof devicePayload>;

export interface PushSubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  userId: number | null;
}

/** Stores (or moves to this visitor and account) the subscription; its id. */
export async function saveSubscription(db: Database, p: DevicePayload, owner: { visitorId: string; userId: number | null }, now = Date.now()): Promise<number> {
  const t = p.browser_token;
  const row = await db.kysely
    .insertInto("push_subscriptions")
    .values({
      endpoint: t.endpoint,
      p256dh: t.keys.p256dh,
      auth: t.keys.auth,
      brand: p.brand,
      pixall_id: p.pixall_id,
      visitor_id: owner.visitorId,
      user_id: owner.userId,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .column("endpoint")
        .doUpdateSet({ p256dh: t.keys.p256dh, auth: t.keys.auth, pixall_id: p.pixall_id, visitor_id: owner.visitorId, user_id: owner.userId }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** 'Blocked': the stored token removed, only the visitor's or account's own. */
export async function removeSubscription(db: Database, endpoint: string, owner: { visitorId: string | null; userId: number | null }): Promise<number> {
  if (!owner.visitorId && owner.userId === null) return 0;
  const r = await db.kysely
    .deleteFrom("push_subscriptions")
    .where("endpoint", "=", endpoint)
    .where((eb) => {
      const who = [];
      if (owner.visitorId) who.push(eb("visitor_id", "=", owner.visitorId));
      if (owner.userId !== null) who.push(eb("user_id", "=", owner.userId));
      return eb.or(who);
    })
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function subscriptionsOfUser(db: Database, userId: number): Promise<PushSubscriptionRow[]> {
  const rows = await db.kysely
    .selectFrom("push_subscriptions")
    .select(["id", "endpoint", "p256dh", "auth", "user_id"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: Number(r.id), endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth, userId: r.user_id === null ? null : Number(r.user_id) }));
}

/**
 * Sign-in: the visitor's devices that belong to no account become the account's (the device keeps
 * its id, so its once-only alert keys hold). Returns how many moved.
 */
export async function moveVisitorSubscriptions(db: Database, visitorId: string, userId: number): Promise<number> {
  const r = await db.kysely
    .updateTable("push_subscriptions")
    .set({ user_id: userId })
    .where("visitor_id", "=", visitorId)
    .where("user_id", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Whether a visitor (no account) has a push device of its own. */
export async function visitorHasDevice(db: Database, visitorId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom("push_subscriptions")
    .select("id")
    .where("visitor_id", "=", visitorId)
    .where("user_id", "is", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
