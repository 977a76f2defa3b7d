// Unsubscribe links on the README's default start (no NODE_ENV, no SESSION_SECRET): the server and
// `npm run alerts` (a separate process) read one local secret generated once into
// SESSION_SECRET_FILE, so the link the alerts job mails is accepted by the server. One-click
// unsubscribe follows RFC 8058: the mail's List-Unsubscribe URL takes a POST of
// "List-Unsubscribe=One-Click" from anywhere (mail clients post it from their own sites), and a
// GET of the same URL only shows a button. Production refuses to start without SESSION_SECRET and
// PUBLIC_ORIGIN, naming them.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormClient, activeListingIds, startAppServer, testServerPort, type AppServer } from "../support/app-server.ts";
import { testDatabaseFactories, type TestDatabase } from "../support/databases.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "forecourt-unsub-"));
const secretFile = path.join(dir, "session-secret");
const EMAIL = "unsubscribe-me@example.com";

let t: TestDatabase;
let server: AppServer;
let localEnv: Record<string, string>;

function runScript(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, script)], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += String(d)));
    child.stderr.on("data", (d: Buffer) => (output += String(d)));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  t = await testDatabaseFactories()[0]!.create();
  // The default start: no NODE_ENV, no SESSION_SECRET (the secret file is this test's own).
  localEnv = {
    NODE_ENV: "",
    SESSION_SECRET: "",
    SESSION_SECRET_FILE: secretFile,
    DATABASE_URL: "",
    SQLITE_PATH: (t.location as { sqlitePath: string }).sqlitePath,
  };
  server = await startAppServer({ port: await testServerPort(7), ...t.location, seedListings: 40, env: localEnv });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await t?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("unsubscribe links on the default start", () => {
  let link: string;
  let listingId: number;

  it("the local secret was generated once, readable by its owner only", () => {
    expect(existsSync(secretFile)).toBe(true);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
  });

  it("npm run alerts (another process) mails a link with List-Unsubscribe for the server's origin", async () => {
    const shopper = new FormClient(server.origin, "198.51.100.60");
    const signUp = await shopper.post("/account/sign-in", { intent: "sign-up", email: EMAIL, password: "correct-horse-battery-9", refUrl: "/account" });
    expect(signUp.status).toBe(302);
    // Alerts go only to a verified address (ADR 020): open the link mailed at sign-up.
    const verifyMail = await t.db.kysely
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", EMAIL)
      .where("kind", "=", "verify-email")
      .executeTakeFirstOrThrow();
    const verifyUrl = new URL(/https?:\/\/\S+\/account\/verify-email\?token=\S+/.exec(verifyMail.text_body)![0]);
    expect((await shopper.get(verifyUrl.pathname + verifyUrl.search)).status).toBe(200);
    listingId = (await activeListingIds(t.db.kysely, "d"))[0]!;
    const save = await shopper.post("/account/save-vehicle", { listingId: String(listingId), intent: "save", refUrl: "/account/saved" });
    expect(save.status).toBe(302);
    // The price drops; the alerts job runs in its own process, as `npm run alerts` does.
    await t.db.kysely
      .updateTable("listings")
      .set({ sale_price: (eb) => eb("sale_price", "-", 700) })
      .where("id", "=", listingId)
      .execute();
    const run = await runScript("scripts/alerts.ts", { ...localEnv, PUBLIC_ORIGIN: server.origin, LOG_LEVEL: "warn" });
    expect(run.code, run.output).toBe(0);
    const mail = await t.db.kysely
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", EMAIL)
      .where("kind", "=", "price-drop")
      .executeTakeFirstOrThrow();
    expect(mail.list_unsubscribe).toMatch(new RegExp(`^${server.origin.replace(/[.]/g, "\\.")}/account/unsubscribe\\?token=`));
    expect(mail.text_body).toContain(mail.list_unsubscribe!);
    link = mail.list_unsubscribe!;
  }, 120_000);

  const alertsOn = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom("saved_vehicles")
          .innerJoin("users", "users.id", "saved_vehicles.user_id")
          .select("saved_vehicles.alerts")
          .where("users.email", "=", EMAIL)
          .executeTakeFirstOrThrow()
      ).alerts,
    );

  it("opening the link (a mail scanner, a person) changes nothing and shows a button", async () => {
    const r = await fetch(link, { headers: { accept: "text/html" } });
    const body = await r.text();
    expect(r.status).toBe(200);
    expect(body).toContain("Unsubscribe from these emails?");
    expect(body).toMatch(/<button[^>]*type="submit"[^>]*>Unsubscribe<\/button>/);
    expect(body).not.toContain("This unsubscribe link is not valid");
    expect(await alertsOn()).toBe(1);
  });

  it("a one-click POST from a mail client unsubscribes, from its own origin or none", async () => {
    const r = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example", accept: "text/html" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    const body = await r.text();
    expect(r.status, body.slice(0, 300)).toBe(200);
    expect(body).toContain("You are unsubscribed");
    expect(await alertsOn()).toBe(0);
    // Again, without any Origin (a mail provider's server): still fine (idempotent).
    const again = await fetch(link, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(again.status).toBe(200);
  });

  it("a forged token is refused", async () => {
    const forged = link.replace(/token=([^.]+)\.[^&]+/, "token=$1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    const r = await fetch(forged, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain("This unsubscribe link is not valid");
  });
});

describe("production start-up", () => {
  it("refuses to run without SESSION_SECRET and PUBLIC_ORIGIN, naming them", async () => {
    const r = await runScript("scripts/start.ts", {
      NODE_ENV: "production",
      SESSION_SECRET: "",
      PUBLIC_ORIGIN: "",
      SESSION_SECRET_FILE: secretFile,
      SQLITE_PATH: path.join(dir, "never.db"),
      DATABASE_URL: "",
      PORT: String(await testServerPort(8)),
    });
    expect(r.code).not.toBe(0);
    expect(r.output).toMatch(/required in production: SESSION_SECRET.*PUBLIC_ORIGIN/);
    expect(existsSync(path.join(dir, "never.db"))).toBe(false);
  }, 60_000);
});
