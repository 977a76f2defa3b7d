// No stale or bait listings (docs/decisions/030-no-stale-or-bait-listings.md), JavaScript off and
// on: a dealer's feed (`npm run feed`) lists seven 2021 Honda CR-V EX, one at a price far below the
// other six. The dealer reads in the feed summary that it is held and why; shoppers never find it;
// the operator sees it beside the reported listings and lets it through, and it is searchable.
// Then the feed stops confirming a car: after LISTING_CONFIRM_DAYS it leaves search, its page says
// since when, and the next feed brings it back.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { APIRequestContext } from "@playwright/test";
import { vinCheckDigit } from "../../app/server/inventory/generator.server.ts";
import { E2E_DB_PATH, query } from "./db";
import { expect, test } from "./fixtures";
import { signInAsOperator } from "./operator-support";

const DAY = 86_400_000;
const PRICES = [25_000, 24_500, 25_500, 24_800, 25_200, 25_100, 9_000];

/** This run's serial: VINs new to the database, even when the suite runs again on the same one. */
const RUN = Math.floor(Date.now() / 1000) % 100_000;

/** A VIN with a valid check digit (position 9), unique per run, project and car. */
function vinFor(project: string, i: number): string {
  const base = `2HKRW2H5X${project === "js" ? "MJ" : "MN"}${String(RUN * 10 + i).padStart(6, "0")}`;
  return base.slice(0, 8) + vinCheckDigit(base) + base.slice(9);
}

function importFeed(project: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "forecourt-e2e-checks-"));
  const file = path.join(dir, "feed.json");
  const feed = {
    dealers: [
      {
        id: `DLR-E2E-CHECKS-${project}`,
        name: `Flathead Valley Honda ${project}`,
        zip: "59901",
        vehicles: PRICES.map((price, i) => ({
          vin: vinFor(project, i),
          condition: "USED",
          year: 2021,
          make: "Honda",
          model: "CR-V",
          trim: "EX",
          mileage: 30_000 + i * 250,
          price,
          exterior_color: "Modern Steel Metallic",
          interior_color: "Black",
        })),
      },
    ],
  };
  writeFileSync(file, JSON.stringify(feed));
  return execFileSync(process.execPath, ["scripts/feed.ts", file, "--no-photos"], {
    env: { ...process.env, SQLITE_PATH: E2E_DB_PATH, DATABASE_URL: "" },
    encoding: "utf8",
  });
}

const idOf = (vin: string) => Number(query<{ id: number }>("SELECT id FROM listings WHERE vin = ?", vin)[0]!.id);
const statusOf = (vin: string) => query<{ status: string }>("SELECT status FROM listings WHERE vin = ?", vin)[0]?.status;
const found = async (request: APIRequestContext, vin: string) =>
  ((await (await request.get(`/rest/lsc/listing?vin=${vin}`)).json()) as { listings: unknown[] }).listings.length;

test("a price far below its market waits for the operator; a car its feed stopped confirming leaves search until the feed lists it again", async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const project = info.project.name;
  const bait = vinFor(project, 6);
  const fair = vinFor(project, 0);

  // The dealer reads why in the feed summary.
  const out = importFeed(project);
  expect(out).toContain("accepted:      7");
  expect(out).toContain("held for review: 1 (not shown until an operator lets them through)");
  expect(out).toMatch(new RegExp(`\\? row 7 \\(VIN ${bait}\\): Price \\$9,000 is \\d+% of the \\$2\\d,\\d{3} average of \\d+ comparable cars \\(under 60%\\)`));
  expect(statusOf(bait)).toBe("held");

  // Shoppers never find it; its page is not shown.
  await expect.poll(() => found(request, fair), { timeout: 20_000 }).toBe(1);
  expect(await found(request, bait)).toBe(0);
  const held = await request.get(`/cars-for-sale/vehicle/${idOf(bait)}`, { maxRedirects: 0 });
  expect(held.status()).toBe(302);

  // The operator sees it beside the reported listings, with the reason, and lets it through.
  await signInAsOperator(page, project);
  const queue = page.getByRole("list", { name: "Listings waiting for review" });
  const title = query<{ title: string }>("SELECT title FROM listings WHERE vin = ?", bait)[0]!.title;
  const entry = queue.getByRole("listitem").filter({ has: page.locator(`a[href="/cars-for-sale/vehicle/${idOf(bait)}"]`) });
  await expect(entry).toContainText(/Price held for review: Price \$9,000 is \d+% of the \$2\d,\d{3} average/);
  await expect(entry).toContainText("Hidden from search");
  await entry.getByRole("button", { name: `Let this price through ${title}` }).click();
  await expect(page.getByRole("status")).toHaveText("Price let through: the listing is searchable, and this price is not held again.");
  expect(statusOf(bait)).toBe("active");
  await expect.poll(() => found(request, bait), { timeout: 20_000 }).toBe(1);

  // The feed stops confirming a car: once LISTING_CONFIRM_DAYS pass it leaves search (the app
  // checks every second in this suite), and its page says since when.
  const db = new DatabaseSync(E2E_DB_PATH, { timeout: 10_000 });
  const confirmedAt = Date.UTC(2026, 0, 15, 12);
  try {
    db.prepare("UPDATE listings SET confirmed_at = ? WHERE vin = ?").run(confirmedAt, fair);
  } finally {
    db.close();
  }
  expect(confirmedAt).toBeLessThan(Date.now() - 15 * DAY);
  await expect.poll(() => statusOf(fair), { timeout: 20_000 }).toBe("unconfirmed");
  await expect.poll(() => found(request, fair), { timeout: 20_000 }).toBe(0);
  await page.goto(`/cars-for-sale/vehicle/${idOf(fair)}`);
  await expect(page.getByRole("note").filter({ hasText: /^Not confirmed/ })).toHaveText("Not confirmed by the seller since January 15, 2026");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The next feed lists it: back in search, the mark gone; the price let through stays listed.
  const again = importFeed(project);
  expect(again).not.toContain("held for review");
  expect(statusOf(fair)).toBe("active");
  expect(statusOf(bait)).toBe("active");
  await expect.poll(() => found(request, fair), { timeout: 20_000 }).toBe(1);
  await page.reload();
  await expect(page.getByText(/Not confirmed by the seller since/)).toHaveCount(0);
});
