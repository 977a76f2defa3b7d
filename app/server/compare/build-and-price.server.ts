// Build-and-price (docs/compare.md: "reached with makeCode, modelCode, ownerId, trim, year,
// zip"): one trim's configuration, its option packages with prices and the MSRP, and the
// dealers near the ZIP that carry the model (owners with active listings of it; distance from the
// ZIP through the zips table), each linking to their listings of the model.
import { sql } from "kysely";
import { z } from "zod";
import { FUEL_TYPE_LABELS } from "../../lib/constants.ts";
import { parseSearchUrl, categoryUrl, type SearchUrlContext } from "../../lib/search-url.ts";
import { distanceMiles, normalizeQueryZip } from "../../lib/zip.ts";
import type { Database } from "../db/connection.server.ts";
import { economyText, referenceCode } from "./trims.server.ts";

/** Dealers listed at most (nearest first). */
export const BUILD_DEALERS_SHOWN = 8;

export const buildQuerySchema = z.object({
  makeCode: referenceCode,
  modelCode: referenceCode,
  ownerId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  trim: z.string().trim().min(1).max(80).optional().catch(undefined),
  year: z.coerce.number().int().min(1990).max(2100).optional().catch(undefined),
  zip: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => normalizeQueryZip(v)),
  /** Chosen option packages (codes). */
  pkg: z.array(z.string().max(40)).max(40).catch([]),
});

export type BuildQuery = z.infer<typeof buildQuerySchema>;

export function parseBuildQuery(params: URLSearchParams): BuildQuery {
  const get = (k: string) => params.get(k) ?? undefined;
  return buildQuerySchema.parse({
    makeCode: get("makeCode"),
    modelCode: get("modelCode"),
    ownerId: get("ownerId"),
    trim: get("trim"),
    year: get("year"),
    zip: get("zip"),
    pkg: params.getAll("pkg"),
  });
}

export interface BuildPackage {
  code: string;
  name: string;
  price: number;
  selected: boolean;
}

export interface BuildDealer {
  id: number;
  name: string;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
  /** The dealer's own rating claim with its source (ADR 022). */
  rating: number | null;
  ratingCount: number;
  ratingSource: string | null;
  /** Active listings of this make and model. */
  count: number;
  /** Miles from the shopper's ZIP, when one is known. */
  distance: number | null;
  /** The dealer's listings of the model on the results page. */
  href: string;
  /** The dealer the shopper came from (ownerId). */
  chosen: boolean;
}

export interface BuildAndPriceData {
  makeCode: string;
  modelCode: string;
  makeName: string;
  modelName: string;
  year: number;
  trimName: string;
  bodyStyleCode: string;
  bodyStyle: string;
  msrp: number;
  config: [string, string][];
  packages: BuildPackage[];
  total: number;
  zip: { value: string; place: string } | null;
  dealers: BuildDealer[];
  ownerId: number | null;
  /** Other model years this trim exists in (links). */
  years: number[];
}

/** The trim named by `trim` (a trim name, or a "MAKE|name" trim code) for the model and year (default: its newest). */
async function findTrim(db: Database, q: BuildQuery) {
  if (!q.makeCode || !q.modelCode || !q.trim) return null;
  const bar = q.trim.indexOf("|");
  const name = bar >= 0 ? q.trim.slice(bar + 1) : q.trim;
  const rows = await db.kysely
    .selectFrom("ref_trims as t")
    .innerJoin("ref_makes as mk", "mk.code", "t.make_code")
    .innerJoin("ref_models as md", (j) => j.onRef("md.make_code", "=", "t.make_code").onRef("md.code", "=", "t.model_code"))
    .leftJoin("ref_body_styles as bs", "bs.code", "t.body_style_code")
    .selectAll("t")
    .select(["mk.name as make_name", "md.name as model_name", "bs.name as body_style_name"])
    .where("t.make_code", "=", q.makeCode)
    .where("t.model_code", "=", q.modelCode)
    .where((eb) => eb(eb.fn("lower", ["t.trim_name"]), "=", name.toLowerCase()))
    .orderBy("t.year", "desc")
    .execute();
  if (rows.length === 0) return null;
  const match = (q.year !== undefined ? rows.find((r) => r.year === q.year) : undefined) ?? rows[0];
  return { trim: match, years: rows.map((r) => r.year) };
}

async function zipPlace(db: Database, zip: string | undefined) {
  if (!zip) return null;
  return (await db.kysely.selectFrom("zips").select(["zip", "city", "state", "lat", "lon"]).where("zip", "=", zip).executeTakeFirst()) ?? null;
}

/** The dealer's listings of the model: the results page for all conditions, that make and model, that dealer. */
export function dealerListingsHref(makeCode: string, modelCode: string, ownerId: number, ctx?: SearchUrlContext): string {
  const base = categoryUrl({ condition: "all", makeCode, modelCode }, ctx);
  const u = new URL(base, "http://forecourt.invalid");
  u.searchParams.set("showcaseOwnerId", String(ownerId));
  return parseSearchUrl(u, ctx).canonical;
}

export async function loadBuildAndPrice(db: Database, q: BuildQuery, ctx?: SearchUrlContext): Promise<BuildAndPriceData | null> {
  const found = await findTrim(db, q);
  if (!found) return null;
  const t = found.trim;
  const [packages, place, dealerRows] = await Promise.all([
    db.kysely.selectFrom("ref_packages").select(["code", "name", "price"]).where("trim_id", "=", t.id).orderBy("price").orderBy("name").execute(),
    zipPlace(db, q.zip),
    db.kysely
      .selectFrom("listings as l")
      .innerJoin("owners as o", "o.id", "l.owner_id")
      .select([
        "o.id",
        "o.name",
        "o.city",
        "o.state",
        "o.zip",
        "o.phone",
        "o.rating",
        "o.rating_count",
        "o.rating_source",
        "o.lat",
        "o.lon",
        sql<number>`count(l.id)`.as("n"),
      ])
      .where("l.status", "=", "active")
      .where("l.make_code", "=", t.make_code)
      .where("l.model_code", "=", t.model_code)
      .where("o.seller_type", "=", "d")
      .groupBy(["o.id", "o.name", "o.city", "o.state", "o.zip", "o.phone", "o.rating", "o.rating_count", "o.rating_source", "o.lat", "o.lon"])
      .execute(),
  ]);
  const chosen = new Set(q.pkg.map((p) => p.toUpperCase()));
  const pkgs = packages.map((p) => ({ code: p.code, name: p.name, price: p.price, selected: chosen.has(p.code.toUpperCase()) }));
  const dealers: BuildDealer[] = dealerRows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    city: r.city,
    state: r.state,
    zip: r.zip,
    phone: r.phone,
    rating: r.rating === null || !r.rating_source ? null : Number(r.rating),
    ratingCount: r.rating_count,
    ratingSource: r.rating_source,
    count: Number(r.n),
    distance: place ? Math.round(distanceMiles(Number(place.lat), Number(place.lon), Number(r.lat), Number(r.lon))) : null,
    href: dealerListingsHref(t.make_code, t.model_code, Number(r.id), ctx),
    chosen: q.ownerId !== undefined && Number(r.id) === q.ownerId,
  }));
  dealers.sort((a, b) => Number(b.chosen) - Number(a.chosen) || (a.distance ?? 0) - (b.distance ?? 0) || b.count - a.count || a.name.localeCompare(b.name));
  const mpge = t.epa_mpge_city !== null;
  const config: [string, string][] = [
    ["Engine", t.engine],
    ["Drive", t.drive],
    ["Transmission", t.transmission],
    ["Fuel", `${FUEL_TYPE_LABELS[t.fuel_type_group] ?? t.fuel_type_group} (${t.fuel_type})`],
    [mpge ? "MPG / MPGe (city / hwy)" : "MPG (city / hwy)", economyText(t)],
  ];
  if (t.electric_range) config.push(["Electric range", `${t.electric_range} mi`]);
  config.push(["Body style", t.body_style_name ?? t.body_style_code], ["Doors", String(t.doors)]);
  return {
    makeCode: t.make_code,
    modelCode: t.model_code,
    makeName: t.make_name,
    modelName: t.model_name,
    year: t.year,
    trimName: t.trim_name,
    bodyStyleCode: t.body_style_code,
    bodyStyle: t.body_style_name ?? t.body_style_code,
    msrp: t.msrp,
    config,
    packages: pkgs,
    total: t.msrp + pkgs.filter((p) => p.selected).reduce((s, p) => s + p.price, 0),
    zip: place ? { value: place.zip, place: `${place.city}, ${place.state}` } : null,
    dealers: dealers.slice(0, BUILD_DEALERS_SHOWN),
    ownerId: q.ownerId ?? null,
    years: found.years,
  };
}
