// Several server processes (WEB_CONCURRENCY, docs/performance.md), through the real server on
// SQLite and PostgreSQL: both processes answer on the one port; a change written to the database
// reaches the search of every process within the index's poll; a process that dies is replaced
// and the site keeps answering.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, testServerPort, type AppServer } from "../support/app-server.ts";
import { testDatabaseFactories, type TestDatabase } from "../support/databases.ts";
import { SERVER_NODE_FLAGS } from "../../scripts/server-process.ts";

/** Which process answered /healthz, on a new connection each time. */
async function answeringProcess(server: AppServer): Promise<number> {
  const r = await fetch(`${server.origin}/healthz`, { headers: { connection: "close" } });
  return ((await r.json()) as { server: { process: number } }).server.process;
}

async function processesSeen(server: AppServer, tries: number): Promise<Set<number>> {
  const seen = new Set<number>();
  for (let i = 0; i < tries; i++) seen.add(await answeringProcess(server));
  return seen;
}

/** The pids of the server processes the primary forked. */
function forkedServers(server: AppServer): number[] {
  return execFileSync("pgrep", ["-P", String(server.child.pid)])
    .toString()
    .trim()
    .split("\n")
    .map(Number);
}

/** Polls until the condition holds. */
async function within(ms: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await check()) return;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

for (const [slot, factory] of testDatabaseFactories().entries()) {
  describe(`two server processes (${factory.name})`, () => {
    let t: TestDatabase;
    let server: AppServer;
    beforeAll(async () => {
      t = await factory.create();
      server = await startAppServer({ port: await testServerPort(20 + slot), ...t.location, seedListings: 60, env: { WEB_CONCURRENCY: "2" } });
    }, 600_000);
    afterAll(async () => {
      await server?.stop();
      await t?.drop();
    });

    it("both answer on the one port", async () => {
      await within(60_000, async () => (await processesSeen(server, 20)).size === 2);
      expect([...(await processesSeen(server, 40))].every((p) => p > 0)).toBe(true);
    });

    it("each forked server starts with the allocator settings and V8 flags (docs/performance.md, Memory)", () => {
      const children = forkedServers(server);
      expect(children.length).toBe(2);
      for (const pid of children) {
        // What the process started with (glibc 2.36 writes over the rest of the variable's own
        // text in place once it has read it, so the first setting is what can be seen here).
        const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
        expect(environ.find((e) => e.startsWith("GLIBC_TUNABLES="))).toMatch(/^GLIBC_TUNABLES=glibc\.malloc\.mmap_threshold=131072\b/);
        // And the server's V8 flags, though this test's primary was started without them.
        const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        for (const flag of SERVER_NODE_FLAGS) expect(argv).toContain(flag);
      }
    });

    it("a car sold in the database leaves the search of every process", async () => {
      const car = await t.db.kysely.selectFrom("listings").select(["id", "vin"]).where("status", "=", "active").orderBy("id").executeTakeFirstOrThrow();
      const found = async () => {
        const r = await fetch(`${server.origin}/rest/lsc/listing?vin=${car.vin}`, { headers: { connection: "close" } });
        return ((await r.json()) as { listings: unknown[] }).listings.length;
      };
      expect(await found()).toBe(1);
      await t.db.kysely.updateTable("listings").set({ status: "sold", sold_at: Date.now(), updated_at: Date.now() }).where("id", "=", car.id).execute();
      // Twenty answers in a row without it: both processes have it out of their index.
      await within(15_000, async () => {
        for (let i = 0; i < 20; i++) if ((await found()) !== 0) return false;
        return true;
      });
    });

    it("a process that dies is replaced, and the site keeps answering", async () => {
      const children = forkedServers(server);
      expect(children.length).toBe(2);
      process.kill(children[0]!, "SIGKILL");
      await within(60_000, async () => {
        const now = forkedServers(server);
        return now.length === 2 && !now.includes(children[0]!);
      });
      await within(60_000, async () => (await processesSeen(server, 20)).size === 2);
      expect((await fetch(`${server.origin}/cars-for-sale`, { headers: { cookie: "x=1" } })).status).toBe(200);
    });
  });
}
