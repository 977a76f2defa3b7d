// Dealer reviews, JavaScript off and on: a verified shopper who never contacted a dealer cannot
// review it (the page says why, a post is refused); after emailing the dealer from a car's page
// they can; an operator approves the review; the car's page then shows the dealer's rating from
// it ("from 1 review", said to come from shoppers who contacted the dealer) and the review, with
// 'Was this review helpful?', and its results card says "Dealer rated 5.0 of 5 from 1 Forecourt
// review". A dealer with no review and no feed rating shows no stars.
import { query } from "./db";
import { expect, test } from "./fixtures";
import { verifyMyEmail } from "./verify-email";

const PASSWORD = "correct-horse-42";

test("only a shopper who contacted the dealer reviews it; the approved review is the dealer's rating", async ({ page, browser, request }, info) => {
  test.setTimeout(120_000);
  const js = info.project.name === "js";
  // A dealer with no rating of any kind yet, and a car of it (from the last dealers: other journeys
  // read the first dealers' pages and expect no rating there).
  const car = query<{ id: number; owner_id: number; dealer: string }>(
    `SELECT l.id, l.owner_id, o.name AS dealer FROM listings l JOIN owners o ON o.id = l.owner_id
      WHERE l.status = 'active' AND o.seller_type = 'd' AND o.hide_email_form = 0 AND o.rating IS NULL AND o.review_count = 0
        AND NOT EXISTS (SELECT 1 FROM leads x WHERE x.owner_id = o.id)
      ORDER BY o.id DESC LIMIT 1 OFFSET ?`,
    js ? 11 : 5,
  )[0]!;
  const email = `dealer-reviewer-${info.project.name}-${Date.now().toString(36)}@example.com`;
  await page.goto("/account/sign-in?defaultScreen=signup&refUrl=/account");
  await page.getByLabel("First name (optional)").fill("Ana");
  await page.getByLabel("Last name (optional)").fill("Rivera");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await verifyMyEmail(page, email);

  // No stars for a dealer without reviews.
  await page.goto(`/cars-for-sale/vehicle/${car.id}`);
  const seller = page.getByRole("region", { name: /seller/i }).first();
  await expect(page.getByText("reviews by shoppers who contacted this dealer through Forecourt")).toHaveCount(0);
  await expect(page.getByRole("region", { name: `Reviews of ${car.dealer}` }).getByText("No reviews of this dealer yet.")).toBeVisible();
  void seller;

  // Never contacted: told why, and a post is refused.
  await page.getByRole("link", { name: `Contacted ${car.dealer}? Review the dealer` }).click();
  await expect(page.getByRole("alert")).toContainText("Only shoppers who contacted this dealer through Forecourt can review it.");
  await expect(page.getByRole("button", { name: "Submit review" })).toHaveCount(0);
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const refused = await request.post(`/reviews/dealer?ownerId=${car.owner_id}`, {
    form: { ownerId: String(car.owner_id), rating: "5", title: "Sneaky", text: "x".repeat(60) },
    headers: { cookie: cookies, origin: info.project.use.baseURL! },
  });
  expect(refused.status()).toBe(403);
  expect(query("SELECT id FROM dealer_reviews WHERE owner_id = ?", car.owner_id)).toHaveLength(0);

  // Contact the dealer from the car's page (signed in: the lead is the account's).
  await page.goto(`/cars-for-sale/vehicle/${car.id}`);
  await page.getByRole("link", { name: "Email the seller" }).click();
  const form = page.locator("#contact");
  await form.getByLabel("First name").fill("Ana");
  await form.getByLabel("Last name").fill("Rivera");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("status")).toContainText(`Your message was sent to ${car.dealer}.`, { timeout: 20_000 });

  await page.goto(`/reviews/dealer?ownerId=${car.owner_id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Review ${car.dealer}` })).toBeVisible();
  await page.getByLabel("5 stars").check();
  await page.getByLabel("Title").fill("Straight answers");
  await page.getByLabel("Your review").fill("They answered within the hour, the price online was the price at the desk, no add-ons.");
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My reviews" })).toBeVisible();
  await expect(page.getByTestId("review-status")).toHaveText("Status: Waiting for review");

  // The operator approves it.
  const op = await (await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: js })).newPage();
  const opEmail = `operator-${info.project.name}@forecourt.test`;
  await op.goto("/account/sign-in?defaultScreen=signup&refUrl=/account");
  await op.getByLabel("Email").fill(opEmail);
  await op.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await op.getByRole("button", { name: "Create account" }).click();
  const exists = op.getByText("An account with this email already exists.");
  await expect(op.getByRole("heading", { level: 1, name: "My account" }).or(exists)).toBeVisible();
  if (await exists.isVisible()) {
    await op.goto("/account/sign-in?refUrl=/account");
    await op.getByLabel("Email").fill(opEmail);
    await op.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await op.getByRole("button", { name: "Sign in" }).click();
    await expect(op.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  }
  if ((await op.getByTestId("email-status").textContent())?.startsWith("Verify your email")) await verifyMyEmail(op, opEmail);
  await op.goto("/operator/reviews");
  const item = op.getByRole("list", { name: "Dealer reviews waiting for moderation" }).getByRole("listitem").filter({ hasText: email });
  await expect(item).toContainText(car.dealer);
  await item.getByRole("button", { name: "Approve Straight answers" }).click();
  await expect(op.getByRole("status")).toHaveText("Review approved: it is published.");
  await op.context().close();

  // The car's page: the dealer's rating from that review, with its count and source, and the review.
  await page.goto(`/cars-for-sale/vehicle/${car.id}`);
  await expect(page.getByText("5.0 of 5 from 1 review", { exact: true })).toBeVisible();
  await expect(page.getByText("(reviews by shoppers who contacted this dealer through Forecourt)")).toBeVisible();
  const reviews = page.getByRole("region", { name: `Reviews of ${car.dealer}` });
  const review = reviews.getByRole("article", { name: "Straight answers" });
  await expect(review).toContainText("Ana R.");
  await review.getByRole("button", { name: "Yes" }).click();
  await expect(js ? review.getByRole("status") : page.getByRole("status")).toHaveText("Thank you for your feedback.");
  expect(query<{ helpful_yes: number }>("SELECT helpful_yes FROM dealer_reviews WHERE owner_id = ?", car.owner_id)[0]!.helpful_yes).toBe(1);

  // The results card says the same rating, from Forecourt's reviews only, with its count.
  const c = query<{ make_code: string; model_code: string; year: number; listing_type: string }>(
    "SELECT make_code, model_code, year, listing_type FROM listings WHERE id = ?",
    car.id,
  )[0]!;
  const params = new URLSearchParams({
    showcaseOwnerId: String(car.owner_id),
    makeCode: c.make_code,
    modelCode: c.model_code,
    startYear: String(c.year),
    endYear: String(c.year),
    listingType: c.listing_type === "3P_CERT" ? "USED" : c.listing_type,
  });
  await page.goto(`/cars-for-sale?${params}`);
  await expect(page.locator(`#listing-${car.id}`)).toContainText("Dealer rated 5.0 of 5 from 1 Forecourt review");
});
