// The mail sender (docs/resilience-and-security.md): with SMTP_URL set, delivers the outbox's pending mail through
// nodemailer, claiming rows so several app instances never send the same mail, retrying failures
// with exponential backoff. Without SMTP_URL nothing is started and mail stays in the outbox.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import type { Database } from "../db/connection.server.ts";
import { claimDueMail, markMailFailed, markMailSent, onMailEnqueued, type MailRow } from "./outbox.server.ts";

/** What the sender needs from a transport (nodemailer's, or a test double). */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }): Promise<{
    messageId?: string;
  }>;
  close?(): void;
}

export const MAIL_RETRY = {
  /** First retry after 30 s, doubling, at most an hour apart. */
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  /** A message the server refuses outright (5xx) is tried this many times before it is marked failed. */
  maxPermanentAttempts: 3,
  /** Transient failures (connection refused, timeouts, 4xx) keep retrying for this long. */
  giveUpAfterMs: 7 * 86_400_000,
} as const;

/** Delay before the next try after `attempts` tries, with ±20% jitter so instances spread out. */
export function retryDelayMs(attempts: number, random = Math.random): number {
  const exp = MAIL_RETRY.baseDelayMs * 2 ** Math.max(0, attempts - 1);
  const capped = Math.min(MAIL_RETRY.maxDelayMs, exp);
  return Math.round(capped * (0.8 + 0.4 * random()));
}

/** SMTP 5xx replies are permanent (unknown mailbox, policy); anything else may pass later. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

export interface SendBatchOptions {
  from: string;
  claimer: string;
  now?: () => number;
  limit?: number;
  random?: () => number;
}

export interface SendBatchResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

/** Claims due mail and sends it, one message at a time; records each outcome. */
export async function sendDueMail(db: Database, transport: MailTransport, opts: SendBatchOptions): Promise<SendBatchResult> {
  const now = opts.now ?? Date.now;
  const rows = await claimDueMail(db, opts.claimer, { now: now(), limit: opts.limit ?? 10 });
  const result: SendBatchResult = { claimed: rows.length, sent: 0, retried: 0, failed: 0 };
  for (const row of rows) {
    try {
      const info = await transport.sendMail(messageFor(row, opts.from));
      await markMailSent(db, row.id, opts.claimer, info.messageId ?? null, now());
      result.sent++;
    } catch (error) {
      const permanent = isPermanentFailure(error);
      const givingUp = permanent ? row.attempts >= MAIL_RETRY.maxPermanentAttempts : now() - row.createdAt >= MAIL_RETRY.giveUpAfterMs;
      const retryAt = givingUp ? null : now() + retryDelayMs(row.attempts, opts.random);
      await markMailFailed(db, row.id, opts.claimer, describeError(error), retryAt);
      if (retryAt === null) result.failed++;
      else result.retried++;
    }
  }
  return result;
}

function messageFor(row: MailRow, from: string) {
  return {
    from,
    to: row.to,
    subject: row.subject,
    text: row.text,
    ...(row.html ? { html: row.html } : {}),
    // Lets a receiving system spot a repeat after an at-least-once retry.
    headers: {
      "X-Forecourt-Mail-Id": String(row.id),
      // One-click unsubscribe (RFC 8058): mail clients POST "List-Unsubscribe=One-Click" to the URL.
      ...(row.listUnsubscribe ? { "List-Unsubscribe": `<${row.listUnsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {}),
    },
  };
}

export function smtpTransport(smtpUrl: string): MailTransport {
  const t = nodemailer.createTransport(smtpUrl);
  return {
    sendMail: (m) => t.sendMail(m),
    close: () => t.close(),
  };
}

export interface MailSenderHandle {
  /** Runs one batch now (tests, shutdown flush); resolves when it is done. */
  tick(): Promise<SendBatchResult>;
  stop(): Promise<void>;
}

export interface StartMailSenderOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  /** Poll for due mail (retries, other instances' mail) this often. */
  intervalMs?: number;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

/** The sender loop: a batch every `intervalMs`, at once when this process enqueues mail. */
export function startMailSender(options: StartMailSenderOptions): MailSenderHandle {
  const claimer = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const interval = options.intervalMs ?? 5_000;
  const log = options.log ?? (() => {});
  let running: Promise<SendBatchResult> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const tick = (): Promise<SendBatchResult> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total: SendBatchResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
      try {
        // Drain: keep going while full batches come back.
        for (let i = 0; i < 50; i++) {
          const r = await sendDueMail(options.db, options.transport, { from: options.from, claimer });
          total.claimed += r.claimed;
          total.sent += r.sent;
          total.retried += r.retried;
          total.failed += r.failed;
          if (r.claimed < 10 || stopped) break;
        }
        if (total.claimed > 0) log("mail sender", { ...total });
      } catch (error) {
        log("mail sender error", { error: describeError(error) });
      }
      return total;
    })().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        void tick();
      }
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, interval);
    timer.unref();
  };

  onMailEnqueued(() => {
    if (!stopped) queueMicrotask(() => void tick());
  });
  void tick().finally(schedule);

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      onMailEnqueued(undefined);
      if (running) await running;
      options.transport.close?.();
    },
  };
}
