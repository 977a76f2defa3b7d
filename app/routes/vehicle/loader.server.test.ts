// The vehicle page reads only what it can show (ADR 032, "Reads a page cannot show"): no dealer
// reviews of a dealer without approved ones, no page of reviews of a model year without any, no
// eligibility check of a car that cannot be bought online; and each appears once it exists.
import { StatementSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase, type SeededDatabase } from "../../../tests/support/seeded-database.ts";
import { insertVerifiedUser } from "../../../tests/support/inventory.ts";
import { testReviewForm } from "../../../tests/support/reviews.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { eligibleListings } from "../../server/deals/eligibility.server.ts";
import { requestContexts } from "../../server/http/request-context.server.ts";
import { decideReview, saveReview } from "../../server/research/consumer-reviews.server.ts";
import { decideDealerReview, saveDealerReview } from "../../server/research/dealer-reviews.server.ts";
import { loadVehiclePage } from "./loader.server.ts";

let seeded: SeededDatabase;

beforeAll(async () => {
  seeded = await seededDatabase("vehicle", { listings: 400, seed: 5, now: Date.UTC(2026, 10, 1) });
});

afterAll(async () => {
  await seeded.close();
});

/** The vehicle page of `id` as a browser asks for it, with every SQL statement it ran. */
async function pageWithStatements(id: number) {
  const ran: { sql: string; args: unknown[] }[] = [];
  const methods = ["all", "get", "run", "iterate"] as const;
  const originals = methods.map((m) => StatementSync.prototype[m]);
  methods.forEach((m, i) => {
    const original = originals[i] as (...args: unknown[]) => unknown;
    (StatementSync.prototype as unknown as Record<string, unknown>)[m] = function (this: StatementSync, ...args: unknown[]) {
      ran.push({ sql: this.sourceSQL, args });
      return original.apply(this, args);
    };
  });
  try {
    const url = `http://localhost/cars-for-sale/vehicle/${id}`;
    const req = new Request(url, { headers: { "user-agent": "Mozilla/5.0 Chrome/140" } });
    const page = await loadVehiclePage({ url: new URL(url), rawId: String(id), ...(await requestContexts(req)) });
    return { page, ran };
  } finally {
    methods.forEach((m, i) => ((StatementSync.prototype as unknown as Record<string, unknown>)[m] = originals[i]));
  }
}

type Ran = { sql: string; args: unknown[] };
const readsDealerReviews = ({ sql }: Ran) => /from "dealer_reviews"/.test(sql);
const readsReviewPage = ({ sql }: Ran) => /from "consumer_reviews" as "r"/.test(sql) && /\blimit\b/.test(sql);
/** The eligibility service's read of `vin` (the similar cars' own checks ask about other VINs). */
const readsEligibilityOf =
  (vin: string) =>
  ({ sql, args }: Ran) =>
    /"l"\."vin" in/.test(sql) && /ecommerce_opt_in/.test(sql) && args.includes(vin);

describe("the vehicle page's reads", () => {
  it("skips dealer reviews, a review page and the eligibility check where there is nothing to show, and shows each once it exists", async () => {
    const db = await getDatabase();
    // A dealer's car that cannot be bought online (no BUY_ONLINE among its home services).
    const car = await db.kysely
      .selectFrom("listings as l")
      .innerJoin("owners as o", "o.id", "l.owner_id")
      .select(["l.id", "l.vin", "l.owner_id", "l.make_code", "l.model_code", "l.year"])
      .where("l.status", "=", "active")
      .where("o.seller_type", "=", "d")
      .where("l.home_services", "not like", "%BUY_ONLINE%")
      .orderBy("l.id")
      .executeTakeFirstOrThrow();
    const before = await pageWithStatements(Number(car.id));
    expect(before.page.listing.id).toBe(Number(car.id));
    expect(before.page.dealerReviews).toMatchObject({ reviews: [] });
    expect(before.page.reviews).toMatchObject({ total: 0, reviews: [] });
    expect(before.page.buyOnlineHref).toBeNull();
    expect(before.ran.filter(readsDealerReviews)).toEqual([]);
    expect(before.ran.filter(readsReviewPage)).toEqual([]);
    expect(before.ran.filter(readsEligibilityOf(car.vin))).toEqual([]);

    // An approved review of the dealer and one of the model year: both read and shown.
    const ana = await insertVerifiedUser(db, "ana@example.com", Date.UTC(2026, 10, 2));
    const dealerReview = await saveDealerReview(db, ana.id, Number(car.owner_id), {
      rating: 5,
      title: "Straight answers",
      text: "They sent the car's service records before I asked and the price held on the day.",
    });
    expect(await decideDealerReview(db, dealerReview.id, "approve", null)).toBe(true);
    const review = await saveReview(db, ana.id, testReviewForm({ make: car.make_code, model: car.model_code, year: Number(car.year) }));
    expect(review.status).toBe("created");
    expect(await decideReview(db, (review as { id: number }).id, "approve", null)).toBe(true);
    const after = await pageWithStatements(Number(car.id));
    expect(after.page.dealerReviews?.reviews.map((r) => r.title)).toEqual(["Straight answers"]);
    expect(after.page.reviews?.total).toBe(1);
    expect(after.page.reviews?.reviews.map((r) => r.title)).toEqual(["Solid family SUV"]);
    expect(after.ran.filter(readsDealerReviews)).toHaveLength(1);
    expect(after.ran.filter(readsReviewPage)).toHaveLength(1);
  });

  it("asks the eligibility service about a car that lists BUY_ONLINE and shows its 'Buy Online'", async () => {
    const db = await getDatabase();
    // A dealer's car that comes to list BUY_ONLINE (as a feed would say), its dealer opted in.
    const car = await db.kysely
      .selectFrom("listings as l")
      .innerJoin("owners as o", "o.id", "l.owner_id")
      .select(["l.id", "l.vin", "l.owner_id"])
      .where("l.status", "=", "active")
      .where("o.seller_type", "=", "d")
      .orderBy("l.id", "desc")
      .executeTakeFirstOrThrow();
    await db.kysely.updateTable("listings").set({ home_services: "BUY_ONLINE" }).where("id", "=", car.id).execute();
    await db.kysely.updateTable("owners").set({ ecommerce_opt_in: 1 }).where("id", "=", car.owner_id).execute();
    const id = Number(car.id);
    const href = (await eligibleListings([{ id, vin: car.vin }])).get(id);
    expect(href).toBeTruthy();
    const { page, ran } = await pageWithStatements(id);
    expect(page.buyOnlineHref).toBe(href);
    expect(ran.filter(readsEligibilityOf(car.vin))).toHaveLength(1);
  });
});
