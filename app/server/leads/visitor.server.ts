// The anonymous visitor (issue 6): a signed cookie with a random id, so a shopper's enquiries and
// reports are theirs (the "emailed" mark, one report per reporter) until accounts exist.
import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { getEnv } from "../env.server.ts";

let cookie: ReturnType<typeof createCookie> | null = null;

function visitorCookie() {
  cookie ??= createCookie("fc_visitor", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: getEnv().PUBLIC_ORIGIN.startsWith("https:"),
    maxAge: 60 * 60 * 24 * 365,
    secrets: [getEnv().SESSION_SECRET],
  });
  return cookie;
}

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
