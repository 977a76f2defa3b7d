// Consumer reviews of a model year (docs/decisions/024-model-research.md): written by verified
// accounts, one per account and model year, editable (an edit waits for an operator again) and
// deletable by the author; published only once an operator approved them; helpful votes once per
// visitor. Pure rules (categories, limits, what is held) are in app/lib/reviews.ts.
import { sql } from "kysely";
import { OVERALL_RATING, REVIEW_CATEGORIES, REVIEWS_PAGE_SIZE, pendingReviewColumns, type ReviewCategory, type ReviewStatus } from "../../lib/reviews.ts";
import type { ReviewForm } from "../../lib/review-schemas.ts";
import type { Database } from "../db/connection.server.ts";
import { selectCached } from "../db/compiled.server.ts";

export interface ReviewView {
  id: number;
  authorName: string;
  year: number;
  trimName: string | null;
  overall: number;
  categories: { key: ReviewCategory; label: string; value: number }[];
  title: string;
  body: string;
  helpfulYes: number;
  helpfulNo: number;
  /** Epoch ms of the latest write. */
  updatedAt: number;
}

export interface MyReview extends ReviewView {
  makeCode: string;
  modelCode: string;
  trimId: string | null;
  status: ReviewStatus;
  rejectReason: string | null;
}

export interface QueuedReview extends ReviewView {
  makeCode: string;
  modelCode: string;
  authorEmail: string;
  heldReasons: string[];
}

export interface RatingsSummary {
  /** The spec's consumer ratings: 'Overall Rating' first, then each category's average. */
  ratings: { name: string; value: number }[];
  numberOfReviews: number;
  /** Reviews per overall star, 5 down to 1. */
  distribution: { stars: number; count: number }[];
}

type Row = {
  id: number;
  user_id: number;
  make_code: string;
  model_code: string;
  year: number;
  trim_id: string | null;
  trim_name: string | null;
  overall: number;
  title: string;
  body: string;
  status: string;
  held_reasons: string | null;
  reject_reason: string | null;
  helpful_yes: number;
  helpful_no: number;
  updated_at: number;
  first_name: string;
  last_name: string;
  email: string;
} & Record<ReviewCategory, number>;

/** "Dana K." — a first name and an initial; "Verified owner" when the account gave no name. */
function authorName(first: string, last: string): string {
  const f = first.trim();
  if (!f) return "Forecourt shopper";
  const l = last.trim();
  return l ? `${f} ${l[0]!.toUpperCase()}.` : f;
}

function toView(r: Row): ReviewView {
  return {
    id: Number(r.id),
    authorName: authorName(r.first_name, r.last_name),
    year: Number(r.year),
    trimName: r.trim_name,
    overall: Number(r.overall),
    categories: REVIEW_CATEGORIES.map((c) => ({ key: c.key, label: c.label, value: Number(r[c.key]) })),
    title: r.title,
    body: r.body,
    helpfulYes: Number(r.helpful_yes),
    helpfulNo: Number(r.helpful_no),
    updatedAt: Number(r.updated_at),
  };
}

function selectReviews(db: Database) {
  return db.kysely
    .selectFrom("consumer_reviews as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select([
      "r.id",
      "r.user_id",
      "r.make_code",
      "r.model_code",
      "r.year",
      "r.trim_id",
      "r.trim_name",
      "r.overall",
      "r.comfort",
      "r.performance",
      "r.reliability",
      "r.value",
      "r.interior",
      "r.technology",
      "r.title",
      "r.body",
      "r.status",
      "r.held_reasons",
      "r.reject_reason",
      "r.helpful_yes",
      "r.helpful_no",
      "r.updated_at",
      "u.first_name",
      "u.last_name",
      "u.email",
    ]);
}

/** The trims of a model year in the reference catalogue (the form's trim choices). */
export async function trimsOfModelYear(db: Database, make: string, model: string, year: number): Promise<{ id: string; name: string }[]> {
  const rows = await db.kysely
    .selectFrom("ref_trims")
    .select(["id", "trim_name"])
    .where("make_code", "=", make)
    .where("model_code", "=", model)
    .where("year", "=", year)
    .orderBy("trim_rank")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.trim_name }));
}

/** "Toyota RAV4", or null when the make and model are not in the catalogue. */
export async function modelName(
  db: Database,
  make: string,
  model: string,
): Promise<{ make: string; model: string; name: string; firstYear: number; lastYear: number } | null> {
  const r = await db.kysely
    .selectFrom("ref_models as m")
    .innerJoin("ref_makes as k", "k.code", "m.make_code")
    .select(["k.name as make_name", "m.name as model_name", "m.first_year", "m.last_year", "m.make_code", "m.code"])
    .where("m.make_code", "=", make)
    .where("m.code", "=", model)
    .executeTakeFirst();
  return r
    ? { make: r.make_code, model: r.code, name: `${r.make_name} ${r.model_name}`, firstYear: Number(r.first_year), lastYear: Number(r.last_year) }
    : null;
}

export async function myReviewOf(db: Database, userId: number, make: string, model: string, year: number): Promise<MyReview | null> {
  const r = await selectReviews(db)
    .where("r.user_id", "=", userId)
    .where("r.make_code", "=", make)
    .where("r.model_code", "=", model)
    .where("r.year", "=", year)
    .executeTakeFirst();
  return r ? toMine(r as Row) : null;
}

function toMine(r: Row): MyReview {
  return { ...toView(r), makeCode: r.make_code, modelCode: r.model_code, trimId: r.trim_id, status: r.status as ReviewStatus, rejectReason: r.reject_reason };
}

export async function myReviews(db: Database, userId: number): Promise<MyReview[]> {
  const rows = await selectReviews(db).where("r.user_id", "=", userId).orderBy("r.updated_at", "desc").execute();
  return rows.map((r) => toMine(r as Row));
}

export type SaveOutcome = { status: "created" | "updated"; id: number; held: string[] } | { status: "unknown-model" } | { status: "unknown-trim" };

/**
 * Writes the account's review of the model year (creates it, or replaces its one review of that
 * year). Every write waits for an operator: an approved review edited goes back to pending.
 */
export async function saveReview(db: Database, userId: number, form: ReviewForm, now = Date.now()): Promise<SaveOutcome> {
  const model = await modelName(db, form.make, form.model);
  if (!model || form.year < model.firstYear || form.year > model.lastYear + 1) return { status: "unknown-model" };
  let trimName: string | null = null;
  const trimId = form.trim ? form.trim : null;
  if (trimId) {
    const t = await db.kysely
      .selectFrom("ref_trims")
      .select("trim_name")
      .where("id", "=", trimId)
      .where("make_code", "=", form.make)
      .where("model_code", "=", form.model)
      .where("year", "=", form.year)
      .executeTakeFirst();
    if (!t) return { status: "unknown-trim" };
    trimName = t.trim_name;
  }
  const { held, columns } = pendingReviewColumns(form, now);
  const values = {
    trim_id: trimId,
    trim_name: trimName,
    overall: form.overall,
    comfort: form.comfort,
    performance: form.performance,
    reliability: form.reliability,
    value: form.value,
    interior: form.interior,
    technology: form.technology,
    ...columns,
  };
  const existing = await db.kysely
    .selectFrom("consumer_reviews")
    .select("id")
    .where("user_id", "=", userId)
    .where("make_code", "=", form.make)
    .where("model_code", "=", form.model)
    .where("year", "=", form.year)
    .executeTakeFirst();
  if (existing) {
    await db.kysely.updateTable("consumer_reviews").set(values).where("id", "=", existing.id).execute();
    return { status: "updated", id: Number(existing.id), held };
  }
  // The unique key (account, model year) settles a race between two tabs: the second write updates.
  const inserted = await db.kysely
    .insertInto("consumer_reviews")
    .values({ ...values, user_id: userId, make_code: form.make, model_code: form.model, year: form.year, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "make_code", "model_code", "year"]).doUpdateSet(values))
    .returning("id")
    .executeTakeFirstOrThrow();
  return { status: "created", id: Number(inserted.id), held };
}

/** Deletes the author's own review (and its votes); false when it is not theirs or gone. */
export async function deleteReview(db: Database, userId: number, id: number): Promise<boolean> {
  const r = await db.kysely.deleteFrom("consumer_reviews").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) return false;
  await db.kysely.deleteFrom("review_votes").where("kind", "=", "consumer").where("review_id", "=", id).execute();
  return true;
}

/** Reviews waiting for an operator, oldest first. */
export async function pendingReviews(db: Database, limit = 100): Promise<QueuedReview[]> {
  const rows = await selectReviews(db).where("r.status", "=", "pending").orderBy("r.updated_at", "asc").orderBy("r.id", "asc").limit(limit).execute();
  return rows.map((r) => {
    const row = r as Row;
    return {
      ...toView(row),
      makeCode: row.make_code,
      modelCode: row.model_code,
      authorEmail: row.email,
      heldReasons: row.held_reasons ? row.held_reasons.split("\n") : [],
    };
  });
}

/** Approves or rejects a pending review; false when it is no longer pending (decided, edited away, deleted). */
export async function decideReview(db: Database, id: number, decision: "approve" | "reject", reason: string | null, now = Date.now()): Promise<boolean> {
  const r = await db.kysely
    .updateTable("consumer_reviews")
    .set({ status: decision === "approve" ? "approved" : "rejected", reject_reason: decision === "reject" ? reason : null, decided_at: now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Published reviews of a model year, most helpful first, one page of them, and how many there are. */
export async function publishedReviews(
  db: Database,
  make: string,
  model: string,
  year: number,
  page: number,
): Promise<{ reviews: ReviewView[]; total: number; page: number; pages: number }> {
  const where = <T extends { where: (...a: any[]) => T }>(q: T): T =>
    q.where("r.make_code", "=", make).where("r.model_code", "=", model).where("r.year", "=", year).where("r.status", "=", "approved");
  const values = [make, model, year, "approved"];
  const [countRow] = await selectCached(db, "published reviews count", values, () =>
    where(db.kysely.selectFrom("consumer_reviews as r").select((eb) => eb.fn.countAll<number>().as("n")) as any),
  );
  const total = Number((countRow as { n: number } | undefined)?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE));
  const p = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  // Most model years have no published review: the count says so, and the page is not read.
  if (total === 0) return { reviews: [], total, page: p, pages };
  const rows = await selectCached(db, "published reviews", [...values, REVIEWS_PAGE_SIZE, (p - 1) * REVIEWS_PAGE_SIZE], () =>
    where(selectReviews(db) as any)
      .orderBy(sql`r.helpful_yes - r.helpful_no`, "desc")
      .orderBy("r.helpful_yes", "desc")
      .orderBy("r.decided_at", "desc")
      .orderBy("r.id", "desc")
      .limit(REVIEWS_PAGE_SIZE)
      .offset((p - 1) * REVIEWS_PAGE_SIZE),
  );
  return { reviews: (rows as Row[]).map(toView), total, page: p, pages };
}

/** The model year's consumer ratings from its published reviews; null when it has none. */
export async function ratingsSummary(db: Database, make: string, model: string, year: number): Promise<RatingsSummary | null> {
  const rows = await db.kysely
    .selectFrom("consumer_reviews")
    .select(["overall", ...REVIEW_CATEGORIES.map((c) => c.key)])
    .where("make_code", "=", make)
    .where("model_code", "=", model)
    .where("year", "=", year)
    .where("status", "=", "approved")
    .execute();
  if (rows.length === 0) return null;
  const avg = (key: "overall" | ReviewCategory) =>
    Math.round((rows.reduce((s, r) => s + Number((r as Record<string, number>)[key]), 0) / rows.length) * 10) / 10;
  return {
    ratings: [{ name: OVERALL_RATING, value: avg("overall") }, ...REVIEW_CATEGORIES.map((c) => ({ name: c.label, value: avg(c.key) }))],
    numberOfReviews: rows.length,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: rows.filter((r) => Number(r.overall) === stars).length })),
  };
}

export type VoteOutcome = "counted" | "already" | "missing";

/** One visitor's 'Was this review helpful?' answer (a consumer or a dealer review); a second answer from the same visitor is not counted. */
export async function voteHelpful(
  db: Database,
  kind: "consumer" | "dealer",
  reviewId: number,
  voterKey: string,
  helpful: boolean,
  now = Date.now(),
): Promise<VoteOutcome> {
  // Both review tables have the columns used here (id, status, helpful_yes, helpful_no); the query
  // is typed against one of them.
  const table = kind === "consumer" ? "consumer_reviews" : ("dealer_reviews" as "consumer_reviews");
  const review = await db.kysely.selectFrom(table).select("id").where("id", "=", reviewId).where("status", "=", "approved").executeTakeFirst();
  if (!review) return "missing";
  return db.kysely.transaction().execute(async (trx) => {
    const r = await trx
      .insertInto("review_votes")
      .values({ kind, review_id: reviewId, voter_key: voterKey, helpful: helpful ? 1 : 0, created_at: now })
      .onConflict((oc) => oc.columns(["kind", "review_id", "voter_key"]).doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0n) === 0) return "already";
    const column = helpful ? "helpful_yes" : "helpful_no";
    await trx
      .updateTable(table)
      .set((eb) => ({ [column]: eb(column, "+", 1) }))
      .where("id", "=", reviewId)
      .execute();
    return "counted";
  });
}
