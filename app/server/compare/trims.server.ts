// "Compare {make} {model} Trims" (docs/compare.md): one model year's trims from the
// reference catalogue (ref_trims) with MSRP, engine, drive, MPG / MPGe and range, narrowed by a
// fuel-type dropdown, each with a 'Custom Order Yours' link to build-and-price. Used by
// /compare/trims and meant to be embedded in the results page's model-reference tab.
import { z } from "zod";
import { FUEL_TYPE_LABELS, FUEL_TYPE_ORDER } from "../../lib/constants.ts";
import { buildAndPriceHref, truncateTrimName } from "../../lib/compare.ts";

export { buildAndPriceHref, compareTrimsHref } from "../../lib/compare.ts";
import { normalizeQueryZip } from "../../lib/zip.ts";
import type { Database } from "../db/connection.server.ts";
import type { CompareTrimRow, CompareTrimsData } from "../../lib/compare-view.ts";

export type { CompareTrimRow, CompareTrimsData };

const CODE = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;
/** A reference-data code from a query (make, model, fuel group): upper-cased, else absent. */
export const referenceCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(CODE))
  .optional()
  .catch(undefined);

export const compareTrimsQuerySchema = z.object({
  makeCode: referenceCode,
  modelCode: referenceCode,
  fuelTypeGroup: referenceCode,
  year: z.coerce.number().int().min(1990).max(2100).optional().catch(undefined),
  ownerId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  zip: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => normalizeQueryZip(v)),
});

export type CompareTrimsQuery = z.infer<typeof compareTrimsQuerySchema>;

/** Reads the query (garbage values are dropped, never an error). */
export function parseCompareTrimsQuery(params: URLSearchParams): CompareTrimsQuery {
  const get = (k: string) => params.get(k) ?? undefined;
  return compareTrimsQuerySchema.parse({
    makeCode: get("makeCode"),
    modelCode: get("modelCode"),
    fuelTypeGroup: get("fuelTypeGroup"),
    year: get("year"),
    ownerId: get("ownerId"),
    zip: get("zip"),
  });
}

type TrimRecord = {
  id: string;
  year: number;
  trim_name: string;
  trim_rank: number;
  msrp: number;
  engine: string;
  drive: string;
  fuel_type_group: string;
  fuel_type: string;
  epa_city: number;
  epa_hwy: number;
  epa_mpge_city: number | null;
  epa_mpge_hwy: number | null;
  electric_range: number | null;
};

export function economyText(t: Pick<TrimRecord, "fuel_type_group" | "epa_city" | "epa_hwy" | "epa_mpge_city" | "epa_mpge_hwy">): string {
  const mpge = t.epa_mpge_city !== null && t.epa_mpge_hwy !== null ? `${t.epa_mpge_city} / ${t.epa_mpge_hwy} MPGe` : null;
  if (t.fuel_type_group === "ELE" || t.fuel_type_group === "HYD") return mpge ?? `${t.epa_city} / ${t.epa_hwy} MPGe`;
  const mpg = `${t.epa_city} / ${t.epa_hwy} MPG`;
  return t.fuel_type_group === "PHEV" && mpge ? `${mpg} · ${mpge}` : mpg;
}

/**
 * The table for a make and model, or null when the catalogue has no such model. The year
 * defaults to the newest model year up to next year; a fuel type the year does not offer is
 * ignored (all trims shown).
 */
export async function loadCompareTrims(db: Database, q: CompareTrimsQuery, now: Date = new Date()): Promise<CompareTrimsData | null> {
  if (!q.makeCode || !q.modelCode) return null;
  const model = await db.kysely
    .selectFrom("ref_models as md")
    .innerJoin("ref_makes as mk", "mk.code", "md.make_code")
    .select(["md.code", "md.name", "mk.code as make_code", "mk.name as make_name"])
    .where("md.make_code", "=", q.makeCode)
    .where("md.code", "=", q.modelCode)
    .executeTakeFirst();
  if (!model) return null;
  const trims: TrimRecord[] = await db.kysely
    .selectFrom("ref_trims")
    .select([
      "id",
      "year",
      "trim_name",
      "trim_rank",
      "msrp",
      "engine",
      "drive",
      "fuel_type_group",
      "fuel_type",
      "epa_city",
      "epa_hwy",
      "epa_mpge_city",
      "epa_mpge_hwy",
      "electric_range",
    ])
    .where("make_code", "=", q.makeCode)
    .where("model_code", "=", q.modelCode)
    .orderBy("year", "desc")
    .orderBy("trim_rank")
    .orderBy("msrp")
    .execute();
  if (trims.length === 0) return null;
  const years = [...new Set(trims.map((t) => t.year))].sort((a, b) => b - a);
  const latest = years.find((y) => y <= now.getFullYear() + 1) ?? years[0];
  const year = q.year !== undefined && years.includes(q.year) ? q.year : latest;
  const ofYear = trims.filter((t) => t.year === year);
  const counts = new Map<string, number>();
  for (const t of ofYear) counts.set(t.fuel_type_group, (counts.get(t.fuel_type_group) ?? 0) + 1);
  const order = (g: string) => {
    const i = (FUEL_TYPE_ORDER as readonly string[]).indexOf(g);
    return i < 0 ? FUEL_TYPE_ORDER.length : i;
  };
  const fuelOptions = [...counts]
    .sort((a, b) => order(a[0]) - order(b[0]))
    .map(([value, count]) => ({ value, label: FUEL_TYPE_LABELS[value] ?? value, count }));
  const fuel = q.fuelTypeGroup && counts.has(q.fuelTypeGroup) ? q.fuelTypeGroup : null;
  const rows = (fuel ? ofYear.filter((t) => t.fuel_type_group === fuel) : ofYear).map((t): CompareTrimRow => {
    const cut = truncateTrimName(t.trim_name);
    return {
      id: t.id,
      name: t.trim_name,
      shortName: cut.text,
      truncated: cut.truncated,
      msrp: t.msrp,
      engine: t.engine,
      drive: t.drive,
      fuelTypeGroup: t.fuel_type_group,
      fuel: FUEL_TYPE_LABELS[t.fuel_type_group] ?? t.fuel_type,
      economy: economyText(t),
      range: t.electric_range,
      buildHref: buildAndPriceHref({ makeCode: model.make_code, modelCode: model.code, ownerId: q.ownerId, trim: t.trim_name, year: t.year, zip: q.zip }),
    };
  });
  return {
    makeCode: model.make_code,
    modelCode: model.code,
    makeName: model.make_name,
    modelName: model.name,
    heading: `Compare ${model.make_name} ${model.name} Trims`,
    year,
    years,
    fuelTypeGroup: fuel,
    fuelOptions,
    trims: rows,
    ownerId: q.ownerId ?? null,
    zip: q.zip ?? null,
  };
}

/** Makes, and a make's models, for the page's own picker when no model is chosen yet. */
export async function loadTrimPicker(db: Database, makeCode: string | undefined) {
  const makes = await db.kysely.selectFrom("ref_makes").select(["code", "name"]).orderBy("name").execute();
  const models = makeCode ? await db.kysely.selectFrom("ref_models").select(["code", "name"]).where("make_code", "=", makeCode).orderBy("name").execute() : [];
  return { makes, models, makeCode: makes.some((m) => m.code === makeCode) ? makeCode! : null };
}
