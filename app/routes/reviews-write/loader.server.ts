// Write or edit a review of a model year: signed in; the form once the email is verified.
import { redirect } from "react-router";
import { signInHref } from "../../lib/account.ts";
import { PATHS } from "../../lib/routes.ts";
import { getSessionUser } from "../../server/accounts/session.server.ts";
import { myReviewOf, trimsOfModelYear, type MyReview } from "../../server/research/consumer-reviews.server.ts";
import { writeSubject } from "./subject.server.ts";

export interface WriteReviewData {
  state: "form" | "verify";
  make: string;
  model: string;
  year: number;
  name: string;
  trims: { id: string; name: string }[];
  existing: MyReview | null;
}

export async function loadWriteReview(request: Request, url: URL): Promise<WriteReviewData> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInHref(PATHS.signIn, url.pathname + url.search));
  const s = await writeSubject(url.searchParams);
  const trims = await trimsOfModelYear(s.db, s.make, s.model, s.year);
  return {
    state: user.emailVerified ? "form" : "verify",
    make: s.make,
    model: s.model,
    year: s.year,
    name: s.name,
    trims,
    existing: await myReviewOf(s.db, user.id, s.make, s.model, s.year),
  };
}
