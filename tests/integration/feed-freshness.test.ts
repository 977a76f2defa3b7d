// A dealer feed imported by another process (`npm run feed`) against the database of a running
// server reaches that server's search within a few seconds, on SQLite as on PostgreSQL: new cars
// show, and cars the feed marks sold leave the results (docs/search-index.md, "Freshness").
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, testServerPort, type AppServer } from "../support/app-server.ts";
import { testDatabaseFactories, type TestDatabase } from "../support/databases.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "forecourt-feed-"));
const SAMPLE = readFileSync(path.join(root, "tests/fixtures/feed-sample.csv"), "utf8");
const NEW_CAR = "7FARW2H57KE019283"; // Lakeside Toyota's used 2019 Honda CR-V EX (ZIP 78701)
const SOLD_CAR = "2T3P1RFV3SC447120"; // its 2025 RAV4 XLE, left out of the second feed

function runFeed(file: string, location: TestDatabase["location"]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const env = {
      ...process.env,
      NODE_ENV: "",
      SESSION_SECRET: "integration-session-secret-that-is-long-enough-0123456789",
      DATABASE_URL: "databaseUrl" in location ? location.databaseUrl : "",
      ...("sqlitePath" in location ? { SQLITE_PATH: location.sqlitePath } : {}),
    };
    const child = spawn(process.execPath, [path.join(root, "scripts/feed.ts"), file], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += String(d)));
    child.stderr.on("data", (d: Buffer) => (output += String(d)));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** VINs in the server's search results around the feed's dealer. */
async function vinsInSearch(server: AppServer): Promise<string[]> {
  const r = await fetch(`${server.origin}/rest/lsc/listing?zip=78701&searchRadius=10&numRecords=100&sortBy=datelistedDESC`);
  const body = (await r.json()) as { listings: { vin: string }[] };
  return body.listings.map((l) => l.vin);
}

/** Polls until the condition holds; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

for (const [slot, factory] of testDatabaseFactories().entries()) {
  describe(`a feed from another process reaches search (${factory.name})`, () => {
    let t: TestDatabase;
    let server: AppServer;
    beforeAll(async () => {
      t = await factory.create();
      server = await startAppServer({ port: await testServerPort(9 + slot), ...t.location, seedListings: 60 });
    }, 600_000);
    afterAll(async () => {
      await server?.stop();
      await t?.drop();
    });

    it("new cars show and cars marked sold leave, within 5 seconds", async () => {
      expect(await vinsInSearch(server)).not.toContain(NEW_CAR);
      const first = path.join(dir, `first-${factory.name}.csv`);
      writeFileSync(first, SAMPLE);
      const run = await runFeed(first, t.location);
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(/inserted [1-9]/);
      await within(5_000, async () => {
        const vins = await vinsInSearch(server);
        return vins.includes(NEW_CAR) && vins.includes(SOLD_CAR);
      });

      // The dealer's next feed leaves the RAV4 out: it was sold.
      const second = path.join(dir, `second-${factory.name}.csv`);
      writeFileSync(
        second,
        SAMPLE.split("\n")
          .filter((line) => !line.includes(SOLD_CAR))
          .join("\n"),
      );
      const again = await runFeed(second, t.location);
      expect(again.code, again.output).toBe(0);
      expect(again.output).toMatch(/marked sold:\s+1/);
      await within(5_000, async () => !(await vinsInSearch(server)).includes(SOLD_CAR));
      expect(await vinsInSearch(server)).toContain(NEW_CAR);
    }, 120_000);
  });
}
