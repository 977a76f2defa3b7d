// Proof of owning an address (docs/decisions/020-verified-identity-and-reports.md). An account's
// email counts for nothing (operator rights, alerts, data held under the address) until its link
// is opened; an email change waits in `pending_email` until the new address's link is opened;
// price alerts and searches subscribed by email alone are mailed nothing until confirmed.
import { sql } from "kysely";
import { EMAIL_LINK_TTL_MS } from "../../lib/constants.ts";
import { getDatabase, type Database } from "../db/connection.server.ts";
import { getEnv } from "../env.server.ts";
import { enqueueMail } from "../mail/outbox.server.ts";
import { emailLink, verifyEmailLinkToken, type EmailLinkTarget } from "./email-token.server.ts";

const HOURS = Math.round(EMAIL_LINK_TTL_MS / 3_600_000);

function link(target: EmailLinkTarget, now: number): string {
  const env = getEnv();
  return emailLink(env.PUBLIC_ORIGIN, env.SESSION_SECRET, target, now);
}

/** Mails the link that verifies `email` for the account (its address, or the one it is changing to). */
export async function sendAccountVerification(db: Database, userId: number, email: string, now = Date.now()): Promise<void> {
  await enqueueMail(
    db,
    {
      to: email,
      subject: "Verify your email for Forecourt",
      text: [
        "Open this link to verify your email address for your Forecourt account:",
        "",
        link({ kind: "account", userId, email }, now),
        "",
        `The link works for ${HOURS} hours. If you did not ask for it, ignore this mail: nothing changes.`,
      ].join("\n"),
      kind: "verify-email",
    },
    now,
  );
}

/** Mails the link that confirms a price alert or a saved search subscribed by email (double opt-in). */
export async function sendAlertConfirmation(
  db: Database,
  target: Extract<EmailLinkTarget, { kind: "price" | "search" }>,
  what: string,
  now = Date.now(),
): Promise<void> {
  await enqueueMail(
    db,
    {
      to: target.email,
      subject: `Confirm your alerts: ${what}`,
      text: [
        `Someone (we hope you) asked Forecourt to email this address about ${what}.`,
        "",
        "Open this link to confirm, and we will start:",
        link(target, now),
        "",
        `The link works for ${HOURS} hours. If you did not ask for this, ignore this mail: we will send nothing more.`,
      ].join("\n"),
      kind: "confirm-alert",
    },
    now,
  );
}

export type EmailLinkOutcome = "verified" | "changed" | "confirmed" | "taken" | "stale";

/** Applies a verified link: what it confirmed, or why it no longer applies. */
export async function applyEmailLink(db: Database, target: EmailLinkTarget, now = Date.now()): Promise<EmailLinkOutcome> {
  if (target.kind === "account") {
    const user = await db.kysely.selectFrom("users").select(["email", "pending_email", "email_verified_at"]).where("id", "=", target.userId).executeTakeFirst();
    if (!user) return "stale";
    if (user.email === target.email) {
      if (user.email_verified_at === null) await db.kysely.updateTable("users").set({ email_verified_at: now }).where("id", "=", target.userId).execute();
      return "verified";
    }
    if (user.pending_email !== target.email) return "stale";
    const other = await db.kysely.selectFrom("users").select("id").where("email", "=", target.email).where("id", "<>", target.userId).executeTakeFirst();
    if (other) return "taken";
    try {
      await db.kysely
        .updateTable("users")
        .set({ email: target.email, pending_email: null, email_verified_at: now })
        .where("id", "=", target.userId)
        .where("pending_email", "=", target.email)
        .execute();
    } catch (error) {
      if (/unique|duplicate/i.test(String(error))) return "taken";
      throw error;
    }
    return "changed";
  }
  const r =
    target.kind === "price"
      ? await db.kysely
          .updateTable("price_alerts")
          .set({ confirmed_at: sql<number>`coalesce(confirmed_at, ${now})` })
          .where("id", "=", target.id)
          .where("email", "=", target.email)
          .executeTakeFirst()
      : await db.kysely
          .updateTable("saved_searches")
          .set({ confirmed_at: sql<number>`coalesce(confirmed_at, ${now})` })
          .where("id", "=", target.id)
          .where("email", "=", target.email)
          .where("user_id", "is", null)
          .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0 ? "confirmed" : "stale";
}

/** The page a mailed link opens: applies the token and says what happened. */
export async function openEmailLink(token: string | null): Promise<{ outcome: EmailLinkOutcome | "invalid" | "expired"; heading: string; body: string }> {
  const checked = verifyEmailLinkToken(getEnv().SESSION_SECRET, token);
  if (!checked.ok) {
    return checked.reason === "expired"
      ? {
          outcome: "expired",
          heading: "This link has expired",
          body: "Ask for a new one: on My account, choose 'Resend verification email', or subscribe again.",
        }
      : { outcome: "invalid", heading: "This link is not valid", body: "The link may be incomplete. Use the link in the latest email." };
  }
  const outcome = await applyEmailLink(await getDatabase(), checked.target);
  const texts: Record<EmailLinkOutcome, { heading: string; body: string }> = {
    verified: { heading: "Your email is verified", body: `${checked.target.email} is verified for your account.` },
    changed: { heading: "Your email is verified", body: `Your account's email is now ${checked.target.email}.` },
    confirmed: { heading: "Alerts confirmed", body: `We will email ${checked.target.email} as you asked. Every mail has a one-click unsubscribe link.` },
    taken: { heading: "This email belongs to another account", body: "Your email did not change." },
    stale: { heading: "This link no longer applies", body: "What it confirmed has changed or was removed. Use the link in the latest email." },
  };
  return { outcome, ...texts[outcome] };
}
