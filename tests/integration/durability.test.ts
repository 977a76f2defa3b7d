// Acknowledged means stored (docs/resilience-and-security.md): the production server is killed with SIGKILL in the middle
// of a burst of contact-the-seller leads, offers and saved cars; after a restart on the same
// database every submission that got its success answer is there (lead, the seller's mail, the save).
// Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (as `npm test` does).
import { afterAll, describe, expect, it } from "vitest";
import { FormClient, startAppServer, testServerPort, type AppServer, activeListingIds } from "../support/app-server.ts";
import { testDatabaseFactories, type TestDatabase } from "../support/databases.ts";

const WORKERS = 12;
/** The kill comes once this many submissions were acknowledged (the burst is still running). */
const KILL_AFTER = 60;
const PASSWORD = "correct-horse-battery-9";

type Ack = { kind: "contact" | "offer"; listingId: number; email: string; token: string } | { kind: "save"; listingId: number; userId: number };

const servers: AppServer[] = [];
const databases: TestDatabase[] = [];

afterAll(async () => {
  for (const s of servers) await s.kill("SIGKILL");
  for (const d of databases) await d.drop();
});

/** 10.x.y.z from a counter: every request its own client address, so no rate limit is reached. */
const addressFor = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

describe.each(testDatabaseFactories().map((f, slot) => ({ ...f, slot })))("SIGKILL during a burst of leads and saves on $name", (factory) => {
  it("every acknowledged lead, offer and save is stored after the restart", async () => {
    const t = await factory.create();
    databases.push(t);
    const port = await testServerPort(factory.slot);
    const start = async () => {
      const s = await startAppServer({ port, ...t.location, seedListings: 400, env: { TRUST_PROXY_HOPS: "1" } });
      servers.push(s);
      return s;
    };
    let server = await start();
    const db = t.db.kysely;

    // Two shoppers with accounts, signed in (sign-up signs in).
    const shoppers: { client: FormClient; userId: number }[] = [];
    for (const n of [1, 2]) {
      const email = `durable-${n}@example.com`;
      const client = new FormClient(server.origin, `192.0.2.${n}`);
      const r = await client.post("/account/sign-in", { intent: "sign-up", email, password: PASSWORD, firstName: "Dura", lastName: "Ble", refUrl: "/account" });
      expect(r.status, r.body.slice(0, 500)).toBe(302);
      const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      shoppers.push({ client, userId: Number(user.id) });
    }
    const dealerIds = await activeListingIds(db, "d");
    const privateIds = await activeListingIds(db, "p");
    expect(dealerIds.length).toBeGreaterThan(20);
    expect(privateIds.length).toBeGreaterThan(5);
    const saveIds = [...dealerIds, ...privateIds];

    // The burst: WORKERS loops, each firing one submission after another.
    const acks: Ack[] = [];
    let next = 0;
    let inFlight = 0;
    let inFlightAtKill = -1;
    let stopped = false;
    let unacknowledged = 0;
    const fire = async (i: number): Promise<Ack | null> => {
      const kind = (["contact", "offer", "save"] as const)[i % 3];
      if (kind === "save") {
        const shopper = shoppers[i % 2]!;
        const listingId = saveIds[Math.floor(i / 3) % saveIds.length]!;
        const r = await shopper.client.post("/account/save-vehicle", { listingId: String(listingId), intent: "save", via: "fetch" });
        const body = r.status === 200 ? (JSON.parse(r.body) as { ok?: boolean; saved?: boolean; quick?: boolean }) : null;
        return body?.ok && body.saved && !body.quick ? { kind, listingId, userId: shopper.userId } : null;
      }
      const ids = kind === "contact" ? dealerIds : privateIds;
      const listingId = ids[Math.floor(i / 3) % ids.length]!;
      const email = `burst-${i}@example.com`;
      const token = `burst-token-${i}`;
      const r = await new FormClient(server.origin, addressFor(i)).post(`/cars-for-sale/vehicle/${listingId}`, {
        intent: kind,
        firstName: "Burst",
        lastName: `Shopper${i}`,
        fromEmailAddress: email,
        phoneNumber: "",
        comments: `Still available? ${token}`,
        ...(kind === "offer" ? { offerAmount: "12500" } : {}),
      });
      // The success answer: back to the page with the sent banner.
      return r.status === 302 && r.location?.includes(`sent=${kind}`) ? { kind, listingId, email, token } : null;
    };
    const worker = async () => {
      while (!stopped) {
        const i = next++;
        inFlight++;
        try {
          const ack = await fire(i);
          if (ack) acks.push(ack);
          else unacknowledged++;
        } catch {
          unacknowledged++; // connection refused or cut by the kill
        } finally {
          inFlight--;
        }
      }
    };
    const burst = Array.from({ length: WORKERS }, () => worker());
    const deadline = Date.now() + 120_000;
    while (acks.length < KILL_AFTER && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    inFlightAtKill = inFlight;
    const acknowledgedBeforeKill = acks.length;
    await server.kill("SIGKILL");
    stopped = true;
    await Promise.all(burst);
    expect(server.child.signalCode).toBe("SIGKILL");
    // The kill came mid-burst: enough answers, and requests still on the wire.
    expect(acknowledgedBeforeKill).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(unacknowledged).toBeGreaterThan(0);
    const kinds = new Set(acks.map((a) => a.kind));
    expect([...kinds].sort()).toEqual(["contact", "offer", "save"]);

    console.log(
      `${factory.name}: SIGKILL after ${acknowledgedBeforeKill} acknowledged, ${inFlightAtKill} ` +
        `requests on the wire; ${acks.length} acknowledged, ${unacknowledged} not`,
    );
    server = await start();

    // Straight from the database: each acknowledged lead with its mail, each acknowledged save.
    const missing: string[] = [];
    for (const a of acks) {
      if (a.kind === "save") {
        const row = await db
          .selectFrom("saved_vehicles")
          .select("listing_id")
          .where("user_id", "=", a.userId)
          .where("listing_id", "=", a.listingId)
          .executeTakeFirst();
        if (!row) missing.push(`save ${a.userId}/${a.listingId}`);
        continue;
      }
      const lead = await db.selectFrom("leads").select(["id", "kind", "listing_id", "comments"]).where("email", "=", a.email).executeTakeFirst();
      if (!lead || lead.kind !== (a.kind === "offer" ? "offer" : "email") || Number(lead.listing_id) !== a.listingId || !lead.comments.includes(a.token)) {
        missing.push(`${a.kind} ${a.email}`);
        continue;
      }
      // The seller's mail is part of the lead (dealers have an address; the demo's private sellers
      // do not). Signed-out shoppers get no copy: the address they typed is not verified.
      if (a.kind === "contact") {
        const mail = await db.selectFrom("mail_outbox").select("id").where("dedupe_key", "=", `lead:${lead.id}:seller`).executeTakeFirst();
        if (!mail) missing.push(`mail for ${a.email}`);
      }
    }
    expect(missing).toEqual([]);

    // And as the shoppers see it after the restart: still signed in, every saved car listed.
    for (const shopper of shoppers) {
      const page = await shopper.client.get("/account/saved");
      expect(page.status).toBe(200);
      const saved = acks.filter((a) => a.kind === "save" && a.userId === shopper.userId);
      expect(saved.length).toBeGreaterThan(0);
      for (const a of saved) expect(page.body).toContain(`href="/cars-for-sale/vehicle/${a.listingId}"`);
    }
    await server.stop();
  }, 900_000);
});
