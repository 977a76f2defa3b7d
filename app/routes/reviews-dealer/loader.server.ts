// Review a dealer: only after contacting it through Forecourt (a stored lead), with a verified email.
import { redirect } from "react-router";
import { signInHref } from "../../lib/account.ts";
import { PATHS } from "../../lib/routes.ts";
import { getSessionUser } from "../../server/accounts/session.server.ts";
import { hasContacted, myDealerReview, type DealerReviewView } from "../../server/research/dealer-reviews.server.ts";
import { dealerSubject } from "./subject.server.ts";

export interface DealerReviewPageData {
  state: "form" | "verify" | "not-contacted";
  dealer: { id: number; name: string; city: string; state: string };
  existing: DealerReviewView | null;
}

export async function loadDealerReview(request: Request, url: URL): Promise<DealerReviewPageData> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInHref(PATHS.signIn, url.pathname + url.search));
  const { db, dealer } = await dealerSubject(url.searchParams.get("ownerId"));
  const state = !user.emailVerified ? "verify" : (await hasContacted(db, user, dealer.id)) ? "form" : "not-contacted";
  return { state, dealer, existing: state === "form" ? await myDealerReview(db, user.id, dealer.id) : null };
}
