// Every cookie the site sets through React Router, in one place with one options policy
// (decision 027): Path=/, SameSite=Lax, HttpOnly, and Secure in production (NODE_ENV=production),
// where the site is served over HTTPS; browsers also keep Secure cookies for http://localhost, so
// local production builds and the browser tests work the same. A cookie that must not be forged
// (an id, a list a shopper could inflate) is signed with SESSION_SECRET. The shopper context
// (app/server/http/request-context.server.ts) reads them once per request.
import { createCookie, type Cookie } from "react-router";
import { SESSION_TTL_MS } from "../../lib/account.ts";
import { MODEL_CLARIFICATION } from "../../lib/model-clarification.ts";
import { getEnv } from "../env.server.ts";
import { normalizeQueryZip } from "../../lib/zip.ts";
import { lookupZip } from "../reference/zip.server.ts";

export function secureCookies(): boolean {
  return getEnv().NODE_ENV === "production";
}

const DAY = 24 * 60 * 60;

interface CookieRule {
  /** Seconds; none: a browser-session cookie. */
  maxAge?: number;
  /** Signed with SESSION_SECRET. */
  signed?: boolean;
}

/**
 * A cookie whose options are fixed when it is first used, not when its module loads (the
 * environment is read then, once). `name` may depend on the environment (the `__Host-` prefix).
 */
function siteCookie(name: string | (() => string), rule: CookieRule): Cookie {
  let made: Cookie | null = null;
  const cookie = () =>
    (made ??= createCookie(typeof name === "string" ? name : name(), {
      path: "/",
      sameSite: "lax",
      httpOnly: true,
      secure: secureCookies(),
      ...(rule.maxAge === undefined ? {} : { maxAge: rule.maxAge }),
      ...(rule.signed ? { secrets: [getEnv().SESSION_SECRET] } : {}),
    }));
  return {
    get name() {
      return cookie().name;
    },
    get isSigned() {
      return cookie().isSigned;
    },
    get expires() {
      return cookie().expires;
    },
    parse: (header, parseOptions) => cookie().parse(header, parseOptions),
    serialize: (value, serializeOptions) => cookie().serialize(value, serializeOptions),
  };
}

export const SITE_COOKIES = {
  /** The session id (docs/accounts.md); `__Host-` prefixed in production. */
  session: siteCookie(() => (secureCookies() ? "__Host-fc_session" : "fc_session"), { maxAge: SESSION_TTL_MS / 1000, signed: true }),
  /** Quick saves of a signed-out shopper: listing ids, signed so they cannot be forged in bulk. */
  quickSaves: siteCookie("fc_quick_saves", { maxAge: 90 * DAY, signed: true }),
  /** Searches this device subscribed to by email while signed out (hides the inline subscribe). */
  subscribed: siteCookie("fc_subscribed", { maxAge: 365 * DAY, signed: true }),
  /** The anonymous visitor's random id (the "emailed" mark, one report per reporter). */
  visitor: siteCookie("fc_visitor", { maxAge: 365 * DAY, signed: true }),
  /** The compare list's listing ids (decision 008). */
  compare: siteCookie("fc_compare", { maxAge: 30 * DAY }),
  /** The wallet's budget (decision 017). */
  wallet: siteCookie("fc_wallet", { maxAge: 365 * DAY }),
  /** The dealer showcase hidden: 30 minutes (alphaHideCookie flag) or the browser session (decision 010). */
  showcaseHidden: siteCookie("fc_showcase_hidden", {}),
  /** Model clarification 'Don't show me this again': the model codes, for a year. */
  clarificationOff: siteCookie("fc_model_clarify_off", { maxAge: MODEL_CLARIFICATION.dontShowDays * DAY }),
  /** Model clarification 'No': the model codes, for the browser session. */
  clarificationNo: siteCookie("fc_model_clarify_no", {}),
} satisfies Record<string, Cookie>;

// The cookies the spec names (docs/resilience-and-security.md, Cookies), under the spec's own names
// and with plain values (a ZIP, a campaign id): what they say is not worth forging, and other
// systems may read them as they are. Same policy as the site's cookies: Path=/, SameSite=Lax,
// HttpOnly (only the server reads them), Secure in production.
export interface PlainCookieRule {
  name: string;
  /** Seconds. */
  maxAge: number;
  /** A value this cookie may hold (anything else is neither set nor read). */
  pattern: RegExp;
}

const CAMPAIGN_VALUE = /^[A-Za-z0-9_.-]{1,40}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SPEC_COOKIES = {
  /** The shopper's ZIP: set when they search with a ZIP, the default location where a page has none. */
  userZip: { name: "ATC_USER_ZIP", maxAge: 365 * DAY, pattern: /^\d{5}$/ },
  /** The partner site that sent the shopper (`?psid=`), for 30 minutes (spec: max-age 1800 s). */
  psid: { name: "psid", maxAge: 1800, pattern: CAMPAIGN_VALUE },
  /** The marketing id of the link the shopper came by (`?siomid=`), for 30 minutes. */
  siomid: { name: "siomid", maxAge: 1800, pattern: CAMPAIGN_VALUE },
  /** The campaign channel the shopper came through (`?utm_medium=`), for 7 days (spec: 604800000 ms). */
  campChannel: { name: "camp_channel", maxAge: 604_800, pattern: CAMPAIGN_VALUE },
  /** Load-balancer stickiness of the search services (a random id), for the browser session. */
  searchLb: { name: "search_lbcookie", maxAge: 0, pattern: UUID },
} satisfies Record<string, PlainCookieRule>;

/**
 * Plain cookies of the site's own: the id that keys a visitor's cookie jar when the services are
 * called over HTTP (`SERVICES_BASE_URL`, docs/resilience-and-security.md), never read by a page.
 */
export const PLAIN_SITE_COOKIES = {
  serviceVisitor: { name: "fc_vid", maxAge: 365 * DAY, pattern: UUID },
} satisfies Record<string, PlainCookieRule>;

/** A Set-Cookie value for a plain cookie (a `maxAge` of 0: for the browser session); `null` clears it. */
export function serializePlainCookie(rule: PlainCookieRule, value: string | null): string {
  const parts = [`${rule.name}=${value === null ? "" : encodeURIComponent(value)}`, "Path=/"];
  if (value === null) parts.push("Max-Age=0");
  else if (rule.maxAge > 0) parts.push(`Max-Age=${rule.maxAge}`);
  parts.push("SameSite=Lax", "HttpOnly");
  if (secureCookies()) parts.push("Secure");
  return parts.join("; ");
}

/** A plain cookie's value when it holds one its rule allows (a plain or JSON-quoted value). */
export function readPlainCookie(header: string | null, rule: PlainCookieRule): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== rule.name) continue;
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value).replace(/^"|"$/g, "");
    } catch {
      return undefined;
    }
    return rule.pattern.test(value) ? value : undefined;
  }
  return undefined;
}

/** The ZIP in the ATC_USER_ZIP cookie, when there is one and it is a real ZIP. */
export function userZipFromCookie(header: string | null): string | undefined {
  const zip = normalizeQueryZip(readPlainCookie(header, SPEC_COOKIES.userZip) ?? null);
  return zip && lookupZip(zip) ? zip : undefined;
}

/**
 * What brought the shopper, as analytics labels it: "channel:email", "psid:123", "siomid:abc", or
 * "direct" (the campaign channel first, then the partner site, then the marketing id).
 */
export function attributionLabel(header: string | null): string {
  const channel = readPlainCookie(header, SPEC_COOKIES.campChannel);
  if (channel) return `channel:${channel.toLowerCase()}`;
  const psid = readPlainCookie(header, SPEC_COOKIES.psid);
  if (psid) return `psid:${psid}`;
  const siomid = readPlainCookie(header, SPEC_COOKIES.siomid);
  return siomid ? `siomid:${siomid}` : "direct";
}
