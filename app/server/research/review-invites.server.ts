// The dealer review invitation (docs/model-research.md): 3 days after a shopper's stored lead to a
// dealer, one mail through the outbox inviting them to review that dealer, with a one-click
// unsubscribe link (RFC 8058). Once per address and dealer: the outbox's dedupe key and the leads'
// review_invite_at both say it went. Addresses that unsubscribed get none; nor does a shopper who
// already reviewed the dealer. Run with the alert jobs (app/server/accounts/alert-runner.server.ts).
import { sql } from "kysely";
import { RESEARCH_PATHS } from "../../lib/research-paths.ts";
import { unsubscribeToken } from "../accounts/unsubscribe-token.server.ts";
import type { Database } from "../db/connection.server.ts";
import { enqueueMail } from "../mail/outbox.server.ts";

export const REVIEW_INVITE_DELAY_MS = 3 * 24 * 3_600_000;

export async function sendReviewInvites(db: Database, opts: { origin: string; secret: string; now?: number; limit?: number }): Promise<number> {
  const now = opts.now ?? Date.now();
  const due = await db.kysely
    .selectFrom("leads as l")
    .innerJoin("owners as o", "o.id", "l.owner_id")
    .select(["l.id", "l.owner_id", "l.email", "l.first_name", "o.name as dealer"])
    .where("l.status", "=", "SUCCESS")
    .where("o.seller_type", "=", "d")
    .where("l.review_invite_at", "is", null)
    .where("l.created_at", "<=", now - REVIEW_INVITE_DELAY_MS)
    .orderBy("l.id")
    .limit(opts.limit ?? 500)
    .execute();
  let sent = 0;
  for (const lead of due) {
    const email = lead.email.trim().toLowerCase();
    const markLeads = () =>
      db.kysely
        .updateTable("leads")
        .set({ review_invite_at: now })
        .where("owner_id", "=", lead.owner_id)
        .where(sql`lower(email)`, "=", email)
        .where("review_invite_at", "is", null)
        .execute();
    const optedOut = await db.kysely.selectFrom("review_invite_optouts").select("email").where("email", "=", email).executeTakeFirst();
    const reviewed = await db.kysely
      .selectFrom("dealer_reviews as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select("r.id")
      .where("r.owner_id", "=", lead.owner_id)
      .where(sql`lower(u.email)`, "=", email)
      .executeTakeFirst();
    if (optedOut || reviewed) {
      await markLeads();
      continue;
    }
    const link = `${opts.origin}${RESEARCH_PATHS.dealerReview(Number(lead.owner_id))}`;
    const unsubscribe = `${opts.origin}/account/unsubscribe?token=${unsubscribeToken(opts.secret, { kind: "review-invites", email })}`;
    const text = [
      `Hi${lead.first_name ? ` ${lead.first_name}` : ""},`,
      "",
      `A few days ago you contacted ${lead.dealer} through Forecourt. How did it go? Your review helps other shoppers.`,
      "",
      `Review ${lead.dealer}: ${link}`,
      "(You will be asked to sign in with, or create, a Forecourt account for this address and verify it.)",
      "",
      `No more review invitations: ${unsubscribe}`,
    ].join("\n");
    const r = await enqueueMail(
      db,
      {
        to: email,
        subject: `How was ${lead.dealer}?`,
        text,
        kind: "review-invite",
        dedupeKey: `review-invite:${lead.owner_id}:${email}`,
        listUnsubscribe: unsubscribe,
      },
      now,
    );
    await markLeads();
    if (!r.duplicate) sent++;
  }
  return sent;
}
