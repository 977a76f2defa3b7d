// The Nu HTML checker (the `vnu-jar` package, run with the machine's Java) over one page of each
// type, served by the real server: 0 errors (docs/seo.md). What it reports is what browsers and
// assistive technology would have to guess around. The pages a shopper reaches signed in (account,
// saved, review writing), the research and deal pages, an operator's page, and a results and a
// vehicle page whose car has a dealer's real photos (picture / srcset markup) are among them.
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormClient, activeListingIds, startAppServer, testServerPort, type AppServer } from "../support/app-server.ts";
import { testDatabaseFactories, type TestDatabase } from "../support/databases.ts";
import { makePhoto } from "../support/photo-images.ts";
import { testReviewForm } from "../support/reviews.ts";
import { saveExpertReview } from "../../app/server/research/expert-reviews.server.ts";
import { decideReview, saveReview } from "../../app/server/research/consumer-reviews.server.ts";
import { checkEligibility } from "../../app/server/deals/eligibility.server.ts";

const run = promisify(execFile);
const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;

interface VnuMessage {
  type: string;
  subType?: string;
  message: string;
  extract?: string;
}

let t: TestDatabase;
let server: AppServer;
let dir: string;
let shopper: FormClient;
let operator: FormClient;
const OPERATOR = "vnu-operator@example.com";
const PASSWORD = "correct-horse-battery-staple";
/** A dealer's car with real photos (imported below) and the results page that shows it. */
const PHOTO_VIN = "7FARW2H57KE019283";
const PHOTO_RESULTS = "/cars-for-sale?zip=78701&searchRadius=10&sortBy=datelistedDESC";

/** A feed with one car of 3 photos, imported by `npm run feed` into the server's database and photo store. */
async function importPhotoFeed(photoStore: string, sqlitePath: string): Promise<void> {
  const feedDir = path.join(dir, "feed");
  mkdirSync(path.join(feedDir, "photos"), { recursive: true });
  const photos: string[] = [];
  for (let i = 1; i <= 3; i++) {
    writeFileSync(path.join(feedDir, `photos/crv-${i}.jpg`), await makePhoto(1600, 1200));
    photos.push(`photos/crv-${i}.jpg`);
  }
  const feed = {
    dealers: [
      {
        id: "DLR-VNU-PHOTOS",
        name: "Congress Avenue Motors",
        zip: "78701",
        vehicles: [
          {
            vin: PHOTO_VIN,
            condition: "USED",
            year: 2019,
            make: "Honda",
            model: "CR-V",
            trim: "EX",
            mileage: 41000,
            price: 21995,
            exterior_color: "Black",
            interior_color: "Black",
            photos,
          },
        ],
      },
    ],
  };
  writeFileSync(path.join(feedDir, "feed.json"), JSON.stringify(feed));
  const out = execFileSync(process.execPath, ["scripts/feed.ts", path.join(feedDir, "feed.json")], {
    env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: "", PHOTO_STORE_DIR: photoStore },
    encoding: "utf8",
  });
  expect(out).toMatch(/photos ready:\s+3, failed 0, pending 0/);
}

/** A signed-up (and signed-in) shopper. */
async function signUp(email: string): Promise<FormClient> {
  const client = new FormClient(server.origin);
  const r = await client.post("/account/sign-in", { intent: "sign-up", email, password: PASSWORD, firstName: "Val", lastName: "Idator", refUrl: "/account" });
  expect(r.status, r.body.slice(0, 300)).toBe(302);
  return client;
}

beforeAll(async () => {
  t = await testDatabaseFactories()[0]!.create();
  dir = mkdtempSync(path.join(tmpdir(), "forecourt-vnu-"));
  const photoStore = path.join(dir, "photos");
  server = await startAppServer({
    port: await testServerPort(18),
    ...t.location,
    seedListings: 300,
    env: { OPERATOR_EMAILS: OPERATOR, PHOTO_STORE_DIR: photoStore },
  });
  await importPhotoFeed(photoStore, (t.location as { sqlitePath: string }).sqlitePath);
  shopper = await signUp("vnu-shopper@example.com");
  operator = await signUp(OPERATOR);
  await t.db.kysely.updateTable("users").set({ email_verified_at: Date.now() }).where("email", "=", OPERATOR).execute();
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await t?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The pages, each with the client that asks for it (signed in or not). */
async function pages(): Promise<[string, string, FormClient?][]> {
  const [dealerCar] = await activeListingIds(t.db.kysely, "d");
  const [privateCar] = await activeListingIds(t.db.kysely, "p");
  const [a, b] = await activeListingIds(t.db.kysely, "d");
  const k = t.db.kysely;
  // A saved car and a saved search on the shopper's account.
  await shopper.post("/account/save-vehicle", { listingId: String(dealerCar), refUrl: "/account/saved" });
  // A published consumer review and a published expert review of a model year.
  const user = await k.selectFrom("users").select("id").where("email", "=", "vnu-shopper@example.com").executeTakeFirstOrThrow();
  const review = await saveReview(t.db, Number(user.id), testReviewForm());
  expect(review.status).toBe("created");
  await decideReview(t.db, (review as { id: number }).id, "approve", null);
  const expertId = await saveExpertReview(t.db, {
    make: "TOYOTA",
    model: "RAV4",
    year: 2022,
    headline: "The sensible SUV, done well",
    verdict: "A sensible choice.",
    pros: "Roomy\nFrugal",
    cons: "Noisy",
    body: "## Driving\n\nQuiet at speed, **frugal** in town.\n\n- roomy\n- practical",
    score: 8,
    author: "Jo Editor",
    publish: true,
  });
  // A car the eligibility rules pass (buy online) and a saved deal on it.
  const optedIn = await k
    .selectFrom("listings as l")
    .innerJoin("owners as o", "o.id", "l.owner_id")
    .select(["l.id", "l.vin"])
    .where("l.status", "=", "active")
    .where("o.seller_type", "=", "d")
    .where("o.ecommerce_opt_in", "=", 1)
    .execute();
  const eligibility = await checkEligibility(
    t.db,
    optedIn.map((r) => r.vin),
  );
  const sellable = optedIn.find((r) => eligibility.results.some((e) => e.vin === r.vin && e.sellable))!;
  expect(sellable).toBeDefined();
  const saved = await fetch(`${server.origin}/my-wallet/share-dealxg/deals`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", origin: server.origin },
    body: JSON.stringify({ deal: { carId: Number(sellable.id), dealType: "cash" } }),
  });
  const deal = (await saved.json()) as { id: string };
  expect(deal.id, JSON.stringify(deal)).toBeTruthy();
  // The dealer's car with photos, once the search has picked up the feed (it polls).
  const photoCar = Number((await k.selectFrom("listings").select("id").where("vin", "=", PHOTO_VIN).executeTakeFirstOrThrow()).id);
  await expect
    .poll(async () => (await (await fetch(server.origin + PHOTO_RESULTS, { headers: { cookie: "poll=1" } })).text()).includes(`listing-${photoCar}`), {
      timeout: 30_000,
    })
    .toBe(true);
  return [
    ["home", "/"],
    ["results", "/cars-for-sale"],
    ["category results", "/cars-for-sale/used/suv-crossover"],
    ["no results", "/cars-for-sale?keyword=zzzz-nothing"],
    ["certified results (labels linking to the warranty)", "/cars-for-sale/certified"],
    ["results with a model notice", "/cars-for-sale?makeCode=TOYOTA&modelCode=HONDA:CIVIC"],
    ["dealer's vehicle", `/cars-for-sale/vehicle/${dealerCar}`],
    ["private seller's vehicle", `/cars-for-sale/vehicle/${privateCar}`],
    ["compare", `/compare?ids=${a},${b}`],
    ["compare trims", "/compare/trims?makeCode=TOYOTA&modelCode=RAV4"],
    ["build and price", "/build-and-price?makeCode=TOYOTA&modelCode=RAV4"],
    ["sign in", "/account/sign-in"],
    ["create an account", "/account/sign-in?defaultScreen=signup"],
    ["wallet", "/wallet"],
    ["not found", "/no-such-page"],
    ["account (signed in)", "/account", shopper],
    ["saved (signed in)", "/account/saved", shopper],
    ["model year reviews", "/research/TOYOTA/RAV4/2022/reviews"],
    ["expert review", `/research/expert/${expertId}`],
    ["review writing (signed in)", "/reviews/write?make=TOYOTA&model=RAV4&year=2022", shopper],
    ["deal", `/deal/${deal.id}`],
    ["buy online", `/cars-for-sale/vehicle/${sellable.id}/buy-online`],
    ["operator's reports", "/operator/reports", operator],
    ["results with dealer photos", PHOTO_RESULTS],
    ["vehicle with dealer photos", `/cars-for-sale/vehicle/${photoCar}`],
  ];
}

describe("the Nu HTML checker finds no error", () => {
  it("on one page of each type", async () => {
    const files: { name: string; file: string }[] = [];
    for (const [name, url, client] of await pages()) {
      const { status, body } = client
        ? await client.get(url)
        : await fetch(server.origin + url, { headers: { accept: "text/html" } }).then(async (r) => ({ status: r.status, body: await r.text() }));
      expect([200, 404], `${name}: ${url}`).toContain(status);
      if (name.includes("dealer photos")) expect(body, name).toMatch(/<picture>[\s\S]*srcset=/i);
      if (name.includes("signed in")) expect(body, name).toContain("My account");
      if (name.includes("model notice")) expect(body, name).toContain("Civic is a Honda model");
      const file = path.join(dir, `${name.replace(/\W+/g, "-")}.html`);
      writeFileSync(file, body);
      files.push({ name, file });
    }
    // One JVM for every page: --exit-zero-always keeps the report when there are errors.
    const { stdout, stderr } = await run(
      "java",
      ["-jar", vnuJar, "--errors-only", "--exit-zero-always", "--format", "json", "--stdout", ...files.map((f) => f.file)],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const report = JSON.parse(stdout || stderr) as { messages: (VnuMessage & { url: string })[] };
    const errors = report.messages
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => `${files.find((f) => m.url.endsWith(path.basename(f.file)))?.name ?? m.url}: ${m.message} [${(m.extract ?? "").slice(0, 120)}]`);
    expect(errors).toEqual([]);
  }, 300_000);
});
