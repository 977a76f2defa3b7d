import { DatabaseSync } from "node:sqlite";
import { expect, test } from "./fixtures";

// Dealer HTML on the vehicle page (docs/resilience-and-security.md), with JavaScript off and on: a description stored
// with hostile markup (as an old row or another writer might have it) shows as harmless text:
// only the allow-listed tags reach the page, no script, image, link or handler, no dialog.

const DB_PATH = process.env.E2E_SQLITE_PATH ?? "data/e2e.db";
const ALLOWED = ["p", "br", "ul", "ol", "li", "strong", "em", "b", "i"];
const HOSTILE =
  '<p onclick="window.__pwned=1">One owner, <b style="color:red">clean title</b>.</p>' +
  "<script>window.__pwned=1; alert('script')</script>" +
  "<img src=x onerror=\"window.__pwned=1; alert('img')\">" +
  "<svg onload=\"alert('svg')\"><circle r=10 /></svg>" +
  "<a href=\"javascript:alert('link')\">Call us today</a>" +
  "<ul><li>Heated seats<li>Sunroof</ul>" +
  "<iframe src=\"javascript:alert('frame')\"></iframe>" +
  "&lt;script&gt;shown as text&lt;/script&gt;";

/** The last active dealer listing with the email form (no other journey picks this one). */
function hostileListing(): number {
  const db = new DatabaseSync(DB_PATH, { timeout: 10_000 });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const row = db
      .prepare(
        `SELECT l.id AS id FROM listings l JOIN owners o ON o.id = l.owner_id
         WHERE l.status = 'active' AND o.seller_type = 'd' AND o.hide_email_form = 0 ORDER BY l.id DESC LIMIT 1`,
      )
      .get() as { id: number } | undefined;
    if (!row) throw new Error("no active dealer listing");
    db.prepare("UPDATE listings SET description = ? WHERE id = ?").run(HOSTILE, row.id);
    return Number(row.id);
  } finally {
    db.close();
  }
}

test("a dealer description with scripts, handlers and links shows as harmless text", async ({ page }) => {
  const id = hostileListing();
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/cars-for-sale/vehicle/${id}`);
  const section = page.getByRole("region", { name: "Seller's description" });
  const description = section.getByTestId("seller-description");
  await expect(description).toContainText("One owner, clean title.");
  await expect(description).toContainText("Call us today");
  await expect(description).toContainText("<script>shown as text</script>");
  await expect(description.getByRole("listitem")).toHaveText(["Heated seats", "Sunroof"]);
  // Only allow-listed elements, none with an attribute.
  const elements = await description.evaluate((el) =>
    [...el.querySelectorAll("*")].map((e) => ({ tag: e.tagName.toLowerCase(), attributes: e.attributes.length })),
  );
  expect(elements.length).toBeGreaterThan(0);
  for (const e of elements) {
    expect(ALLOWED).toContain(e.tag);
    expect(e.attributes).toBe(0);
  }
  await expect(description.getByRole("link")).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
