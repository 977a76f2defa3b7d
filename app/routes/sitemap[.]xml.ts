// GET /sitemap.xml: the indexable category pages — each condition, and every make and make/model
// with listings for sale (/cars-for-sale/all/{make}/{model}, the spec's category path), written
// by the URL module so the sitemap and the pages' canonical tags agree. Which makes and models
// have listings comes from the search engine's facets (two searches, milliseconds even at a
// million listings), cached for an hour.
import { LISTING_TYPES } from "../lib/constants";
import { normalizeSearchQuery } from "../lib/search-query";
import { categoryUrl, type Condition } from "../lib/search-url";
import { getEnv } from "../server/env.server";
import { getSearchEngine } from "../server/search/search.server";
import { getSearchPageContext } from "../server/services/url-context.server";

const TTL_MS = 60 * 60_000;
let cached: { at: number; makes: Promise<Map<string, string[]>> } | null = null;

/** Make code -> model codes, for makes and models with active listings of any condition. */
async function makesWithListings(): Promise<Map<string, string[]>> {
  const engine = await getSearchEngine();
  const base = { listingTypes: [...LISTING_TYPES], numRecords: 1 };
  const all = await engine.search(normalizeSearchQuery(base));
  const makes = (all.filters.find((f) => f.name === "makeCodeList")?.options ?? []).filter((o) => o.count > 0).map((o) => o.value);
  const out = new Map<string, string[]>(makes.map((m) => [m, []]));
  if (makes.length === 0) return out;
  // With every make chosen, the answer has a model section per make.
  const byMake = await engine.search(normalizeSearchQuery({ ...base, makeCodes: makes }));
  for (const f of byMake.filters) {
    if (!f.name.startsWith("modelCodeList|")) continue;
    const make = f.name.slice("modelCodeList|".length);
    out.get(make)?.push(...f.options.filter((o) => o.count > 0).map((o) => o.value));
  }
  return out;
}

function makes(): Promise<Map<string, string[]>> {
  if (!cached || Date.now() - cached.at > TTL_MS) {
    const value = makesWithListings();
    value.catch(() => (cached = null));
    cached = { at: Date.now(), makes: value };
  }
  return cached.makes;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function loader() {
  const [{ ctx }, list] = await Promise.all([getSearchPageContext(), makes()]);
  const origin = getEnv().PUBLIC_ORIGIN.replace(/\/+$/, "");
  const urls = new Set<string>();
  for (const condition of ["used", "new", "certified", "all"] as Condition[]) urls.add(categoryUrl({ condition }, ctx));
  for (const [make, models] of list) {
    urls.add(categoryUrl({ condition: "all", makeCode: make }, ctx));
    for (const model of models) urls.add(categoryUrl({ condition: "all", makeCode: make, modelCode: model }, ctx));
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
