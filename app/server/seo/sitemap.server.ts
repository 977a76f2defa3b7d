// The sitemaps (docs/services.md "Sitemaps"): the canonical pages the site itself links to, split
// into files under an index as the count requires (the protocol's limit is 50,000 URLs a file).
// - categories: each condition's root, and in each condition every body style, make and
//   make/model with listings (the results page's and home page's own links), plus the
//   any-condition make pages the home page's popular makes link to;
// - vehicles: every active vehicle page, in id order, with the day it last changed.
// Every URL is written by the URL module (categoryUrl), so the sitemap and the pages' canonical
// tags agree.
import { categoryUrl, parseSearchUrl, type Condition, type SearchUrlContext } from "../../lib/search-url.ts";
import { PATHS } from "../../lib/routes.ts";
import { getDatabase } from "../db/connection.server.ts";
import { publicOrigin } from "../env.server.ts";
import { getStock } from "../search/stock.server.ts";
import { getSearchPageContext } from "../services/url-context.server.ts";

/** URLs per sitemap file (the sitemap protocol allows 50,000). */
export const SITEMAP_URLS_PER_FILE = 50_000;
const CONDITIONS: readonly Condition[] = ["used", "new", "certified"];

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const origin = publicOrigin;

function xml(body: string): Response {
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

async function activeCount(): Promise<number> {
  const db = await getDatabase();
  const r = await db.kysely
    .selectFrom("listings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** GET /sitemap.xml: the index of the sitemap files. */
export async function sitemapIndex(): Promise<Response> {
  const files = ["categories.xml"];
  const pages = Math.ceil((await activeCount()) / SITEMAP_URLS_PER_FILE);
  for (let i = 1; i <= pages; i++) files.push(`vehicles-${i}.xml`);
  return xml(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...files.map((f) => `<sitemap><loc>${escapeXml(`${origin()}/sitemaps/${f}`)}</loc></sitemap>`),
      "</sitemapindex>",
      "",
    ].join("\n"),
  );
}

/** The category pages the site links to, canonical. */
export async function categoryUrls(ctx: SearchUrlContext): Promise<string[]> {
  const urls = new Set<string>();
  for (const condition of CONDITIONS) {
    const root = categoryUrl({ condition }, ctx);
    urls.add(root);
    const stock = await getStock(parseSearchUrl(root, ctx).state.query.listingTypes);
    for (const b of stock.bodyStyles) urls.add(categoryUrl({ condition, vehicleStyleCode: b.code }, ctx));
    for (const make of stock.makes) {
      urls.add(categoryUrl({ condition, makeCode: make.code }, ctx));
      for (const model of make.models) urls.add(categoryUrl({ condition, makeCode: make.code, modelCode: model.code }, ctx));
    }
  }
  // The home page's popular makes count every condition, and link to that page.
  for (const make of (await getStock()).makes) urls.add(categoryUrl({ condition: "all", makeCode: make.code }, ctx));
  return [...urls];
}

function urlset(entries: { loc: string; lastmod?: string }[]): Response {
  return xml(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map((e) => `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`),
      "</urlset>",
      "",
    ].join("\n"),
  );
}

/** GET /sitemaps/{name}: `categories.xml` or `vehicles-{n}.xml`; anything else is a 404. */
export async function sitemapFile(name: string): Promise<Response> {
  if (name === "categories.xml") {
    const { ctx } = await getSearchPageContext();
    return urlset((await categoryUrls(ctx)).map((u) => ({ loc: origin() + u })));
  }
  const m = /^vehicles-([1-9]\d{0,5})\.xml$/.exec(name);
  if (!m) return new Response("Not Found", { status: 404 });
  const page = Number(m[1]);
  const db = await getDatabase();
  const rows = await db.kysely
    .selectFrom("listings")
    .select(["id", "updated_at"])
    .where("status", "=", "active")
    .orderBy("id")
    .limit(SITEMAP_URLS_PER_FILE)
    .offset((page - 1) * SITEMAP_URLS_PER_FILE)
    .execute();
  if (rows.length === 0) return new Response("Not Found", { status: 404 });
  return urlset(rows.map((r) => ({ loc: origin() + PATHS.vehicle(Number(r.id)), lastmod: new Date(Number(r.updated_at)).toISOString().slice(0, 10) })));
}
