// A model year's reviews on a car's page, JavaScript off and on: the distribution of overall stars
// as a small server-rendered chart, the most helpful review first, five to a page with 'More
// reviews' / 'Previous reviews'; and a review an operator rejects shows its author the reason.
import { DatabaseSync } from "node:sqlite";
import { E2E_DB_PATH, query } from "./db";
import { expect, test } from "./fixtures";
import { PASSWORD, signInAsOperator } from "./operator-support";
import { verifyMyEmail } from "./verify-email";

interface Car {
  id: number;
  year: number;
  make_code: string;
  model_code: string;
  make_name: string;
  model_name: string;
}

/** A used car of a model year nobody reviewed yet; consumer-reviews.spec.ts takes offsets 3 and 7. */
function pickCar(offset: number): Car {
  return query<Car>(
    `SELECT l.id, l.year, l.make_code, l.model_code, k.name AS make_name, m.name AS model_name
       FROM listings l JOIN ref_makes k ON k.code = l.make_code
       JOIN ref_models m ON m.make_code = l.make_code AND m.code = l.model_code
      WHERE l.status = 'active' AND l.listing_type = 'USED' AND l.make_code || '|' || l.model_code <> 'FORD|F150'
        AND NOT EXISTS (SELECT 1 FROM consumer_reviews r WHERE r.make_code = l.make_code AND r.model_code = l.model_code AND r.year = l.year)
      GROUP BY l.make_code, l.model_code, l.year
      ORDER BY l.make_code DESC, l.model_code DESC, l.year DESC LIMIT 1 OFFSET ?`,
    offset,
  )[0]!;
}

const BODY = "We drove it every day for two years: comfortable, easy to park and nothing broke along the way.";

/** Writes reviews straight into the database (the form and the moderation are consumer-reviews.spec.ts's). */
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
                "INSERT INTO users (email, password_hash, first_name, last_name, phone, one_click_opt_in, created_at, email_verified_at) VALUES (?, 'x', 'Pat', 'Lee', '', 0, ?, ?) RETURNING id",
              )
              .get(`${tag}-${i}@example.com`, now, now) as { id: number });
      db.prepare(
        `INSERT INTO consumer_reviews (user_id, make_code, model_code, year, overall, comfort, performance, reliability, value, interior, technology, title, body, status, helpful_yes, created_at, updated_at, decided_at)
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
  const car = pickCar(js ? 1 : 0);
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
  await expect(chart.getByRole("row")).toHaveText(["5 star 2 reviews", "4 star 2 reviews", "3 star 1 reviews", "2 star 1 reviews", "1 star 1 reviews"]);

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
  const js = info.project.name === "js";
  const car = pickCar(js ? 3 : 2);
  const tag = `reject-${info.project.name}-${Date.now().toString(36)}`;
  const title = `Not my car ${tag}`;
  const email = `${tag}@example.com`;
  await page.goto("/account/sign-in?defaultScreen=signup&refUrl=/account");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await verifyMyEmail(page, email);
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
});
