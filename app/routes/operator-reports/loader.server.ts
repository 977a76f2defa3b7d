// The operator's review of reported listings and of prices held as far below their market
// (docs/decisions/015-operator-review.md, 020-verified-identity-and-reports.md,
// 030-no-stale-or-bait-listings.md): accounts in OPERATOR_EMAILS with a verified address see the
// queue; anyone else gets a 404, the page is not advertised.
import { requireOperator } from "../../server/accounts/operator.server.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { reviewQueue, type ReviewItem } from "../../server/listings/reports.server.ts";

export interface OperatorReportsData {
  operator: string;
  queue: ReviewItem[];
  notice: string | null;
}

const NOTICES: Record<string, string> = {
  relisted: "Listing relisted: it is searchable again.",
  kept: "Reports dismissed: the listing stays listed.",
  removed: "Listing taken down. The seller was told why.",
  released: "Price let through: the listing is searchable, and this price is not held again.",
  "removed-held": "Listing taken down for its price.",
};

export async function loadOperatorReports(request: Request, url: URL): Promise<OperatorReportsData> {
  const operator = await requireOperator(request);
  const db = await getDatabase();
  return { operator, queue: await reviewQueue(db), notice: NOTICES[url.searchParams.get("done") ?? ""] ?? null };
}
