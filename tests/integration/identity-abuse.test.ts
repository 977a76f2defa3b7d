// Identity and abuse, through the real production server as a browser without JavaScript posts
// (docs/decisions/020-verified-identity-and-reports.md). Each block starts from the exact request
// that worked before the fix:
// - three cookie-less reports (intent=report&reason=scam) hid a car from search;
// - signing up with (or changing to) an address in OPERATOR_EMAILS opened /operator/reports;
// - alerts could be attached to anyone's address, and an account saw data held under an address it
//   never proved;
// - "copy to me" on the contact form mailed the visitor's text to any typed address;
// - an account could save without limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailLinkToken } from "../../app/server/accounts/email-token.server.ts";
import { FormClient, activeListingIds, startAppServer, testServerPort, type AppServer } from "../support/app-server.ts";
import { testDatabaseFactories, type TestDatabase } from "../support/databases.ts";

const PASSWORD = "correct-horse-battery-9";
// startAppServer's SESSION_SECRET: the test can sign an expired link like the server would.
const SECRET = "integration-session-secret-that-is-long-enough-0123456789";
const OPERATOR = "boss@forecourt.test";
const OPERATOR_2 = "chief@forecourt.test";

let t: TestDatabase;
let server: AppServer;
let dealerIds: number[];

beforeAll(async () => {
  t = await testDatabaseFactories()[0]!.create();
  server = await startAppServer({
    port: await testServerPort(7),
    ...t.location,
    seedListings: 300,
    env: { TRUST_PROXY: "true", OPERATOR_EMAILS: `${OPERATOR},${OPERATOR_2}`, SAVED_VEHICLES_MAX: "3", SAVED_SEARCHES_MAX: "2" },
  });
  dealerIds = await activeListingIds(t.db.kysely, "d");
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await t?.drop();
});

/** The page as a person reads it: scripts (and the hydration data in them) removed. */
function visible(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
}

let addressCounter = 0;
/** A fresh client address per client (TRUST_PROXY): the per-address limits stay out of the way. */
function nextAddress(): string {
  addressCounter++;
  return `10.${Math.floor(addressCounter / 250)}.${addressCounter % 250}.1`;
}

async function signUp(email: string, address = nextAddress()): Promise<FormClient> {
  const client = new FormClient(server.origin, address);
  const r = await client.post("/account/sign-in", { intent: "sign-up", email, password: PASSWORD, refUrl: "/account" });
  expect(r.status, visible(r.body).slice(0, 300)).toBe(302);
  return client;
}

async function mailsTo(email: string, kind?: string) {
  let q = t.db.kysely.selectFrom("mail_outbox").select(["kind", "subject", "text_body"]).where("to_address", "=", email);
  if (kind) q = q.where("kind", "=", kind);
  return q.orderBy("id", "desc").execute();
}

/** The link in the newest mail of this kind to the address, as a path on the server. */
async function linkMailedTo(email: string, kind: "verify-email" | "confirm-alert"): Promise<string> {
  const [mail] = await mailsTo(email, kind);
  expect(mail, `a ${kind} mail to ${email}`).toBeDefined();
  const url = /https?:\/\/\S+\/account\/verify-email\?token=\S+/.exec(mail!.text_body)?.[0];
  expect(url).toBeDefined();
  return new URL(url!).pathname + new URL(url!).search;
}

async function verify(client: FormClient, email: string) {
  const r = await client.get(await linkMailedTo(email, "verify-email"));
  expect(r.status).toBe(200);
  expect(visible(r.body)).toContain("Your email is verified");
}

async function userRow(email: string) {
  return t.db.kysely.selectFrom("users").select(["id", "email", "pending_email", "email_verified_at"]).where("email", "=", email).executeTakeFirst();
}

async function listingStatus(id: number): Promise<string> {
  return (await t.db.kysely.selectFrom("listings").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
}

async function searchable(id: number): Promise<number> {
  const { vin } = await t.db.kysely.selectFrom("listings").select("vin").where("id", "=", id).executeTakeFirstOrThrow();
  const res = await fetch(`${server.origin}/rest/lsc/listing?vin=${vin}`);
  return ((await res.json()) as { listings: unknown[] }).listings.length;
}

describe("operator access needs a verified address", () => {
  it("signing up with an operator's address grants nothing until its link is opened", async () => {
    const client = await signUp(OPERATOR);
    expect((await client.get("/operator/reports")).status).toBe(404);
    const account = visible((await client.get("/account")).body);
    expect(account).toContain(`Verify your email: we sent a link to ${OPERATOR}.`);
    expect(account).toContain("Resend verification email");
    expect((await userRow(OPERATOR))!.email_verified_at).toBeNull();

    // A forged link, a link for another address and an expired link verify nothing.
    const user = (await userRow(OPERATOR))!;
    const forged = emailLinkToken("a-forged-secret-that-is-long-enough-00000000", { kind: "account", userId: Number(user.id), email: OPERATOR });
    expect(visible((await client.get(`/account/verify-email?token=${encodeURIComponent(forged)}`)).body)).toContain("This link is not valid");
    const real = new URLSearchParams((await linkMailedTo(OPERATOR, "verify-email")).split("?")[1]).get("token")!;
    const otherPayload = JSON.stringify(["account", String(user.id), "other@forecourt.test", Date.now() + 3_600_000]);
    const tampered = `${Buffer.from(otherPayload).toString("base64url")}.${real.split(".")[1]}`;
    expect(visible((await client.get(`/account/verify-email?token=${encodeURIComponent(tampered)}`)).body)).toContain("This link is not valid");
    const expired = emailLinkToken(SECRET, { kind: "account", userId: Number(user.id), email: OPERATOR }, Date.now() - 25 * 3_600_000);
    expect(visible((await client.get(`/account/verify-email?token=${encodeURIComponent(expired)}`)).body)).toContain("This link has expired");
    expect((await client.get("/operator/reports")).status).toBe(404);

    // "Resend verification email" mails a new link, and is rate limited.
    const before = (await mailsTo(OPERATOR, "verify-email")).length;
    const resent = await client.post("/account", { intent: "resend-verification" });
    expect(resent.status).toBe(302);
    expect(resent.location).toBe("/account?verification=sent");
    expect(await mailsTo(OPERATOR, "verify-email")).toHaveLength(before + 1);
    for (let i = 0; i < 2; i++) expect((await client.post("/account", { intent: "resend-verification" })).status).toBe(302);
    const refused = await client.post("/account", { intent: "resend-verification" });
    expect(refused.status).toBe(429);
    expect(visible(refused.body)).toMatch(/Too many attempts\. Please wait \d+ (seconds|minutes) and try again\./);
    expect(await mailsTo(OPERATOR, "verify-email")).toHaveLength(before + 3);

    await verify(client, OPERATOR);
    expect((await userRow(OPERATOR))!.email_verified_at).not.toBeNull();
    expect(visible((await client.get("/account")).body)).toContain("Your email is verified.");
    const page = await client.get("/operator/reports");
    expect(page.status).toBe(200);
    expect(visible(page.body)).toContain("Reported listings");
  });

  it("changing one's email to an operator's address takes effect only when the new address is verified", async () => {
    const mallory = "mallory@example.com";
    const client = await signUp(mallory);
    await verify(client, mallory);
    const r = await client.post("/account", { intent: "profile", email: OPERATOR_2, firstName: "M" });
    expect(r.status).toBe(302);
    // The old address stays; the new one waits for its link, mailed to it.
    expect(await userRow(mallory)).toMatchObject({ email: mallory, pending_email: OPERATOR_2 });
    expect(visible((await client.get("/account")).body)).toContain(`We sent a link to ${OPERATOR_2}. Your email changes to it when you open the link.`);
    expect(await mailsTo(OPERATOR_2, "verify-email")).toHaveLength(1);
    expect((await client.get("/operator/reports")).status).toBe(404);
    // Signing in still takes the old address.
    const again = new FormClient(server.origin, nextAddress());
    expect((await again.post("/account/sign-in", { intent: "sign-in", email: mallory, password: PASSWORD })).status).toBe(302);

    // Whoever reads chief@'s mail opens the link: only then does the email change.
    expect(visible((await new FormClient(server.origin).get(await linkMailedTo(OPERATOR_2, "verify-email"))).body)).toContain(
      `Your account's email is now ${OPERATOR_2}.`,
    );
    expect(await userRow(OPERATOR_2)).toMatchObject({ pending_email: null });
    expect((await client.get("/operator/reports")).status).toBe(200);
  });
});

describe("data held under an address needs that address's confirmation", () => {
  it("a price alert for someone else's address is only a confirmation mail until its link is opened", async () => {
    const victim = "victim-alerts@example.com";
    const stranger = new FormClient(server.origin, nextAddress());
    const r = await stranger.post("/account/price-alert", { listingId: String(dealerIds[0]), email: victim });
    expect(r.status).toBe(200);
    expect(visible(r.body)).toContain(`Almost done: open the link we sent to ${victim} to turn on price alerts for this car.`);
    const row = await t.db.kysely.selectFrom("price_alerts").select(["id", "confirmed_at"]).where("email", "=", victim).executeTakeFirstOrThrow();
    expect(row.confirmed_at).toBeNull();
    expect((await mailsTo(victim)).map((m) => m.kind)).toEqual(["confirm-alert"]);

    // An account that claims the address but has not verified it sees nothing held under it.
    const claimer = await signUp(victim);
    expect(visible((await claimer.get("/account/saved")).body)).not.toContain("Price alert");
    const off = await claimer.post("/account/saved", { intent: "alert-off", alertId: String(row.id) });
    expect(off.status).toBe(404);

    // The address's owner confirms by the link: the alert is on, and once the account verifies
    // the address it sees the alert.
    const confirmed = await new FormClient(server.origin).get(await linkMailedTo(victim, "confirm-alert"));
    expect(visible(confirmed.body)).toContain("Alerts confirmed");
    expect(
      (await t.db.kysely.selectFrom("price_alerts").select("confirmed_at").where("id", "=", row.id).executeTakeFirstOrThrow()).confirmed_at,
    ).not.toBeNull();
    await verify(claimer, victim);
    expect(visible((await claimer.get("/account/saved")).body)).toContain("Price alert on");
  });

  it("a signed-in shopper with a verified address subscribes it at once", async () => {
    const email = "verified-alerts@example.com";
    const client = await signUp(email);
    await verify(client, email);
    const r = await client.post("/account/price-alert", { listingId: String(dealerIds[1]), email });
    expect(visible(r.body)).toContain(`Price alerts are on. We will email ${email} when the price drops.`);
    expect(
      (await t.db.kysely.selectFrom("price_alerts").select("confirmed_at").where("email", "=", email).executeTakeFirstOrThrow()).confirmed_at,
    ).not.toBeNull();
    expect(await mailsTo(email, "confirm-alert")).toHaveLength(0);
  });

  it("a search saved by email alone waits for its confirmation link", async () => {
    const email = "victim-search@example.com";
    const r = await new FormClient(server.origin, nextAddress()).post("/account/save-search", {
      searchUrl: "/cars-for-sale?sortBy=yearDESC",
      emailAddress: email,
    });
    expect(r.status).toBe(302);
    const row = await t.db.kysely.selectFrom("saved_searches").select(["id", "confirmed_at"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(row.confirmed_at).toBeNull();
    const link = await linkMailedTo(email, "confirm-alert");
    expect(visible((await new FormClient(server.origin).get(link)).body)).toContain("Alerts confirmed");
    expect(
      (await t.db.kysely.selectFrom("saved_searches").select("confirmed_at").where("id", "=", row.id).executeTakeFirstOrThrow()).confirmed_at,
    ).not.toBeNull();
  });
});

describe("the contact form's copy goes only to a verified address", () => {
  const contact = (email: string) => ({
    intent: "contact",
    firstName: "Eve",
    lastName: "Mallet",
    fromEmailAddress: email,
    comments: "Buy cheap watches at spam.example",
  });
  const dealerEmail = async (listingId: number) =>
    (
      await t.db.kysely
        .selectFrom("listings as l")
        .innerJoin("owners as o", "o.id", "l.owner_id")
        .select("o.email")
        .where("l.id", "=", listingId)
        .executeTakeFirstOrThrow()
    ).email!;

  it("signed out: the seller gets the enquiry, the typed address gets nothing", async () => {
    const victim = "victim-copy@example.com";
    const id = dealerIds[2]!;
    const r = await new FormClient(server.origin, nextAddress()).post(`/cars-for-sale/vehicle/${id}`, contact(victim));
    expect(r.status).toBe(302);
    expect(r.location).not.toContain("copy=1");
    expect(await mailsTo(victim)).toHaveLength(0);
    const seller = await mailsTo(await dealerEmail(id), "lead");
    expect(seller.some((m) => m.text_body.includes(`Reply to: ${victim}`))).toBe(true);
  });

  it("signed in with a verified address: a copy to that address only", async () => {
    const email = "copy-me@example.com";
    const client = await signUp(email);
    // Not verified yet: no copy.
    expect((await client.post(`/cars-for-sale/vehicle/${dealerIds[3]}`, contact(email))).status).toBe(302);
    expect(await mailsTo(email, "lead-copy")).toHaveLength(0);
    await verify(client, email);
    const r = await client.post(`/cars-for-sale/vehicle/${dealerIds[4]}`, contact(email));
    expect(r.location).toContain("copy=1");
    expect(await mailsTo(email, "lead-copy")).toHaveLength(1);
    expect(visible((await client.get(r.location!)).body)).toContain("We emailed you a copy.");
    // Another address typed by the same account: no copy to it.
    expect((await client.post(`/cars-for-sale/vehicle/${dealerIds[5]}`, contact("someone-else@example.com"))).status).toBe(302);
    expect(await mailsTo("someone-else@example.com")).toHaveLength(0);
  });
});

describe("reports hide a car only past the documented bar", () => {
  const report = { intent: "report", reason: "scam" };

  it("three cookie-less reports (the probe's exact requests) leave the car in search", async () => {
    const id = dealerIds[20]!;
    for (let i = 0; i < 3; i++) {
      // No cookie, a new client each time: before, each counted as a new reporter.
      const r = await new FormClient(server.origin, "192.0.2.10").post(`/cars-for-sale/vehicle/${id}`, report);
      expect(r.status).toBe(302);
      expect(r.location).toContain("reported=1");
    }
    for (let i = 0; i < 3; i++) await new FormClient(server.origin, `192.0.${3 + i}.10`).post(`/cars-for-sale/vehicle/${id}`, report);
    expect(await t.db.kysely.selectFrom("listing_reports").select("id").where("listing_id", "=", id).execute()).toHaveLength(6);
    expect(await listingStatus(id)).toBe("active");
    expect(await searchable(id)).toBe(1);
  });

  it("reports per address are rate limited", async () => {
    const address = "192.0.2.99";
    for (let i = 0; i < 10; i++)
      expect((await new FormClient(server.origin, address).post(`/cars-for-sale/vehicle/${dealerIds[30 + i]}`, report)).status).toBe(302);
    const refused = await new FormClient(server.origin, address).post(`/cars-for-sale/vehicle/${dealerIds[40]}`, report);
    expect(refused.status).toBe(429);
  });

  it("verified accounts from one network do not hide it; from three networks they do, and the seller is told why", async () => {
    const id = dealerIds[21]!;
    for (let i = 0; i < 3; i++) {
      const email = `reporter-a${i}@example.com`;
      const client = await signUp(email, `198.51.100.${10 + i}`);
      await verify(client, email);
      expect((await client.post(`/cars-for-sale/vehicle/${id}`, report)).status).toBe(302);
    }
    expect(await listingStatus(id)).toBe("active");
    expect(await searchable(id)).toBe(1);

    for (let i = 0; i < 2; i++) {
      const email = `reporter-b${i}@example.com`;
      const client = await signUp(email, `203.0.${113 + i}.7`);
      await verify(client, email);
      expect((await client.post(`/cars-for-sale/vehicle/${id}`, report)).status).toBe(302);
    }
    expect(await listingStatus(id)).toBe("review");
    await expect.poll(() => searchable(id), { timeout: 10_000 }).toBe(0);
    const { email } = await t.db.kysely
      .selectFrom("listings as l")
      .innerJoin("owners as o", "o.id", "l.owner_id")
      .select("o.email")
      .where("l.id", "=", id)
      .executeTakeFirstOrThrow();
    const [told] = await mailsTo(email!, "listing-hidden");
    expect(told!.text_body).toContain("The seller seems fraudulent (5 reports)");
  });
});

describe("caps on what an account saves", () => {
  it("saved cars: past the cap, a clear message and nothing stored", async () => {
    const client = await signUp("cap-cars@example.com");
    for (let i = 0; i < 3; i++) {
      const r = await client.post("/account/save-vehicle", { listingId: String(dealerIds[50 + i]), intent: "save", via: "fetch" });
      expect(JSON.parse(r.body)).toMatchObject({ ok: true, saved: true });
    }
    const r = await client.post("/account/save-vehicle", { listingId: String(dealerIds[53]), intent: "save", via: "fetch" });
    expect(r.status).toBe(409);
    expect(JSON.parse(r.body).error).toBe("You have 3 saved cars, the most an account can keep. Remove one on your Saved page to save another.");
    // Without JavaScript: the Saved page, with the message beside the cars.
    const plain = await client.post("/account/save-vehicle", { listingId: String(dealerIds[53]), intent: "save" });
    expect(plain.location).toBe("/account/saved?done=cars-full");
    expect(visible((await client.get(plain.location!)).body)).toContain("You have 3 saved cars, the most an account can keep.");
    const user = (await userRow("cap-cars@example.com"))!;
    expect(await t.db.kysely.selectFrom("saved_vehicles").select("listing_id").where("user_id", "=", user.id).execute()).toHaveLength(3);
  });

  it("saved searches: past the cap, the message beside the form and nothing stored", async () => {
    const client = await signUp("cap-searches@example.com");
    for (const sort of ["yearASC", "yearDESC"])
      expect((await client.post("/account/save-search", { searchUrl: `/cars-for-sale?sortBy=${sort}` })).status).toBe(302);
    const r = await client.post("/account/save-search", { searchUrl: "/cars-for-sale?sortBy=mileageASC" });
    expect(r.status).toBe(409);
    expect(visible(r.body)).toContain("You have 2 saved searches, the most an account can keep. Delete one on your Saved page to save another.");
    const user = (await userRow("cap-searches@example.com"))!;
    expect(await t.db.kysely.selectFrom("saved_searches").select("id").where("user_id", "=", user.id).execute()).toHaveLength(2);
  });

  it("saves are rate limited per account", async () => {
    const client = await signUp("burst-saves@example.com");
    for (let i = 0; i < 30; i++) {
      const r = await client.post("/account/save-vehicle", { listingId: String(dealerIds[60]), intent: "save", via: "fetch" });
      expect(r.status).toBe(200);
    }
    const r = await client.post("/account/save-vehicle", { listingId: String(dealerIds[60]), intent: "save", via: "fetch" });
    expect(r.status).toBe(429);
    expect(JSON.parse(r.body).error).toMatch(/Too many attempts/);
  });
});
