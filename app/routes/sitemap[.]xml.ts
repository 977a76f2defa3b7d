// GET /sitemap.xml: the indexable category pages — each condition, and every make and make/model
// with listings for sale (/cars-for-sale/all/{make}/{model}, the spec's category path), written
// by the URL module so the sitemap and the pages' canonical tags agree. Which makes and models
// have listings comes from the search engine's facets (two searches, milliseconds even at a
// million listings), shared with the home page.
import { categoryUrl, type Condition } from "../lib/search-url";
import { getEnv } from "../server/env.server";
import { getStock } from "../server/search/stock.server";
import { getSearchPageContext } from "../server/services/url-context.server";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function loader() {
  const [{ ctx }, stock] = await Promise.all([getSearchPageContext(), getStock()]);
  const origin = getEnv().PUBLIC_ORIGIN.replace(/\/+$/, "");
  const urls = new Set<string>();
  for (const condition of ["used", "new", "certified", "all"] as Condition[]) urls.add(categoryUrl({ condition }, ctx));
  for (const make of stock.makes) {
    urls.add(categoryUrl({ condition: "all", makeCode: make.code }, ctx));
    for (const model of make.models) urls.add(categoryUrl({ condition: "all", makeCode: make.code, modelCode: model.code }, ctx));
  }
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...[...urls].map((u) => `<url><loc>${escapeXml(origin + u)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
