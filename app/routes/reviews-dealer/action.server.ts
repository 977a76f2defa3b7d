// The dealer review form's post: save or delete the account's review of the dealer; an unknown
// intent is a 400. Contact through Forecourt is checked on every post, not only when the form shows.
import { data, redirect } from "react-router";
import { z } from "zod";
import { signInHref } from "../../lib/account.ts";
import { RESEARCH_PATHS } from "../../lib/research-paths.ts";
import { NOT_CONTACTED } from "../../lib/reviews.ts";
import { reviewTextField, reviewTitleField } from "../../lib/review-schemas.ts";
import { PATHS } from "../../lib/routes.ts";
import { getSessionUser } from "../../server/accounts/session.server.ts";
import { deleteDealerReview, hasContacted, myDealerReview, saveDealerReview } from "../../server/research/dealer-reviews.server.ts";
import { WRITE_LIMIT, fieldErrors, formValues, type WriteReviewReply } from "../../server/research/review-forms.server.ts";
import { clientAddress, rateLimitHeaders, rateLimitMessage, takeRateLimit } from "../../server/security/rate-limit.server.ts";
import { dealerSubject } from "./subject.server.ts";

const dealerFormSchema = z.object({
  rating: z.coerce
    .number({ error: "Choose a rating." })
    .int({ error: "Choose a rating." })
    .min(1, { error: "Choose a rating." })
    .max(5, { error: "Choose a rating." }),
  title: reviewTitleField,
  text: reviewTextField,
});

export async function dealerReviewAction(request: Request, url: URL) {
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInHref(PATHS.signIn, url.pathname + url.search));
  const form = await request.formData();
  const values = formValues(form);
  const { db, dealer } = await dealerSubject(form.get("ownerId"));
  if (!user.emailVerified)
    return data<WriteReviewReply>({ errors: {}, values, message: "Verify your email first: open the link we sent you." }, { status: 403 });
  if (!(await hasContacted(db, user, dealer.id))) return data<WriteReviewReply>({ errors: {}, values, message: NOT_CONTACTED }, { status: 403 });
  switch (form.get("intent")) {
    case "delete": {
      const existing = await myDealerReview(db, user.id, dealer.id);
      if (existing) await deleteDealerReview(db, user.id, existing.id);
      throw redirect(`${RESEARCH_PATHS.myReviews}?done=deleted`, 303);
    }
    case "save": {
      const parsed = dealerFormSchema.safeParse(values);
      if (!parsed.success) return data<WriteReviewReply>({ errors: fieldErrors(parsed.error), values }, { status: 400 });
      const limit = await takeRateLimit([`review-write:user:${user.id}`, `review-write:ip:${clientAddress(request)}`], WRITE_LIMIT);
      if (!limit.ok)
        return data<WriteReviewReply>({ errors: {}, values, message: rateLimitMessage(limit.retryAfterS) }, { status: 429, headers: rateLimitHeaders(limit) });
      const r = await saveDealerReview(db, user.id, dealer.id, parsed.data);
      throw redirect(`${RESEARCH_PATHS.myReviews}?done=${r.status}`, 303);
    }
    default:
      return data<WriteReviewReply>({ errors: {}, values, message: "That request could not be read." }, { status: 400 });
  }
}
