// Rate limits in the database (ADR 021), on SQLite and PostgreSQL: the window, refused hits not
// counted, and one quota shared by two app instances (here: two connections to one database,
// each with its own limiters, as two processes would have).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "../db/connection.server.ts";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import {
  CLIENT_ADDRESS_HEADER,
  addRateLimitHit,
  clearRateLimit,
  clientAddress,
  rateLimitHits,
  rateLimitMessage,
  resetRateLimits,
  takeRateLimit,
} from "./rate-limit.server.ts";

const rule = { limit: 3, windowMs: 60_000 };

for (const factory of testDatabaseFactories()) {
  describe(`takeRateLimit (${factory.name})`, () => {
    let t: TestDatabase;
    let second: Database;
    beforeAll(async () => {
      t = await factory.create();
      // A second instance: its own connection (and its own limiter objects) to the same database.
      second = await openDatabase("sqlitePath" in t.location ? { sqlitePath: t.location.sqlitePath, sqliteSynchronous: "NORMAL" } : t.location);
    }, 60_000);
    afterAll(async () => {
      await second?.close();
      await t?.drop();
    });
    afterEach(async () => {
      vi.useRealTimers();
      await resetRateLimits(t.db);
    });

    it("allows up to the limit inside the window, then refuses with the wait, then allows again", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(1_000_000);
      for (let i = 0; i < 3; i++) expect((await takeRateLimit(["contact:ip:1"], rule, { db: t.db })).ok).toBe(true);
      vi.setSystemTime(1_000_010);
      expect(await takeRateLimit(["contact:ip:1"], rule, { db: t.db })).toEqual({ ok: false, retryAfterS: 60 });
      vi.setSystemTime(1_060_001);
      expect((await takeRateLimit(["contact:ip:1"], rule, { db: t.db })).ok).toBe(true);
    });

    it("refuses when any key is over, and counts nothing then", async () => {
      for (let i = 0; i < 3; i++) await takeRateLimit(["c:email:a@b.c"], rule, { db: t.db });
      expect((await takeRateLimit(["c:ip:9", "c:email:a@b.c"], rule, { db: t.db })).ok).toBe(false);
      // The address key was not charged by the refused attempt.
      for (let i = 0; i < 3; i++) expect((await takeRateLimit(["c:ip:9"], rule, { db: t.db })).ok).toBe(true);
      expect((await takeRateLimit(["c:ip:9"], rule, { db: t.db })).ok).toBe(false);
    });

    it("keeps keys apart, and one key under two rules apart", async () => {
      for (let i = 0; i < 3; i++) await takeRateLimit(["a"], rule, { db: t.db });
      expect((await takeRateLimit(["b"], rule, { db: t.db })).ok).toBe(true);
      expect((await takeRateLimit(["a"], { limit: 5, windowMs: 60_000 }, { db: t.db })).ok).toBe(true);
    });

    it("shares one quota between two instances on the same database", async () => {
      const results: boolean[] = [];
      for (let i = 0; i < 6; i++) {
        const db = i % 2 === 0 ? t.db : second;
        results.push((await takeRateLimit(["contact:ip:203.0.113.9"], rule, { db })).ok);
      }
      // Per-process counters would have allowed all six (three on each instance).
      expect(results).toEqual([true, true, true, false, false, false]);
      // Concurrent hits from both instances never get past the limit together.
      await resetRateLimits(t.db);
      const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => takeRateLimit(["contact:ip:203.0.113.10"], rule, { db: i % 2 ? second : t.db })));
      expect(burst.filter((r) => r.ok).length).toBeLessThanOrEqual(3);
      expect(burst.filter((r) => r.ok).length).toBeGreaterThanOrEqual(1);
    });

    it("counts, reads and clears hits without refusing", async () => {
      for (let i = 0; i < 5; i++) await addRateLimitHit("sign-in:failures:x@y.z", rule, { db: second });
      expect(await rateLimitHits("sign-in:failures:x@y.z", rule, { db: t.db })).toBe(5);
      await clearRateLimit("sign-in:failures:x@y.z", rule, { db: t.db });
      expect(await rateLimitHits("sign-in:failures:x@y.z", rule, { db: second })).toBe(0);
    });
  });
}

describe("rate limit helpers", () => {
  it("reads the address the server put in its own header", () => {
    expect(clientAddress(new Request("http://x/", { headers: { [CLIENT_ADDRESS_HEADER]: "10.0.0.7" } }))).toBe("10.0.0.7");
    expect(clientAddress(new Request("http://x/"))).toBe("unknown");
  });

  it("words the wait", () => {
    expect(rateLimitMessage(30)).toBe("Too many attempts. Please wait 30 seconds and try again.");
    expect(rateLimitMessage(600)).toBe("Too many attempts. Please wait 10 minutes and try again.");
  });
});
