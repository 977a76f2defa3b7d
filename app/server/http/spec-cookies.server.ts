// Sets the spec's cookies from the address a shopper arrives at (docs/resilience-and-security.md,
// Cookies), before the page cache answers, so a cached page sets them too:
// - `zip=` with a real ZIP on a page stores it as ATC_USER_ZIP; an emptied ZIP on the results page
//   (the shopper cleared the box) clears it;
// - `psid=`, `siomid=` and `utm_medium=` store the partner site, the marketing id and the campaign
//   channel, so a lead sent later in the visit is counted by what brought the shopper
//   (docs/analytics.md).
// Values that break a cookie's pattern are ignored. JSON services and files are left alone.
import type { NextFunction, Request, Response } from "express";
import { normalizeQueryZip } from "../../lib/zip.ts";
import { lookupZip } from "../reference/zip.server.ts";
import { SPEC_COOKIES, readPlainCookie, serializePlainCookie, type PlainCookieRule } from "../security/cookies.server.ts";

const ARRIVAL_PARAMS: [string, PlainCookieRule][] = [
  ["psid", SPEC_COOKIES.psid],
  ["siomid", SPEC_COOKIES.siomid],
  ["utm_medium", SPEC_COOKIES.campChannel],
];

/** Pages (not assets, photos or JSON services) whose address may carry the values. */
function isPage(path: string): boolean {
  return !/^\/(assets|images|photos|rest|account-api|my-wallet|content)\//.test(path) && !/\.[a-z0-9]+$/i.test(path.replace(/\.data$/, ""));
}

/** The Set-Cookie values an arriving request earns (exported for the tests). */
export function specCookiesFor(path: string, query: URLSearchParams, cookieHeader: string | null): string[] {
  if (!isPage(path)) return [];
  const out: string[] = [];
  for (const [param, rule] of ARRIVAL_PARAMS) {
    const value = query.get(param);
    if (value !== null && rule.pattern.test(value)) out.push(serializePlainCookie(rule, value));
  }
  const zipParam = query.get("zip");
  if (zipParam !== null) {
    const zip = normalizeQueryZip(zipParam);
    const stored = readPlainCookie(cookieHeader, SPEC_COOKIES.userZip);
    if (zip && lookupZip(zip)) {
      if (stored !== zip) out.push(serializePlainCookie(SPEC_COOKIES.userZip, zip));
    } else if (zipParam.trim() === "" && stored && /^\/cars-for-sale(\/|$|\.data)/.test(path)) {
      out.push(serializePlainCookie(SPEC_COOKIES.userZip, null));
    }
  }
  return out;
}

export function specCookiesMiddleware(req: Request, res: Response, next: NextFunction): void {
  if (req.method === "GET") {
    const query = new URLSearchParams(req.url.includes("?") ? req.url.slice(req.url.indexOf("?") + 1) : "");
    const cookies = specCookiesFor(req.path, query, req.headers.cookie ?? null);
    // The page cache does not count these as the page's own cookies (page-cache.server.ts).
    res.locals.urlCookies = cookies;
    for (const value of cookies) res.append("Set-Cookie", value);
  }
  next();
}
