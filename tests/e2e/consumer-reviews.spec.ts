// Consumer reviews, JavaScript off and on: a verified shopper reviews a car's model year from its
// vehicle page (a bad form keeps what was typed), sees it waiting; an operator approves it; the
// results page shows the Consumer Reviews tab with its ratings under the consumer ratings rule
// (and not when the rule excludes the search); a visitor answers 'Was this review helpful?' and
// reads 'Thank you for your feedback.', and a second answer is not counted. A model whose research
// services fail (E2E_FAIL_RESEARCH_MODEL in playwright.config.ts) keeps its page, without ratings.
// A car's page shows its model year's distribution of overall stars as a small server-rendered
// chart and the reviews most helpful first, five to a page; a rejected review shows its author the
// moderator's reason.
import type { Page } from "@playwright/test";
import { DatabaseSync } from "node:sqlite";
import { E2E_DB_PATH, query } from "./db";
import { expect, test } from "./fixtures";
import { PASSWORD, signInAsOperator } from "./operator-support";
import { verifyMyEmail } from "./verify-email";

async function signUp(page: Page, email: string) {
  await page.goto("/account/sign-in?defaultScreen=signup&refUrl=/account");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await verifyMyEmail(page, email);
}

interface Car {
  id: number;
  year: number;
  make_code: string;
  model_code: string;
  make_name: string;
  model_name: string;
}

/**
 * A used dealer car of a model year nobody reviewed yet (one per project; not the failing model).
 * `fromEnd` counts from the other end of the list, away from the journeys that count from its start.
 */
function pickCar(offset: number, fromEnd = false): Car {
  return query<Car>(
    `SELECT l.id, l.year, l.make_code, l.model_code, k.name AS make_name, m.name AS model_name
       FROM listings l JOIN owners o ON o.id = l.owner_id JOIN ref_makes k ON k.code = l.make_code
       JOIN ref_models m ON m.make_code = l.make_code AND m.code = l.model_code
      WHERE l.status = 'active' AND l.listing_type = 'USED' AND o.seller_type = 'd' AND l.make_code || '|' || l.model_code <> 'FORD|F150'
        AND NOT EXISTS (SELECT 1 FROM consumer_reviews r WHERE r.make_code = l.make_code AND r.model_code = l.model_code AND r.year = l.year)
      GROUP BY l.make_code, l.model_code, l.year HAVING COUNT(*) >= 2
      ORDER BY ${fromEnd ? "l.make_code DESC, l.model_code DESC, l.year DESC" : "l.make_code, l.model_code, l.year"} LIMIT 1 OFFSET ?`,
    offset,
  )[0]!;
}

/** A used-car search of the model (redirected to its canonical path). */
const search = (c: Car, extra: Record<string, string> = {}) => {
  const year = String(c.year);
  const params = new URLSearchParams({ listingType: "USED", makeCode: c.make_code, modelCode: c.model_code, startYear: year, endYear: year, ...extra });
  return `/cars-for-sale?${params}`;
};

test("a verified shopper's review is moderated, then shown with its ratings; helpful votes count once", async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const js = info.project.name === "js";
  const car = pickCar(js ? 7 : 3);
  const modelYear = `${car.year} ${car.make_name} ${car.model_name}`;
  const email = `reviewer-${info.project.name}-${Date.now().toString(36)}@example.com`;
  await signUp(page, email);

  // From the car's page: no reviews yet, a link to write one.
  await page.goto(`/cars-for-sale/vehicle/${car.id}`);
  const section = page.getByRole("region", { name: `${modelYear} consumer reviews` });
  await expect(section.getByText(`No reviews of the ${modelYear} yet.`)).toBeVisible();
  await section.getByRole("link", { name: `Write a review of the ${modelYear}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Review the ${modelYear}` })).toBeVisible();

  // A bad form: errors beside the fields, what was typed kept, nothing stored.
  await page.getByLabel("Title").fill("Good daily driver");
  await page.getByLabel("Your review").fill("Too short.");
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByText("Write at least 50 characters.")).toBeVisible();
  await expect(page.getByText("Choose a rating for Overall Rating.")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Good daily driver");
  expect(query("SELECT id FROM consumer_reviews WHERE user_id = (SELECT id FROM users WHERE email = ?)", email)).toHaveLength(0);

  const ratings: [string, number][] = [
    ["Overall Rating", 4],
    ["Comfort", 5],
    ["Performance", 3],
    ["Reliability", 4],
    ["Value", 4],
    ["Interior", 3],
    ["Technology", 2],
  ];
  for (const [group, stars] of ratings) await page.getByRole("group", { name: group }).getByLabel(`${stars} stars`, { exact: true }).check();
  const text = "Bought it with 30,000 miles. Comfortable on long trips, easy to park, and nothing has broken in two years.";
  await page.getByLabel("Your review").fill(text);
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My reviews" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("waits for a moderator");
  await expect(page.getByTestId("review-status")).toHaveText("Status: Waiting for review");

  // Not shown while pending.
  await page.goto(search(car));
  await expect(page.getByRole("heading", { name: `${car.make_name} ${car.model_name} research` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Consumer Reviews" })).toHaveCount(0);

  // The operator approves it.
  const opContext = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: js });
  const op = await opContext.newPage();
  await signInAsOperator(op, info.project.name);
  await op.goto("/operator/reviews");
  const queue = op.getByRole("list", { name: "Reviews waiting for moderation" });
  const item = queue.getByRole("listitem").filter({ hasText: email });
  await expect(item).toContainText(modelYear);
  await expect(item).toContainText(text);
  await item.getByRole("button", { name: "Approve Good daily driver" }).click();
  await expect(op.getByRole("status")).toHaveText("Review approved: it is published.");
  await opContext.close();

  await page.goto("/account/reviews");
  await expect(page.getByTestId("review-status")).toHaveText("Status: Published");

  // The results page of that model year: the Consumer Reviews tab with the ratings.
  await page.goto(search(car));
  await page.getByRole("link", { name: "Consumer Reviews" }).click();
  const tab = page.locator("#model-consumer-reviews");
  await expect(tab).toBeVisible();
  await expect(tab.getByRole("heading", { name: `${modelYear} consumer reviews` })).toBeVisible();
  await expect(tab.getByText("From 1 review by Forecourt shoppers")).toBeVisible();
  await expect(tab.locator('dt:text-is("Overall Rating") + dd')).toHaveText("4.0 out of 5");
  await expect(tab.locator('dt:text-is("Technology") + dd')).toHaveText("2.0 out of 5");
  // The rule excludes a price with only a minimum, and a single fuel type.
  await page.goto(search(car, { minPrice: "1000" }));
  await expect(page.getByRole("heading", { name: `${car.make_name} ${car.model_name} research` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Consumer Reviews" })).toHaveCount(0);
  // A search over several years: no consumer ratings either.
  await page.goto(search(car, { startYear: String(car.year - 1) }));
  await expect(page.getByRole("heading", { name: `${car.make_name} ${car.model_name} research` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Consumer Reviews" })).toHaveCount(0);

  // A visitor (not the author) on the car's page: the review, and 'Was this review helpful?'.
  const visitorContext = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: js });
  const visitor = await visitorContext.newPage();
  // A cookie, so the page is rendered for this visitor rather than served from the page cache.
  await visitorContext.addCookies([{ name: "fc_probe", value: "1", url: info.project.use.baseURL! }]);
  await visitor.goto(`/cars-for-sale/vehicle/${car.id}`);
  const reviews = visitor.getByRole("region", { name: `${modelYear} consumer reviews` });
  const review = reviews.getByRole("article", { name: "Good daily driver" });
  await expect(review).toContainText(text);
  await expect(reviews.getByText("From 1 review by Forecourt shoppers")).toBeVisible();
  await expect(review.getByTestId("helpful-count")).toHaveText("0 people found this helpful");
  const vote = async () => {
    await review.getByRole("button", { name: "Yes" }).click();
    if (js) {
      await expect(review.getByRole("status")).toHaveText("Thank you for your feedback.");
    } else {
      await expect(visitor.getByRole("status")).toHaveText("Thank you for your feedback.");
      await visitor.getByRole("link", { name: "Back to the reviews" }).click();
    }
  };
  await vote();
  await visitor.goto(`/cars-for-sale/vehicle/${car.id}`);
  await expect(review.getByTestId("helpful-count")).toHaveText("1 person found this helpful");
  // A second answer from the same visitor is thanked but not counted.
  await vote();
  await visitor.goto(`/cars-for-sale/vehicle/${car.id}`);
  await expect(review.getByTestId("helpful-count")).toHaveText("1 person found this helpful");
  expect(
    query<{ helpful_yes: number }>(
      "SELECT helpful_yes FROM consumer_reviews WHERE title = 'Good daily driver' AND user_id = (SELECT id FROM users WHERE email = ?)",
      email,
    )[0]!.helpful_yes,
  ).toBe(1);
  await visitorContext.close();

  // Cookie-less clients (a fresh visitor each time) from the same address are not new voters.
  const [{ id: reviewId }] = query<{ id: number }>(
    "SELECT id FROM consumer_reviews WHERE title = 'Good daily driver' AND user_id = (SELECT id FROM users WHERE email = ?)",
    email,
  );
  const origin = info.project.use.baseURL!;
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${origin}/reviews/helpful`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ kind: "consumer", reviewId: String(reviewId), helpful: "yes", returnTo: "/" }),
      redirect: "manual",
    });
    expect(res.status).toBeLessThan(400);
  }
  expect(query<{ helpful_yes: number }>("SELECT helpful_yes FROM consumer_reviews WHERE id = ?", reviewId)[0]!.helpful_yes).toBe(1);
});

test("a failing ratings service leaves the pages up without the ratings", async ({ page }) => {
  // FORD|F150 is E2E_FAIL_RESEARCH_MODEL (playwright.config.ts).
  const car = query<Car>(
    `SELECT l.id, l.year, l.make_code, l.model_code, k.name AS make_name, m.name AS model_name FROM listings l
       JOIN ref_makes k ON k.code = l.make_code JOIN ref_models m ON m.make_code = l.make_code AND m.code = l.model_code
      WHERE l.status = 'active' AND l.listing_type = 'USED' AND l.make_code = 'FORD' AND l.model_code = 'F150' LIMIT 1`,
  )[0];
  test.skip(!car, "the seed has no used Ford F-150");
  // An approved review of that model year, so only the failing service keeps the ratings away.
  const now = Date.now();
  const title = `Workhorse ${test.info().project.name} ${now.toString(36)}`;
  const db = new DatabaseSync(E2E_DB_PATH, { timeout: 10_000 });
  try {
    const email = `failing-ratings-${test.info().project.name}-${now.toString(36)}@example.com`;
    const user = db
      .prepare(
        "INSERT INTO users (email, password_hash, first_name, last_name, phone, one_click_opt_in, " +
          "created_at, email_verified_at) VALUES (?, 'x', 'Sam', 'Lee', '', 0, ?, ?) RETURNING id",
      )
      .get(email, now, now) as { id: number };
    db.prepare(
      `INSERT INTO consumer_reviews (user_id, make_code, model_code, year, overall, comfort, performance, reliability, value, interior, technology,
         title, body, status, created_at, updated_at, decided_at)
       VALUES (?, ?, ?, ?, 5, 5, 5, 5, 5, 5, 5, ?, 'Tows our camper without effort and the cab is quiet on the highway.', 'approved', ?, ?, ?)`,
    ).run(user.id, car!.make_code, car!.model_code, car!.year, title, now, now, now);
  } finally {
    db.close();
  }
  await page.context().addCookies([{ name: "fc_probe", value: "1", url: test.info().project.use.baseURL! }]);
  const res = await page.goto(`/cars-for-sale/vehicle/${car!.id}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The review itself is read from the database; only the ratings come from the failing service.
  await expect(page.getByRole("article", { name: title })).toBeVisible();
  await expect(page.getByTestId("consumer-ratings")).toHaveCount(0);
  const results = await page.goto(search(car!));
  expect(results?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: `${car!.make_name} ${car!.model_name} research` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Consumer Reviews" })).toHaveCount(0);
});

const BODY = "We drove it every day for two years: comfortable, easy to park and nothing broke along the way.";

/** Writes reviews straight into the database (the form and the moderation are the first journey's). */
function insertReviews(car: Car, tag: string, reviews: { title: string; overall: number; helpful: number; status: string }[], userId?: number): void {
  const db = new DatabaseSync(E2E_DB_PATH, { timeout: 10_000 });
  const now = Date.now();
  try {
    reviews.forEach((r, i) => {
      const user =
        userId !== undefined
          ? { id: userId }
          : (db
              .prepare(
                "INSERT INTO users (email, password_hash, first_name, last_name, phone, one_click_opt_in, " +
                  "created_at, email_verified_at) VALUES (?, 'x', 'Pat', 'Lee', '', 0, ?, ?) RETURNING id",
              )
              .get(`${tag}-${i}@example.com`, now, now) as { id: number });
      db.prepare(
        `INSERT INTO consumer_reviews (user_id, make_code, model_code, year, overall, comfort, performance, reliability, value, interior, technology,
           title, body, status, helpful_yes, created_at, updated_at, decided_at)
         VALUES (?, ?, ?, ?, ?, 4, 4, 4, 4, 4, 4, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        user.id,
        car.make_code,
        car.model_code,
        car.year,
        r.overall,
        r.title,
        BODY,
        r.status,
        r.helpful,
        now - i,
        now - i,
        r.status === "pending" ? null : now - i,
      );
    });
  } finally {
    db.close();
  }
}

test("a car's page shows its model year's rating distribution and the reviews most helpful first, five to a page", async ({ page }, info) => {
  const js = info.project.name === "js";
  const car = pickCar(js ? 4 : 0, true);
  const modelYear = `${car.year} ${car.make_name} ${car.model_name}`;
  const tag = `list-${info.project.name}-${Date.now().toString(36)}`;
  // Seven published reviews: overall stars 5, 5, 4, 4, 3, 2, 1; 'Review 3' the most helpful.
  const stars = [5, 5, 4, 4, 3, 2, 1];
  const helpful = [2, 0, 9, 1, 5, 3, 4];
  insertReviews(
    car,
    tag,
    stars.map((s, i) => ({ title: `Review ${i + 1} ${tag}`, overall: s, helpful: helpful[i]!, status: "approved" })),
  );
  // A cookie: the page is rendered for this visitor, not served from the page cache.
  await page.context().addCookies([{ name: "fc_probe", value: "1", url: info.project.use.baseURL! }]);
  await page.goto(`/cars-for-sale/vehicle/${car.id}`);
  const section = page.getByRole("region", { name: `${modelYear} consumer reviews` });
  await expect(section.getByText("From 7 reviews by Forecourt shoppers")).toBeVisible();
  const chart = section.getByRole("table", { name: "Overall rating distribution" });
  await expect(chart.getByRole("row")).toHaveText([
    /^5 star\s*2 reviews$/,
    /^4 star\s*2 reviews$/,
    /^3 star\s*1 review$/,
    /^2 star\s*1 review$/,
    /^1 star\s*1 review$/,
  ]);

  // Most helpful first: helpful counts 9, 5, 4, 3, 2 on the first page, 1 and 0 on the second.
  const titles = () => section.getByRole("article").getByRole("heading").allTextContents();
  expect((await titles()).map((t) => t.replace(` ${tag}`, ""))).toEqual(["Review 3", "Review 5", "Review 7", "Review 6", "Review 1"]);
  await expect(section.getByRole("navigation", { name: "Review pages" })).toContainText("Page 1 of 2");
  await section.getByRole("link", { name: "More reviews" }).click();
  await expect(page).toHaveURL(/[?&]reviewsPage=2/);
  await expect(section.getByRole("navigation", { name: "Review pages" })).toContainText("Page 2 of 2");
  await expect(section.getByRole("article")).toHaveCount(2);
  expect((await titles()).map((t) => t.replace(` ${tag}`, ""))).toEqual(["Review 4", "Review 2"]);
  await section.getByRole("link", { name: "Previous reviews" }).click();
  await expect(section.getByRole("navigation", { name: "Review pages" })).toContainText("Page 1 of 2");
  await expect(section.getByRole("article")).toHaveCount(5);
});

test("a rejected review tells its author the moderator's reason, and stays off the car's page", async ({ page, browser }, info) => {
  // Two accounts (the author and the operator), a moderation and six page loads: more than 30 s on
  // a busy 2-core CI machine.
  test.slow();
  const js = info.project.name === "js";
  const car = pickCar(js ? 12 : 8, true);
  const tag = `reject-${info.project.name}-${Date.now().toString(36)}`;
  const title = `Not my car ${tag}`;
  const email = `${tag}@example.com`;
  await signUp(page, email);
  // The review waits for a moderator (written straight in: the form is consumer-reviews.spec.ts's).
  const [{ id: userId }] = query<{ id: number }>("SELECT id FROM users WHERE email = ?", email);
  insertReviews(car, tag, [{ title, overall: 1, helpful: 0, status: "pending" }], userId);
  await page.goto("/account/reviews");
  await expect(page.getByRole("listitem").filter({ hasText: title }).getByTestId("review-status")).toHaveText("Status: Waiting for review");

  const opContext = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: js });
  const op = await opContext.newPage();
  await signInAsOperator(op, info.project.name);
  await op.goto("/operator/reviews");
  const queue = op.getByRole("list", { name: "Reviews waiting for moderation" });
  const item = queue.getByRole("listitem").filter({ hasText: title });
  await item.getByLabel(`Reason for rejecting ${title}`).fill("Reviews are of a car you owned or drove");
  await item.getByRole("button", { name: `Reject ${title}` }).click();
  await expect(queue.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
  await opContext.close();
  expect(query<{ status: string; reject_reason: string }>("SELECT status, reject_reason FROM consumer_reviews WHERE title = ?", title)).toEqual([
    { status: "rejected", reject_reason: "Reviews are of a car you owned or drove" },
  ]);

  // The author reads the state and the reason; the car's page never shows the review.
  await page.goto("/account/reviews");
  const mine = page.getByRole("listitem").filter({ hasText: title });
  await expect(mine.getByTestId("review-status")).toHaveText("Status: Not published — Moderator’s reason: Reviews are of a car you owned or drove");
  await page.goto(`/cars-for-sale/vehicle/${car.id}`);
  await expect(page.getByRole("article", { name: title })).toHaveCount(0);

  // Its author may still edit or delete it: the form's Delete removes it.
  await page.goto("/account/reviews");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await page.getByRole("button", { name: "Delete review" }).click();
  await expect(page.getByRole("status")).toHaveText("Your review is deleted.");
  expect(query("SELECT id FROM consumer_reviews WHERE title = ?", title)).toHaveLength(0);
});
