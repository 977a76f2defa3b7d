// Links mailed to an address to prove the reader owns it (docs/decisions/020-verified-identity-and-reports.md):
// - "account": verify an account's email (or the address it is changing to);
// - "price" / "search": confirm a price alert or a saved search subscribed by email (double opt-in).
// A token is base64url(payload).HMAC-SHA256(payload) over SESSION_SECRET; the payload names what
// it confirms, the address and an expiry, so it cannot be forged, moved to another address or
// used after EMAIL_LINK_TTL_MS. Compared with timingSafeEqual.
import { createHmac, timingSafeEqual } from "node:crypto";
import { EMAIL_LINK_TTL_MS } from "../../lib/constants.ts";

export type EmailLinkTarget =
  { kind: "account"; userId: number; email: string } | { kind: "price"; id: number; email: string } | { kind: "search"; id: string; email: string };

export const EMAIL_LINK_PATH = "/account/verify-email";

function mac(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`email-link:${payload}`).digest();
}

function encode(t: EmailLinkTarget, expiresAt: number): string {
  const id = t.kind === "account" ? String(t.userId) : String(t.id);
  return JSON.stringify([t.kind, id, t.email, expiresAt]);
}

export function emailLinkToken(secret: string, target: EmailLinkTarget, now = Date.now()): string {
  const payload = encode(target, now + EMAIL_LINK_TTL_MS);
  return `${Buffer.from(payload).toString("base64url")}.${mac(secret, payload).toString("base64url")}`;
}

export type EmailLinkCheck = { ok: true; target: EmailLinkTarget } | { ok: false; reason: "invalid" | "expired" };

export function verifyEmailLinkToken(secret: string, token: unknown, now = Date.now()): EmailLinkCheck {
  if (typeof token !== "string" || token.length > 1000) return { ok: false, reason: "invalid" };
  const [p, m, extra] = token.split(".");
  if (!p || !m || extra !== undefined) return { ok: false, reason: "invalid" };
  const payload = Buffer.from(p, "base64url").toString();
  const expected = mac(secret, payload);
  const given = Buffer.from(m, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return { ok: false, reason: "invalid" };
  const [kind, id, email, expiresAt] = parsed as [unknown, unknown, unknown, unknown];
  if (typeof id !== "string" || typeof email !== "string" || typeof expiresAt !== "number") return { ok: false, reason: "invalid" };
  if (expiresAt < now) return { ok: false, reason: "expired" };
  if (kind === "account" && /^\d+$/.test(id)) return { ok: true, target: { kind, userId: Number(id), email } };
  if (kind === "price" && /^\d+$/.test(id)) return { ok: true, target: { kind, id: Number(id), email } };
  if (kind === "search" && id) return { ok: true, target: { kind, id, email } };
  return { ok: false, reason: "invalid" };
}

/** The full link to put in a mail. */
export function emailLink(origin: string, secret: string, target: EmailLinkTarget, now = Date.now()): string {
  return `${origin}${EMAIL_LINK_PATH}?token=${encodeURIComponent(emailLinkToken(secret, target, now))}`;
}
