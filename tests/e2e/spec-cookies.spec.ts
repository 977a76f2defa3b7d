// The spec's cookies (docs/resilience-and-security.md, Cookies), JavaScript off and on: a ZIP
// searched for becomes the shopper's default location (home form, vehicle page distance) until
// they empty the ZIP box; the campaign values of the arrival address are kept with the spec's
// max-ages and a lead sent later is counted by what brought the shopper.
import { query } from "./db";
import { expect, test } from "./fixtures";
import { signInAsOperator } from "./operator-support";

test("ATC_USER_ZIP: set by a search with a ZIP, the default location elsewhere, cleared by emptying the box", async ({ page, context }) => {
  await page.goto("/cars-for-sale/used?zip=30301");
  const zipCookie = async () => (await context.cookies()).find((c) => c.name === "ATC_USER_ZIP");
  const stored = await zipCookie();
  expect(stored).toMatchObject({ value: "30301", httpOnly: true, sameSite: "Lax", path: "/" });
  expect(stored!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 86_400_000);

  await page.goto("/");
  await expect(page.getByRole("textbox", { name: "ZIP Code" })).toHaveValue("30301");

  const [car] = query<{ id: number }>("SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 1");
  await page.goto(`/cars-for-sale/vehicle/${car!.id}`);
  await expect(page.getByText(/from Atlanta, GA 30301/)).toBeVisible();

  // Emptying the ZIP box of a search forgets it.
  await page.goto("/cars-for-sale/used?zip=30301");
  const box = page.locator("#filters").getByRole("textbox", { name: /ZIP/ }).first();
  await box.fill("");
  await box.press("Enter");
  await expect.poll(async () => (await zipCookie())?.value ?? null).toBeNull();
  await page.goto("/");
  await expect(page.getByRole("textbox", { name: "ZIP Code" })).toHaveValue("");
});

test("psid, siomid and camp_channel keep what brought the shopper, with the spec's max-ages; a lead counts it", async ({ page, context }, info) => {
  test.setTimeout(120_000);
  const channel = `e2e${info.project.name}${Date.now() % 100000}`;
  await page.goto(`/cars-for-sale/used?psid=partner-7&siomid=mail-42&utm_medium=${channel}`);
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
  for (const [name, seconds] of [
    ["psid", 1800],
    ["siomid", 1800],
    ["camp_channel", 604_800],
  ] as const) {
    expect(cookies[name], name).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(Math.abs(cookies[name]!.expires - Date.now() / 1000 - seconds), name).toBeLessThan(120);
  }
  expect(cookies.psid!.value).toBe("partner-7");
  expect(cookies.camp_channel!.value).toBe(channel);

  // A lead later in the visit is counted by its campaign channel.
  const [car] = query<{ id: number }>(
    `SELECT l.id FROM listings l JOIN owners o ON o.id = l.owner_id WHERE l.status = 'active' ` +
      `AND o.seller_type = 'd' AND o.hide_email_form = 0 ORDER BY l.id DESC LIMIT 1 OFFSET ?`,
    info.project.name === "js" ? 1 : 0,
  );
  await page.goto(`/cars-for-sale/vehicle/${car!.id}#contact`);
  const form = page.locator("#contact");
  await form.getByLabel("First name").fill("Ana");
  await form.getByLabel("Last name").fill("Rivera");
  await form.getByLabel("Email").fill(`${channel}@example.com`);
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("status")).toContainText("Your message was sent", { timeout: 20_000 });
  // The operator's view writes the pending counters before it reads them.
  await signInAsOperator(page, info.project.name);
  await page.goto("/operator/analytics");
  await expect(page.getByRole("rowheader", { name: "Leads by what brought the shopper" }).first()).toBeVisible();
  expect(query<{ count: number }>("SELECT count FROM analytics_daily WHERE event = 'lead_source' AND label = ?", `channel:${channel}`)).toEqual([{ count: 1 }]);
});
