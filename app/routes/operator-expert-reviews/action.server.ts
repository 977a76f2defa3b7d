// An editor saves an expert review as a draft or publishes it: the intent is part of the schema
// (draft / publish), so an unknown one is a 400 with the form kept.
import { data, redirect } from "react-router";
import { z } from "zod";
import { RESEARCH_PATHS } from "../../lib/research-paths.ts";
import { requireOperator } from "../../server/accounts/operator.server.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { modelName } from "../../server/research/consumer-reviews.server.ts";
import { saveExpertReview } from "../../server/research/expert-reviews.server.ts";
import { catalogueCode, fieldErrors, formValues, modelYear, type WriteReviewReply } from "../../server/research/review-forms.server.ts";

const expertFormSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  make: catalogueCode,
  model: catalogueCode,
  year: modelYear,
  headline: z.string().trim().min(5, { error: "Write a headline (5 characters or more)." }).max(140, { error: "Keep the headline under 140 characters." }),
  verdict: z.string().trim().min(10, { error: "Write the verdict (10 characters or more)." }).max(400, { error: "Keep the verdict under 400 characters." }),
  pros: z.string().trim().min(1, { error: "List at least one pro, one a line." }).max(2000),
  cons: z.string().trim().min(1, { error: "List at least one con, one a line." }).max(2000),
  body: z.string().trim().min(100, { error: "Write the review (100 characters or more)." }).max(40_000, { error: "Keep the review under 40,000 characters." }),
  score: z.coerce
    .number({ error: "Score it from 1 to 10." })
    .int({ error: "Score it from 1 to 10." })
    .min(1, { error: "Score it from 1 to 10." })
    .max(10, { error: "Score it from 1 to 10." }),
  author: z.string().trim().min(2, { error: "Name the author." }).max(80),
  intent: z.enum(["draft", "publish"]),
});

export async function expertEditorAction(request: Request) {
  await requireOperator(request);
  const values = formValues(await request.formData(), 41_000);
  const parsed = expertFormSchema.safeParse(values);
  if (!parsed.success) return data<WriteReviewReply>({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const db = await getDatabase();
  const f = parsed.data;
  const m = await modelName(db, f.make.toUpperCase(), f.model.toUpperCase());
  if (!m) return data<WriteReviewReply>({ errors: { model: "That make and model are not in the catalogue." }, values }, { status: 400 });
  const saved = await saveExpertReview(db, { ...f, make: m.make, model: m.model, publish: f.intent === "publish" });
  throw redirect(`${RESEARCH_PATHS.operatorExpertReviews}?id=${saved}&done=${f.intent}`, 303);
}
