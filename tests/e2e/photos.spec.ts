import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { PHOTO_COUNT, WITHOUT_PHOTOS, WITH_PHOTOS, idOf, importPhotoFeed, resultsWithDealer } from "./photos-support";

// Dealer photos from feed to screen (docs/photos.md), JavaScript off and on: a dealer imported
// with `npm run feed` (photo files next to the feed, processed by the feed script into the app's
// photo store) shows real photos in AVIF / WebP with srcset on the results page and on its
// vehicle page; its car without photos shows the drawing labelled as an illustration, never as
// the car's image. With JavaScript a photo opens full screen (photos.js.spec.ts).

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await importPhotoFeed();
});

test("a feed-imported dealer's card shows its real photos, in AVIF / WebP with srcset, and the count", async ({ page, request }) => {
  await resultsWithDealer(page);
  const card = page.locator(`#listing-${idOf(WITH_PHOTOS)}`);
  await expect(card.getByText(`${PHOTO_COUNT} photos`)).toBeVisible();
  // The card's carousel: 4 photos, in one focusable row that scrolls sideways (no script).
  const carousel = card.getByRole("group", { name: /Photos of .*Honda CR-V.*: 5 photos, scroll sideways/ });
  await expect(carousel).toHaveAttribute("tabindex", "0");
  const pictures = carousel.locator("picture");
  await expect(pictures).toHaveCount(4);
  const first = pictures.first();
  await expect(first.locator('source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    /\/photos\/[0-9a-f]{32}-320\.avif 320w, .*-640\.avif 640w, .*-1024\.avif 1024w$/,
  );
  await expect(first.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /\/photos\/[0-9a-f]{32}-640\.webp 640w/);
  await expect(first.locator("img")).toHaveAttribute("sizes", /100vw/);
  await expect(first.locator("img")).toHaveAttribute("alt", /Honda CR-V EX, photo 1 of 5/);
  // The newest listing is the first card: its first photo loads eagerly with high priority.
  await expect(page.locator("#listings article").first()).toHaveAttribute("id", `listing-${idOf(WITH_PHOTOS)}`);
  await expect(first.locator("img")).toHaveAttribute("loading", "eager");
  await expect(first.locator("img")).toHaveAttribute("fetchpriority", "high");
  await expect(pictures.nth(1).locator("img")).toHaveAttribute("loading", "lazy");
  await expect(first.locator("img")).toHaveJSProperty("complete", true);
  const shown = await first.locator("img").evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, src: img.currentSrc }));
  expect(shown.w).toBeGreaterThan(0);
  expect(shown.src).toMatch(/\/photos\/[0-9a-f]{32}-\d+\.avif$/); // Chromium takes the AVIF source
  // Every photo is reachable by keyboard: the row takes focus and arrow keys scroll it.
  await carousel.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => carousel.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  // Served with the right type and immutable caching; a missing variant is a 404.
  const avif = /([^ ]+-320\.avif) 320w/.exec((await first.locator('source[type="image/avif"]').getAttribute("srcset"))!)![1];
  const res = await request.get(avif);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/avif");
  expect(res.headers()["cache-control"]).toContain("immutable");
  expect((await request.get(avif.replace("-320.avif", "-999.avif"))).status()).toBe(404);
  expect((await request.get(`/photos/${"0".repeat(32)}-320.webp`)).status()).toBe(404);

  // The car without photos: its drawing, labelled, no photo count.
  const other = page.locator(`#listing-${idOf(WITHOUT_PHOTOS)}`);
  await expect(other.getByText("Illustration · Photos coming soon")).toBeVisible();
  await expect(other.getByText(/\d+ photos?$/)).toHaveCount(0);
  await expect(other.locator("picture")).toHaveCount(0);
});

test("its vehicle page shows every photo, and the photos (never a drawing) are its JSON-LD and Open Graph image", async ({ page, javaScriptEnabled }) => {
  await page.goto(`/cars-for-sale/vehicle/${idOf(WITH_PHOTOS)}`);
  const gallery = page.getByRole("region", { name: "Photos" });
  const pictures = gallery.locator("figure picture");
  await expect(pictures).toHaveCount(PHOTO_COUNT);
  await expect(pictures.first().locator('source[type="image/avif"]')).toHaveAttribute("srcset", /-1600\.avif 1600w/);
  await expect(pictures.first().locator("img")).toHaveAttribute("loading", "eager");
  // Without JavaScript every photo is reachable from its thumbnail's anchor.
  const thumbs = gallery.getByRole("list", { name: "All photos" }).getByRole("link");
  await expect(thumbs).toHaveCount(PHOTO_COUNT);
  await thumbs.nth(4).click();
  await expect(pictures.nth(4).locator("img")).toBeInViewport();
  if (!javaScriptEnabled) await expect(gallery.getByText(`${PHOTO_COUNT} photos`)).toBeVisible();

  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/[^/]+\/photos\/[0-9a-f]{32}-1024\.jpg$/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(ld.image).toHaveLength(PHOTO_COUNT);
  for (const u of ld.image) expect(u).toMatch(/\/photos\/[0-9a-f]{32}-1024\.jpg$/);

  await page.goto(`/cars-for-sale/vehicle/${idOf(WITHOUT_PHOTOS)}`);
  const drawings = page.getByRole("region", { name: "Illustrations" });
  await expect(drawings.getByText("Illustration · Photos coming soon")).toBeVisible();
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);
  const ld2 = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(ld2.image).toBeUndefined();
});

test("screenshots of a feed-imported dealer's photos (docs/photos.md)", async ({ browser, javaScriptEnabled }) => {
  // Written to docs/screenshots with PHOTO_SCREENSHOTS=1, else to a temporary folder: either way
  // the journey fails when a page does not render.
  const out = process.env.PHOTO_SCREENSHOTS ? "docs/screenshots" : mkdtempSync(path.join(tmpdir(), "forecourt-shots-"));
  const suffix = javaScriptEnabled ? "" : "-nojs";
  for (const [device, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1440, height: 900 }],
  ] as const) {
    const name = `${device}${suffix}`;
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, javaScriptEnabled });
    const page = await context.newPage();
    await resultsWithDealer(page);
    await page.locator(`#listing-${idOf(WITH_PHOTOS)}`).scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect((await page.screenshot({ path: `${out}/photos-results-${name}.png` })).length).toBeGreaterThan(10_000);
    await page.goto(`/cars-for-sale/vehicle/${idOf(WITH_PHOTOS)}`);
    await page.waitForLoadState("networkidle");
    expect((await page.screenshot({ path: `${out}/photos-vehicle-${name}.png` })).length).toBeGreaterThan(10_000);
    await context.close();
  }
});
