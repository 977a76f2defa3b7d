// No stale or bait listings (docs/decisions/030-no-stale-or-bait-listings.md), through the real
// feed importer on SQLite and PostgreSQL: what is stored, what search would count, what the
// operator's queue and the feed summary say.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { LISTING_CONFIRM_DAYS } from "../../lib/constants.ts";
import { inventoryChanges } from "../inventory/changes.server.ts";
import { importFeed } from "../inventory/feed.server.ts";
import { loadCatalog } from "../reference/catalog.server.ts";
import { baitReason, hideUnconfirmed, isBaitPrice, releaseHold, takeDownHeld } from "./listing-checks.server.ts";
import { reviewQueue } from "./reports.server.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 15, 12);
const catalog = loadCatalog();

// VINs without a valid check digit are accepted with checkVinDigit: false (17 characters, no I/O/Q).
const vin = (prefix: string, i: number) => `${prefix}${String(i).padStart(17 - prefix.length, "0")}`;

/** Seven used 2021 Honda CR-V EX of one dealer in Austin: six near $25,000 and one at `cheap` (the 7th). */
function feed(dealerId: string, vinPrefix: string, cheap: number): string {
  const vehicles = [25_000, 24_500, 25_500, 24_800, 25_200, 25_100, cheap].map((price, i) => ({ vin: vin(vinPrefix, i), price }));
  return JSON.stringify({
    dealers: [
      {
        id: dealerId,
        name: `Test Honda ${dealerId}`,
        zip: "78701",
        vehicles: vehicles.map((v, i) => ({
          vin: v.vin,
          condition: "USED",
          year: 2021,
          make: "Honda",
          model: "CR-V",
          trim: "EX",
          mileage: 30_000 + i * 100,
          price: v.price,
          exterior_color: "Black",
          interior_color: "Black",
        })),
      },
    ],
  });
}

describe("isBaitPrice", () => {
  it("holds only a price under 60% of an average of at least 5 comparables", () => {
    expect(isBaitPrice(14_000, 25_000, 6)).toBe(true);
    expect(isBaitPrice(15_000, 25_000, 6)).toBe(false); // exactly 60%
    expect(isBaitPrice(14_000, 25_000, 4)).toBe(false); // too few to trust the average
    expect(isBaitPrice(14_000, null, null)).toBe(false);
    expect(baitReason(9_000, 25_000, 6)).toBe("Price $9,000 is 36% of the $25,000 average of 6 comparable cars (under 60%)");
  });
});

describe.each(testDatabaseFactories())("listing checks on $name", (factory) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await factory.create();
  });
  afterAll(async () => {
    await t?.drop();
  });
  const status = async (v: string) =>
    await t.db.kysely.selectFrom("listings").select(["status", "confirmed_at", "hold_reason"]).where("vin", "=", v).executeTakeFirstOrThrow();
  const idOf = async (v: string) => Number((await t.db.kysely.selectFrom("listings").select("id").where("vin", "=", v).executeTakeFirstOrThrow()).id);
  const run = (text: string, now: number) => importFeed(t.db, { text, format: "json", now, catalog, checkVinDigit: false });

  it("holds a price far below its comparables before it shows, says why in the summary, and lets the operator decide", async () => {
    const p = "BAXTTEST";
    const text = feed("DLR-BAIT", p, 9_000);
    const summary = await run(text, NOW);
    expect(summary.rejected).toEqual([]);
    expect(summary.accepted).toBe(7);
    expect(summary.held).toHaveLength(1);
    expect(summary.held[0]).toMatchObject({ vin: vin(p, 6), row: 7 });
    expect(summary.held[0]!.reason).toMatch(/^Price \$9,000 is \d+% of the \$2\d,\d{3} average of 6 comparable cars \(under 60%\)$/);
    expect(await status(vin(p, 6))).toMatchObject({ status: "held", hold_reason: summary.held[0]!.reason });
    expect((await status(vin(p, 0))).status).toBe("active");

    // The operator's queue shows it, unreported, with its reason.
    const cheapId = await idOf(vin(p, 6));
    const queue = await reviewQueue(t.db);
    const item = queue.find((q) => q.id === cheapId);
    expect(item).toMatchObject({ hidden: true, held: summary.held[0]!.reason, reports: [] });

    // The same feed again: still held, nothing released.
    const again = await run(text, NOW + DAY);
    expect(again.held.map((h) => h.vin)).toEqual([vin(p, 6)]);
    expect((await status(vin(p, 6))).status).toBe("held");

    // The operator lets this price through: listed, and the same price is not held again.
    expect(await releaseHold(t.db, cheapId, NOW + 2 * DAY)).toBe(true);
    expect((await status(vin(p, 6))).status).toBe("active");
    expect(await releaseHold(t.db, cheapId, NOW + 2 * DAY)).toBe(false);
    const third = await run(text, NOW + 3 * DAY);
    expect(third.held).toEqual([]);
    expect((await status(vin(p, 6))).status).toBe("active");
    expect((await reviewQueue(t.db)).some((q) => q.id === cheapId)).toBe(false);
  });

  it("releases a held listing whose price the feed raised, and takes one down on the operator's word", async () => {
    const p = "BAXTRAXSE";
    const make = (cheap: number) => feed("DLR-RAISE", p, cheap);
    expect((await run(make(8_000), NOW)).held).toHaveLength(1);
    const raised = await run(make(23_900), NOW + DAY);
    expect(raised.held).toEqual([]);
    expect(raised.released).toBe(1);
    expect((await status(vin(p, 6))).status).toBe("active");

    expect((await run(make(7_500), NOW + 2 * DAY)).held).toHaveLength(1);
    expect(await takeDownHeld(t.db, await idOf(vin(p, 6)), NOW + 3 * DAY)).toBe(true);
    expect((await status(vin(p, 6))).status).toBe("expired");
    expect(await takeDownHeld(t.db, await idOf(vin(p, 6)), NOW + 3 * DAY)).toBe(false);
  });

  it(`hides a feed listing its feed has not confirmed for ${LISTING_CONFIRM_DAYS} days and brings it back when the feed lists it`, async () => {
    const p = "STALETEST";
    const text = feed("DLR-STALE", p, 24_900);
    await run(text, NOW);
    expect(await status(vin(p, 0))).toMatchObject({ status: "active", confirmed_at: NOW });

    // A day short of the limit: still listed. Past it: hidden, other listings untouched.
    expect(await hideUnconfirmed(t.db, NOW + (LISTING_CONFIRM_DAYS - 1) * DAY)).toEqual([]);
    const hidden = await hideUnconfirmed(t.db, NOW + LISTING_CONFIRM_DAYS * DAY + 1);
    expect(hidden).toContain(await idOf(vin(p, 0)));
    expect((await status(vin(p, 0))).status).toBe("unconfirmed");
    // Listings no feed ever confirmed (demo inventory) are never hidden for it.
    const demo = await t.db.kysely.selectFrom("listings").select("id").where("confirmed_at", "is", null).where("status", "=", "unconfirmed").execute();
    expect(demo).toEqual([]);

    // The feed lists them again: back in search, confirmed now. At the moment the write makes
    // the car active again it is already confirmed, so the listing checks, running beside the
    // import, cannot hide it again in between (SQLite: read at that moment, synchronously).
    const later = NOW + (LISTING_CONFIRM_DAYS + 2) * DAY;
    const seen: unknown[] = [];
    const stop = inventoryChanges.on(() => {
      const row = t.db.sqlite?.prepare("SELECT status, confirmed_at FROM listings WHERE vin = ?").get(vin(p, 0));
      if (row) seen.push({ ...row });
    });
    try {
      await run(text, later);
    } finally {
      stop();
    }
    for (const row of seen) expect(row).toMatchObject({ confirmed_at: later });
    if (t.db.sqlite) expect(seen.length).toBeGreaterThan(0);
    expect(await status(vin(p, 0))).toMatchObject({ status: "active", confirmed_at: later });
  });
});
