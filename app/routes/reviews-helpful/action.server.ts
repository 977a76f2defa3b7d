// 'Was this review helpful?': one answer per voter, the account when signed in, else the network
// address (a visitor cookie costs nothing to mint: a cookie-less client was a new voter on every
// request); the answer is always the spec's thanks (docs/model-research.md).
import { data } from "react-router";
import { z } from "zod";
import { safeRefUrl } from "../../lib/account.ts";
import { HELPFUL_THANKS } from "../../lib/reviews.ts";
import { PATHS } from "../../lib/routes.ts";
import { getSessionUser } from "../../server/accounts/session.server.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { voteHelpful } from "../../server/research/consumer-reviews.server.ts";
import { VOTE_LIMIT, rowId } from "../../server/research/review-forms.server.ts";
import { clientAddress, rateLimitHeaders, rateLimitMessage, takeRateLimit } from "../../server/security/rate-limit.server.ts";

export type HelpfulReply = { message: string; reviewId: number | null; returnTo: string; counted: boolean };

const voteSchema = z.object({ kind: z.enum(["consumer", "dealer"]).default("consumer"), reviewId: rowId, helpful: z.enum(["yes", "no"]) });

export async function helpfulAction(request: Request) {
  const raw = Object.fromEntries(await request.formData());
  const returnTo = safeRefUrl(raw.returnTo, PATHS.search);
  const parsed = voteSchema.safeParse(raw);
  if (!parsed.success) return data<HelpfulReply>({ message: "That answer could not be read.", reviewId: null, returnTo, counted: false }, { status: 400 });
  const limit = await takeRateLimit([`review-vote:ip:${clientAddress(request)}`], VOTE_LIMIT);
  if (!limit.ok)
    return data<HelpfulReply>(
      { message: rateLimitMessage(limit.retryAfterS), reviewId: parsed.data.reviewId, returnTo, counted: false },
      { status: 429, headers: rateLimitHeaders(limit) },
    );
  const user = await getSessionUser(request);
  // Signed out, everyone behind one address shares one answer per review: the price of a count a
  // single client cannot inflate.
  const voter = user ? `user:${user.id}` : `address:${clientAddress(request)}`;
  const db = await getDatabase();
  const outcome = await voteHelpful(db, parsed.data.kind, parsed.data.reviewId, voter, parsed.data.helpful === "yes");
  if (outcome === "missing")
    return data<HelpfulReply>({ message: "That review is no longer published.", reviewId: parsed.data.reviewId, returnTo, counted: false }, { status: 404 });
  return data<HelpfulReply>({ message: HELPFUL_THANKS, reviewId: parsed.data.reviewId, returnTo, counted: outcome === "counted" });
}
