// Consumer reviews in the database, on SQLite and PostgreSQL: one per account and model year,
// pending until approved, an edit waits again, links held with a reason, helpful votes once per
// visitor, ratings and the distribution from published reviews only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { insertVerifiedUser } from "../../../tests/support/inventory.ts";
import { testReviewForm } from "../../../tests/support/reviews.ts";
import {
  decideReview,
  deleteReview,
  myReviewOf,
  pendingReviews,
  publishedReviews,
  ratingsSummary,
  saveReview,
  voteHelpful,
} from "./consumer-reviews.server.ts";

const T0 = Date.UTC(2026, 9, 1);

const review = testReviewForm;

for (const factory of testDatabaseFactories()) {
  describe(`consumer reviews on ${factory.name}`, () => {
    let t: TestDatabase;
    const users: number[] = [];
    beforeAll(async () => {
      t = await factory.create();
      const k = t.db.kysely;
      await k.insertInto("ref_makes").values({ code: "TOYOTA", name: "Toyota" }).execute();
      await k
        .insertInto("ref_models")
        .values({ make_code: "TOYOTA", code: "RAV4", name: "RAV4", series_code: null, body_style_code: "SUVCROSS", first_year: 2019, last_year: 2026 })
        .execute();
      for (let i = 0; i < 4; i++) {
        const names = i === 0 ? { first_name: "Dana", last_name: "Kim" } : { first_name: "", last_name: "" };
        users.push((await insertVerifiedUser(t.db, `r${i}@example.com`, T0, names)).id);
      }
    });
    afterAll(async () => t?.drop());

    it("keeps one review per account and model year, pending until an operator approves it", async () => {
      const first = await saveReview(t.db, users[0]!, review(), T0);
      expect(first).toMatchObject({ status: "created", held: [] });
      const again = await saveReview(t.db, users[0]!, review({ title: "Still a solid SUV" }), T0 + 1);
      expect(again).toMatchObject({ status: "updated" });
      expect((await myReviewOf(t.db, users[0]!, "TOYOTA", "RAV4", 2022))?.title).toBe("Still a solid SUV");
      expect((await publishedReviews(t.db, "TOYOTA", "RAV4", 2022, 1)).total).toBe(0);
      expect(await ratingsSummary(t.db, "TOYOTA", "RAV4", 2022)).toBeNull();
      const queue = await pendingReviews(t.db);
      expect(queue.map((r) => r.title)).toEqual(["Still a solid SUV"]);
      expect(queue[0]!.authorName).toBe("Dana K.");
      expect(await decideReview(t.db, queue[0]!.id, "approve", null, T0 + 2)).toBe(true);
      // A decision is taken once.
      expect(await decideReview(t.db, queue[0]!.id, "reject", "late", T0 + 3)).toBe(false);
      const pub = await publishedReviews(t.db, "TOYOTA", "RAV4", 2022, 1);
      expect(pub.total).toBe(1);
      // An edit goes back to the queue and leaves the published list.
      await saveReview(t.db, users[0]!, review({ title: "Edited" }), T0 + 4);
      expect((await publishedReviews(t.db, "TOYOTA", "RAV4", 2022, 1)).total).toBe(0);
      await decideReview(t.db, (await pendingReviews(t.db))[0]!.id, "approve", null, T0 + 5);
    });

    it("holds links and profanity with the reason, and records a rejection's reason", async () => {
      const r = await saveReview(t.db, users[1]!, review({ text: "Great deals at www.cheap-cars-now.com, this car is the shit, go buy one today!!!" }), T0);
      expect(r).toMatchObject({ status: "created", held: ["Contains a link", "Contains profanity"] });
      const queued = (await pendingReviews(t.db)).find((q) => q.id === (r as { id: number }).id)!;
      expect(queued.heldReasons).toEqual(["Contains a link", "Contains profanity"]);
      expect(await decideReview(t.db, queued.id, "reject", "Advertising", T0 + 1)).toBe(true);
      const mine = await myReviewOf(t.db, users[1]!, "TOYOTA", "RAV4", 2022);
      expect(mine).toMatchObject({ status: "rejected", rejectReason: "Advertising" });
    });

    it("refuses a year outside the model's and a trim of another year", async () => {
      expect(await saveReview(t.db, users[2]!, review({ year: 2001 }))).toEqual({ status: "unknown-model" });
      expect(await saveReview(t.db, users[2]!, review({ trim: "no-such-trim" }))).toEqual({ status: "unknown-trim" });
    });

    it("counts one helpful answer per visitor and sorts by helpfulness; ratings from published reviews", async () => {
      const second = await saveReview(t.db, users[2]!, review({ overall: 2, title: "Not for me", comfort: 2 }), T0);
      const id2 = (second as { id: number }).id;
      await decideReview(t.db, id2, "approve", null, T0 + 10);
      expect(await voteHelpful(t.db, "consumer", id2, "visitor:a", true)).toBe("counted");
      expect(await voteHelpful(t.db, "consumer", id2, "visitor:a", false)).toBe("already");
      expect(await voteHelpful(t.db, "consumer", id2, "visitor:b", true)).toBe("counted");
      const pending = await saveReview(t.db, users[3]!, review(), T0);
      expect(await voteHelpful(t.db, "consumer", (pending as { id: number }).id, "visitor:a", true)).toBe("missing");
      const pub = await publishedReviews(t.db, "TOYOTA", "RAV4", 2022, 1);
      expect(pub.reviews.map((r) => [r.title, r.helpfulYes, r.helpfulNo])).toEqual([
        ["Not for me", 2, 0],
        ["Edited", 0, 0],
      ]);
      const s = await ratingsSummary(t.db, "TOYOTA", "RAV4", 2022);
      expect(s?.numberOfReviews).toBe(2);
      expect(s?.ratings[0]).toEqual({ name: "Overall Rating", value: 3 });
      expect(s?.ratings.find((r) => r.name === "Comfort")?.value).toBe(3);
      expect(s?.distribution).toEqual([
        { stars: 5, count: 0 },
        { stars: 4, count: 1 },
        { stars: 3, count: 0 },
        { stars: 2, count: 1 },
        { stars: 1, count: 0 },
      ]);
      // The author deletes it: gone with its votes.
      expect(await deleteReview(t.db, users[3]!, id2)).toBe(false);
      expect(await deleteReview(t.db, users[2]!, id2)).toBe(true);
      expect((await ratingsSummary(t.db, "TOYOTA", "RAV4", 2022))?.numberOfReviews).toBe(1);
    });
  });
}
