// Dealer reviews (docs/decisions/024-model-research.md): only a verified shopper with a stored lead
// to the dealer (by account, or by the verified address the lead came from) reviews it; one review
// per account and dealer; moderated like consumer reviews; the dealer's published average and count
// are kept on the owner row, the one place the pages read a dealer's Forecourt rating from.
import { sql } from "kysely";
import { pendingReviewColumns } from "../../lib/reviews.ts";
import type { Database } from "../db/connection.server.ts";

export interface DealerReviewView {
  id: number;
  ownerId: number;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  status: string;
  rejectReason: string | null;
  heldReasons: string[];
  helpfulYes: number;
  helpfulNo: number;
  updatedAt: number;
  dealerName: string;
  authorEmail: string;
}

function select(db: Database) {
  return db.kysely
    .selectFrom("dealer_reviews as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .innerJoin("owners as o", "o.id", "r.owner_id")
    .select([
      "r.id",
      "r.owner_id",
      "r.rating",
      "r.title",
      "r.body",
      "r.status",
      "r.reject_reason",
      "r.held_reasons",
      "r.helpful_yes",
      "r.helpful_no",
      "r.updated_at",
      "u.first_name",
      "u.last_name",
      "u.email",
      "o.name as dealer_name",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number];

function toView(r: Row): DealerReviewView {
  const f = r.first_name.trim();
  const l = r.last_name.trim();
  return {
    id: Number(r.id),
    ownerId: Number(r.owner_id),
    authorName: f ? (l ? `${f} ${l[0]!.toUpperCase()}.` : f) : "Forecourt shopper",
    rating: Number(r.rating),
    title: r.title,
    body: r.body,
    status: r.status,
    rejectReason: r.reject_reason,
    heldReasons: r.held_reasons ? r.held_reasons.split("\n") : [],
    helpfulYes: Number(r.helpful_yes),
    helpfulNo: Number(r.helpful_no),
    updatedAt: Number(r.updated_at),
    dealerName: r.dealer_name,
    authorEmail: r.email,
  };
}

/** A dealer (not a private seller) by id. */
export async function dealerOf(db: Database, ownerId: number): Promise<{ id: number; name: string; city: string; state: string } | null> {
  const o = await db.kysely
    .selectFrom("owners")
    .select(["id", "name", "city", "state"])
    .where("id", "=", ownerId)
    .where("seller_type", "=", "d")
    .executeTakeFirst();
  return o ? { id: Number(o.id), name: o.name, city: o.city, state: o.state } : null;
}

/** Whether the account contacted the dealer through Forecourt: a stored lead by the account or from its verified address. */
export async function hasContacted(db: Database, user: { id: number; email: string }, ownerId: number): Promise<boolean> {
  const r = await db.kysely
    .selectFrom("leads")
    .select("id")
    .where("owner_id", "=", ownerId)
    .where("status", "=", "SUCCESS")
    .where((eb) => eb.or([eb("user_id", "=", user.id), eb(sql`lower(email)`, "=", user.email.toLowerCase())]))
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

export async function myDealerReview(db: Database, userId: number, ownerId: number): Promise<DealerReviewView | null> {
  const r = await select(db).where("r.user_id", "=", userId).where("r.owner_id", "=", ownerId).executeTakeFirst();
  return r ? toView(r) : null;
}

export async function myDealerReviews(db: Database, userId: number): Promise<DealerReviewView[]> {
  return (await select(db).where("r.user_id", "=", userId).orderBy("r.updated_at", "desc").execute()).map(toView);
}

/** The owner row's published average and count, from the approved reviews. */
export async function recomputeDealerRating(db: Database, ownerId: number): Promise<void> {
  const r = await db.kysely
    .selectFrom("dealer_reviews")
    .select([(eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.avg<number>("rating").as("avg")])
    .where("owner_id", "=", ownerId)
    .where("status", "=", "approved")
    .executeTakeFirst();
  const n = Number(r?.n ?? 0);
  await db.kysely
    .updateTable("owners")
    .set({ review_count: n, review_rating: n === 0 ? null : Math.round(Number(r!.avg) * 10) / 10 })
    .where("id", "=", ownerId)
    .execute();
}

/** Writes the account's review of the dealer (creates or replaces it); it waits for an operator. */
export async function saveDealerReview(
  db: Database,
  userId: number,
  ownerId: number,
  form: { rating: number; title: string; text: string },
  now = Date.now(),
): Promise<{ status: "created" | "updated"; id: number }> {
  const values = { rating: form.rating, ...pendingReviewColumns(form, now).columns };
  const existing = await db.kysely.selectFrom("dealer_reviews").select("id").where("user_id", "=", userId).where("owner_id", "=", ownerId).executeTakeFirst();
  let out: { status: "created" | "updated"; id: number };
  if (existing) {
    await db.kysely.updateTable("dealer_reviews").set(values).where("id", "=", existing.id).execute();
    out = { status: "updated", id: Number(existing.id) };
  } else {
    const ins = await db.kysely
      .insertInto("dealer_reviews")
      .values({ ...values, user_id: userId, owner_id: ownerId, created_at: now })
      .onConflict((oc) => oc.columns(["user_id", "owner_id"]).doUpdateSet(values))
      .returning("id")
      .executeTakeFirstOrThrow();
    out = { status: "created", id: Number(ins.id) };
  }
  // An edit of a published review leaves the published average until it is approved again.
  await recomputeDealerRating(db, ownerId);
  return out;
}

export async function deleteDealerReview(db: Database, userId: number, id: number): Promise<boolean> {
  const r = await db.kysely.selectFrom("dealer_reviews").select("owner_id").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (!r) return false;
  await db.kysely.deleteFrom("dealer_reviews").where("id", "=", id).execute();
  await db.kysely.deleteFrom("review_votes").where("kind", "=", "dealer").where("review_id", "=", id).execute();
  await recomputeDealerRating(db, Number(r.owner_id));
  return true;
}

export async function pendingDealerReviews(db: Database, limit = 100): Promise<DealerReviewView[]> {
  return (await select(db).where("r.status", "=", "pending").orderBy("r.updated_at", "asc").orderBy("r.id", "asc").limit(limit).execute()).map(toView);
}

export async function decideDealerReview(db: Database, id: number, decision: "approve" | "reject", reason: string | null, now = Date.now()): Promise<boolean> {
  const r = await db.kysely
    .updateTable("dealer_reviews")
    .set({ status: decision === "approve" ? "approved" : "rejected", reject_reason: decision === "reject" ? reason : null, decided_at: now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returning("owner_id")
    .executeTakeFirst();
  if (!r) return false;
  await recomputeDealerRating(db, Number(r.owner_id));
  return true;
}

/** The dealer's published reviews, most helpful first. */
export async function publishedDealerReviews(db: Database, ownerId: number, limit = 3): Promise<DealerReviewView[]> {
  return (
    await select(db)
      .where("r.owner_id", "=", ownerId)
      .where("r.status", "=", "approved")
      .orderBy(sql`r.helpful_yes - r.helpful_no`, "desc")
      .orderBy("r.helpful_yes", "desc")
      .orderBy("r.decided_at", "desc")
      .limit(limit)
      .execute()
  ).map(toView);
}
