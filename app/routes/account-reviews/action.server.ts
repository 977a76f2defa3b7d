// The account's reviews page posts one intent, delete (a consumer or a dealer review of its own);
// anything else is a 400.
import { data, redirect } from "react-router";
import { z } from "zod";
import { signInHref } from "../../lib/account.ts";
import { RESEARCH_PATHS } from "../../lib/research-paths.ts";
import { PATHS } from "../../lib/routes.ts";
import { getSessionUser } from "../../server/accounts/session.server.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { deleteReview } from "../../server/research/consumer-reviews.server.ts";
import { deleteDealerReview } from "../../server/research/dealer-reviews.server.ts";
import { rowId } from "../../server/research/review-forms.server.ts";

const deleteSchema = z.object({ kind: z.enum(["consumer", "dealer"]).default("consumer"), reviewId: rowId });

export async function myReviewsAction(request: Request) {
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInHref(PATHS.signIn, RESEARCH_PATHS.myReviews));
  const form = Object.fromEntries(await request.formData());
  switch (form.intent) {
    case "delete": {
      const parsed = deleteSchema.safeParse(form);
      if (!parsed.success) break;
      const db = await getDatabase();
      if (parsed.data.kind === "dealer") await deleteDealerReview(db, user.id, parsed.data.reviewId);
      else await deleteReview(db, user.id, parsed.data.reviewId);
      throw redirect(`${RESEARCH_PATHS.myReviews}?done=deleted`, 303);
    }
  }
  return data({ error: "That request could not be read." }, { status: 400 });
}
