// Database sessions behind a signed cookie. The cookie holds a random session id (signed with
// SESSION_SECRET, HttpOnly, SameSite=Lax, and Secure with the `__Host-` prefix in production);
// the database holds only its sha256, the user and the expiry. Signing in always makes a new
// session id (no fixation); signing out deletes the row. A second, readable cookie
// (SIGNED_IN_COOKIE) tells scripts that a shopper is signed in and carries no secret.
import { createHash, randomBytes } from "node:crypto";
import { SESSION_TTL_MS, SIGNED_IN_COOKIE } from "../../lib/account.ts";
import { getDatabase, type Database } from "../db/connection.server.ts";
import { SITE_COOKIES, secureCookies } from "../security/cookies.server.ts";

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  oneClickOptIn: boolean;
  /** The email was verified by its link: only then does it count (operator rights, alerts, data under it). */
  emailVerified: boolean;
  /** An address the shopper is changing to, waiting for its link. */
  pendingEmail: string | null;
}

function getCookies() {
  return { production: secureCookies(), session: SITE_COOKIES.session, quickSave: SITE_COOKIES.quickSaves, subscribed: SITE_COOKIES.subscribed };
}

function signedInMarker(on: boolean): string {
  const { production } = getCookies();
  const attrs = `Path=/; SameSite=Lax${production ? "; Secure" : ""}`;
  return on ? `${SIGNED_IN_COOKIE}=1; Max-Age=${SESSION_TTL_MS / 1000}; ${attrs}` : `${SIGNED_IN_COOKIE}=; Max-Age=0; ${attrs}`;
}

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** Creates a session for the user: returns the Set-Cookie headers to send. */
export async function startSession(db: Database, userId: number, now = Date.now()): Promise<string[]> {
  const id = randomBytes(32).toString("base64url");
  await db.kysely
    .insertInto("sessions")
    .values({ id_hash: hashSessionId(id), user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS })
    .execute();
  // Housekeeping: expired sessions go when anyone signs in.
  await db.kysely.deleteFrom("sessions").where("expires_at", "<", now).execute();
  return [await getCookies().session.serialize(id), signedInMarker(true)];
}

async function sessionIdOf(request: Request): Promise<string | null> {
  const value = await getCookies().session.parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length > 20 && value.length < 100 ? value : null;
}

/** Ends the request's session (if any): returns the Set-Cookie headers that clear both cookies. */
export async function endSession(request: Request): Promise<string[]> {
  const id = await sessionIdOf(request);
  if (id) {
    const db = await getDatabase();
    await db.kysely.deleteFrom("sessions").where("id_hash", "=", hashSessionId(id)).execute();
  }
  return [await getCookies().session.serialize("", { maxAge: 0 }), signedInMarker(false)];
}

const perRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in shopper, or null. Looked up once per request. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let p = perRequest.get(request);
  if (!p) {
    p = lookup(request);
    perRequest.set(request, p);
  }
  return p;
}

async function lookup(request: Request): Promise<SessionUser | null> {
  const id = await sessionIdOf(request);
  if (!id) return null;
  const db = await getDatabase();
  const row = await db.kysely
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "users.id",
      "users.email",
      "users.first_name",
      "users.last_name",
      "users.phone",
      "users.one_click_opt_in",
      "users.email_verified_at",
      "users.pending_email",
    ])
    .where("sessions.id_hash", "=", hashSessionId(id))
    .where("sessions.expires_at", ">", Date.now())
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    oneClickOptIn: row.one_click_opt_in === 1,
    emailVerified: row.email_verified_at !== null,
    pendingEmail: row.pending_email,
  };
}

// ---------------------------------------------------------------------------------------------
// Quick saves (signed out)

export async function readQuickSaves(request: Request): Promise<number[]> {
  const value = await getCookies().quickSave.parse(request.headers.get("cookie"));
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is number => Number.isSafeInteger(v) && v > 0).slice(0, 50);
}

export async function quickSavesCookie(ids: number[]): Promise<string> {
  return ids.length === 0 ? getCookies().quickSave.serialize([], { maxAge: 0 }) : getCookies().quickSave.serialize(ids);
}

// ---------------------------------------------------------------------------------------------
// Email-subscribed searches (signed out)

export async function readSubscribedSearches(request: Request): Promise<string[]> {
  const value = await getCookies().subscribed.parse(request.headers.get("cookie"));
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === "string" && v.length < 2000).slice(0, 20);
}

export async function subscribedSearchesCookie(urls: string[]): Promise<string> {
  return getCookies().subscribed.serialize(urls.slice(-20));
}
