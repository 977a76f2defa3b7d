// The operator's review of reported listings (issue 6 left it to "an operator"): accounts listed
// in OPERATOR_EMAILS see the listings that independent reports hid, with every report, and either
// relist one (the reports were wrong) or take it down. Anyone else gets a 404: the page is not
// advertised. docs/decisions/014-operator-review.md.
import { data, redirect } from "react-router";
import { z } from "zod";
import { PATHS } from "../../lib/routes.ts";
import { getSessionUser } from "../accounts/session.server.ts";
import { getDatabase } from "../db/connection.server.ts";
import { getEnv } from "../env.server.ts";
import { clearListingReview, reviewQueue, takeDownListing, type ReviewItem } from "../listings/reports.server.ts";

export interface OperatorReportsData {
  operator: string;
  queue: ReviewItem[];
  notice: string | null;
}

async function requireOperator(request: Request): Promise<string> {
  const user = await getSessionUser(request);
  if (!user || !getEnv().OPERATOR_EMAILS.includes(user.email.toLowerCase())) {
    throw data("Not found", { status: 404 });
  }
  return user.email;
}

const NOTICES: Record<string, string> = { relisted: "Listing relisted: it is searchable again.", removed: "Listing taken down." };

export async function loadOperatorReports(request: Request, url: URL): Promise<OperatorReportsData> {
  const operator = await requireOperator(request);
  const db = await getDatabase();
  return { operator, queue: await reviewQueue(db), notice: NOTICES[url.searchParams.get("done") ?? ""] ?? null };
}

const decision = z.object({
  intent: z.enum(["relist", "remove"]),
  listingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export async function operatorReportsAction(request: Request) {
  await requireOperator(request);
  const parsed = decision.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "That decision could not be read." }, { status: 400 });
  const db = await getDatabase();
  const { intent, listingId } = parsed.data;
  const done = intent === "relist" ? await clearListingReview(db, listingId) : await takeDownListing(db, listingId);
  // Already decided (another operator, or a second click): nothing to do.
  if (!done) return data({ error: "That listing is no longer waiting for review." }, { status: 409 });
  return redirect(`${PATHS.operatorReports}?done=${intent === "relist" ? "relisted" : "removed"}`);
}
