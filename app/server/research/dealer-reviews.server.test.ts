// Dealer reviews in the database, on SQLite and PostgreSQL: only after a stored lead (by account
// or verified address), one per account and dealer, the owner's published average and count kept
// in step with approvals, edits and deletes; and which rating a dealer shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { dealerRatingOf, dealerRatingSourceText, dealerRatingText } from "../../lib/trust-signals.ts";
import { insertVerifiedUser, seedDealerListing } from "../../../tests/support/inventory.ts";
import { decideDealerReview, deleteDealerReview, hasContacted, saveDealerReview } from "./dealer-reviews.server.ts";
import { voteHelpful } from "./consumer-reviews.server.ts";
import { REVIEW_INVITE_DELAY_MS, sendReviewInvites } from "./review-invites.server.ts";
import { listMail } from "../mail/outbox.server.ts";
import { applyUnsubscribe } from "../accounts/alerts.server.ts";
import { verifyUnsubscribeToken } from "../accounts/unsubscribe-token.server.ts";

const T0 = Date.UTC(2026, 9, 1);

describe("dealerRatingOf", () => {
  it("prefers Forecourt's published reviews, else the feed's sourced claim, else nothing", () => {
    const ours = dealerRatingOf({ rating: 4.9, rating_count: 900, rating_source: "Google reviews", review_rating: 4.5, review_count: 2 });
    expect(dealerRatingText(ours)).toBe("4.5 of 5 from 2 reviews");
    expect(dealerRatingSourceText(ours)).toBe("reviews by shoppers who contacted this dealer through Forecourt");
    const claim = dealerRatingOf({ rating: 4.9, rating_count: 900, rating_source: "Google reviews", review_rating: null, review_count: 0 });
    expect(dealerRatingSourceText(claim)).toBe("the dealer's claim, from Google reviews");
    expect(dealerRatingText(dealerRatingOf({ rating: 4.9, rating_count: 9, rating_source: null, review_count: 0 }))).toBeNull();
  });
});

for (const factory of testDatabaseFactories()) {
  describe(`dealer reviews on ${factory.name}`, () => {
    let t: TestDatabase;
    let dealer: number;
    let shopper: { id: number; email: string };
    let stranger: { id: number; email: string };
    beforeAll(async () => {
      t = await factory.create();
      const seeded = await seedDealerListing(t.db, T0);
      dealer = seeded.ownerId;
      const listingId = seeded.listingId;
      shopper = await insertVerifiedUser(t.db, "ana@example.com", T0);
      stranger = await insertVerifiedUser(t.db, "sam@example.com", T0);
      // The lead came from the shopper's address while signed out (no user_id).
      await t.db.kysely
        .insertInto("leads")
        .values({
          listing_id: listingId,
          owner_id: dealer,
          kind: "email",
          first_name: "Ana",
          last_name: "Rivera",
          email: "ANA@example.com",
          phone: null,
          comments: "Hi",
          offer_amount: null,
          visitor_id: null,
          user_id: null,
          ip: null,
          status: "SUCCESS",
          mail_id: null,
          created_at: T0,
        } as never)
        .execute();
    });
    afterAll(async () => t?.drop());

    it("lets only a shopper with a lead review the dealer, and keeps the owner's average in step", async () => {
      expect(await hasContacted(t.db, shopper, dealer)).toBe(true);
      expect(await hasContacted(t.db, stranger, dealer)).toBe(false);
      const r = await saveDealerReview(t.db, shopper.id, dealer, { rating: 4, title: "Fair", text: "x".repeat(60) }, T0);
      const owner = () => t.db.kysely.selectFrom("owners").select(["review_rating", "review_count"]).where("id", "=", dealer).executeTakeFirstOrThrow();
      expect(await owner()).toEqual({ review_rating: null, review_count: 0 });
      expect(await decideDealerReview(t.db, r.id, "approve", null, T0 + 1)).toBe(true);
      expect(await owner()).toEqual({ review_rating: 4, review_count: 1 });
      expect(await voteHelpful(t.db, "dealer", r.id, "visitor:a", true)).toBe("counted");
      expect(await voteHelpful(t.db, "dealer", r.id, "visitor:a", true)).toBe("already");
      // An edit waits again: the published average leaves until it is approved.
      await saveDealerReview(t.db, shopper.id, dealer, { rating: 2, title: "Changed my mind", text: "y".repeat(60) }, T0 + 2);
      expect(await owner()).toEqual({ review_rating: null, review_count: 0 });
      await decideDealerReview(t.db, r.id, "approve", null, T0 + 3);
      expect(await owner()).toEqual({ review_rating: 2, review_count: 1 });
      expect(await deleteDealerReview(t.db, stranger.id, r.id)).toBe(false);
      expect(await deleteDealerReview(t.db, shopper.id, r.id)).toBe(true);
      expect(await owner()).toEqual({ review_rating: null, review_count: 0 });
    });

    it("invites the shopper to review the dealer 3 days after the lead, once, with an unsubscribe link", async () => {
      const opts = { origin: "https://forecourt.example", secret: "s".repeat(40) };
      expect(await sendReviewInvites(t.db, { ...opts, now: T0 + REVIEW_INVITE_DELAY_MS - 60_000 })).toBe(0);
      expect(await sendReviewInvites(t.db, { ...opts, now: T0 + REVIEW_INVITE_DELAY_MS })).toBe(1);
      expect(await sendReviewInvites(t.db, { ...opts, now: T0 + REVIEW_INVITE_DELAY_MS + 60_000 })).toBe(0);
      const mail = (await listMail(t.db, { kind: "review-invite" }))[0]!;
      expect(mail.to).toBe("ana@example.com");
      expect(mail.subject).toBe("How was Lakeside Motors?");
      expect(mail.text).toContain(`https://forecourt.example/reviews/dealer?ownerId=${dealer}`);
      const token = /unsubscribe\?token=(\S+)/.exec(mail.text)![1]!;
      const target = verifyUnsubscribeToken(opts.secret, token);
      expect(target).toEqual({ kind: "review-invites", email: "ana@example.com" });
      await applyUnsubscribe(t.db, target!);
      // A new lead from the same address to the dealer: no invitation after unsubscribing.
      const listing = await t.db.kysely.selectFrom("leads").select("listing_id").executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto("leads")
        .values({
          listing_id: listing.listing_id,
          owner_id: dealer,
          kind: "email",
          first_name: "Ana",
          last_name: "",
          email: "ana@example.com",
          phone: null,
          comments: "Again",
          offer_amount: null,
          visitor_id: null,
          user_id: null,
          ip: null,
          status: "SUCCESS",
          mail_id: null,
          created_at: T0 + 1,
        } as never)
        .execute();
      expect(await sendReviewInvites(t.db, { ...opts, now: T0 + 10 * REVIEW_INVITE_DELAY_MS })).toBe(0);
      expect(await listMail(t.db, { kind: "review-invite" })).toHaveLength(1);
    });
  });
}
