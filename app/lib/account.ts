// Account rules and texts shared by the server and the browser. The form schemas (zod) live in
// account-schemas.ts, so pages that only show a heart or a save-search box do not ship zod.

export const ACCOUNT_TEXT = {
  saveCarsHeading: "Save Cars with a Free Account",
  saveCarsBody: "Create an account to track price changes, saved cars across devices, and more.",
  maxSearches: "You have a maximum of 2 searches saved.",
  subscribed: "Subscribed!",
} as const;

/** "Saved searches: a maximum of 2 for non-account users." */
export const ANONYMOUS_SAVED_SEARCH_MAX = 2;
/** "Email capture field: required, maximum length 45". */
export const EMAIL_CAPTURE_MAX = 45;
/** The honeypot field of the account forms (save search, price alerts): filled in only by bots. */
export const ACCOUNT_HONEYPOT_FIELD = "fc_website";
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
/** Signed-in sessions last 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** The non-HttpOnly marker cookie ("identified by a signed-in cookie"): no secret in it. */
export const SIGNED_IN_COOKIE = "fc_signed_in";

/**
 * The one rule for every redirect target that comes from a request (refUrl, returnTo, searchUrl):
 * a same-site path only, normalised. Anything else ("//evil", "https://...", "/\\evil",
 * "javascript:", a tab or line break, dot segments that collapse to "//evil") falls back.
 */
export function safeRefUrl(raw: unknown, fallback = "/account"): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2000) return fallback;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(raw)) return fallback;
  try {
    const u = new URL(raw, "http://same.invalid");
    if (u.origin !== "http://same.invalid") return fallback;
    const path = u.pathname + u.search + u.hash;
    // "/.//evil.example" and "/a/..//evil.example" normalise to "//evil.example": another site.
    return path.startsWith("//") ? fallback : path;
  } catch {
    return fallback;
  }
}

/** The sign-in path with its refUrl (and the sign-up screen when asked). */
export function signInHref(signInPath: string, refUrl: string, opts: { signup?: boolean; save?: number } = {}): string {
  const p = new URLSearchParams();
  if (opts.signup) p.set("defaultScreen", "signup");
  p.set("refUrl", refUrl);
  if (opts.save !== undefined) p.set("saveListingId", String(opts.save));
  return `${signInPath}?${p}`;
}

/** The root loader's view of the shopper (app/server/accounts/root-data.server.ts). */
export interface AccountSummary {
  signedIn: boolean;
  firstName: string;
  /** Saved listing ids: the account's, or this device's quick saves when signed out. */
  savedIds: number[];
  /** Search URLs (path + query, no paging) saved by the account or subscribed from this device. */
  savedSearchUrls: string[];
  /** How 'Email seller' behaves for this shopper (oneClickMode); "form" when signed out. */
  oneClick: OneClickMode;
}

/**
 * One-click email (docs/accounts.md): "send" for an opted-in shopper with first name, last name and
 * email (the availability message goes in one click), "edit" for an opted-in shopper missing one
 * of them (the form opens with what is known filled in), "form" otherwise (the normal form).
 */
export type OneClickMode = "send" | "edit" | "form";

export const ONE_CLICK_FIELDS = ["firstName", "lastName", "email"] as const;

export function oneClickMode(p: { optedIn: boolean; firstName?: string | null; lastName?: string | null; email?: string | null } | null): OneClickMode {
  if (!p?.optedIn) return "form";
  return ONE_CLICK_FIELDS.every((k) => (p[k] ?? "").trim() !== "") ? "send" : "edit";
}

/** A results URL as saved searches store it: path and query without paging. */
export function searchKey(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("firstRecord");
  const q = params.toString();
  return q ? `${pathname}?${q}` : pathname;
}

/** The results page's form intent that dismisses 'Still interested?' (decision 018). */
export const STILL_INTERESTED_INTENT = "dismiss-still-interested";
