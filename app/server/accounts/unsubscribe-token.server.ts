// One-click unsubscribe links: the subscription named in the token, signed with HMAC-SHA256 over
// SESSION_SECRET, so the link works signed out and cannot be forged for someone else's alerts.
import { createHmac, timingSafeEqual } from "node:crypto";

export type UnsubscribeTarget =
  | { kind: "search"; id: string }
  | { kind: "vehicle"; userId: number; listingId: number }
  | { kind: "price"; id: number }
  /** Dealer review invitations to this address (docs/model-research.md). */
  | { kind: "review-invites"; email: string };

function encode(t: UnsubscribeTarget): string {
  if (t.kind === "review-invites") return `review-invites:${t.email}`;
  return t.kind === "search" ? `search:${t.id}` : t.kind === "vehicle" ? `vehicle:${t.userId}:${t.listingId}` : `price:${t.id}`;
}

function mac(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest();
}

export function unsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const payload = encode(target);
  return `${Buffer.from(payload).toString("base64url")}.${mac(secret, payload).toString("base64url")}`;
}

export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  if (typeof token !== "string" || token.length > 300) return null;
  const [p, m] = token.split(".");
  if (!p || !m) return null;
  const payload = Buffer.from(p, "base64url").toString();
  const expected = mac(secret, payload);
  const given = Buffer.from(m, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const parts = payload.split(":");
  if (parts[0] === "search" && parts[1]) return { kind: "search", id: parts[1] };
  if (parts[0] === "vehicle" && parts.length === 3) return { kind: "vehicle", userId: Number(parts[1]), listingId: Number(parts[2]) };
  if (parts[0] === "price" && parts[1]) return { kind: "price", id: Number(parts[1]) };
  if (parts[0] === "review-invites" && parts.length === 2 && parts[1]) return { kind: "review-invites", email: parts[1] };
  return null;
}
