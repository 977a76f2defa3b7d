// 'Still interested?' on the results page (decision 018): its Dismiss is a POST to the page
// itself (intent=dismiss-still-interested), with and without JavaScript. Only the signed-in
// shopper's own history changes; the answer is a 303 back to the same results.
import { redirect } from "react-router";
import { z } from "zod";
import { getDatabase } from "../db/connection.server.ts";
import { dismissStillInterested } from "../accounts/recent-views.server.ts";
import { getSessionUser } from "../accounts/session.server.ts";
import { STILL_INTERESTED_INTENT } from "../../lib/account.ts";

const dismissSchema = z.object({ intent: z.literal(STILL_INTERESTED_INTENT), listingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Null for any other form. */
export async function stillInterestedAction(request: Request, pageUrl: URL) {
  const form = await request.clone().formData().catch(() => null);
  if (!form || form.get("intent") !== STILL_INTERESTED_INTENT) return null;
  const parsed = dismissSchema.safeParse({ intent: form.get("intent"), listingId: form.get("listingId") });
  const user = await getSessionUser(request);
  if (parsed.success && user) await dismissStillInterested(await getDatabase(), user.id, parsed.data.listingId);
  throw redirect(pageUrl.pathname + pageUrl.search, { status: 303 });
}
