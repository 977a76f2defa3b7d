import { query } from "./db";
import { expect, test } from "./fixtures";

// The vehicle page does not move when its scripts run (phone size): a shopper on a slow phone may
// already be reading, or tapping, the forms below the fold (docs/vehicle-page.md). The scripts are
// held back until the page's controls are measured.

test.use({ viewport: { width: 390, height: 844 } });

test("nothing on the vehicle page moves when the page becomes ready", async ({ page }) => {
  const [row] = query<{ id: number }>(
    `SELECT l.id FROM listings l JOIN owners o ON o.id = l.owner_id
     WHERE l.status = 'active' AND o.seller_type = 'd' AND o.hide_email_form = 0 ORDER BY l.id LIMIT 1 OFFSET 7`,
  );
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/cars-for-sale/vehicle/${row!.id}`, { waitUntil: "commit" });
  const estimate = page.locator("#payment").getByRole("button", { name: "Estimate payment" });
  const controls = [
    estimate,
    page.locator("#contact").getByRole("button", { name: "Send message" }),
    page.getByRole("link", { name: "Report this Listing", exact: true }),
  ];
  await expect(controls[2]!).toBeAttached({ timeout: 20_000 });
  const boxes = () => Promise.all(controls.map((c) => c.boundingBox()));
  const before = await boxes();
  release();
  // Ready: the gallery's script-only buttons are there.
  await expect(page.getByRole("button", { name: "Next photo" })).toBeAttached({ timeout: 20_000 });
  // The payment's button stays (it was taken out here, and all below it moved up 48 px).
  await expect(estimate).toBeVisible();
  const after = await boxes();
  for (const [i, b] of before.entries()) {
    expect(b, `control ${i} before`).not.toBeNull();
    for (const key of ["x", "y", "width", "height"] as const) expect(Math.abs(after[i]![key] - b![key]), `control ${i} ${key}`).toBeLessThanOrEqual(1);
  }
});
