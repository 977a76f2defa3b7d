// Response security headers, the Content-Security-Policy (per-request nonce) and the same-origin
// check for unsafe methods (CSRF). Pure functions; the HTTP server and entry.server.tsx apply them.
// Choices and the React Router advisory check: docs/decisions/009-service-calls-and-security.md.
import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The page's policy. Scripts only from this origin or carrying the request's nonce (React
 * Router's inline hydration scripts get it); no plugins; no framing; forms post only here.
 * Styles allow inline attributes (style="..." on components): style injection cannot run code.
 * Development adds what Vite's hot reload needs (eval and a WebSocket).
 */
export function contentSecurityPolicy(nonce: string, options: { dev?: boolean } = {}): string {
  const script = ["'self'", `'nonce-${nonce}'`];
  const connect = ["'self'"];
  if (options.dev) {
    script.push("'unsafe-eval'");
    connect.push("ws:", "wss:");
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers on every response (pages, data, assets, JSON). HSTS only in production (HTTPS). */
export function securityHeaders(options: { production: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), payment=(), usb=()",
  };
  if (options.production) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

export const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface OriginCheckInput {
  method: string;
  /** The Host header of the request. */
  host: string | undefined;
  origin: string | undefined;
  referer: string | undefined;
  secFetchSite: string | undefined;
  /** PUBLIC_ORIGIN. */
  publicOrigin: string;
}

export type OriginVerdict = { ok: true } | { ok: false; reason: string };

function hostOf(value: string): string | null {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:" ? u.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * CSRF: an unsafe request must come from this site. The Origin header (sent by every current
 * browser on a POST, with or without JavaScript) must name the public origin or the request's
 * own host; without Origin, the Referer must. A request with neither, and no Sec-Fetch-Site
 * saying otherwise, comes from a non-browser client (curl, a server), which a cross-site page
 * cannot forge, and passes (the rule of Go's CrossOriginProtection).
 */
export function checkSameOrigin(input: OriginCheckInput): OriginVerdict {
  if (!UNSAFE_METHODS.has(input.method.toUpperCase())) return { ok: true };
  const allowed = new Set<string>();
  const pub = hostOf(input.publicOrigin);
  if (pub) allowed.add(pub);
  if (input.host) allowed.add(input.host.toLowerCase());
  const origin = input.origin?.trim();
  if (origin) {
    if (origin === "null") return { ok: false, reason: "opaque origin" };
    const host = hostOf(origin);
    return host && allowed.has(host) ? { ok: true } : { ok: false, reason: `foreign origin ${origin.slice(0, 100)}` };
  }
  const referer = input.referer?.trim();
  if (referer) {
    const host = hostOf(referer);
    return host && allowed.has(host) ? { ok: true } : { ok: false, reason: "foreign referer" };
  }
  const site = input.secFetchSite?.toLowerCase();
  if (site === "cross-site" || site === "same-site") return { ok: false, reason: `sec-fetch-site ${site}` };
  return { ok: true };
}

/** The plain error and refusal pages' only styling (inline: they load nothing). */
const PAGE_STYLE =
  "<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#0f172a;text-align:center}" +
  "a{display:inline-block;margin-top:1.5rem;background:#142659;color:#fff;padding:.75rem 1.25rem;border-radius:.5rem;" +
  "text-decoration:none;font-weight:600}</style>";

/**
 * The page for a request the app could not take (a malformed URL, a failure before React Router
 * renders): plain HTML, no scripts, no error details (those go to the log), a way back.
 */
export function plainErrorPage(status: number): string {
  const client = status < 500;
  const title = client ? "This address could not be read" : "Something went wrong";
  const detail = client
    ? "The link may be broken or incomplete. Search from the start, or go back and try again."
    : "We could not show this page. Please try again in a moment.";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | Forecourt</title>
${PAGE_STYLE}
</head><body><main>
<h1>${title}</h1>
<p>${detail}</p>
<a href="/cars-for-sale">Search cars for sale</a>
</main></body></html>`;
}

/** The refusal page: plain HTML, no scripts, a way back. */
export function forbiddenPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Form not accepted | Forecourt</title>
${PAGE_STYLE}
</head><body><main>
<h1>This form was not accepted</h1>
<p>It was sent from another website, so we did not act on it. If you meant to do this, go back to Forecourt and submit the form there.</p>
<a href="/">Go to Forecourt</a>
</main></body></html>`;
}
