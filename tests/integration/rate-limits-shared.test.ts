// Rate limits hold across instances (ADR 021): two production servers on one SQLite file, and two
// on one PostgreSQL database, share each quota. Reports allow 10 per address in an hour: posted
// alternately to both servers from one address, the 11th is refused, on either server; with
// per-process counters each server would have allowed 10 (20 in all).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormClient, activeListingIds, startAppServer, testServerPort, type AppServer } from "../support/app-server.ts";
import { testDatabaseFactories, type TestDatabase } from "../support/databases.ts";

for (const [slot, factory] of testDatabaseFactories().entries()) {
  describe(`one report quota across two servers (${factory.name})`, () => {
    let t: TestDatabase;
    let servers: AppServer[] = [];
    let ids: number[];
    beforeAll(async () => {
      t = await factory.create();
      // The first server seeds the database; the second starts on it as it is.
      servers = [await startAppServer({ port: await testServerPort(14 + slot * 2), ...t.location, seedListings: 60, env: { TRUST_PROXY_HOPS: "1" } })];
      servers.push(await startAppServer({ port: await testServerPort(15 + slot * 2), ...t.location, seedListings: 60, env: { TRUST_PROXY_HOPS: "1" } }));
      ids = await activeListingIds(t.db.kysely, "d");
    }, 600_000);
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await t?.drop();
    });

    it("the 11th report from one address is refused, whichever server takes it", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const server = servers[i % 2]!;
        const r = await new FormClient(server.origin, "198.51.100.77").post(`/cars-for-sale/vehicle/${ids[i % ids.length]}`, {
          intent: "report",
          reason: "price",
        });
        statuses.push(r.status);
      }
      expect(statuses).toEqual([...Array(10).fill(302), 429, 429]);
      const reports = await t.db.kysely.selectFrom("listing_reports").select("id").where("ip", "=", "198.51.100.77").execute();
      expect(reports).toHaveLength(10);
    }, 120_000);
  });
}
