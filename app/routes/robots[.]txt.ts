// GET /robots.txt: crawl the site, not the account pages or the JSON services; the sitemap lists
// the category pages. Filtered result pages stay crawlable (their links lead to listings) and
// carry their own noindex. A route rather than a file in public/ because the Sitemap line must
// be an absolute URL on this deployment's origin.
import { publicOrigin } from "../server/env.server";

export function loader() {
  const origin = publicOrigin();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /account/",
    // The compare page (any list of ids), but not /compare/trims, a real page about a model.
    "Disallow: /compare$",
    "Disallow: /compare?",
    "Disallow: /rest/",
    "Disallow: /healthz",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
