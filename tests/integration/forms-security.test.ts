// Rate limits and redirects of the public forms (docs/resilience-and-security.md), through the real production server as
// a browser without JavaScript posts them:
// - every rate-limited form (sign-in, sign-up, contact, make offer, report, email capture, price
//   alerts), pushed past its limit, answers 429 with Retry-After and the message on the page, and
//   stores nothing for the refused post;
// - every route that takes a return address (refUrl, returnTo, searchUrl) sends hostile values
//   back to this site only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormClient, startAppServer, testServerPort, type AppServer, type FormResponse, activeListingIds } from "../support/app-server.ts";
import { testDatabaseFactories, type TestDatabase } from "../support/databases.ts";

const PASSWORD = "correct-horse-battery-9";
const RATE_LIMITED = /Too many attempts\. Please wait \d+ (seconds|minutes) and try again\./;

let t: TestDatabase;
let server: AppServer;
let dealerIds: number[];
let privateIds: number[];

beforeAll(async () => {
  // SQLite (the limits' table works the same on PostgreSQL: app/server/security/rate-limit.server.test.ts).
  // One proxy hop: FormClient's single X-Forwarded-For entry is what such a proxy appends.
  t = await testDatabaseFactories()[0]!.create();
  server = await startAppServer({ port: await testServerPort(4), ...t.location, seedListings: 300, env: { TRUST_PROXY_HOPS: "1" } });
  dealerIds = await activeListingIds(t.db.kysely, "d");
  privateIds = await activeListingIds(t.db.kysely, "p");
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await t?.drop();
});

/** The page as a person reads it: scripts (and the hydration data in them) removed. */
function visible(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/gi, "");
}

function expectRefused(r: FormResponse) {
  expect(r.status, visible(r.body).slice(0, 300)).toBe(429);
  expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(visible(r.body)).toMatch(RATE_LIMITED);
}

const count = async (table: "users" | "sessions" | "leads" | "listing_reports" | "saved_searches" | "price_alerts") =>
  Number(
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function signUp(email: string, address: string): Promise<FormClient> {
  const client = new FormClient(server.origin, address);
  const r = await client.post("/account/sign-in", { intent: "sign-up", email, password: PASSWORD, refUrl: "/account" });
  expect(r.status, visible(r.body).slice(0, 300)).toBe(302);
  return client;
}

const lead = (intent: "contact" | "offer", email: string) => ({
  intent,
  firstName: "Rate",
  lastName: "Limited",
  fromEmailAddress: email,
  comments: "Is it still available?",
  ...(intent === "offer" ? { offerAmount: "9000" } : {}),
});

describe("rate-limited forms answer 429 with the message and store nothing", () => {
  it("sign-in: the 11th attempt for one email in 10 minutes, even with the right password", async () => {
    await signUp("limit-signin@example.com", "198.51.100.1");
    const client = new FormClient(server.origin, "198.51.100.2");
    for (let i = 0; i < 10; i++) {
      const r = await client.post("/account/sign-in", { intent: "sign-in", email: "limit-signin@example.com", password: "wrong-password-1" });
      expect(r.status).toBe(400);
    }
    const sessions = await count("sessions");
    const r = await client.post("/account/sign-in", { intent: "sign-in", email: "limit-signin@example.com", password: PASSWORD });
    expectRefused(r);
    expect([...client.cookies.keys()].filter((k) => k.includes("fc_session"))).toEqual([]);
    expect(await count("sessions")).toBe(sessions);
  });

  it("sign-in: wrong passwords from one address refuse that address only, never the owner's", async () => {
    await signUp("owner-lockout@example.com", "198.51.100.30");
    const attacker = new FormClient(server.origin, "198.51.100.31");
    for (let i = 0; i < 10; i++) {
      const r = await attacker.post("/account/sign-in", { intent: "sign-in", email: "owner-lockout@example.com", password: `guess-${i}-xxxx` });
      expect(r.status).toBe(400);
    }
    expectRefused(await attacker.post("/account/sign-in", { intent: "sign-in", email: "owner-lockout@example.com", password: "guess-10-xxxx" }));
    // The owner, from their own address, signs in (a little slower after the failures), at once.
    const owner = new FormClient(server.origin, "198.51.100.32");
    const started = Date.now();
    const r = await owner.post("/account/sign-in", { intent: "sign-in", email: "owner-lockout@example.com", password: PASSWORD, refUrl: "/account" });
    expect(r.status, visible(r.body).slice(0, 300)).toBe(302);
    expect(r.location).toBe("/account");
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect([...owner.cookies.keys()].some((k) => k.includes("fc_session"))).toBe(true);
  }, 120_000);

  it("contact: behind a proxy that appends, a forged first X-Forwarded-For entry does not escape the address limit", async () => {
    // The client sends "X-Forwarded-For: <anything>"; the one proxy appends the address it saw.
    const posts: number[] = [];
    for (let i = 0; i < 21; i++) {
      const client = new FormClient(server.origin, `10.66.${i}.1, 198.51.100.40`);
      const r = await client.post(`/cars-for-sale/vehicle/${dealerIds[(100 + i) % dealerIds.length]}`, lead("contact", `xff-${i}@example.com`));
      posts.push(r.status);
      if (i === 20) expectRefused(r);
    }
    expect(posts.slice(0, 20).every((s) => s === 302)).toBe(true);
  }, 120_000);

  it("sign-up: the 41st account from one address in an hour", async () => {
    const address = "198.51.100.3";
    for (let i = 0; i < 40; i++) await signUp(`limit-signup-${i}@example.com`, address);
    const users = await count("users");
    const client = new FormClient(server.origin, address);
    expectRefused(await client.post("/account/sign-in", { intent: "sign-up", email: "limit-signup-refused@example.com", password: PASSWORD }));
    expect(await count("users")).toBe(users);
    expect(await t.db.kysely.selectFrom("users").select("id").where("email", "=", "limit-signup-refused@example.com").executeTakeFirst()).toBeUndefined();
  }, 300_000);

  for (const intent of ["contact", "offer"] as const) {
    it(`${intent === "contact" ? "contact the seller" : "make offer"}: the 6th enquiry from one email in an hour`, async () => {
      const ids = intent === "contact" ? dealerIds : privateIds;
      const email = `limit-${intent}@example.com`;
      const address = intent === "contact" ? "198.51.100.4" : "198.51.100.5";
      for (let i = 0; i < 5; i++) {
        const r = await new FormClient(server.origin, address).post(`/cars-for-sale/vehicle/${ids[i % ids.length]}`, lead(intent, email));
        expect(r.status, visible(r.body).slice(0, 300)).toBe(302);
      }
      const leads = await count("leads");
      expectRefused(await new FormClient(server.origin, address).post(`/cars-for-sale/vehicle/${ids[5 % ids.length]}`, lead(intent, email)));
      expect(await count("leads")).toBe(leads);
      expect(await t.db.kysely.selectFrom("leads").select("id").where("email", "=", email).execute()).toHaveLength(5);
    });
  }

  it("report: the 11th report from one address in an hour", async () => {
    const address = "198.51.100.6";
    for (let i = 0; i < 10; i++) {
      const r = await new FormClient(server.origin, address).post(`/cars-for-sale/vehicle/${dealerIds[20 + i]}`, { intent: "report", reason: "price" });
      expect(r.status).toBe(302);
      expect(r.location).toContain("reported=1");
    }
    const reports = await count("listing_reports");
    expectRefused(await new FormClient(server.origin, address).post(`/cars-for-sale/vehicle/${dealerIds[30]}`, { intent: "report", reason: "price" }));
    expect(await count("listing_reports")).toBe(reports);
  });

  it("email capture (save search): the 11th address from one client in 10 minutes", async () => {
    const address = "198.51.100.7";
    for (let i = 0; i < 10; i++) {
      const r = await new FormClient(server.origin, address).post("/account/save-search", {
        searchUrl: "/cars-for-sale",
        emailAddress: `capture-${i}@example.com`,
      });
      expect(r.status, visible(r.body).slice(0, 300)).toBe(302);
    }
    const searches = await count("saved_searches");
    const r = await new FormClient(server.origin, address).post("/account/save-search", {
      searchUrl: "/cars-for-sale",
      emailAddress: "capture-refused@example.com",
    });
    expectRefused(r);
    // The form is shown again with what was typed.
    expect(visible(r.body)).toContain('value="capture-refused@example.com"');
    expect(await count("saved_searches")).toBe(searches);
  });

  it("price alerts: the 11th subscription from one client in 10 minutes", async () => {
    const address = "198.51.100.8";
    for (let i = 0; i < 10; i++) {
      const r = await new FormClient(server.origin, address).post("/account/price-alert", {
        listingId: String(dealerIds[40 + i]),
        email: `alert-${i}@example.com`,
      });
      expect(r.status).toBe(200);
      // Signed out: the alert waits for the link mailed to the address (double opt-in).
      expect(visible(r.body)).toContain(`Almost done: open the link we sent to alert-${i}@example.com`);
    }
    const alerts = await count("price_alerts");
    expectRefused(
      await new FormClient(server.origin, address).post("/account/price-alert", { listingId: String(dealerIds[50]), email: "alert-refused@example.com" }),
    );
    expect(await count("price_alerts")).toBe(alerts);
  });
});

// ---------------------------------------------------------------------------------------------
// Redirects stay on this site

const HOSTILE = [
  "//evil.example",
  "///evil.example",
  "////evil.example/x",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "https://evil.example/",
  "HTTPS://evil.example",
  "http:evil.example",
  "https:/\\evil.example",
  "//evil.example@localhost",
  "javascript:alert(document.cookie)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/.//evil.example",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "/\t/evil.example",
  "/\r\n/evil.example",
  " //evil.example",
  "\u0000//evil.example",
  "//evil%2Eexample",
  "/\u3000/evil.example",
];

/** The Location resolves to this origin, and so does any refUrl it carries on. */
function expectOnSite(location: string | null, value: string) {
  expect(location, `no redirect for ${JSON.stringify(value)}`).toBeTruthy();
  const loc = location!;
  // What browsers also read as another host: "//x", "/\x", "\x", with any leading blanks.
  expect(loc, JSON.stringify(value)).not.toMatch(/^[\s\u0000-\u001f]*[/\\]{2}|^[\s\u0000-\u001f]*\\|[\u0000-\u001f]/);
  const u = new URL(loc, `${server.origin}/somewhere/page`);
  expect(u.origin, `${JSON.stringify(value)} -> ${loc}`).toBe(server.origin);
  const inner = u.searchParams.get("refUrl");
  if (inner !== null) {
    expect(inner.startsWith("/") && !inner.startsWith("//") && !inner.includes("\\"), `${JSON.stringify(value)} -> refUrl ${inner}`).toBe(true);
    expect(new URL(inner, server.origin).origin).toBe(server.origin);
  }
}

describe("redirects go to same-site paths only", () => {
  let signedIn: FormClient[];
  beforeAll(async () => {
    // Sign-in allows 10 attempts per email in 10 minutes: spread the posts over a few accounts.
    signedIn = [];
    for (let i = 0; i < 4; i++) signedIn.push(await signUp(`redirect-${i}@example.com`, `203.0.113.${i + 1}`));
  }, 120_000);

  it("GET /account/sign-in?refUrl= when already signed in", async () => {
    for (const value of HOSTILE) {
      const r = await signedIn[0]!.get(`/account/sign-in?refUrl=${encodeURIComponent(value)}`);
      expect(r.status).toBe(302);
      expectOnSite(r.location, value);
    }
  });

  it("GET /account/sign-up?refUrl=", async () => {
    for (const value of HOSTILE) {
      const r = await new FormClient(server.origin).get(`/account/sign-up?refUrl=${encodeURIComponent(value)}`);
      expect([301, 302]).toContain(r.status);
      expectOnSite(r.location, value);
    }
  });

  it("POST /account/sign-in (sign-in and sign-up) with refUrl", async () => {
    let k = 0;
    for (const value of HOSTILE) {
      const account = k++ % 4;
      const client = new FormClient(server.origin, `203.0.113.${50 + account}`);
      const r = await client.post("/account/sign-in", { intent: "sign-in", email: `redirect-${account}@example.com`, password: PASSWORD, refUrl: value });
      expect(r.status).toBe(302);
      expectOnSite(r.location, value);
      const up = await new FormClient(server.origin, "203.0.113.99").post("/account/sign-in", {
        intent: "sign-up",
        email: `redirect-up-${k}@example.com`,
        password: PASSWORD,
        refUrl: value,
      });
      expect(up.status).toBe(302);
      expectOnSite(up.location, value);
    }
  }, 300_000);

  it("POST /account/save-vehicle with refUrl (signed in, and signed out past the quick-save quota)", async () => {
    let k = 0;
    for (const value of HOSTILE) {
      const id = String(dealerIds[60 + (k++ % 20)]);
      const r = await signedIn[1]!.post("/account/save-vehicle", { listingId: id, intent: "save", refUrl: value });
      expect(r.status).toBe(302);
      expectOnSite(r.location, value);
      const anon = new FormClient(server.origin);
      // A full quick-save list: the heart sends the shopper to sign up, carrying refUrl.
      for (let q = 0; q < 25; q++) {
        const quick = await anon.post("/account/save-vehicle", { listingId: String(dealerIds[80 + q]), intent: "save", refUrl: value });
        expect(quick.status).toBe(302);
        expectOnSite(quick.location, value);
        if (quick.location!.startsWith("/account/sign-in")) break;
      }
    }
  }, 300_000);

  it("POST /account/save-search with searchUrl", async () => {
    let redirected = 0;
    for (const value of HOSTILE) {
      const r = await signedIn[2]!.post("/account/save-search", { searchUrl: value, title: "Hostile" });
      expect([302, 400]).toContain(r.status);
      if (r.status === 302) {
        redirected++;
        expectOnSite(r.location, value);
      }
    }
    expect(redirected).toBeGreaterThan(0);
  });

  it("POST /compare and the results page's compare button with returnTo", async () => {
    for (const value of HOSTILE) {
      for (const path of ["/compare", "/cars-for-sale"]) {
        const r = await new FormClient(server.origin).post(path, { intent: "add", id: String(dealerIds[0]), returnTo: value });
        expect(r.status, `${path} ${JSON.stringify(value)}`).toBe(303);
        expectOnSite(r.location, value);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Dealer HTML on the vehicle page

describe("a hostile dealer description on the vehicle page", () => {
  it("reaches the page as allow-listed tags and escaped text only", async () => {
    const id = dealerIds[dealerIds.length - 1]!;
    await t.db.kysely
      .updateTable("listings")
      .set({
        description:
          '<p onclick="steal()">One owner</p><script>alert(1)</script><img src=x onerror=alert(1)><svg/onload=alert(1)><g></g></svg>' +
          '<a href="javascript:alert(1)">Call us</a>&lt;b&gt;typed&lt;/b&gt;<style>*{display:none}</style>',
      })
      .where("id", "=", id)
      .execute();
    const r = await new FormClient(server.origin).get(`/cars-for-sale/vehicle/${id}`);
    expect(r.status).toBe(200);
    const section = /data-testid="seller-description"[^>]*>([\s\S]*?)<\/div>/.exec(r.body)?.[1];
    expect(section).toBe("<p>One owner</p>Call us&lt;b&gt;typed&lt;/b&gt;");
    // Nowhere else on the page either (the page's own icons are svg, so look for the payload's parts).
    expect(visible(r.body)).not.toMatch(/onerror=alert|onload=alert|javascript:alert|steal\(\)|display:none/);
  });
});
