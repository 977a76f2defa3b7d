// The account's reviews (consumer and dealer) with their moderation state.
import { redirect } from "react-router";
import { signInHref } from "../../lib/account.ts";
import { RESEARCH_PATHS } from "../../lib/research-paths.ts";
import { PATHS } from "../../lib/routes.ts";
import { getSessionUser } from "../../server/accounts/session.server.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { modelName, myReviews, type MyReview } from "../../server/research/consumer-reviews.server.ts";
import { myDealerReviews, type DealerReviewView } from "../../server/research/dealer-reviews.server.ts";

const MY_NOTICES: Record<string, string> = {
  created: "Thank you: your review waits for a moderator and is published once approved.",
  updated: "Your review is updated. It waits for a moderator again before it is published.",
  deleted: "Your review is deleted.",
};

export async function loadMyReviews(
  request: Request,
  url: URL,
): Promise<{ reviews: (MyReview & { name: string; editHref: string })[]; dealerReviews: (DealerReviewView & { editHref: string })[]; notice: string | null }> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInHref(PATHS.signIn, url.pathname));
  const db = await getDatabase();
  const mine = await myReviews(db, user.id);
  const names = new Map<string, string>();
  for (const r of mine) {
    const k = `${r.makeCode}|${r.modelCode}`;
    if (!names.has(k)) names.set(k, (await modelName(db, r.makeCode, r.modelCode))?.name ?? `${r.makeCode} ${r.modelCode}`);
  }
  return {
    reviews: mine.map((r) => ({
      ...r,
      name: `${r.year} ${names.get(`${r.makeCode}|${r.modelCode}`)}`,
      editHref: RESEARCH_PATHS.writeReview(r.makeCode, r.modelCode, r.year),
    })),
    dealerReviews: (await myDealerReviews(db, user.id)).map((r) => ({ ...r, editHref: RESEARCH_PATHS.dealerReview(r.ownerId) })),
    notice: MY_NOTICES[url.searchParams.get("done") ?? ""] ?? null,
  };
}
