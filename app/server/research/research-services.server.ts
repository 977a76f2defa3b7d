// The spec's research services (section 7), served in-process or as JSON routes under
// /rest/lsc/research/ (docs/decisions/024-model-research.md):
// - the vehicle reference lookup: yearId, atcMakeCode, atcModelCode -> items with vehicleId (the
//   catalogue's trims of that model year);
// - the consumer ratings fetch: vehicleId(s) -> ratings (name, value, 'Overall Rating' first),
//   numberOfReviews and the overall-star distribution, from the model year's published reviews.
// - safety ratings: yearId, atcMakeCode, atcModelCode -> the imported NHTSA ratings of that year.
// The page calls them through the breaker layer (app/server/services/calls.server.ts).
import { HookedFailure } from "../services/test-hooks.server.ts";
import { z } from "zod";
import { getDatabase } from "../db/connection.server.ts";
import { getEnv } from "../env.server.ts";
import { ratingsSummary } from "./consumer-reviews.server.ts";
import { safetyInfoOf, type SafetyInfo } from "./safety.server.ts";
import { publishedExpertReviews, type ExpertReviewView } from "./expert-reviews.server.ts";

const code = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.-]+$/);
const yearParam = z.coerce.number().int().min(1900).max(2100);
const vehicleIdParam = z.string().trim().min(1).max(80);

/** The test hook: this make and model's research services fail (E2E_FAIL_RESEARCH_MODEL). */
export function failOnPurpose(make: string, model: string): void {
  const failOn = getEnv().E2E_FAIL_RESEARCH_MODEL;
  if (failOn && failOn.toUpperCase() === `${make}|${model}`.toUpperCase()) {
    throw new HookedFailure(`research service failed on purpose for ${make}|${model}`);
  }
}

export interface ReferenceVehicle {
  vehicleId: string;
  year: number;
  atcMakeCode: string;
  atcModelCode: string;
  trimName: string;
}

export async function referenceVehiclesService(url: URL): Promise<{ items: ReferenceVehicle[] }> {
  const year = yearParam.safeParse(url.searchParams.get("yearId"));
  const make = code.safeParse(url.searchParams.get("atcMakeCode"));
  const model = code.safeParse(url.searchParams.get("atcModelCode"));
  if (!year.success || !make.success || !model.success) return { items: [] };
  failOnPurpose(make.data, model.data);
  const db = await getDatabase();
  const rows = await db.kysely
    .selectFrom("ref_trims")
    .select(["id", "year", "make_code", "model_code", "trim_name"])
    .where("year", "=", year.data)
    .where("make_code", "=", make.data)
    .where("model_code", "=", model.data)
    .orderBy("trim_rank")
    .execute();
  return { items: rows.map((r) => ({ vehicleId: r.id, year: Number(r.year), atcMakeCode: r.make_code, atcModelCode: r.model_code, trimName: r.trim_name })) };
}

export interface ConsumerRatings {
  ratings: { name: string; value: number }[];
  numberOfReviews: number;
  distribution: { stars: number; count: number }[];
}

const NO_RATINGS: ConsumerRatings = { ratings: [], numberOfReviews: 0, distribution: [] };

/** Consumer ratings of the model year the vehicle ids belong to (the first id names it). */
export async function consumerRatingsService(url: URL): Promise<ConsumerRatings> {
  const id = vehicleIdParam.safeParse(url.searchParams.get("vehicleId"));
  if (!id.success) return NO_RATINGS;
  const db = await getDatabase();
  const trim = await db.kysely.selectFrom("ref_trims").select(["year", "make_code", "model_code"]).where("id", "=", id.data).executeTakeFirst();
  if (!trim) return NO_RATINGS;
  failOnPurpose(trim.make_code, trim.model_code);
  return (await ratingsSummary(db, trim.make_code, trim.model_code, Number(trim.year))) ?? NO_RATINGS;
}

/** The model year's NHTSA safety ratings (yearId, atcMakeCode, atcModelCode); null when none were imported. */
export async function safetyService(url: URL): Promise<{ safety: SafetyInfo | null }> {
  const year = yearParam.safeParse(url.searchParams.get("yearId"));
  const make = code.safeParse(url.searchParams.get("atcMakeCode"));
  const model = code.safeParse(url.searchParams.get("atcModelCode"));
  if (!year.success || !make.success || !model.success) return { safety: null };
  failOnPurpose(make.data, model.data);
  return { safety: await safetyInfoOf(await getDatabase(), make.data, model.data, year.data) };
}

/**
 * The expert review fetch (ymmt = year|make|model|trim, the year and trim optional; embed=true
 * includes the review's HTML): the model's published reviews, newest model year first, at most 2.
 */
export async function expertReviewService(url: URL): Promise<{ reviews: ExpertReviewView[] }> {
  const [y = "", make = "", model = ""] = (url.searchParams.get("ymmt") ?? "").split("|");
  const m = code.safeParse(make);
  const mo = code.safeParse(model);
  if (!m.success || !mo.success) return { reviews: [] };
  const year = y === "" ? null : (yearParam.safeParse(y).data ?? null);
  if (y !== "" && year === null) return { reviews: [] };
  failOnPurpose(m.data, mo.data);
  const reviews = await publishedExpertReviews(await getDatabase(), m.data, mo.data, year);
  return { reviews: url.searchParams.get("embed") === "true" ? reviews : reviews.map((r) => ({ ...r, bodyHtml: "", bodyMd: "" })) };
}
