// Expert reviews (docs/model-research.md, ADR 024): written by Forecourt's editors (operators)
// per model and model year, in Markdown rendered to HTML and sanitised (only text formatting,
// lists, headings, quotes and links to http(s) pages; no images, scripts, styles or attributes
// beyond href), draft until published. The pages read published ones through the expert review
// service (the breaker layer).
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import type { Selectable } from "kysely";
import type { Database } from "../db/connection.server.ts";
import type { ExpertReviewTable } from "../db/schema.server.ts";

export const EXPERT_REVIEWS_MAX = 2;

/** Markdown to the HTML a page may show. */
export function renderReviewMarkdown(md: string): string {
  const html = marked.parse(md, { async: false, gfm: true, breaks: false }) as string;
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "em", "b", "i", "ul", "ol", "li", "h3", "h4", "blockquote", "a", "code"],
    allowedAttributes: { a: ["href", "rel"] },
    allowedSchemes: ["http", "https"],
    transformTags: { h1: "h3", h2: "h3", h5: "h4", h6: "h4", a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener" }) },
    exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href,
  });
}

export interface ExpertReviewForm {
  id?: number;
  make: string;
  model: string;
  year: number;
  headline: string;
  verdict: string;
  pros: string;
  cons: string;
  body: string;
  score: number;
  author: string;
  publish: boolean;
}

export interface ExpertReviewView {
  id: number;
  makeCode: string;
  modelCode: string;
  year: number;
  headline: string;
  verdict: string;
  pros: string[];
  cons: string[];
  bodyMd: string;
  bodyHtml: string;
  score: number;
  author: string;
  status: "draft" | "published";
  publishedAt: number | null;
  updatedAt: number;
}

/** A stored review as every query here reads it (selectAll). */
type Row = Selectable<ExpertReviewTable>;

const lines = (s: string) =>
  s
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

function toView(r: Row): ExpertReviewView {
  return {
    id: Number(r.id),
    makeCode: r.make_code,
    modelCode: r.model_code,
    year: Number(r.year),
    headline: r.headline,
    verdict: r.verdict,
    pros: lines(r.pros),
    cons: lines(r.cons),
    bodyMd: r.body_md,
    bodyHtml: r.body_html,
    score: Number(r.score),
    author: r.author,
    status: r.status === "published" ? "published" : "draft",
    publishedAt: r.published_at === null ? null : Number(r.published_at),
    updatedAt: Number(r.updated_at),
  };
}

/** Creates or updates the model year's review (one per model year); publishing stamps the date once. */
export async function saveExpertReview(db: Database, f: ExpertReviewForm, now = Date.now()): Promise<number> {
  const values = {
    headline: f.headline,
    verdict: f.verdict,
    pros: f.pros,
    cons: f.cons,
    body_md: f.body,
    body_html: renderReviewMarkdown(f.body),
    score: f.score,
    author: f.author,
    status: f.publish ? "published" : "draft",
    updated_at: now,
  };
  const existing = await db.kysely
    .selectFrom("expert_reviews")
    .select(["id", "published_at"])
    .where("make_code", "=", f.make)
    .where("model_code", "=", f.model)
    .where("year", "=", f.year)
    .executeTakeFirst();
  if (existing) {
    await db.kysely
      .updateTable("expert_reviews")
      .set({ ...values, published_at: f.publish ? (existing.published_at ?? now) : null })
      .where("id", "=", existing.id)
      .execute();
    return Number(existing.id);
  }
  const r = await db.kysely
    .insertInto("expert_reviews")
    .values({ ...values, make_code: f.make, model_code: f.model, year: f.year, published_at: f.publish ? now : null, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function expertReviewById(db: Database, id: number): Promise<ExpertReviewView | null> {
  const r = await db.kysely.selectFrom("expert_reviews").selectAll().where("id", "=", id).executeTakeFirst();
  return r ? toView(r) : null;
}

export async function allExpertReviews(db: Database): Promise<ExpertReviewView[]> {
  return (await db.kysely.selectFrom("expert_reviews").selectAll().orderBy("updated_at", "desc").limit(200).execute()).map((r) => toView(r));
}

/** Published reviews of a model (one model year when given), newest model year first, at most `limit`. */
export async function publishedExpertReviews(
  db: Database,
  make: string,
  model: string,
  year: number | null,
  limit = EXPERT_REVIEWS_MAX,
): Promise<ExpertReviewView[]> {
  let q = db.kysely.selectFrom("expert_reviews").selectAll().where("make_code", "=", make).where("model_code", "=", model).where("status", "=", "published");
  if (year !== null) q = q.where("year", "=", year);
  return (await q.orderBy("year", "desc").orderBy("published_at", "desc").limit(limit).execute()).map((r) => toView(r));
}
