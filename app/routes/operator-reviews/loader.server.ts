// The operator's moderation queue: consumer and dealer reviews waiting for a decision.
import { requireOperator } from "../../server/accounts/operator.server.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { modelName, pendingReviews, type QueuedReview } from "../../server/research/consumer-reviews.server.ts";
import { pendingDealerReviews, type DealerReviewView } from "../../server/research/dealer-reviews.server.ts";

export async function loadReviewQueue(
  request: Request,
  url: URL,
): Promise<{ operator: string; queue: (QueuedReview & { name: string })[]; dealerQueue: DealerReviewView[]; notice: string | null }> {
  const operator = await requireOperator(request);
  const db = await getDatabase();
  const queue = await pendingReviews(db);
  const out = [];
  for (const r of queue) out.push({ ...r, name: `${r.year} ${(await modelName(db, r.makeCode, r.modelCode))?.name ?? r.makeCode}` });
  const done = url.searchParams.get("done");
  return {
    operator,
    queue: out,
    dealerQueue: await pendingDealerReviews(db),
    notice: done === "approved" ? "Review approved: it is published." : done === "rejected" ? "Review rejected: the author sees why." : null,
  };
}
