import { monthlyPayment } from "../../app/lib/payment";
import { query } from "./db";
import { expect, holdScripts, test } from "./fixtures";

// The vehicle page does not move when its scripts run (phone size): a shopper on a slow phone may
// already be reading, or tapping, the forms below the fold (docs/vehicle-page.md). The scripts are
// held back until the page's controls are measured.

test.use({ viewport: { width: 390, height: 844 } });

test("nothing on the vehicle page moves when the page becomes ready", async ({ page }) => {
  const [row] = query<{ id: number }>(
    `SELECT l.id FROM listings l JOIN owners o ON o.id = l.owner_id
     WHERE l.status = 'active' AND o.seller_type = 'd' AND o.hide_email_form = 0 ORDER BY l.id LIMIT 1 OFFSET 7`,
  );
  const scripts = await holdScripts(page);
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
  scripts.release();
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

test("terms typed in the payment estimate before the page is ready are kept, and the payment follows them", async ({ page }) => {
  const [row] = query<{ id: number; price: number }>(
    `SELECT l.id, l.sale_price AS price FROM listings l JOIN owners o ON o.id = l.owner_id
     WHERE l.status = 'active' AND o.seller_type = 'd' ORDER BY l.id LIMIT 1 OFFSET 9`,
  );
  const scripts = await holdScripts(page);
  await page.goto(`/cars-for-sale/vehicle/${row!.id}`, { waitUntil: "commit" });
  const box = page.locator("#payment");
  await box.getByLabel("Down payment").fill("2000");
  await box.getByLabel("Term").selectOption("48");
  await box.getByLabel("APR (%)").fill("5.9");
  scripts.release();
  await expect(page.getByRole("button", { name: "Next photo" })).toBeAttached({ timeout: 20_000 });
  const expected = monthlyPayment({ price: Number(row!.price), down: 2000, termMonths: 48, apr: 5.9 });
  await expect(box.getByTestId("payment-result")).toContainText(`$${expected.toLocaleString("en-US")}/mo.`, { timeout: 20_000 });
  await expect(box.getByLabel("Down payment")).toHaveValue("2000");
  await expect(box.getByLabel("Term")).toHaveValue("48");
  await expect(box.getByLabel("APR (%)")).toHaveValue("5.9");
  // And it still follows the typing.
  await box.getByLabel("APR (%)").fill("4.9");
  const again = monthlyPayment({ price: Number(row!.price), down: 2000, termMonths: 48, apr: 4.9 });
  await expect(box.getByTestId("payment-result")).toContainText(`$${again.toLocaleString("en-US")}/mo.`);
});
