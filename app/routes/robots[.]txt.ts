// GET /robots.txt: crawl the site, not the account pages or the JSON services; the sitemap lists
// the category pages. Filtered result pages stay crawlable (their links lead to listings) and
// carry their own noindex. A route rather than a file in public/ because the Sitemap line must
// be an absolute URL on this deployment's origin.
import { getEnv } from "../server/env.server";

export function loader() {
  const origin = getEnv().PUBLIC_ORIGIN.replace(/\/+$/, "");
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /account/",
    "Disallow: /compare",
    "Disallow: /rest/",
    "Disallow: /healthz",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
