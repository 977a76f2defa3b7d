// The outbox reader /dev/mail holds shoppers' names, emails, phones and messages, sellers'
// addresses and unsubscribe tokens: it answers only requests that come in over the loopback
// interface (docs/resilience-and-security.md, "The outbox reader"). Checked through the real
// server bound to every interface, from a network namespace this test creates itself (a veth
// pair with private link addresses between the host and the namespace only; no other address is
// ever used), on the README's `npm start` mode (no NODE_ENV) and in production with DEV_MAIL=true.
// Needs root and iproute2 (`ip netns`): CI runs as root, and scripts/test-all.ts installs
// iproute2 when it is missing. Without them this test fails with a message saying so.
import { execFileSync, spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, testServerPort, type AppServer } from "../support/app-server.ts";
import { testDatabaseFactories, type TestDatabase } from "../support/databases.ts";

const tag = `${process.pid % 10000}`;
const ns = `fcmail${tag}`;
const hostIf = `fcm${tag}h`;
const nsIf = `fcm${tag}n`;
// 10.213.a.b/30: the host end .b+1, the namespace end .b+2.
const a = Math.floor(Math.random() * 256);
const b = Math.floor(Math.random() * 64) * 4;
const hostAddress = `10.213.${a}.${b + 1}`;
const nsAddress = `10.213.${a}.${b + 2}`;

function ip(...args: string[]) {
  execFileSync("ip", args, { stdio: ["ignore", "ignore", "pipe"] });
}

function setUpNamespace() {
  if (process.getuid?.() !== 0) throw new Error("this test needs root (it creates a network namespace with `ip netns`); CI runs as root");
  if (spawnSync("ip", ["-V"]).status !== 0)
    throw new Error("this test needs iproute2 (`ip`): apt-get install -y iproute2 (scripts/test-all.ts does it as root)");
  ip("netns", "add", ns);
  ip("link", "add", hostIf, "type", "veth", "peer", "name", nsIf);
  ip("link", "set", nsIf, "netns", ns);
  ip("addr", "add", `${hostAddress}/30`, "dev", hostIf);
  ip("link", "set", hostIf, "up");
  ip("netns", "exec", ns, "ip", "addr", "add", `${nsAddress}/30`, "dev", nsIf);
  ip("netns", "exec", ns, "ip", "link", "set", nsIf, "up");
  ip("netns", "exec", ns, "ip", "link", "set", "lo", "up");
}

function tearDownNamespace() {
  spawnSync("ip", ["link", "del", hostIf], { stdio: "ignore" });
  spawnSync("ip", ["netns", "del", ns], { stdio: "ignore" });
}

/** A GET from inside the namespace (Node's fetch, run there): the status code. */
function statusFromNamespace(url: string, headers: Record<string, string> = {}): number {
  const script = `fetch(${JSON.stringify(url)}, { headers: ${JSON.stringify(headers)}, redirect: "manual", signal: AbortSignal.timeout(8000) })
    .then((r) => { console.log(r.status); }, (e) => { console.log("error " + e.cause?.code); });`;
  const out = execFileSync("ip", ["netns", "exec", ns, process.execPath, "-e", script], { encoding: "utf8" }).trim();
  const status = Number(out);
  if (!Number.isInteger(status)) throw new Error(`no answer from ${url} inside the namespace: ${out}`);
  return status;
}

async function statusFromLoopback(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const r = await fetch(url, { headers, redirect: "manual" });
  return { status: r.status, body: await r.text() };
}

let namespaceReady = false;
beforeAll(() => {
  tearDownNamespace();
  setUpNamespace();
  namespaceReady = true;
});
afterAll(() => {
  if (namespaceReady || process.getuid?.() === 0) tearDownNamespace();
});

const modes = [
  { name: "npm start without NODE_ENV", env: { NODE_ENV: "", DEV_MAIL: "" } },
  { name: "production with DEV_MAIL=true", env: { NODE_ENV: "production", DEV_MAIL: "true" } },
];

for (const mode of modes) {
  describe(`/dev/mail over the network (${mode.name})`, () => {
    let t: TestDatabase;
    let server: AppServer;
    beforeAll(async () => {
      t = await testDatabaseFactories()[0]!.create();
      const port = await testServerPort(mode.env.NODE_ENV ? 6 : 5);
      server = await startAppServer({ port, ...t.location, seedListings: 30, env: { ...mode.env, HOST: "0.0.0.0" } });
    }, 600_000);
    afterAll(async () => {
      await server?.stop();
      await t?.drop();
    });

    it("answers the loopback interface", async () => {
      const r = await statusFromLoopback(`http://127.0.0.1:${server.port}/dev/mail`);
      expect(r.status).toBe(200);
      expect(r.body).toContain("Outbox");
    });

    it("is a 404 through another interface, while the rest of the site answers there", () => {
      // The namespace reaches the server: a page answers.
      expect(statusFromNamespace(`http://${hostAddress}:${server.port}/healthz`)).toBe(200);
      expect(statusFromNamespace(`http://${hostAddress}:${server.port}/dev/mail`)).toBe(404);
      expect(statusFromNamespace(`http://${hostAddress}:${server.port}/dev/mail?id=1`)).toBe(404);
      // Claiming to be local changes nothing.
      expect(
        statusFromNamespace(`http://${hostAddress}:${server.port}/dev/mail`, {
          "x-forwarded-for": "127.0.0.1",
          "x-forecourt-loopback": "1",
          host: "localhost",
        }),
      ).toBe(404);
    });

    it("is a 404 when a proxy on this machine forwarded the request", async () => {
      expect((await statusFromLoopback(`http://127.0.0.1:${server.port}/dev/mail`, { "x-forwarded-for": "203.0.113.5" })).status).toBe(404);
      expect((await statusFromLoopback(`http://127.0.0.1:${server.port}/dev/mail`, { forwarded: "for=203.0.113.5" })).status).toBe(404);
    });
  });
}
