import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { claimDueMail, enqueueMail, getMail, listMail, outboxCounts } from "./outbox.server.ts";
import { MAIL_RETRY, retryDelayMs, sendDueMail, type MailTransport } from "./sender.server.ts";

const FROM = "Forecourt <no-reply@forecourt.local>";

function recordingTransport(fail?: (n: number) => unknown): MailTransport & { sent: { to: string; subject: string }[]; calls: number } {
  const t = {
    sent: [] as { to: string; subject: string }[],
    calls: 0,
    async sendMail(m: { to: string; subject: string }) {
      t.calls++;
      const error = fail?.(t.calls);
      if (error) throw error;
      t.sent.push({ to: m.to, subject: m.subject });
      return { messageId: `<${t.calls}@test>` };
    },
  };
  return t;
}

for (const factory of testDatabaseFactories()) {
  describe(`mail outbox on ${factory.name}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await factory.create();
    });
    afterAll(async () => {
      await t?.drop();
    });
    beforeEach(async () => {
      await t.db.kysely.deleteFrom("mail_outbox").execute();
    });

    it("stores a mail as pending and lists it newest first, by recipient and kind", async () => {
      const a = await enqueueMail(t.db, { to: "dealer@example.com", subject: "New lead", text: "Hello", kind: "lead" });
      const b = await enqueueMail(t.db, {
        to: "shopper@example.com",
        subject: "Price drop\r\nBcc: evil@example.com",
        text: "Cheaper",
        html: "<p>Cheaper</p>",
        kind: "price-alert",
      });
      expect(a.duplicate).toBe(false);
      expect(b.id).toBeGreaterThan(a.id);
      const all = await listMail(t.db);
      expect(all.map((m) => m.id)).toEqual([b.id, a.id]);
      expect(all[0]).toMatchObject({
        to: "shopper@example.com",
        subject: "Price drop Bcc: evil@example.com",
        html: "<p>Cheaper</p>",
        status: "pending",
        attempts: 0,
      });
      expect((await listMail(t.db, { to: "DEALER@example.com" })).map((m) => m.id)).toEqual([a.id]);
      expect((await listMail(t.db, { kind: "price-alert" })).map((m) => m.id)).toEqual([b.id]);
      expect(await listMail(t.db, { limit: 1 })).toHaveLength(1);
      expect((await getMail(t.db, a.id))?.text).toBe("Hello");
      expect(await getMail(t.db, 999_999)).toBeNull();
    });

    it("ignores a second mail with the same dedupe key", async () => {
      const first = await enqueueMail(t.db, { to: "a@example.com", subject: "Alert", text: "1", kind: "price-alert", dedupeKey: "alert:1:2026-11-24" });
      const again = await enqueueMail(t.db, { to: "a@example.com", subject: "Alert", text: "2", kind: "price-alert", dedupeKey: "alert:1:2026-11-24" });
      expect(again).toEqual({ id: first.id, duplicate: true });
      const noKey1 = await enqueueMail(t.db, { to: "a@example.com", subject: "x", text: "x", kind: "lead" });
      const noKey2 = await enqueueMail(t.db, { to: "a@example.com", subject: "x", text: "x", kind: "lead" });
      expect(noKey2.duplicate).toBe(false);
      expect(noKey2.id).not.toBe(noKey1.id);
      expect(await listMail(t.db)).toHaveLength(3);
    });

    it("never lets two senders claim the same mail", async () => {
      for (let i = 0; i < 30; i++) await enqueueMail(t.db, { to: `u${i}@example.com`, subject: "s", text: "t", kind: "lead" }, 1000);
      const claims = await Promise.all([
        claimDueMail(t.db, "a", { now: 2000, limit: 20 }),
        claimDueMail(t.db, "b", { now: 2000, limit: 20 }),
        claimDueMail(t.db, "c", { now: 2000, limit: 20 }),
      ]);
      const ids = claims.flat().map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(30);
      // Claimed rows are not claimable again until the lease lapses.
      expect(await claimDueMail(t.db, "d", { now: 3000 })).toEqual([]);
      expect((await claimDueMail(t.db, "d", { now: 2000 + 120_001, limit: 100 })).length).toBe(30);
    });

    it("sends pending mail once, and keeps mail that fails for a later try with backoff", async () => {
      const { id } = await enqueueMail(t.db, { to: "dealer@example.com", subject: "Lead", text: "Hi", kind: "lead" }, 1000);
      await enqueueMail(t.db, { to: "other@example.com", subject: "Lead 2", text: "Hi", kind: "lead" }, 1000);
      // The SMTP server is down: nothing is lost, both wait with a backoff.
      let clock = 2000;
      const down = recordingTransport(() => Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" }));
      const r1 = await sendDueMail(t.db, down, { from: FROM, claimer: "x", now: () => clock, random: () => 0.5 });
      expect(r1).toEqual({ claimed: 2, sent: 0, retried: 2, failed: 0 });
      let row = await getMail(t.db, id);
      expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "ECONNECTION: connect ECONNREFUSED" });
      expect(row!.nextAttemptAt).toBe(clock + MAIL_RETRY.baseDelayMs);
      // Not due yet: nothing is tried.
      clock += 1000;
      const up = recordingTransport();
      expect((await sendDueMail(t.db, up, { from: FROM, claimer: "x", now: () => clock })).claimed).toBe(0);
      clock += MAIL_RETRY.baseDelayMs;
      const r2 = await sendDueMail(t.db, up, { from: FROM, claimer: "x", now: () => clock });
      expect(r2).toEqual({ claimed: 2, sent: 2, retried: 0, failed: 0 });
      expect(up.sent.map((m) => m.to).sort()).toEqual(["dealer@example.com", "other@example.com"]);
      row = await getMail(t.db, id);
      expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null, sentAt: clock });
      expect(row!.messageId).toMatch(/@test>$/);
      // Sent mail is never sent again.
      clock += 10 * 3_600_000;
      expect((await sendDueMail(t.db, up, { from: FROM, claimer: "x", now: () => clock })).claimed).toBe(0);
      expect(up.calls).toBe(2);
      expect(await outboxCounts(t.db)).toEqual({ pending: 0, sent: 2, failed: 0 });
    });

    it("marks a mail failed after repeated permanent refusals", async () => {
      const { id } = await enqueueMail(t.db, { to: "nobody@example.com", subject: "Lead", text: "Hi", kind: "lead" }, 0);
      const refuse = recordingTransport(() => Object.assign(new Error("550 No such user"), { responseCode: 550 }));
      let clock = 0;
      for (let i = 0; i < MAIL_RETRY.maxPermanentAttempts; i++) {
        clock += MAIL_RETRY.maxDelayMs * 2;
        await sendDueMail(t.db, refuse, { from: FROM, claimer: "x", now: () => clock });
      }
      expect(await getMail(t.db, id)).toMatchObject({ status: "failed", attempts: MAIL_RETRY.maxPermanentAttempts });
      clock += MAIL_RETRY.maxDelayMs * 2;
      expect((await sendDueMail(t.db, refuse, { from: FROM, claimer: "x", now: () => clock })).claimed).toBe(0);
    });
  });
}

describe("retryDelayMs", () => {
  it("doubles from 30 seconds up to an hour, with jitter", () => {
    const mid = () => 0.5;
    expect(retryDelayMs(1, mid)).toBe(30_000);
    expect(retryDelayMs(2, mid)).toBe(60_000);
    expect(retryDelayMs(5, mid)).toBe(480_000);
    expect(retryDelayMs(20, mid)).toBe(3_600_000);
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 1)).toBe(36_000);
  });
});
