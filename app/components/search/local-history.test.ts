// A signed-out shopper's 'Still interested?' (decision 023): the device's own history, at most
// 10 cars, view counts labelled only over 3, refetched only after 120000 ms, dismissals kept.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCAL_HISTORY_KEY, dismissLocal, recordLocalView, stillInterestedLocal } from "./local-history";

const NOW = Date.UTC(2026, 10, 27, 12);
const vinOf = (id: number) => `1HGCM82633A${String(id).padStart(6, "0")}`;

describe("a signed-out shopper's Still interested", () => {
  let store: Map<string, string>;
  let requests: string[];

  beforeEach(() => {
    store = new Map();
    requests = [];
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
    vi.stubGlobal("navigator", { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36", sendBeacon: () => true });
    vi.stubGlobal("fetch", async (input: string) => {
      requests.push(input);
      const url = new URL(input, "http://localhost");
      if (url.pathname === "/cars-for-sale/svc/browsing-history") {
        const ids = url.searchParams.get("listingIds")!.split(",").map(Number);
        const cars = ids.map((id) => ({
          listingId: id,
          vin: vinOf(id),
          title: `Car ${id}`,
          price: 20_000 + id,
          bodyStyleCode: "SUV",
          extColor: "Red",
          photo: null,
        }));
        return new Response(JSON.stringify({ cars }), { headers: { "Content-Type": "application/json" } });
      }
      if (url.pathname === "/cars-for-sale/svc/listing-view-count") {
        const vins = url.searchParams.get("vin")!.split(",");
        // Car n was viewed n - 1 times: cars 1-4 at 3 or fewer, car 5 and on above.
        return new Response(JSON.stringify({ counts: vins.map((vin) => ({ vin, ATC: Number(vin.slice(-6)) - 1, KBB: null })) }));
      }
      return new Response("not found", { status: 404 });
    });
  });

  afterEach(() => vi.unstubAllGlobals());

  it("asks about at most 10 of the cars viewed in the last 7 days, labelling view counts only over 3", async () => {
    // Recorded oldest first, as a shopper would have viewed them: car 1 is the newest.
    for (let id = 12; id >= 1; id--) recordLocalView(id, NOW - id * 60_000);
    recordLocalView(99, NOW - 8 * 24 * 60 * 60 * 1000); // viewed 8 days ago: out of the window
    const cars = await stillInterestedLocal(false, "", NOW);
    expect(cars.map((c) => c.listingId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(requests[0]).toContain("listingIds=1,2,3,4,5,6,7,8,9,10,11,12");
    expect(requests[0]).not.toContain("99");
    expect(requests[1]).toBe(`/cars-for-sale/svc/listing-view-count?vin=${cars.map((c) => c.vin).join(",")}&dateRange=7`);
    expect(cars.slice(0, 4).map((c) => c.viewsLabel)).toEqual([null, null, null, null]);
    expect(cars[4]!.viewsLabel).toBe("Viewed 4 times in the last 7 days");
  });

  it("refetches only after 120000 ms, and a dismissed car stays away", async () => {
    for (let id = 3; id >= 1; id--) recordLocalView(id, NOW - id * 60_000);
    const first = await stillInterestedLocal(false, "", NOW);
    expect(requests).toHaveLength(2);
    await stillInterestedLocal(false, "", NOW + 60_000);
    expect(requests).toHaveLength(2);
    await stillInterestedLocal(false, "", NOW + 121_000);
    expect(requests).toHaveLength(4);
    expect(dismissLocal(2, first).map((c) => c.listingId)).toEqual([1, 3]);
    const after = await stillInterestedLocal(false, "", NOW + 300_000);
    expect(after.map((c) => c.listingId)).toEqual([1, 3]);
    expect(JSON.parse(store.get(LOCAL_HISTORY_KEY)!).views.find((v: { listingId: number }) => v.listingId === 2).dismissed).toBe(true);
  });

  it("keeps no history for a crawler", async () => {
    vi.stubGlobal("navigator", { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    recordLocalView(1, NOW);
    expect(store.size).toBe(0);
    expect(await stillInterestedLocal(false, "", NOW)).toEqual([]);
    expect(requests).toEqual([]);
  });
});
