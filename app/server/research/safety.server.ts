// NHTSA 5-Star Safety Ratings (docs/model-research.md, ADR 024): the importer behind
// `npm run import:safety -- FILE` and the Safety tab's data.
//
// The file is NHTSA's own field layout, as its Safety Ratings API publishes a vehicle
// (api.nhtsa.gov/SafetyRatings/VehicleId/{id}): a JSON answer `{ Count, Results: [...] }`, an
// array of such answers or of their result objects, or a CSV whose header row uses the same field
// names (VehicleId, ModelYear, Make, Model, VehicleDescription, OverallRating,
// OverallFrontCrashRating, FrontCrashDriversideRating, FrontCrashPassengersideRating,
// OverallSideCrashRating, SideCrashDriversideRating, SideCrashPassengersideRating,
// SidePoleCrashRating, RolloverRating, RolloverPossibility, NHTSAElectronicStabilityControl,
// NHTSAForwardCollisionWarning, NHTSALaneDepartureWarning). A row is keyed by its VehicleId, so
// importing the same file again changes nothing (idempotent). A row that cannot be used is
// skipped with its reason; nothing is guessed.
import type { Database } from "../db/connection.server.ts";
import { parseCsvObjects } from "../reference/csv.server.ts";

export class SafetyParseError extends Error {}

export interface SafetyImportSummary {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: { row: number; vehicleId: string | null; reason: string }[];
}

type Raw = Record<string, unknown>;

function rawRows(text: string, format: "csv" | "json"): Raw[] {
  if (format === "csv") {
    try {
      return parseCsvObjects(text);
    } catch (e) {
      throw new SafetyParseError(`CSV could not be parsed: ${(e as Error).message}`);
    }
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    throw new SafetyParseError(`JSON could not be parsed: ${(e as Error).message}`);
  }
  const out: Raw[] = [];
  const take = (v: unknown) => {
    if (v && typeof v === "object" && Array.isArray((v as { Results?: unknown }).Results))
      for (const r of (v as { Results: unknown[] }).Results) out.push((r ?? {}) as Raw);
    else out.push((v ?? {}) as Raw);
  };
  if (Array.isArray(body)) body.forEach(take);
  else if (body && typeof body === "object") take(body);
  else throw new SafetyParseError("JSON must be an object or an array");
  return out;
}

const STAR_FIELDS = {
  overall: "OverallRating",
  front: "OverallFrontCrashRating",
  front_driver: "FrontCrashDriversideRating",
  front_passenger: "FrontCrashPassengersideRating",
  side: "OverallSideCrashRating",
  side_driver: "SideCrashDriversideRating",
  side_passenger: "SideCrashPassengersideRating",
  side_pole: "SidePoleCrashRating",
  rollover: "RolloverRating",
} as const;

/** "5" -> 5; "Not Rated" / "" -> null; anything else is a bad row. */
function stars(v: unknown): number | null | "bad" {
  const s = String(v ?? "").trim();
  if (s === "" || /^not rated$/i.test(s)) return null;
  if (/^[1-5]$/.test(s)) return Number(s);
  return "bad";
}

/** "Standard" / "Optional" / "No" / "Not Available": kept as NHTSA wrote it (trimmed, short). */
function feature(v: unknown): string | null {
  const s = String(v ?? "").trim();
  return s === "" ? null : s.slice(0, 40);
}

const norm = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

interface Catalogue {
  makes: Map<string, string>;
  models: Map<string, string>;
}

async function catalogue(db: Database): Promise<Catalogue> {
  const makes = new Map<string, string>();
  for (const m of await db.kysely.selectFrom("ref_makes").select(["code", "name"]).execute()) {
    makes.set(norm(m.name), m.code);
    makes.set(norm(m.code), m.code);
  }
  const models = new Map<string, string>();
  for (const m of await db.kysely.selectFrom("ref_models").select(["make_code", "code", "name"]).execute()) {
    models.set(`${m.make_code}|${norm(m.name)}`, m.code);
    models.set(`${m.make_code}|${norm(m.code)}`, m.code);
  }
  return { makes, models };
}

export async function importSafetyRatings(db: Database, input: { text: string; format: "csv" | "json" }, now = Date.now()): Promise<SafetyImportSummary> {
  const rows = rawRows(input.text, input.format);
  const cat = await catalogue(db);
  const summary: SafetyImportSummary = { rows: rows.length, inserted: 0, updated: 0, unchanged: 0, rejected: [] };
  const seen = new Set<number>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const row = i + 1;
    const idText = String(r.VehicleId ?? "").trim();
    const reject = (reason: string) => summary.rejected.push({ row, vehicleId: idText || null, reason });
    if (!/^\d{1,12}$/.test(idText)) {
      reject("VehicleId is missing or not a number");
      continue;
    }
    const vehicleId = Number(idText);
    if (seen.has(vehicleId)) {
      reject(`VehicleId ${vehicleId} appears twice in the file (the first row was used)`);
      continue;
    }
    const year = Number(String(r.ModelYear ?? "").trim());
    if (!Number.isInteger(year) || year < 1990 || year > 2100) {
      reject("ModelYear is missing or not a year");
      continue;
    }
    const makeName = String(r.Make ?? "").trim();
    const make = cat.makes.get(norm(makeName));
    if (!make) {
      reject(`Make "${makeName}" is not in the catalogue`);
      continue;
    }
    const modelName = String(r.Model ?? "").trim();
    const model = cat.models.get(`${make}|${norm(modelName)}`);
    if (!model) {
      reject(`Model "${modelName}" of ${makeName} is not in the catalogue`);
      continue;
    }
    const values: Record<string, number | null> = {};
    let bad: string | null = null;
    for (const [col, field] of Object.entries(STAR_FIELDS)) {
      const v = stars(r[field]);
      if (v === "bad") {
        bad = `${field} must be 1 to 5 stars or "Not Rated" (got "${String(r[field])}")`;
        break;
      }
      values[col] = v;
    }
    if (bad) {
      reject(bad);
      continue;
    }
    if (Object.values(values).every((v) => v === null)) {
      reject("no star rating at all (every rating is Not Rated)");
      continue;
    }
    const possibility = Number(String(r.RolloverPossibility ?? "").trim());
    const record = {
      make_code: make,
      model_code: model,
      year,
      description:
        String(r.VehicleDescription ?? "")
          .trim()
          .slice(0, 200) || `${year} ${makeName} ${modelName}`,
      ...values,
      rollover_possibility:
        String(r.RolloverPossibility ?? "").trim() !== "" && Number.isFinite(possibility) && possibility >= 0 && possibility <= 1 ? possibility : null,
      esc: feature(r.NHTSAElectronicStabilityControl),
      fcw: feature(r.NHTSAForwardCollisionWarning),
      ldw: feature(r.NHTSALaneDepartureWarning),
    };
    seen.add(vehicleId);
    const existing = await db.kysely.selectFrom("safety_ratings").selectAll().where("vehicle_id", "=", vehicleId).executeTakeFirst();
    if (!existing) {
      await db.kysely
        .insertInto("safety_ratings")
        .values({ vehicle_id: vehicleId, ...record, imported_at: now } as never)
        .execute();
      summary.inserted++;
    } else if (
      Object.entries(record).every(([k, v]) => (existing as Record<string, unknown>)[k] === v || Number((existing as Record<string, unknown>)[k]) === v)
    ) {
      summary.unchanged++;
    } else {
      await db.kysely
        .updateTable("safety_ratings")
        .set({ ...record, imported_at: now } as never)
        .where("vehicle_id", "=", vehicleId)
        .execute();
      summary.updated++;
    }
  }
  return summary;
}

// =============================================================================================
// The Safety tab's data

export interface SafetyInfo {
  year: number;
  /** One per NHTSA vehicle of that model year (body / drive variants), each with the spec's two groups. */
  vehicles: {
    description: string;
    features: { group: "Safety Ratings" | "Safety Features and Specifications"; items: { label: string; value: string }[] }[];
  }[];
}

const starText = (n: number | null) => (n === null ? "Not Rated" : `${n} out of 5 stars`);

export async function safetyInfoOf(db: Database, make: string, model: string, year: number): Promise<SafetyInfo | null> {
  const rows = await db.kysely
    .selectFrom("safety_ratings")
    .selectAll()
    .where("make_code", "=", make)
    .where("model_code", "=", model)
    .where("year", "=", year)
    .orderBy("vehicle_id")
    .execute();
  if (rows.length === 0) return null;
  return {
    year,
    vehicles: rows.map((r) => ({
      description: r.description,
      features: [
        {
          group: "Safety Ratings" as const,
          items: [
            { label: "Overall rating", value: starText(r.overall) },
            { label: "Frontal crash", value: starText(r.front) },
            { label: "Side crash", value: starText(r.side) },
            { label: "Rollover", value: starText(r.rollover) },
            ...(r.rollover_possibility !== null ? [{ label: "Risk of rollover", value: `${(Number(r.rollover_possibility) * 100).toFixed(1)}%` }] : []),
          ],
        },
        {
          group: "Safety Features and Specifications" as const,
          items: [
            { label: "Electronic stability control", value: r.esc ?? "Not reported" },
            { label: "Forward collision warning", value: r.fcw ?? "Not reported" },
            { label: "Lane departure warning", value: r.ldw ?? "Not reported" },
          ],
        },
      ],
    })),
  };
}
