// Web push end to end (decision 023), through the real production server and a local push
// receiver that plays the push service: it takes the RFC 8030 POST, checks the RFC 8292 VAPID
// header (an ES256 JWT verified against the key in `vapid t=..., k=...`), and decrypts the RFC 8291
// aes128gcm payload with the subscription's private key and auth secret, made here as a browser
// makes them. A saved car's price drop reaches the device once (not on later runs, not after a
// restart); an endpoint answering 410 loses its subscription; 429 and 503 are retried; bad device
// payloads are refused and store nothing. A signed-out visitor's device gets the drop of a car the
// visitor viewed, and moves to the account at sign-in without a second push of the same drop.
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormClient, activeListingIds, startAppServer, testServerPort, type AppServer } from "../support/app-server.ts";
import { testDatabaseFactories, type TestDatabase } from "../support/databases.ts";

const PASSWORD = "correct-horse-battery-9";
const VAPID = webpush.generateVAPIDKeys();
const SUBJECT = "mailto:push-test@forecourt.test";

// ---------------------------------------------------------------------------------------------
// The push service

interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
  status: number;
}

class PushReceiver {
  server: Server;
  origin = "";
  received: Received[] = [];
  /** Answers per path, in order; the last repeats. */
  script = new Map<string, number[]>();

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const path = req.url ?? "/";
        const answers = this.script.get(path) ?? [201];
        const seen = this.received.filter((r) => r.path === path).length;
        const status = answers[Math.min(seen, answers.length - 1)]!;
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks), status });
        res.writeHead(status, status === 429 ? { "Retry-After": "0" } : {});
        res.end();
      });
    });
  }

  async start() {
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    this.origin = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  at(path: string) {
    return this.received.filter((r) => r.path === path);
  }
}

/** A browser's subscription: P-256 key pair and 16-byte auth secret (RFC 8291). */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    token: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 / RFC 8188: one aes128gcm record decrypted with the user agent's keys. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  expect(idlen).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(rs);
  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record: the data, then the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString("utf8");
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<P-256 public key>`; the JWT's signature, audience, expiry and subject. */
function checkVapid(authorization: string | undefined, audience: string): void {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  expect(m, `Authorization: ${authorization}`).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(VAPID.publicKey);
  const point = Buffer.from(k!, "base64url");
  expect(point.length).toBe(65);
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
    format: "jwk",
  });
  const [h, p, s] = jwt!.split(".");
  expect(JSON.parse(Buffer.from(h!, "base64url").toString())).toMatchObject({ alg: "ES256", typ: "JWT" });
  expect(verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(s!, "base64url"))).toBe(true);
  // A forged signature fails the same check (the check can fail).
  const forged = Buffer.from(s!, "base64url");
  forged[10] = forged[10]! ^ 0xff;
  expect(verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, forged)).toBe(false);
  const claims = JSON.parse(Buffer.from(p!, "base64url").toString()) as { aud: string; exp: number; sub: string };
  expect(claims.aud).toBe(audience);
  expect(claims.sub).toBe(SUBJECT);
  const now = Math.floor(Date.now() / 1000);
  expect(claims.exp).toBeGreaterThan(now);
  expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
}

// ---------------------------------------------------------------------------------------------

let t: TestDatabase;
let server: AppServer;
const receiver = new PushReceiver();
let serverOptions: Parameters<typeof startAppServer>[0];

beforeAll(async () => {
  await receiver.start();
  t = await testDatabaseFactories()[0]!.create();
  serverOptions = {
    port: await testServerPort(9),
    ...t.location,
    seedListings: 300,
    env: {
      TRUST_PROXY: "true",
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
      VAPID_SUBJECT: SUBJECT,
      PUSH_ALLOW_LOOPBACK: "true",
      ALERTS_INTERVAL_MS: "1000",
    },
  };
  server = await startAppServer(serverOptions);
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await t?.drop();
  await new Promise<void>((r) => receiver.server.close(() => r()));
});

async function signUp(email: string, address: string): Promise<FormClient> {
  const client = new FormClient(server.origin, address);
  const r = await client.post("/account/sign-in", { intent: "sign-up", email, password: PASSWORD, refUrl: "/account" });
  expect(r.status).toBe(302);
  return client;
}

async function register(client: FormClient, body: unknown, raw = false) {
  const res = await fetch(`${server.origin}/cars-for-sale/consumer-device/browser`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: server.origin,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "x-forwarded-for": client.address ?? "",
    },
    body: raw ? (body as string) : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
}

const subscriptionCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom("push_subscriptions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, ms = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("web push through a local push receiver", () => {
  it("refuses malformed or unknown device payloads and stores nothing", async () => {
    const client = await signUp("push-bad@forecourt.test", "10.9.0.1");
    const good = browserSubscription(`${receiver.origin}/sub/never`).token;
    const bad: unknown[] = [
      {},
      { brand: "forecourt", pixall_id: "px-1" },
      { brand: "other", pixall_id: "px-1", browser_token: good },
      { brand: "forecourt", pixall_id: "px 1 <script>", browser_token: good },
      { brand: "forecourt", pixall_id: "px-1", browser_token: { ...good, endpoint: "http://example.com/push" } },
      { brand: "forecourt", pixall_id: "px-1", browser_token: { ...good, endpoint: "javascript:alert(1)" } },
      { brand: "forecourt", pixall_id: "px-1", browser_token: { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(2) } } },
      { brand: "forecourt", pixall_id: "px-1", browser_token: { ...good, keys: { ...good.keys, auth: "AAAA" } } },
      { brand: "forecourt", pixall_id: "px-1", browser_token: "{not json" },
      [1, 2, 3],
    ];
    for (const body of bad) expect((await register(client, body)).status, JSON.stringify(body)).toBe(400);
    expect((await register(client, "brand=forecourt&pixall_id=1", true)).status).toBe(400);
    expect(await subscriptionCount()).toBe(0);
  });

  it("delivers a saved car's price drop once, encrypted and signed; 410 deletes; 429 and 503 are retried", async () => {
    const client = await signUp("push-shopper@forecourt.test", "10.9.0.2");
    const [listingId] = await activeListingIds(t.db.kysely, "d");
    expect((await client.post("/account/save-vehicle", { listingId: String(listingId), intent: "save", refUrl: "/account/saved" })).status).toBe(302);

    const ok = browserSubscription(`${receiver.origin}/sub/ok`);
    const gone = browserSubscription(`${receiver.origin}/sub/gone`);
    const flaky = browserSubscription(`${receiver.origin}/sub/flaky`);
    receiver.script.set("/sub/gone", [410]);
    receiver.script.set("/sub/flaky", [429, 503, 201]);
    for (const s of [ok, gone, flaky]) {
      // The spec's payload: browser_token as the subscription's JSON text.
      const r = await register(client, { brand: "forecourt", pixall_id: "px-42", browser_token: JSON.stringify(s.token) });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
    }
    expect(await subscriptionCount()).toBe(3);

    const before = await t.db.kysely.selectFrom("listings").select(["sale_price", "title"]).where("id", "=", listingId!).executeTakeFirstOrThrow();
    const price = Number(before.sale_price) - 750;
    await t.db.kysely.updateTable("listings").set({ sale_price: price }).where("id", "=", listingId!).execute();

    const [push] = await until("the push", () => receiver.at("/sub/ok").length > 0 && receiver.at("/sub/ok"));
    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    checkVapid(push!.headers.authorization, receiver.origin);
    const payload = JSON.parse(decrypt(push!.body, ok.ecdh, ok.auth)) as { title: string; body: string; url: string };
    expect(payload.title).toBe(`Price drop: ${before.title}`);
    expect(payload.body).toContain("$750");
    expect(payload.url).toBe(`/cars-for-sale/vehicle/${listingId}`);
    // The wrong device's keys cannot read it.
    expect(() => decrypt(push!.body, gone.ecdh, gone.auth)).toThrow();

    // 410: the subscription is gone from the database.
    await until(
      "the 410 subscription deleted",
      async () =>
        (await t.db.kysely.selectFrom("push_subscriptions").select("id").where("endpoint", "=", gone.token.endpoint).executeTakeFirst()) === undefined,
    );
    // 429, 503, then 201: retried until delivered, and readable.
    const flakyPushes = await until("the retried push", () => receiver.at("/sub/flaky").some((r) => r.status === 201) && receiver.at("/sub/flaky"));
    expect(flakyPushes.map((r) => r.status)).toEqual([429, 503, 201]);
    expect(JSON.parse(decrypt(flakyPushes[2]!.body, flaky.ecdh, flaky.auth)).url).toBe(`/cars-for-sale/vehicle/${listingId}`);

    // Never twice: more runs (the runner ticks every second), then a restart, then more runs.
    await new Promise((r) => setTimeout(r, 3_500));
    await server.stop();
    server = await startAppServer(serverOptions);
    await new Promise((r) => setTimeout(r, 3_500));
    expect(receiver.at("/sub/ok")).toHaveLength(1);
    expect(receiver.at("/sub/flaky")).toHaveLength(3);
    expect(receiver.at("/sub/gone")).toHaveLength(1);

    // A further drop is a new price: one more push.
    await t.db.kysely
      .updateTable("listings")
      .set({ sale_price: price - 250 })
      .where("id", "=", listingId!)
      .execute();
    const [, second] = await until("the second push", () => receiver.at("/sub/ok").length > 1 && receiver.at("/sub/ok"));
    expect(JSON.parse(decrypt(second!.body, ok.ecdh, ok.auth)).body).toContain("$1,000");
  }, 240_000);

  it("'blocked' removes only the shopper's own stored subscription", async () => {
    const owner = await signUp("push-owner@forecourt.test", "10.9.0.3");
    const other = await signUp("push-other@forecourt.test", "10.9.0.4");
    const s = browserSubscription(`${receiver.origin}/sub/blocked`);
    expect((await register(owner, { brand: "forecourt", pixall_id: "px-7", browser_token: s.token })).status).toBe(201);
    const del = (client: FormClient) =>
      fetch(`${server.origin}/cars-for-sale/consumer-device/browser`, {
        method: "DELETE",
        headers: { "content-type": "application/json", origin: server.origin, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
        body: JSON.stringify({ browser_token: { endpoint: s.token.endpoint } }),
      }).then(async (r) => ({ status: r.status, json: (await r.json()) as { removed: number } }));
    expect((await del(other)).json.removed).toBe(0);
    expect((await del(owner)).json.removed).toBe(1);
    expect(await t.db.kysely.selectFrom("push_subscriptions").select("id").where("endpoint", "=", s.token.endpoint).executeTakeFirst()).toBeUndefined();
  });

  it("a signed-out visitor's device gets a viewed car's drop once, and moves to the account at sign-in", async () => {
    const client = new FormClient(server.origin, "10.9.0.5");
    const s = browserSubscription(`${receiver.origin}/sub/visitor`);
    // Registered signed out: the answer gives the browser its visitor cookie.
    const res = await fetch(`${server.origin}/cars-for-sale/consumer-device/browser`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.origin, "x-forwarded-for": client.address! },
      body: JSON.stringify({ brand: "forecourt", pixall_id: "px-visitor", browser_token: s.token }),
    });
    expect(res.status).toBe(201);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      client.cookies.set(pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1));
    }
    expect(client.cookies.size).toBe(1);
    const sub = await t.db.kysely
      .selectFrom("push_subscriptions")
      .select(["id", "visitor_id", "user_id"])
      .where("endpoint", "=", s.token.endpoint)
      .executeTakeFirstOrThrow();
    expect(sub.visitor_id).toMatch(/^[a-f0-9]{32}$/);
    expect(sub.user_id).toBeNull();

    // This browser's history from before it had a visitor cookie (the opt-in sends it once
    // registered); without a device of its own a visitor's history is refused and stored nowhere.
    const ids = await activeListingIds(t.db.kysely, "d");
    const [viewed, viewedBefore, unseen] = [ids[5]!, ids[7]!, ids[6]!];
    const postHistory = (cookie: string) =>
      fetch(`${server.origin}/cars-for-sale/svc/browsing-history`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.origin, cookie },
        body: JSON.stringify({ views: [{ listingId: viewedBefore, viewedAt: Date.now() - 3_600_000 }] }),
      });
    expect((await postHistory("")).status).toBe(401);
    const shared = await postHistory([...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    expect(shared.status).toBe(200);
    expect(await shared.json()).toEqual({ merged: false, stored: 1 });

    // The visitor views one car (twice); another car it never opened drops too.
    for (let i = 0; i < 2; i++) expect((await client.get(`/cars-for-sale/vehicle/${viewed}`)).status).toBe(200);
    await until(
      "the visitor's view stored",
      async () =>
        (await t.db.kysely
          .selectFrom("listing_viewers")
          .select("at")
          .where("listing_id", "=", viewed)
          .where("viewer", "=", `visitor:${sub.visitor_id}`)
          .executeTakeFirst()) !== undefined,
    );
    const car = await t.db.kysely.selectFrom("listings").select(["sale_price", "title"]).where("id", "=", viewed).executeTakeFirstOrThrow();
    const price = Number(car.sale_price) - 400;
    await t.db.kysely.updateTable("listings").set({ sale_price: price }).where("id", "=", viewed).execute();
    for (const other of [viewedBefore, unseen])
      await t.db.kysely
        .updateTable("listings")
        .set((eb) => ({ sale_price: eb("sale_price", "-", 400) }))
        .where("id", "=", other)
        .execute();

    const pushes = await until("the visitor's pushes", () => receiver.at("/sub/visitor").length > 1 && receiver.at("/sub/visitor"));
    for (const p of pushes) checkVapid(p.headers.authorization, receiver.origin);
    const payloads = pushes.map((p) => JSON.parse(decrypt(p.body, s.ecdh, s.auth)) as { title: string; body: string; url: string });
    expect(payloads.map((p) => p.url).sort()).toEqual([`/cars-for-sale/vehicle/${viewed}`, `/cars-for-sale/vehicle/${viewedBefore}`].sort());
    const payload = payloads.find((p) => p.url === `/cars-for-sale/vehicle/${viewed}`)!;
    expect(payload.title).toBe(`Price drop: ${car.title}`);
    expect(payload.body).toContain("down $400");
    await new Promise((r) => setTimeout(r, 3_000));
    expect(receiver.at("/sub/visitor")).toHaveLength(2);

    // Sign-up from the same browser: the device and the viewed car are the account's now.
    const signUp = await client.post("/account/sign-in", { intent: "sign-up", email: "push-visitor@forecourt.test", password: PASSWORD, refUrl: "/account" });
    expect(signUp.status).toBe(302);
    const user = await t.db.kysely.selectFrom("users").select("id").where("email", "=", "push-visitor@forecourt.test").executeTakeFirstOrThrow();
    expect(
      Number((await t.db.kysely.selectFrom("push_subscriptions").select("user_id").where("endpoint", "=", s.token.endpoint).executeTakeFirstOrThrow()).user_id),
    ).toBe(Number(user.id));
    expect(
      (await t.db.kysely.selectFrom("recent_views").select("listing_id").where("user_id", "=", user.id).execute())
        .map((r) => Number(r.listing_id))
        .sort((a, b) => a - b),
    ).toEqual([viewed, viewedBefore].sort((a, b) => a - b));
    // The same drop is not pushed again through the account; a further drop is.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(receiver.at("/sub/visitor")).toHaveLength(2);
    await t.db.kysely
      .updateTable("listings")
      .set({ sale_price: price - 100 })
      .where("id", "=", viewed)
      .execute();
    const [, , third] = await until("the account's push", () => receiver.at("/sub/visitor").length > 2 && receiver.at("/sub/visitor"));
    expect(JSON.parse(decrypt(third!.body, s.ecdh, s.auth))).toMatchObject({
      url: `/cars-for-sale/vehicle/${viewed}`,
      body: expect.stringContaining("down $500"),
    });
  }, 120_000);

  it("a signed-out visitor's device gets its quick-saved cars' drops, measured from the save; at sign-up the account keeps those prices", async () => {
    const client = new FormClient(server.origin, "10.9.0.6");
    const ids = await activeListingIds(t.db.kysely, "d");
    const [savedBefore, savedAfter, unsaved] = [ids[10]!, ids[11]!, ids[12]!];
    const priceOf = async (id: number) =>
      Number((await t.db.kysely.selectFrom("listings").select("sale_price").where("id", "=", id).executeTakeFirstOrThrow()).sale_price);
    const quickSave = async (listingId: number, intent = "save") =>
      expect((await client.post("/account/save-vehicle", { listingId: String(listingId), intent, refUrl: "/account/saved" })).status).toBe(302);
    // A quick save before the browser had a device: kept in its cookie only.
    await quickSave(savedBefore);
    expect(await t.db.kysely.selectFrom("visitor_saves").select("listing_id").execute()).toEqual([]);
    const s = browserSubscription(`${receiver.origin}/sub/visitor-saves`);
    const res = await fetch(`${server.origin}/cars-for-sale/consumer-device/browser`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: server.origin,
        "x-forwarded-for": client.address!,
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: JSON.stringify({ brand: "forecourt", pixall_id: "px-visitor-saves", browser_token: s.token }),
    });
    expect(res.status).toBe(201);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      client.cookies.set(pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1));
    }
    // With its device: two more quick saves, one of them taken back.
    await quickSave(savedAfter);
    await quickSave(unsaved);
    await quickSave(unsaved, "unsave");
    const visitorId = (
      await t.db.kysely.selectFrom("push_subscriptions").select("visitor_id").where("endpoint", "=", s.token.endpoint).executeTakeFirstOrThrow()
    ).visitor_id;
    const kept = await t.db.kysely
      .selectFrom("visitor_saves")
      .select(["listing_id", "price_at_save"])
      .where("visitor_id", "=", visitorId!)
      .orderBy("listing_id")
      .execute();
    expect(kept.map((r) => Number(r.listing_id))).toEqual([savedBefore, savedAfter].sort((a, b) => a - b));
    const before = new Map([savedBefore, savedAfter, unsaved].map((id) => [id, 0]));
    for (const id of before.keys()) before.set(id, await priceOf(id));
    for (const id of before.keys())
      await t.db.kysely
        .updateTable("listings")
        .set({ sale_price: before.get(id)! - 300 })
        .where("id", "=", id)
        .execute();
    const pushes = await until("the quick saves' pushes", () => receiver.at("/sub/visitor-saves").length > 1 && receiver.at("/sub/visitor-saves"));
    for (const p of pushes) checkVapid(p.headers.authorization, receiver.origin);
    const payloads = pushes.map((p) => JSON.parse(decrypt(p.body, s.ecdh, s.auth)) as { body: string; url: string });
    expect(payloads.map((p) => p.url).sort()).toEqual([`/cars-for-sale/vehicle/${savedBefore}`, `/cars-for-sale/vehicle/${savedAfter}`].sort());
    for (const p of payloads) expect(p.body).toContain("down $300");
    await new Promise((r) => setTimeout(r, 3_000));
    expect(receiver.at("/sub/visitor-saves")).toHaveLength(2);

    // Sign-up from the same browser: the saves are the account's, at the prices they were saved at.
    const signUp = await client.post("/account/sign-in", {
      intent: "sign-up",
      email: "push-visitor-saves@forecourt.test",
      password: PASSWORD,
      refUrl: "/account",
    });
    expect(signUp.status).toBe(302);
    const user = await t.db.kysely.selectFrom("users").select("id").where("email", "=", "push-visitor-saves@forecourt.test").executeTakeFirstOrThrow();
    const accountSaves = await t.db.kysely
      .selectFrom("saved_vehicles")
      .select(["listing_id", "price_at_save"])
      .where("user_id", "=", user.id)
      .orderBy("listing_id")
      .execute();
    expect(accountSaves.map((r) => [Number(r.listing_id), Number(r.price_at_save)])).toEqual(
      [savedBefore, savedAfter].sort((a, b) => a - b).map((id) => [id, before.get(id)!]),
    );
    expect(await t.db.kysely.selectFrom("visitor_saves").select("listing_id").where("visitor_id", "=", visitorId!).execute()).toEqual([]);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(receiver.at("/sub/visitor-saves")).toHaveLength(2);
  }, 120_000);
});
