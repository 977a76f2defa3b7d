// The anonymous visitor (docs/vehicle-page.md): a signed cookie with a random id, so a shopper's enquiries and
// reports are theirs (the "emailed" mark, one report per reporter) until accounts exist.
import { randomBytes } from "node:crypto";
import { SITE_COOKIES } from "../security/cookies.server.ts";

const visitorCookie = () => SITE_COOKIES.visitor;

export async function readVisitorId(request: Request): Promise<string | null> {
  try {
    const v = await visitorCookie().parse(request.headers.get("Cookie"));
    return typeof v === "string" && /^[a-f0-9]{32}$/.test(v) ? v : null;
  } catch {
    return null;
  }
}

/** The visitor's id, and the Set-Cookie header to send when it is new. */
export async function ensureVisitorId(request: Request): Promise<{ id: string; setCookie: string | null }> {
  const existing = await readVisitorId(request);
  if (existing) return { id: existing, setCookie: null };
  const id = randomBytes(16).toString("hex");
  return { id, setCookie: await visitorCookie().serialize(id) };
}
