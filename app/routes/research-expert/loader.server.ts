// A published expert review's own page; a draft or an unknown id is a 404.
import { data } from "react-router";
import { PATHS } from "../../lib/routes.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { modelName } from "../../server/research/consumer-reviews.server.ts";
import { expertReviewById, type ExpertReviewView } from "../../server/research/expert-reviews.server.ts";
import { rowId } from "../../server/research/review-forms.server.ts";

export async function loadExpertReviewPage(rawId: string | undefined): Promise<ExpertReviewView & { name: string; resultsHref: string }> {
  const reviewId = rowId.safeParse(rawId);
  if (!reviewId.success) throw data("Not found", { status: 404 });
  const db = await getDatabase();
  const r = await expertReviewById(db, reviewId.data);
  if (!r || r.status !== "published") throw data("Not found", { status: 404 });
  const m = await modelName(db, r.makeCode, r.modelCode);
  return {
    ...r,
    name: `${r.year} ${m?.name ?? r.makeCode}`,
    resultsHref: `${PATHS.search}?${new URLSearchParams({ makeCode: r.makeCode, modelCode: r.modelCode })}`,
  };
}
