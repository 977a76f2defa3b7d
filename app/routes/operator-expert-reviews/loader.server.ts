// The editors' page (operators): every expert review, and the one being edited.
import { requireOperator } from "../../server/accounts/operator.server.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { allExpertReviews, expertReviewById, type ExpertReviewView } from "../../server/research/expert-reviews.server.ts";
import { rowId } from "../../server/research/review-forms.server.ts";

export interface ExpertEditorData {
  operator: string;
  reviews: ExpertReviewView[];
  editing: ExpertReviewView | null;
  notice: string | null;
}

export async function loadExpertEditor(request: Request, url: URL): Promise<ExpertEditorData> {
  const operator = await requireOperator(request);
  const db = await getDatabase();
  const editId = rowId.safeParse(url.searchParams.get("id"));
  const done = url.searchParams.get("done");
  return {
    operator,
    reviews: await allExpertReviews(db),
    editing: editId.success ? await expertReviewById(db, editId.data) : null,
    notice: done === "publish" ? "Review published." : done === "draft" ? "Draft saved: not shown to shoppers." : null,
  };
}
