// The mail outbox (docs/resilience-and-security.md). Whatever sends mail (contact the seller, price alerts, sign-up ...)
// writes a row here, in the same request that causes it; a separate sender
// (app/server/mail/sender.server.ts) delivers pending rows over SMTP when SMTP_URL is set. Without
// SMTP, mail stays here and can be read on the local-only /dev/mail page. Nothing is lost while the
// sender is down: a row leaves "pending" only when it was delivered or rejected for good.
import { sql } from "kysely";
import type { Database } from "../db/connection.server.ts";
import type { MailStatus } from "../db/schema.server.ts";
import { processSlot } from "../singleton.server.ts";
import { mailHtml } from "./template.server.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  /** The plain-text part, exactly as written. */
  text: string;
  /** The HTML part; by default made from `text` (app/server/mail/template.server.tsx). */
  html?: string;
  /** What the mail is, for operators and the dev mailbox: "lead", "offer", "price-alert" ... */
  kind: string;
  /** a second enqueue with the same key is ignored: lets alerts go out once */
  dedupeKey?: string;
  /** One-click unsubscribe URL (RFC 8058): the sender adds List-Unsubscribe and List-Unsubscribe-Post. */
  listUnsubscribe?: string;
}

export interface MailRow {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  dedupeKey: string | null;
  status: MailStatus;
  attempts: number;
  /** Epoch ms. */
  createdAt: number;
  sentAt: number | null;
  nextAttemptAt: number;
  lastError: string | null;
  messageId: string | null;
  listUnsubscribe: string | null;
}

type OutboxRecord = {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  dedupe_key: string | null;
  status: MailStatus;
  attempts: number;
  next_attempt_at: number;
  created_at: number;
  sent_at: number | null;
  last_error: string | null;
  message_id: string | null;
  list_unsubscribe?: string | null;
};

export function toMailRow(r: OutboxRecord): MailRow {
  return {
    id: Number(r.id),
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    dedupeKey: r.dedupe_key,
    status: r.status,
    attempts: Number(r.attempts),
    createdAt: Number(r.created_at),
    sentAt: r.sent_at === null ? null : Number(r.sent_at),
    nextAttemptAt: Number(r.next_attempt_at),
    lastError: r.last_error,
    messageId: r.message_id,
    listUnsubscribe: r.list_unsubscribe ?? null,
  };
}

const MAX_SUBJECT = 300;
/** Header injection: a subject or address is one line. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").trim();

// The in-process sender registers here so a fresh mail goes out at once instead of at the next
// poll. A process slot: the route bundle and the Node entry hold separate module instances.
const wakeSlot = processSlot<() => void>("mail.wake");

export function onMailEnqueued(wake: (() => void) | undefined): void {
  if (wake) wakeSlot.set(wake);
  else wakeSlot.clear();
}

/** Writes one mail to the outbox (pending). A repeated dedupeKey returns the first row's id. */
export async function enqueueMail(db: Database, mail: OutgoingMail, now = Date.now()): Promise<{ id: number; duplicate: boolean }> {
  const to = oneLine(mail.to);
  if (!to) throw new Error("enqueueMail: empty recipient");
  const dedupeKey = mail.dedupeKey ? mail.dedupeKey : null;
  const inserted = await db.kysely
    .insertInto("mail_outbox")
    .values({
      kind: oneLine(mail.kind) || "mail",
      to_address: to,
      subject: oneLine(mail.subject).slice(0, MAX_SUBJECT),
      text_body: mail.text,
      // Every mail has an HTML part too: the text made into a React Email document unless one is given.
      html_body: mail.html ?? (await mailHtml(mail)),
      dedupe_key: dedupeKey,
      list_unsubscribe: mail.listUnsubscribe ? oneLine(mail.listUnsubscribe) : null,
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) {
    wakeSlot.get()?.();
    return { id: Number(inserted.id), duplicate: false };
  }
  const existing = await db.kysely.selectFrom("mail_outbox").select("id").where("dedupe_key", "=", dedupeKey).executeTakeFirstOrThrow();
  return { id: Number(existing.id), duplicate: true };
}

/** Newest first. */
export async function listMail(db: Database, opts: { to?: string; kind?: string; limit?: number } = {}): Promise<MailRow[]> {
  let q = db.kysely.selectFrom("mail_outbox").selectAll();
  if (opts.to) q = q.where(sql<string>`lower(to_address)`, "=", opts.to.trim().toLowerCase());
  if (opts.kind) q = q.where("kind", "=", opts.kind);
  const limit = Math.min(Math.max(1, Math.floor(opts.limit ?? 100)), 1000);
  const rows = await q.orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => toMailRow(r as OutboxRecord));
}

export async function getMail(db: Database, id: number): Promise<MailRow | null> {
  const r = await db.kysely.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
  return r ? toMailRow(r as OutboxRecord) : null;
}

export interface OutboxCounts {
  pending: number;
  sent: number;
  failed: number;
}

export async function outboxCounts(db: Database): Promise<OutboxCounts> {
  const rows = await db.kysely
    .selectFrom("mail_outbox")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const out: OutboxCounts = { pending: 0, sent: 0, failed: 0 };
  for (const r of rows) if (r.status in out) out[r.status] = Number(r.n);
  return out;
}

// ---- the sender's side: claim, then record the outcome -------------------------------------

/**
 * Claims up to `limit` due rows for `claimer` until `now + leaseMs` and counts the attempt. Two
 * senders never hold the same row: PostgreSQL skips rows another transaction has locked, SQLite
 * runs the one UPDATE alone. A sender that dies mid-send loses its claim when the lease lapses,
 * and the row is tried again (at least once delivery).
 */
export async function claimDueMail(db: Database, claimer: string, opts: { now?: number; limit?: number; leaseMs?: number } = {}): Promise<MailRow[]> {
  const now = opts.now ?? Date.now();
  const limit = opts.limit ?? 10;
  const until = now + (opts.leaseMs ?? 120_000);
  const lock = db.dialect === "postgres" ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const result = await sql<OutboxRecord>`
    UPDATE mail_outbox
       SET claimed_by = ${claimer}, claimed_until = ${until}, attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM mail_outbox
        WHERE status = 'pending' AND next_attempt_at <= ${now}
          AND (claimed_until IS NULL OR claimed_until < ${now})
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        ${lock})
       AND status = 'pending' AND (claimed_until IS NULL OR claimed_until < ${now})
    RETURNING *`.execute(db.kysely);
  return result.rows.map(toMailRow).sort((a, b) => a.id - b.id);
}

export async function markMailSent(db: Database, id: number, claimer: string, messageId: string | null, now = Date.now()): Promise<void> {
  await db.kysely
    .updateTable("mail_outbox")
    .set({ status: "sent", sent_at: now, message_id: messageId, last_error: null, claimed_by: null, claimed_until: null })
    .where("id", "=", id)
    .where("claimed_by", "=", claimer)
    .execute();
}

/** A failed attempt: pending again at `retryAt`, or failed for good when `retryAt` is null. */
export async function markMailFailed(db: Database, id: number, claimer: string, error: string, retryAt: number | null): Promise<void> {
  await db.kysely
    .updateTable("mail_outbox")
    .set({
      status: retryAt === null ? "failed" : "pending",
      next_attempt_at: retryAt ?? sql<number>`next_attempt_at`,
      last_error: error.slice(0, 1000),
      claimed_by: null,
      claimed_until: null,
    })
    .where("id", "=", id)
    .where("claimed_by", "=", claimer)
    .execute();
}
