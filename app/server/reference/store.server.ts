// Writes the reference catalogue (derived from the EPA file) and the ZIP table into the ref_*
// and zips tables. Idempotent: a catalogue whose fingerprint is already stored is skipped.
import { createHash } from "node:crypto";
import type { Catalog } from "../../lib/catalog-types.ts";
import type { Database } from "../db/connection.server.ts";
import { loadCatalog } from "./catalog.server.ts";
import { allZips } from "./zip.server.ts";
import { insertMany, withTransaction, type RawTx } from "../db/raw.server.ts";

const REF_TABLES = [
  "ref_packages",
  "ref_trims",
  "ref_models",
  "ref_series",
  "ref_makes",
  "ref_body_subtypes",
  "ref_body_styles",
  "ref_features",
  "ref_colors",
  "ref_engines",
] as const;

type Rows = Record<string, unknown>[];

function catalogRows(c: Catalog): Record<(typeof REF_TABLES)[number], Rows> {
  const rankOf = new Map<string, number>();
  const byModelYear = new Map<string, number>();
  for (const t of c.trims) {
    const key = `${t.year}|${t.makeCode}|${t.modelCode}`;
    const n = byModelYear.get(key) ?? 0;
    rankOf.set(t.id, n);
    byModelYear.set(key, n + 1);
  }
  return {
    ref_makes: c.makes.map((m) => ({ code: m.code, name: m.name })),
    ref_series: c.series.map((s) => ({ make_code: s.makeCode, code: s.code, name: s.name })),
    ref_models: c.models.map((m) => ({
      make_code: m.makeCode,
      code: m.code,
      name: m.name,
      series_code: m.seriesCode,
      body_style_code: m.bodyStyleCode,
      first_year: Math.min(...m.years),
      last_year: Math.max(...m.years),
    })),
    ref_trims: c.trims.map((t) => ({
      id: t.id,
      year: t.year,
      make_code: t.makeCode,
      model_code: t.modelCode,
      trim_name: t.trimName,
      trim_code: t.trimCode,
      trim_rank: rankOf.get(t.id) ?? 0,
      msrp: t.nationalMSRP,
      epa_id: t.epaId,
      body_style_code: t.bodyStyleCode,
      body_subtype_code: t.bodyStyleSubtypeCode,
      fuel_type_group: t.fuelTypeGroup,
      fuel_type: t.fuelType,
      drive_group: t.driveGroup,
      drive: t.drive,
      transmission_code: t.transmissionCode,
      transmission: t.transmission,
      cylinders: t.cylinders,
      displacement: t.displacement,
      engine_code: t.engineCode,
      engine: t.engine,
      doors: t.doors,
      epa_city: t.epaCity,
      epa_hwy: t.epaHwy,
      epa_combined: t.epaCombined,
      epa_mpge_city: t.epaMpgeCity,
      epa_mpge_hwy: t.epaMpgeHwy,
      electric_range: t.electricRange,
      annual_fuel_cost: t.annualFuelCost,
      truck_bed_length: t.truckBedLength,
      truck_cab_size: t.truckCabSize,
      standard_features: t.standardFeatures.length ? `,${t.standardFeatures.join(",")},` : "",
    })),
    ref_packages: c.trims.flatMap((t) => t.packages.map((p) => ({ trim_id: t.id, code: p.code, name: p.name, price: p.price }))),
    ref_body_styles: c.bodyStyles.map((b, i) => ({ code: b.code, name: b.name, sort: i })),
    ref_body_subtypes: c.bodyStyles.flatMap((b) =>
      b.bodyStyleSubTypes.map((s, i) => ({ code: s.subtypeCode, body_style_code: b.code, name: s.name, sort: i })),
    ),
    ref_features: c.features.map((f, i) => ({ code: f.code, name: f.name, display_group: f.displayGroup, sort: i })),
    ref_colors: [
      ...c.exteriorColors.map((k, i) => ({ kind: "ext", code: k.code, name: k.name, hex: k.hex, sort: i })),
      ...c.interiorColors.map((k, i) => ({ kind: "int", code: k.code, name: k.name, hex: k.hex, sort: i })),
    ],
    ref_engines: c.engineCodes.map((e, i) => ({ code: e.code, name: e.name, sort: i })),
  };
}

async function getMeta(db: Database, key: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom("meta").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

async function setMeta(tx: RawTx, key: string, value: string): Promise<void> {
  await tx.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [key, value]);
}

/** PostgreSQL advisory lock id: instances starting together write the reference data once. */
const REFERENCE_LOCK = 4242001;

export function catalogFingerprint(c: Catalog): string {
  return createHash("sha256")
    .update(JSON.stringify([c.makes, c.models.length, c.trims.map((t) => [t.id, t.nationalMSRP, t.engineCode, t.annualFuelCost]), c.engineCodes]))
    .digest("hex")
    .slice(0, 16);
}

/** Replaces the reference tables with the catalogue's content. */
export async function storeReferenceData(db: Database, catalog: Catalog): Promise<void> {
  const rows = catalogRows(catalog);
  await withTransaction(
    db,
    async (tx) => {
      for (const table of REF_TABLES) await tx.exec(`DELETE FROM ${table}`);
      for (const table of [...REF_TABLES].reverse()) await insertMany(tx, table, rows[table]);
      // Listings carry their trim's EPA fuel cost (migration "020-annual-fuel-cost"): a new
      // catalogue brings every listing up to date (the search index reads them at start).
      await tx.exec(
        `UPDATE listings SET annual_fuel_cost = (SELECT t.annual_fuel_cost FROM ref_trims t WHERE t.id = listings.trim_id)
         WHERE trim_id IS NOT NULL AND annual_fuel_cost IS DISTINCT FROM (SELECT t.annual_fuel_cost FROM ref_trims t WHERE t.id = listings.trim_id)`,
      );
      await setMeta(tx, "catalog_fingerprint", catalogFingerprint(catalog));
    },
    REFERENCE_LOCK,
  );
}

async function storeZips(db: Database): Promise<void> {
  const zips = allZips();
  await withTransaction(
    db,
    async (tx) => {
      await tx.exec("DELETE FROM zips");
      await insertMany(
        tx,
        "zips",
        zips.map((z) => ({ zip: z.zip, city: z.city, state: z.state, lat: z.lat, lon: z.lon })),
      );
      await setMeta(tx, "zips_count", String(zips.length));
    },
    REFERENCE_LOCK,
  );
}

/** Loads the reference catalogue and ZIPs into the database unless the same data is already there. */
export async function ensureReferenceData(db: Database): Promise<{ catalogWritten: boolean; zipsWritten: boolean }> {
  const catalog = loadCatalog();
  const fingerprint = catalogFingerprint(catalog);
  let catalogWritten = false;
  let zipsWritten = false;
  if ((await getMeta(db, "catalog_fingerprint")) !== fingerprint) {
    await storeReferenceData(db, catalog);
    catalogWritten = true;
  }
  if (!(await getMeta(db, "zips_count"))) {
    await storeZips(db);
    zipsWritten = true;
  }
  return { catalogWritten, zipsWritten };
}
