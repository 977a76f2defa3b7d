// Dealer photos from feed to store (docs/photos.md), against a real HTTP photo host started here
// (node:http on 127.0.0.1, random port) and real files next to the feed: good JPEG / PNG / WebP
// photos, a 404, a host that never answers, a non-image named .jpg, a file over 15 MB, a photo too
// narrow, the same photo twice, and a phone picture with GPS EXIF that no variant may keep.
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { exifHasGps, makePhoto } from "../../../tests/support/photo-images.ts";
import { loadCatalog } from "../reference/catalog.server.ts";
import { importFeed } from "../inventory/feed.server.ts";
import { PHOTO_FORMATS, PHOTO_LIMITS } from "../../lib/photos.ts";
import { photoReport, runPhotoJobs } from "./jobs.server.ts";
import { directoryPhotoStore } from "./store.server.ts";
import { variantKey } from "./process.server.ts";
import { loadFirstPhotos, loadListingPhotos } from "./queries.server.ts";

const NOW = Date.UTC(2026, 10, 15, 12);
const catalog = loadCatalog();

interface Host {
  server: Server;
  base: string;
  hits: Map<string, number>;
}

let host: Host;
let dir: string;
const files: Record<string, { body: Buffer; type: string }> = {};
let gpsPhoto: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "forecourt-photos-"));
  gpsPhoto = await makePhoto(1600, 1200, { gps: true, orientation: 6 });
  const shared = await makePhoto(1024, 768);
  files["/gps.jpg"] = { body: gpsPhoto, type: "image/jpeg" };
  files["/one.png"] = { body: await makePhoto(800, 600, { format: "png" }), type: "image/png" };
  files["/two.webp"] = { body: await makePhoto(700, 525, { format: "webp" }), type: "image/webp" };
  files["/dup-a.jpg"] = { body: shared, type: "image/jpeg" };
  files["/dup-b.jpg"] = { body: shared, type: "image/jpeg" };
  // Named and typed as a JPEG, but it is text: the content decides.
  files["/not-an-image.jpg"] = { body: Buffer.from("<html>Sorry, this photo moved</html>"), type: "image/jpeg" };
  files["/huge.jpg"] = { body: Buffer.alloc(PHOTO_LIMITS.maxBytes + 1024, 0xff), type: "image/jpeg" };
  files["/tiny.jpg"] = { body: await makePhoto(200, 150), type: "image/jpeg" };
  writeFileSync(path.join(dir, "local.jpg"), await makePhoto(900, 600));
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    hits.set(url, (hits.get(url) ?? 0) + 1);
    if (url === "/slow.jpg") return; // never answers: the download timeout ends it
    if (url === "/huge-chunked.jpg") {
      // Over 15 MB with no content-length (chunked): the download stops at the cap, not the end.
      res.writeHead(200, { "content-type": "image/jpeg" });
      const chunk = Buffer.alloc(1024 * 1024, 0xff);
      for (let i = 0; i < 17; i++) res.write(chunk);
      res.end();
      return;
    }
    const f = files[url];
    if (!f) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": f.type, "content-length": String(f.body.length) }).end(f.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  host = { server, base: `http://127.0.0.1:${port}`, hits };
}, 60_000);

afterAll(async () => {
  host?.server.closeAllConnections();
  await new Promise((r) => host?.server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

function feed(): string {
  const u = (p: string) => host.base + p;
  const vehicle = (vin: string, year: number, make: string, model: string, trim: string, photos: string[]) => ({
    vin,
    condition: "USED",
    year,
    make,
    model,
    trim,
    mileage: 30000,
    price: 25000,
    exterior_color: "Black",
    interior_color: "Black",
    photos,
  });
  return JSON.stringify({
    dealers: [
      {
        id: "DLR-PHOTO-1",
        name: "Photo Motors",
        zip: "78701",
        vehicles: [
          // Row 1: good photos, the first (with GPS EXIF, turned) is the primary; one duplicate URL twice.
          vehicle("7FARW2H57KE019283", 2019, "Honda", "CR-V", "EX", [
            u("/gps.jpg"),
            u("/one.png"),
            u("/two.webp"),
            u("/dup-a.jpg"),
            "local.jpg",
            u("/two.webp"),
          ]),
          // Row 2: every way a photo can be broken; the car is still imported.
          vehicle("2T3P1RFV3SC447120", 2025, "Toyota", "RAV4", "XLE", [
            u("/dup-b.jpg"),
            u("/missing.jpg"),
            u("/slow.jpg"),
            u("/not-an-image.jpg"),
            u("/huge.jpg"),
            u("/huge-chunked.jpg"),
            u("/tiny.jpg"),
            "javascript:alert(1)",
            "/etc/passwd",
            "../outside.jpg",
          ]),
          // Row 3: more photos than the limit.
          vehicle(
            "4S4BSANC9J3309876",
            2018,
            "Subaru",
            "Outback",
            "Limited",
            Array.from({ length: PHOTO_LIMITS.perVehicle + 3 }, (_, i) => u(`/many-${i}.jpg`)),
          ),
        ],
      },
    ],
  });
}

describe.each(testDatabaseFactories())("feed photos on $name", (factory) => {
  let t: TestDatabase;
  let storeDir: string;
  beforeAll(async () => {
    t = await factory.create();
    storeDir = mkdtempSync(path.join(tmpdir(), "forecourt-photo-store-"));
  });
  afterAll(async () => {
    await t?.drop();
    rmSync(storeDir, { recursive: true, force: true });
  });

  const idOf = async (vin: string) => Number((await t.db.kysely.selectFrom("listings").select("id").where("vin", "=", vin).executeTakeFirstOrThrow()).id);

  it("imports every car, reports each bad photo, and processes the good ones off the import", async () => {
    host.hits.clear();
    const s = await importFeed(t.db, { text: feed(), format: "json", now: NOW, catalog, baseDir: dir });
    expect(s.accepted).toBe(3);
    expect(s.rejected).toEqual([]);
    // The import itself downloads nothing.
    expect([...host.hits.values()].reduce((a, b) => a + b, 0)).toBe(0);
    expect(s.photos.skipped).toEqual([
      { row: 1, vin: "7FARW2H57KE019283", photo: `${host.base}/two.webp`, reason: "the same photo is listed twice for this vehicle" },
      { row: 2, vin: "2T3P1RFV3SC447120", photo: "javascript:alert(1)", reason: "photo must be an http(s) URL or a file path relative to the feed file" },
      { row: 2, vin: "2T3P1RFV3SC447120", photo: "/etc/passwd", reason: "photo file path must be relative to the feed file" },
      { row: 2, vin: "2T3P1RFV3SC447120", photo: "../outside.jpg", reason: "photo file path leaves the feed file's directory" },
      {
        row: 3,
        vin: "4S4BSANC9J3309876",
        photo: `${PHOTO_LIMITS.perVehicle + 1}-${PHOTO_LIMITS.perVehicle + 3}`,
        reason: expect.stringMatching(/at most 60 photos a vehicle/),
      },
    ]);
    expect(s.photos.queued).toBe(5 + 7 + PHOTO_LIMITS.perVehicle);

    const store = directoryPhotoStore(storeDir);
    const progress: number[] = [];
    const p = await runPhotoJobs(t.db, {
      store,
      timeoutMs: 2000,
      maxAttempts: 2,
      backoffMs: 0,
      concurrency: 4,
      drain: true,
      onProgress: (x) => progress.push(x.fetched),
    });
    expect(progress.length).toBeGreaterThan(0);
    expect(p.fetched).toBe(5); // gps, png, webp, one of the duplicates, the local file
    expect(p.skipped).toBe(1); // the other duplicate: same bytes, nothing decoded

    const crv = await idOf("7FARW2H57KE019283");
    const rav4 = await idOf("2T3P1RFV3SC447120");
    const report = await photoReport(t.db, [crv, rav4]);
    expect(report.pending).toBe(0);
    const reasons = Object.fromEntries(report.failed.map((f) => [f.source.replace(host.base, ""), f.reason]));
    expect(reasons).toEqual({
      "/missing.jpg": "download failed: HTTP 404",
      "/slow.jpg": "download timed out after 2 s (after 2 tries)",
      "/not-an-image.jpg": expect.stringMatching(/^not an image/),
      "/huge.jpg": expect.stringMatching(/^file is larger than 15 MB/),
      "/huge-chunked.jpg": expect.stringMatching(/^file is larger than 15 MB/),
      "/tiny.jpg": "photo is 200 px wide; at least 320 px needed",
    });
    expect(report.failed.every((f) => f.row === 2 && f.vin === "2T3P1RFV3SC447120")).toBe(true);

    // The cars' photos, in feed order; the broken ones left out.
    const photos = await loadListingPhotos(t.db, [crv, rav4]);
    expect(photos.get(crv)!.length).toBe(5);
    expect(photos.get(rav4)!.length).toBe(1);
    expect(photos.get(rav4)![0].key).toBe(photos.get(crv)![3].key); // the duplicate: one hash
    const primary = photos.get(crv)![0];
    // EXIF orientation 6: the 1600 x 1200 source is upright as 1200 x 1600.
    expect([primary.width, primary.height]).toEqual([1200, 1600]);
    expect(primary.widths).toEqual([320, 640, 1024]);
    expect(primary.color).toMatch(/^#[0-9a-f]{6}$/);
    // A results page reads only the first photos of each card, and the count.
    const first = (await loadFirstPhotos(t.db, [crv, rav4], 2)).get(crv)!;
    expect(first.count).toBe(5);
    expect(first.photos.map((x) => x.key)).toEqual(
      photos
        .get(crv)!
        .slice(0, 2)
        .map((x) => x.key),
    );

    // The GPS EXIF was in the source and is in no variant.
    expect(exifHasGps((await sharp(gpsPhoto).metadata()).exif)).toBe(true);
    for (const w of primary.widths) {
      for (const f of PHOTO_FORMATS) {
        const bytes = await store.get(variantKey(primary.key, w, f));
        expect(bytes, `${w}.${f}`).not.toBeNull();
        const meta = await sharp(bytes!).metadata();
        expect(meta.format).toBe(f === "jpg" ? "jpeg" : f === "avif" ? "heif" : f);
        expect(meta.width).toBe(w);
        expect(meta.exif, `${w}.${f} EXIF`).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
      }
    }
  }, 120_000);

  it("re-importing the same feed downloads and decodes nothing again", async () => {
    host.hits.clear();
    const s = await importFeed(t.db, { text: feed(), format: "json", now: NOW + 1000, catalog, baseDir: dir });
    expect(s.updated).toBe(3);
    const p = await runPhotoJobs(t.db, { store: directoryPhotoStore(storeDir), timeoutMs: 2000, maxAttempts: 2, backoffMs: 0, drain: true });
    expect(p.fetched).toBe(0);
    const good = ["/gps.jpg", "/one.png", "/two.webp", "/dup-a.jpg", "/dup-b.jpg"];
    for (const g of good) expect(host.hits.get(g) ?? 0, g).toBe(0);
    const photos = await loadListingPhotos(t.db, [await idOf("7FARW2H57KE019283")]);
    expect(photos.get(await idOf("7FARW2H57KE019283"))!.length).toBe(5);
  }, 60_000);

  it("a photo dropped from the feed leaves the car; two runners never take the same job", async () => {
    const crv = await idOf("7FARW2H57KE019283");
    const text = feed().replace(`"${host.base}/one.png",`, "");
    await importFeed(t.db, { text, format: "json", now: NOW + 2000, catalog, baseDir: dir });
    // Positions shifted: URLs processed before are ready at once; the local file is a job again.
    expect((await loadListingPhotos(t.db, [crv])).get(crv)!.length).toBe(3);
    const store = directoryPhotoStore(storeDir);
    const [a, b] = await Promise.all([
      runPhotoJobs(t.db, { store, owner: "a", timeoutMs: 2000, maxAttempts: 1, drain: true }),
      runPhotoJobs(t.db, { store, owner: "b", timeoutMs: 2000, maxAttempts: 1, drain: true }),
    ]);
    const rows = await t.db.kysely.selectFrom("listing_photos").select(["state", "attempts"]).where("listing_id", "=", crv).execute();
    expect(rows.every((r) => r.state === "ready")).toBe(true);
    expect(rows.every((r) => r.attempts <= 1)).toBe(true);
    expect(a.fetched + b.fetched).toBe(0); // same bytes as before: read, hashed, not decoded
    expect(a.skipped + b.skipped).toBe(1); // one job, one runner
    expect((await loadListingPhotos(t.db, [crv])).get(crv)!.length).toBe(4);
  }, 60_000);
});
