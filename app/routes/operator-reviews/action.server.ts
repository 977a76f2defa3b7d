// The operator's decision on a review: approve or reject with a reason (the author reads it).
// The intent picks the schema; an unknown one is a 400.
import { data, redirect } from "react-router";
import { z } from "zod";
import { RESEARCH_PATHS } from "../../lib/research-paths.ts";
import { REJECT_REASON_MAX } from "../../lib/reviews.ts";
import { requireOperator } from "../../server/accounts/operator.server.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { decideReview } from "../../server/research/consumer-reviews.server.ts";
import { decideDealerReview } from "../../server/research/dealer-reviews.server.ts";
import { rowId } from "../../server/research/review-forms.server.ts";

const kindField = z.enum(["consumer", "dealer"]).default("consumer");
const decisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), kind: kindField, reviewId: rowId }),
  z.object({
    intent: z.literal("reject"),
    kind: kindField,
    reviewId: rowId,
    reason: z
      .string()
      .trim()
      .min(3, { error: "Say why it is rejected (the author reads this)." })
      .max(REJECT_REASON_MAX, { error: `Keep the reason under ${REJECT_REASON_MAX} characters.` }),
  }),
]);

export async function reviewQueueAction(request: Request) {
  await requireOperator(request);
  const raw = Object.fromEntries(await request.formData());
  const parsed = decisionSchema.safeParse(raw);
  if (!parsed.success) {
    const reviewId = Number(raw.reviewId) || null;
    return data({ error: parsed.error.issues[0]?.message ?? "That decision could not be read.", reviewId }, { status: 400 });
  }
  const db = await getDatabase();
  const d = parsed.data;
  const reason = d.intent === "reject" ? d.reason : null;
  const done = d.kind === "dealer" ? await decideDealerReview(db, d.reviewId, d.intent, reason) : await decideReview(db, d.reviewId, d.intent, reason);
  if (!done) return data({ error: "That review is no longer waiting for a decision.", reviewId: d.reviewId }, { status: 409 });
  throw redirect(`${RESEARCH_PATHS.operatorReviews}?done=${d.intent === "approve" ? "approved" : "rejected"}`, 303);
}
