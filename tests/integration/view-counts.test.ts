// View counts through the real server (ADR 036): a view counts once per viewer, listing and day.
// Two server processes share the port (WEB_CONCURRENCY=2), so a client's requests land on either and
// only the stored (listing, day, viewer) key keeps them one view. Clients are told apart as the
// server sees them: the address (X-Forwarded-For behind one trusted proxy), else the account.
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormClient, TEST_SESSION_SECRET, activeListingIds, startAppServer, testServerPort, type AppServer } from "../support/app-server.ts";
import { testDatabaseFactories, type TestDatabase } from "../support/databases.ts";

let t: TestDatabase;
let server: AppServer;

beforeAll(async () => {
  t = await testDatabaseFactories()[0]!.create();
  server = await startAppServer({
    port: await testServerPort(30),
    ...t.location,
    seedListings: 60,
    env: { WEB_CONCURRENCY: "2", TRUST_PROXY_HOPS: "1" },
  });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await t?.drop();
});

/** The vehicle page's "Views" figure, as a shopper reads it. */
function viewsShown(html: string): number {
  const m = /<dt>Views<\/dt><dd[^>]*>([\d,]+)<\/dd>/.exec(html);
  expect(m, "the Views figure").not.toBeNull();
  return Number(m![1]!.replace(/,/g, ""));
}

/** Still Interested's count: the spec's listing-view-count service, last 7 days. */
async function viewedInSevenDays(vin: string): Promise<number> {
  const r = await fetch(`${server.origin}/cars-for-sale/svc/listing-view-count?vin=${vin}&dateRange=7`);
  expect(r.status).toBe(200);
  const body = (await r.json()) as { counts: { vin: string; ATC: number }[] };
  return body.counts[0]!.ATC;
}

async function stored(listingId: number) {
  const row = await t.db.kysely.selectFrom("listings").select("view_count").where("id", "=", listingId).executeTakeFirstOrThrow();
  const viewers = await t.db.kysely.selectFrom("listing_viewers").select("viewer").where("listing_id", "=", listingId).execute();
  return { total: Number(row.view_count), viewers: viewers.length };
}

async function until(what: string, probe: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("view counts", () => {
  it("five visits from one client count once; a second client and a signed-in shopper count once each", async () => {
    const [listingId] = (await activeListingIds(t.db.kysely, "d")).slice(-1);
    const vin = (await t.db.kysely.selectFrom("listings").select("vin").where("id", "=", listingId!).executeTakeFirstOrThrow()).vin;
    const path = `/cars-for-sale/vehicle/${listingId}`;
    expect(await stored(listingId!)).toEqual({ total: 0, viewers: 0 });

    // One client without cookies: five page loads (the later ones may come from the page cache).
    const one = new FormClient(server.origin, "10.40.0.1");
    for (let i = 0; i < 5; i++) expect((await one.get(path)).status).toBe(200);
    await until("the view written", async () => (await stored(listingId!)).total > 0);
    // Both processes have written whatever they held by now (they write every 5 s).
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await stored(listingId!)).toEqual({ total: 1, viewers: 1 });
    expect(await viewedInSevenDays(vin)).toBe(1);
    expect(viewsShown((await one.get(path)).body)).toBe(1);

    // A second client: five loads, one more view.
    const two = new FormClient(server.origin, "10.40.0.2");
    for (let i = 0; i < 5; i++) expect((await two.get(path)).status).toBe(200);
    await until("the second view written", async () => (await stored(listingId!)).total > 1);
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await stored(listingId!)).toEqual({ total: 2, viewers: 2 });
    expect(await viewedInSevenDays(vin)).toBe(2);
    expect(viewsShown((await two.get(path)).body)).toBe(2);

    // A signed-in shopper behind the first client's address is their own viewer, once.
    const shopper = new FormClient(server.origin, "10.40.0.1");
    const signUp = await shopper.post("/account/sign-in", {
      intent: "sign-up",
      email: "views@forecourt.test",
      password: "correct-horse-battery-9",
      refUrl: "/account",
    });
    expect(signUp.status).toBe(302);
    for (let i = 0; i < 5; i++) expect((await shopper.get(path)).status).toBe(200);
    await until("the shopper's view written", async () => (await stored(listingId!)).total > 2);
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await stored(listingId!)).toEqual({ total: 3, viewers: 3 });
    expect(await viewedInSevenDays(vin)).toBe(3);
    // The table holds the account and two hashed addresses, never an address itself.
    const keys = (await t.db.kysely.selectFrom("listing_viewers").select("viewer").where("listing_id", "=", listingId!).execute()).map((r) => r.viewer);
    expect(keys.filter((k) => k.startsWith("user:"))).toHaveLength(1);
    expect(keys.filter((k) => k.startsWith("address:"))).toHaveLength(2);
    expect(keys.join(" ")).not.toContain("10.40.0");

    // One client minting a fresh visitor cookie for every load (each validly signed): its address
    // is one viewer; the visitor ids are kept as push history, uncounted (ADR 036).
    const visitorCookie = createCookie("fc_visitor", { path: "/", secrets: [TEST_SESSION_SECRET] });
    for (const n of [1, 2, 3]) {
      const minted = new FormClient(server.origin, "10.40.0.3");
      const [pair] = (await visitorCookie.serialize(String(n).repeat(32))).split(";");
      minted.cookies.set("fc_visitor", pair!.slice(pair!.indexOf("=") + 1));
      expect((await minted.get(path)).status).toBe(200);
    }
    await until("the minting client's view written", async () => (await stored(listingId!)).total > 3);
    await new Promise((r) => setTimeout(r, 6_000));
    const after = await t.db.kysely.selectFrom("listing_viewers").select("viewer").where("listing_id", "=", listingId!).execute();
    expect((await stored(listingId!)).total).toBe(4);
    expect(await viewedInSevenDays(vin)).toBe(4);
    expect(
      after
        .map((r) => r.viewer)
        .filter((k) => k.startsWith("visitor:"))
        .sort(),
    ).toEqual(["1", "2", "3"].map((n) => `visitor:${n.repeat(32)}`));
  }, 120_000);
});
