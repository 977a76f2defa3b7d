import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { PHOTO_COUNT, WITH_PHOTOS, idOf, importPhotoFeed, resultsWithDealer } from "./photos-support";

// Dealer photos with JavaScript (docs/photos.md): the full-screen viewer, and axe on the pages
// with photos and the open viewer. The feed is imported as in photos.spec.ts.

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await importPhotoFeed();
});

test("with JavaScript a photo opens full screen: arrows and swipes step, Escape closes, focus goes back", async ({ page }) => {
  await page.goto(`/cars-for-sale/vehicle/${idOf(WITH_PHOTOS)}`);
  const gallery = page.getByRole("region", { name: "Photos" });
  await expect(gallery.getByText(`1 / ${PHOTO_COUNT}`)).toBeVisible({ timeout: 20_000 }); // hydrated
  const open = gallery.getByRole("button", { name: `View photo 1 of ${PHOTO_COUNT} full screen` });
  await open.focus();
  await page.keyboard.press("Enter");
  const viewer = page.getByRole("dialog", { name: `Photo 1 of ${PHOTO_COUNT}` });
  await expect(viewer).toBeVisible();
  await expect(viewer.locator("img")).toHaveAttribute("alt", /photo 1 of 5/);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: `Photo 2 of ${PHOTO_COUNT}` })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: `Photo ${PHOTO_COUNT} of ${PHOTO_COUNT}` })).toBeVisible();
  // A swipe to the left on a phone shows the next photo.
  await page.getByRole("dialog").evaluate((el) => {
    const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: 300 });
    el.dispatchEvent(new TouchEvent("touchstart", { bubbles: true, touches: [touch(300)], changedTouches: [touch(300)] }));
    el.dispatchEvent(new TouchEvent("touchend", { bubbles: true, touches: [], changedTouches: [touch(120)] }));
  });
  await expect(page.getByRole("dialog", { name: `Photo 1 of ${PHOTO_COUNT}` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(open).toBeFocused();
});

test("the pages with photos and the open viewer have no axe violations", async ({ page }) => {
  test.setTimeout(90_000);
  const axe = async () =>
    (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`,
    );
  await resultsWithDealer(page);
  expect(await axe()).toEqual([]);
  await page.goto(`/cars-for-sale/vehicle/${idOf(WITH_PHOTOS)}`);
  await expect(page.getByText(`1 / ${PHOTO_COUNT}`)).toBeVisible({ timeout: 20_000 });
  expect(await axe()).toEqual([]);
  await page.getByRole("button", { name: `View photo 1 of ${PHOTO_COUNT} full screen` }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await axe()).toEqual([]);
});
