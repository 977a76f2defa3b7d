// The photo journeys' shared feed (photos.spec.ts, photos.js.spec.ts): a dealer imported with
// `npm run feed` whose CR-V has 5 photos (one with GPS EXIF) and whose Outback has none.
import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { makePhoto } from "../support/photo-images";
import { query } from "./db";
import { expect } from "./fixtures";

export const STORE = process.env.E2E_PHOTO_STORE_DIR ?? "data/e2e-photos";
export const DB = process.env.E2E_SQLITE_PATH ?? "data/e2e.db";
export const WITH_PHOTOS = "7FARW2H57KE019283"; // 2019 Honda CR-V EX
export const WITHOUT_PHOTOS = "4S4BSANC9J3309876"; // 2018 Subaru Outback Limited
export const RESULTS = "/cars-for-sale?zip=78701&searchRadius=10&sortBy=datelistedDESC";
export const PHOTO_COUNT = 5;

/** The CR-V's photos are imported and ready (another photo journey may have done it). */
function photosReady(): boolean {
  const [row] = query<{ n: number }>(
    "SELECT count(*) AS n FROM listing_photos lp JOIN listings l ON l.id = lp.listing_id WHERE l.vin = ? AND lp.state = 'ready'",
    WITH_PHOTOS,
  );
  return Number(row?.n ?? 0) >= PHOTO_COUNT;
}

/**
 * Imports the feed once for every photo journey: the journeys run in parallel workers, and a
 * second import while the first one's photos are being processed would take them away from the
 * pages for a moment. A lock file beside the journeys' database orders them; a stale one (a
 * killed run) is taken over after two minutes.
 */
export async function importPhotoFeed(): Promise<void> {
  const lock = `${DB}.photo-feed.lock`;
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch {
      if (photosReady()) return;
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 120_000) rmSync(lock, { force: true });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    if (!photosReady()) await importFeedOnce();
  } finally {
    rmSync(lock, { force: true });
  }
}

async function importFeedOnce(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "forecourt-e2e-feed-"));
  mkdirSync(path.join(dir, "photos"));
  const names: string[] = [];
  for (let i = 0; i < PHOTO_COUNT; i++) {
    const name = `photos/crv-${i + 1}.jpg`;
    writeFileSync(path.join(dir, name), await makePhoto(1600, 1200, { gps: i === 0 }));
    names.push(name);
  }
  const vehicle = (vin: string, year: number, make: string, model: string, trim: string, photos: string[]) => ({
    vin,
    condition: "USED",
    year,
    make,
    model,
    trim,
    mileage: 41000,
    price: 21995,
    exterior_color: "Crystal Black Pearl",
    interior_color: "Black",
    photos,
  });
  const feed = {
    dealers: [
      {
        id: "DLR-E2E-PHOTOS",
        name: "Congress Avenue Motors",
        zip: "78701",
        vehicles: [vehicle(WITH_PHOTOS, 2019, "Honda", "CR-V", "EX", names), vehicle(WITHOUT_PHOTOS, 2018, "Subaru", "Outback", "Limited", [])],
      },
    ],
  };
  const file = path.join(dir, "feed.json");
  writeFileSync(file, JSON.stringify(feed));
  const out = execFileSync(process.execPath, ["scripts/feed.ts", file], {
    env: { ...process.env, SQLITE_PATH: DB, DATABASE_URL: "", PHOTO_STORE_DIR: STORE },
    encoding: "utf8",
  });
  expect(out).toContain("accepted:      2");
  expect(out).toMatch(/photos ready:\s+5, failed 0, pending 0/);
}

export const idOf = (vin: string) => Number(query<{ id: number }>("SELECT id FROM listings WHERE vin = ?", vin)[0].id);

/** The results page, once the app's search has picked up the feed (it polls every 2 s). */
export async function resultsWithDealer(page: Page) {
  const id = idOf(WITH_PHOTOS);
  await expect(async () => {
    await page.goto(RESULTS);
    await expect(page.locator(`#listing-${id}`)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}
