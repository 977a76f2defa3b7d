// The review form's post: save (create or edit) or delete the account's review of the model year;
// an unknown intent is a 400.
import { data, redirect } from "react-router";
import { signInHref } from "../../lib/account.ts";
import { RESEARCH_PATHS } from "../../lib/research-paths.ts";
import { reviewFormSchema } from "../../lib/review-schemas.ts";
import { PATHS } from "../../lib/routes.ts";
import { getSessionUser } from "../../server/accounts/session.server.ts";
import { deleteReview, myReviewOf, saveReview } from "../../server/research/consumer-reviews.server.ts";
import { WRITE_LIMIT, fieldErrors, formValues, type WriteReviewReply } from "../../server/research/review-forms.server.ts";
import { clientAddress, rateLimitHeaders, rateLimitMessage, takeRateLimit } from "../../server/security/rate-limit.server.ts";
import { writeSubject } from "./subject.server.ts";

export async function writeReviewAction(request: Request, url: URL) {
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInHref(PATHS.signIn, url.pathname + url.search));
  const form = await request.formData();
  const values = formValues(form);
  const s = await writeSubject(form);
  if (!user.emailVerified)
    return data<WriteReviewReply>({ errors: {}, values, message: "Verify your email first: open the link we sent you." }, { status: 403 });
  switch (form.get("intent")) {
    case "delete": {
      const existing = await myReviewOf(s.db, user.id, s.make, s.model, s.year);
      if (existing) await deleteReview(s.db, user.id, existing.id);
      throw redirect(`${RESEARCH_PATHS.myReviews}?done=deleted`, 303);
    }
    case "save": {
      const parsed = reviewFormSchema.safeParse(values);
      if (!parsed.success) return data<WriteReviewReply>({ errors: fieldErrors(parsed.error), values }, { status: 400 });
      const limit = await takeRateLimit([`review-write:user:${user.id}`, `review-write:ip:${clientAddress(request)}`], WRITE_LIMIT);
      if (!limit.ok)
        return data<WriteReviewReply>({ errors: {}, values, message: rateLimitMessage(limit.retryAfterS) }, { status: 429, headers: rateLimitHeaders(limit) });
      const r = await saveReview(s.db, user.id, { ...parsed.data, make: s.make, model: s.model, year: s.year });
      if (r.status === "unknown-trim") return data<WriteReviewReply>({ errors: { trim: "Choose a trim of this model year." }, values }, { status: 400 });
      if (r.status === "unknown-model") throw data("Not found", { status: 404 });
      throw redirect(`${RESEARCH_PATHS.myReviews}?done=${r.status}`, 303);
    }
    default:
      return data<WriteReviewReply>({ errors: {}, values, message: "That request could not be read." }, { status: 400 });
  }
}
