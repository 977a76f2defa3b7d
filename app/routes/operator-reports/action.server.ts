// The operator's decision on a queued listing: relist (or let a held price through) or take it
// down; the intent is part of the schema, so an unknown one is a 400.
import { data, redirect } from "react-router";
import { z } from "zod";
import { PATHS } from "../../lib/routes.ts";
import { requireOperator } from "../../server/accounts/operator.server.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { releaseHold, takeDownHeld } from "../../server/listings/listing-checks.server.ts";
import { clearListingReview, takeDownListing } from "../../server/listings/reports.server.ts";

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
  const before = await db.kysely.selectFrom("listings").select("status").where("id", "=", listingId).executeTakeFirst();
  // A price held for review (docs/decisions/030-no-stale-or-bait-listings.md) or reports.
  const held = before?.status === "held";
  const done = held
    ? intent === "relist"
      ? await releaseHold(db, listingId)
      : await takeDownHeld(db, listingId)
    : intent === "relist"
      ? await clearListingReview(db, listingId)
      : await takeDownListing(db, listingId);
  // Already decided (another operator, or a second click): nothing to do.
  if (!done) return data({ error: "That listing is no longer waiting for review." }, { status: 409 });
  const notice = held
    ? intent === "relist"
      ? "released"
      : "removed-held"
    : intent === "remove"
      ? "removed"
      : before?.status === "review"
        ? "relisted"
        : "kept";
  return redirect(`${PATHS.operatorReports}?done=${notice}`);
}
