// The long tail's URLs (scripts/bench-longtail.ts): distinct canonical results addresses drawn
// from an inventory's own values, each its own canonical address (no redirect among them).
import { DatabaseSync } from "node:sqlite";

/** A small deterministic generator, so two runs draw the same URLs. */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Inventory {
  models: { make: string; model: string; count: number; minYear: number; maxYear: number; p25: number; p75: number }[];
  zips: string[];
  bodies: string[];
  colors: string[];
  ids: number[];
}

function readInventory(file: string): Inventory {
  const db = new DatabaseSync(file, { readOnly: true });
  const models = db
    .prepare(
      `SELECT make_code AS make, model_code AS model, count(*) AS count, min(year) AS minYear, max(year) AS maxYear,
              min(sale_price) AS lo, max(sale_price) AS hi
         FROM listings WHERE status = 'active' GROUP BY make_code, model_code HAVING count(*) >= 20`,
    )
    .all() as { make: string; model: string; count: number; minYear: number; maxYear: number; lo: number; hi: number }[];
  const zips = (db.prepare("SELECT DISTINCT zip FROM owners ORDER BY zip").all() as { zip: string }[]).map((r) => r.zip);
  const bodies = (db.prepare("SELECT DISTINCT body_style_code AS c FROM listings").all() as { c: string }[]).map((r) => r.c);
  const colors = (db.prepare("SELECT DISTINCT ext_color_simple AS c FROM listings").all() as { c: string }[]).map((r) => r.c);
  const ids = (db.prepare("SELECT id FROM listings WHERE status = 'active' AND id % 97 = 0").all() as { id: number }[]).map((r) => Number(r.id));
  db.close();
  return {
    models: models.map((m) => ({ ...m, p25: m.lo + (m.hi - m.lo) / 4, p75: m.lo + ((m.hi - m.lo) * 3) / 4 })),
    zips,
    bodies,
    colors,
    ids,
  };
}

const SORTS = ["", "priceASC", "priceDESC", "mileageASC", "yearDESC", "yearASC", "distanceASC", "datelistedDESC"];
const RADII = [10, 25, 50, 75, 100, 200, 0];

/** Candidate addresses (before canonicalisation): a mix of what shoppers and crawlers ask. */
function drawUrl(inv: Inventory, rnd: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const m = pick(inv.models);
  const q = new URLSearchParams();
  const kind = rnd();
  q.set("listingType", pick(["USED", "USED", "USED", "NEW", "CERTIFIED"]));
  if (kind < 0.55) {
    q.set("makeCode", m.make);
    if (rnd() < 0.7) q.set("modelCode", m.model);
  } else if (kind < 0.75) {
    q.set("vehicleStyleCode", pick(inv.bodies));
  } else if (kind < 0.85) {
    q.set("makeCode", m.make);
    q.set("extColorSimple", pick(inv.colors));
  }
  if (rnd() < 0.75) {
    q.set("zip", pick(inv.zips));
    const r = pick(RADII);
    if (r > 0) q.set("searchRadius", String(r));
  }
  if (rnd() < 0.4) q.set("maxPrice", String(Math.round((m.p75 * (0.6 + rnd())) / 1000) * 1000));
  if (rnd() < 0.2) q.set("minPrice", String(Math.round((m.p25 * (0.5 + rnd() / 2)) / 1000) * 1000));
  if (rnd() < 0.3) {
    const y = m.minYear + Math.floor(rnd() * (m.maxYear - m.minYear + 1));
    q.set("startYear", String(y));
    if (rnd() < 0.5) q.set("endYear", String(Math.min(m.maxYear, y + Math.floor(rnd() * 4))));
  }
  if (rnd() < 0.2) q.set("mileage", String(pick([15000, 30000, 45000, 60000, 75000, 100000])));
  const sort = pick(SORTS);
  if (sort && !(sort === "distanceASC" && !q.has("zip"))) q.set("sortBy", sort);
  const page = rnd() < 0.7 ? 0 : Math.floor(rnd() * 3) + 1;
  if (page > 0) q.set("firstRecord", String(page * 30));
  return `/cars-for-sale?${q}`;
}

/**
 * `wanted` distinct canonical results URLs of the SQLite inventory in `file`, and some active
 * listing ids (every 97th) for vehicle pages.
 */
export async function drawLongTailUrls(file: string, wanted: number): Promise<{ urls: string[]; tried: number; ids: number[] }> {
  // The search URL rules need the catalogue's context, read from this database.
  process.env.SQLITE_PATH = file;
  process.env.DATABASE_URL = "";
  const { parseSearchUrl } = await import("../app/lib/search-url.ts");
  const { getSearchUrlContext } = await import("../app/server/services/url-context.server.ts");
  const { closeDatabase } = await import("../app/server/db/connection.server.ts");
  const ctx = await getSearchUrlContext();
  const inv = readInventory(file);
  const rnd = random(20261127);
  const urls = new Set<string>();
  let tried = 0;
  while (urls.size < wanted && tried < wanted * 20) {
    tried++;
    const canonical = parseSearchUrl(drawUrl(inv, rnd), ctx).canonical;
    const again = parseSearchUrl(canonical, ctx);
    if (again.redirect || again.notFound) continue;
    urls.add(canonical);
  }
  await closeDatabase();
  return { urls: [...urls], tried, ids: inv.ids };
}
