// Fault injection on the service-call layer in HTTP mode (msw): for every call, a timeout, a
// 500, malformed JSON, a refused connection and an open breaker each give exactly the error
// catalogue's behaviour (docs/services.md). The happy path goes over "HTTP" to the real
// service functions on a seeded inventory. Then the results page with failing services.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseSearchUrl } from "../../lib/search-url.ts";
import { closeDatabase, getDatabase } from "../db/connection.server.ts";
import { seedInventory } from "../inventory/seed.server.ts";
import { runWithRequest, type RequestContext } from "../observability/context.server.ts";
import { setMonitor, type ErrorReport } from "../observability/log.server.ts";
import { loadSearchPage } from "../../routes/results/loader.server.ts";
import { ensureReferenceData } from "../reference/store.server.ts";
import { closeSearchEngine } from "../search/search.server.ts";
import { CALLS, createServiceCalls, errorTextFor, ServiceCallError, setServiceCalls, type CallName, type ServiceCalls } from "./calls.server.ts";
import {
  countService,
  crawlLinksService,
  listingService,
  mileageStatsService,
  modelInfoService,
  packagesService,
  referenceService,
  similarService,
  suggestedKeywordsService,
  zipService,
} from "./listing-service.server.ts";
import { getSearchUrlContext } from "./url-context.server.ts";
import { eligibilityPayloadService, eligibilityService } from "../deals/eligibility.server.ts";
import { dealsService } from "../deals/deals.server.ts";
import { boostQueryOf, highlightSpotlightService, newCarBoostService, spotlightService } from "../placements/spotlights.server.ts";
import { placementsOf } from "../inventory/placements.server.ts";
import { vehicleHighlights } from "../placements/highlights.server.ts";
import { consumerRatingsService, expertReviewService, referenceVehiclesService, safetyService } from "../research/research-services.server.ts";
import { requestContexts } from "../http/request-context.server.ts";
import { certifiedSponsorService } from "./certified-sponsor.server.ts";
import { resetEnvCache } from "../env.server.ts";
import { loadVehiclePage } from "../../routes/vehicle/loader.server.ts";

const BASE = "http://services.test";
const REFUSED = "http://127.0.0.1:1";
const SHORT = 60;
const timeouts = Object.fromEntries(Object.keys(CALLS).map((k) => [k, SHORT])) as Record<CallName, number>;
let dir: string;
const reports: ErrorReport[] = [];

type Fault = "ok" | "timeout" | "500" | "malformed" | "wrongShape";
let fault: Fault = "ok";
let hits = 0;

/** Answers like the real routes (the real service functions), unless a fault is set. */
function answer(produce: (url: URL, params: Record<string, string>) => Promise<unknown>) {
  return async ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
    hits++;
    if (fault === "timeout") {
      await delay(SHORT * 10);
      return HttpResponse.json({});
    }
    if (fault === "500") return HttpResponse.json({ error: "down" }, { status: 500 });
    if (fault === "malformed") return new HttpResponse('{"listings": [', { headers: { "Content-Type": "application/json" } });
    if (fault === "wrongShape") return HttpResponse.json([1, 2, 3]);
    const body = await produce(new URL(request.url), params as Record<string, string>);
    if (body === null) return HttpResponse.json({ error: "Not found" }, { status: 404 });
    const headers = new Headers();
    if (new URL(request.url).pathname === "/rest/lsc/listing" && !(request.headers.get("cookie") ?? "").includes("search_lbcookie")) {
      headers.append("Set-Cookie", "search_lbcookie=backend-7; Path=/; HttpOnly");
    }
    return HttpResponse.json(body as Record<string, unknown>, { headers });
  };
}

const server = setupServer(
  http.get(
    `${BASE}/rest/lsc/listing`,
    answer((url) => listingService(url)),
  ),
  http.get(
    `${BASE}/rest/lsc/listing/similar`,
    answer((url) => similarService(url)),
  ),
  http.get(
    `${BASE}/rest/lsc/listing/count`,
    answer((url) => countService(url)),
  ),
  http.get(
    `${BASE}/rest/lsc/marketplace/suggested/keywords/:text`,
    answer(async (_u, p) => suggestedKeywordsService(p.text ?? "")),
  ),
  http.get(
    `${BASE}/cars-for-sale/searchoptions/packages`,
    answer((url) => packagesService(url)),
  ),
  http.get(
    `${BASE}/rest/lsc/reference/:name`,
    answer(async (url, p) => referenceService(p.name as "make", url)),
  ),
  http.get(
    `${BASE}/rest/lsc/zip/:zip`,
    answer(async (_u, p) => zipService(p.zip ?? "")),
  ),
  http.get(
    `${BASE}/rest/lsc/crawl/stats/mileage`,
    answer((url) => mileageStatsService(url)),
  ),
  http.get(
    `${BASE}/rest/lsc/crawl/:kind`,
    answer((url, p) => crawlLinksService(p.kind as "trims", url)),
  ),
  http.get(
    `${BASE}/rest/lsc/modelinfo/ymm`,
    answer((url) => modelInfoService(url)),
  ),
  http.get(
    `${BASE}/rest/lsc/research/vehicles`,
    answer((url) => referenceVehiclesService(url)),
  ),
  http.get(
    `${BASE}/rest/lsc/research/consumer-ratings`,
    answer((url) => consumerRatingsService(url)),
  ),
  http.get(
    `${BASE}/rest/lsc/research/safety`,
    answer((url) => safetyService(url)),
  ),
  http.get(
    `${BASE}/rest/lsc/research/expert-review`,
    answer((url) => expertReviewService(url)),
  ),
  // Paid placements and the new-car boost (docs/placements.md).
  http.get(
    `${BASE}/rest/lsc/listing/spotlight/premiumresults`,
    answer((url) => spotlightService(url, true)),
  ),
  http.get(
    `${BASE}/rest/lsc/listing/spotlight/results`,
    answer((url) => spotlightService(url, false)),
  ),
  http.get(
    `${BASE}/rest/lsc/listing/spotlight/vehiclehighlight`,
    answer((url) => highlightSpotlightService(url)),
  ),
  http.post(`${BASE}/rest/lsc/eligibility`, async ({ request }) => {
    hits++;
    if (fault === "500") return HttpResponse.json({ error: "down" }, { status: 500 });
    return eligibilityPayloadService(request);
  }),
  http.get(
    `${BASE}/rest/lsc/newcarboost/listing`,
    answer((url) => newCarBoostService(url)),
  ),
  // Online buying (ADR 028).
  http.get(
    `${BASE}/rest/lsc/eligibility`,
    answer((url) => eligibilityService(url)),
  ),
  // The certified-sponsor content fetch (docs/services.md).
  http.get(
    `${BASE}/content/static/json/atc/cpo/sponsorcontent.json`,
    answer((url) => certifiedSponsorService(url)),
  ),
  http.post(`${BASE}/my-wallet/share-dealxg/deals`, async ({ request }) => {
    hits++;
    if (fault === "timeout") {
      await delay(SHORT * 10);
      return HttpResponse.json({});
    }
    if (fault === "500") return HttpResponse.json({ error: "down" }, { status: 500 });
    if (fault === "malformed") return new HttpResponse('{"id": ', { headers: { "Content-Type": "application/json" } });
    if (fault === "wrongShape") return HttpResponse.json([1, 2, 3]);
    return dealsService(request, null);
  }),
);

/** A listing the eligibility rules pass in the seeded inventory, and one they do not. */
let sellable: { id: number; vin: string };
let unsellable: { id: number; vin: string };
let boostMake = "";

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "forecourt-calls-"));
  await closeDatabase();
  const db = await getDatabase({ sqlitePath: path.join(dir, "calls.db") });
  await ensureReferenceData(db);
  await seedInventory(db, { listings: 600, seed: 11, now: Date.UTC(2026, 10, 1), worker: false });
  const rows = await db.kysely
    .selectFrom("listings as l")
    .innerJoin("owners as o", "o.id", "l.owner_id")
    .select(["l.id", "l.vin", "o.ecommerce_opt_in"])
    .where("l.status", "=", "active")
    .where("o.seller_type", "=", "d")
    .execute();
  const pick = (optIn: number) => rows.find((r) => Number(r.ecommerce_opt_in) === optIn)!;
  sellable = { id: Number(pick(1).id), vin: pick(1).vin };
  unsellable = { id: Number(pick(0).id), vin: pick(0).vin };
  // Views in the last 7 days on some cars (a real highlight signal; the seed's dates are older).
  const today = Math.floor(Date.now() / 86_400_000);
  const some = await db.kysely.selectFrom("listings").select("id").where("status", "=", "active").orderBy("id").execute();
  await db.kysely
    .insertInto("listing_view_days")
    .values(some.filter((_, i) => i % 5 === 0).map((r, i) => ({ listing_id: Number(r.id), day: today, views: 4 + (i % 9) })))
    .execute();
  // The make with the most new cars of dealers holding a placement (the boost's candidates).
  boostMake = (
    await db.kysely
      .selectFrom("listings as l")
      .innerJoin("dealer_placements as p", "p.owner_id", "l.owner_id")
      .select(["l.make_code", (eb) => eb.fn.countAll<number>().as("n")])
      .where("l.listing_type", "=", "NEW")
      .where("l.status", "=", "active")
      .groupBy("l.make_code")
      .orderBy("n", "desc")
      .limit(1)
      .execute()
  )[0].make_code;
  server.listen({ onUnhandledFrame: "bypass" });
  setMonitor((r) => reports.push(r));
});

afterAll(async () => {
  server.close();
  setMonitor(null);
  setServiceCalls(undefined);
  await closeSearchEngine();
  await closeDatabase();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  fault = "ok";
  hits = 0;
  reports.length = 0;
});

async function query(search = "") {
  return parseSearchUrl(`http://x/cars-for-sale${search}`, await getSearchUrlContext()).state.query;
}

const mm = () => new URLSearchParams({ makeCode: "TOYOTA", modelCode: "RAV4" });

/** Every call, how to make it, and the catalogue's fallback. `throws` for the required search. */
const CASES: { name: CallName; call: (c: ServiceCalls) => Promise<unknown>; fallback: unknown | "throws"; ok: (v: any) => void | Promise<void> }[] = [
  {
    name: "searchRequired",
    call: async (c) => c.search(await query("?makeCode=TOYOTA"), { required: true }),
    fallback: "throws",
    ok: (v) => expect(v.totalResultCount).toBeGreaterThan(0),
  },
  {
    name: "searchOptional",
    call: async (c) => c.search(await query(), { required: false }),
    fallback: "emptySearch",
    ok: (v) => expect(v.hits.length).toBeGreaterThan(0),
  },
  {
    name: "supplemental",
    call: async (c) => c.supplemental(await query("?zip=30301&searchRadius=25")),
    fallback: { hits: [], totalResultCount: 0, version: 0 },
    ok: (v) => expect(v.totalResultCount).toBeGreaterThan(0),
  },
  {
    name: "similar",
    call: (c) => c.similar({ bodyStyleCode: "SEDAN", numRecords: 5 }),
    fallback: { hits: [], totalResultCount: 0, version: 0 },
    ok: (v) => expect(v.hits.length).toBeGreaterThan(0),
  },
  { name: "activeByVins", call: (c) => c.activeByVins(["1HGCM82633A004352"]), fallback: [], ok: (v) => expect(Array.isArray(v)).toBe(true) },
  { name: "count", call: (c) => c.count(new URLSearchParams({ makeCode: "TOYOTA" })), fallback: {}, ok: (v) => expect(v.count).toBeGreaterThan(0) },
  {
    name: "suggestedKeywords",
    call: (c) => c.suggestedKeywords("toy"),
    fallback: { suggestions: [] },
    ok: (v) => expect(v.suggestions.length).toBeGreaterThan(0),
  },
  { name: "packages", call: (c) => c.packages(mm()), fallback: errorTextFor("packages"), ok: (v) => expect(v.results.packageNames).toBeDefined() },
  { name: "reference", call: (c) => c.reference("make"), fallback: { payload: [] }, ok: (v) => expect(v.payload.length).toBeGreaterThan(0) },
  { name: "zip", call: (c) => c.zip("30301"), fallback: null, ok: (v) => expect(v).toMatchObject({ zip: "30301", state: "GA" }) },
  {
    name: "mileageStats",
    call: (c) => c.mileageStats(new URLSearchParams({ makeCode: "TOYOTA", modelCode: "RAV4", listingType: "USED" })),
    fallback: errorTextFor("mileageStats"),
    ok: (v) => expect(v).not.toHaveProperty("error"),
  },
  { name: "modelyears", call: (c) => c.crawl("modelyears", mm()), fallback: errorTextFor("modelyears"), ok: (v) => expect(Array.isArray(v.links)).toBe(true) },
  {
    name: "newmodelyears",
    call: (c) => c.crawl("newmodelyears", mm()),
    fallback: errorTextFor("newmodelyears"),
    ok: (v) => expect(Array.isArray(v.links)).toBe(true),
  },
  { name: "trims", call: (c) => c.crawl("trims", mm()), fallback: errorTextFor("trims"), ok: (v) => expect(Array.isArray(v.links)).toBe(true) },
  { name: "newtrims", call: (c) => c.crawl("newtrims", mm()), fallback: errorTextFor("newtrims"), ok: (v) => expect(Array.isArray(v.links)).toBe(true) },
  {
    name: "modelInfo",
    call: (c) => c.modelInfo(new URLSearchParams({ makeCode: "TOYOTA", modelCode: "RAV4", startYear: "2022" })),
    fallback: errorTextFor("modelInfo"),
    ok: (v) => expect(v).toHaveProperty("modelInfo"),
  },
  // Model research (ADR 024): nothing written yet in this database, so the answers are empty but well formed.
  {
    name: "referenceVehicles",
    call: (c) => c.referenceVehicles(new URLSearchParams({ yearId: "2022", atcMakeCode: "TOYOTA", atcModelCode: "RAV4" })),
    fallback: { items: [] },
    ok: (v) => expect(Array.isArray(v.items)).toBe(true),
  },
  {
    name: "consumerRatings",
    call: (c) => c.consumerRatings(new URLSearchParams({ vehicleId: "TOYOTA|RAV4|2022" })),
    fallback: { ratings: [], numberOfReviews: 0, distribution: [] },
    ok: (v) => expect(Array.isArray(v.ratings)).toBe(true),
  },
  {
    name: "safety",
    call: (c) => c.safety(new URLSearchParams({ makeCode: "TOYOTA", modelCode: "RAV4", year: "2022" })),
    fallback: { safety: null },
    ok: (v) => expect(v).toHaveProperty("safety"),
  },
  {
    name: "expertReview",
    call: (c) => c.expertReview(new URLSearchParams({ ymmt: "2022|TOYOTA|RAV4", embed: "true" })),
    fallback: { reviews: [] },
    ok: (v) => expect(Array.isArray(v.reviews)).toBe(true),
  },
  {
    name: "spotlights",
    call: async (c) => c.spotlights(await query(), { tier: "featured", numSpotlights: 6, spotlightPage: 1 }),
    fallback: [],
    // Six, every one of a dealer holding the featured tier.
    ok: async (v: { id: number }[]) => {
      expect(v).toHaveLength(6);
      const tiers = await placementsOf(
        await getDatabase(),
        v.map((h) => h.id),
      );
      expect(v.map((h) => tiers.get(h.id)?.tier)).toEqual(Array(6).fill("featured"));
    },
  },
  {
    name: "highlightSpotlights",
    call: async (c) => c.highlightSpotlights(await query(), { numSpotlights: 10, spotlightPage: 1, includeExtendedVehicleHighlights: true }),
    fallback: [],
    // Spotlights with a real highlight: each has a signal in the database.
    ok: async (v: { id: number }[]) => {
      expect(v.length).toBeGreaterThan(3);
      const signals = await vehicleHighlights(
        await getDatabase(),
        v.map((h) => h.id),
      );
      expect(v.every((h) => signals.has(h.id))).toBe(true);
    },
  },
  {
    name: "newCarBoost",
    call: (c) => c.newCarBoost(boostQueryOf({ makeCodes: [boostMake], models: {}, trimCodes: [], seriesCodes: [], firstRecord: 0, numRecords: 2 })),
    fallback: [],
    // Two new cars of the make, each of a dealer holding a placement.
    ok: async (v: { id: number }[]) => {
      expect(v).toHaveLength(2);
      const db = await getDatabase();
      const rows = await db.kysely
        .selectFrom("listings")
        .select(["listing_type", "make_code"])
        .where(
          "id",
          "in",
          v.map((h) => h.id),
        )
        .execute();
      expect(rows.map((r) => `${r.listing_type} ${r.make_code}`)).toEqual([`NEW ${boostMake}`, `NEW ${boostMake}`]);
      expect(
        (
          await placementsOf(
            db,
            v.map((h) => h.id),
          )
        ).size,
      ).toBe(2);
    },
  },
  // "Eligibility circuit open: treated as ineligible."
  {
    name: "eligibility",
    call: (c) => c.eligibility([sellable.vin, unsellable.vin]),
    fallback: { totalMatched: 0, sellable: false, results: [] },
    ok: (v) => {
      expect(v.totalMatched).toBe(2);
      expect(v.results.find((r: { vin: string }) => r.vin === sellable.vin)).toMatchObject({
        sellable: true,
        esntial: { ecommWebsite: { label: "Buy Online" } },
      });
      expect(v.results.find((r: { vin: string }) => r.vin === unsellable.vin)).toMatchObject({ sellable: false, esntial: null });
    },
  },
  // "Certified sponsor content failure: logged only": no content, the page stands without the block.
  {
    name: "certifiedSponsor",
    call: (c) => c.certifiedSponsor("Ford Gold Certified"),
    fallback: null,
    ok: (v) => {
      expect(v).toMatchObject({ productId: "Ford Gold Certified", name: "Ford Gold Certified", sponsor: { name: "Ford", makeCode: "FORD" } });
      expect(v.rules.map((r: { text: string }) => r.text)).toEqual([
        "Under 6 years old (by model year)",
        "Under 80,000 miles",
        "172-point inspection",
        "Within 14 days or 1,000 miles, whichever comes first",
      ]);
    },
  },
  // "Deal save failure: fallback error 'Circuit Breaker for /deals is open'."
  {
    name: "dealSave",
    call: (c) => c.saveDeal({ deal: { carId: sellable.id, dealType: "cash" } }),
    fallback: { error: "Circuit Breaker for /deals is open" },
    ok: (v) => expect(v.id).toMatch(/^[\w-]{16,}$/),
  },
];

async function expectFallback(c: (typeof CASES)[number], calls: ServiceCalls) {
  if (c.fallback === "throws") {
    await expect(c.call(calls)).rejects.toBeInstanceOf(ServiceCallError);
  } else if (c.fallback === "emptySearch") {
    const v = (await c.call(calls)) as { hits: unknown[]; totalResultCount: number; filters: unknown[] };
    expect([v.hits, v.totalResultCount, v.filters]).toEqual([[], 0, []]);
  } else {
    expect(await c.call(calls)).toEqual(c.fallback);
  }
}

describe("every service call over HTTP", () => {
  it("covers every call of the catalogue", () => {
    // consumerDevice wraps local work (storing a push subscription), tested below.
    expect(CASES.map((c) => c.name).sort()).toEqual(
      Object.keys(CALLS)
        .filter((n) => n !== "consumerDevice")
        .sort(),
    );
  });

  for (const c of CASES) {
    describe(c.name, () => {
      it("answers from the service when it is healthy", async () => {
        const calls = createServiceCalls({ baseUrl: BASE });
        await c.ok(await c.call(calls));
        expect(calls.breakerStates()[c.name]).toMatchObject({ state: "closed", fires: 1, failures: 0 });
        calls.shutdown();
      });

      for (const f of ["timeout", "500", "malformed", "wrongShape"] as const) {
        it(`falls back on ${f === "wrongShape" ? "JSON of the wrong shape" : f === "malformed" ? "malformed JSON" : f === "500" ? "a 500" : "a timeout"}`, async () => {
          if (f === "wrongShape" && c.name === "zip") return;
          const calls = createServiceCalls({ baseUrl: BASE, timeoutMs: timeouts });
          fault = f;
          await expectFallback(c, calls);
          expect(hits).toBe(1);
          expect(reports.map((r) => r.call)).toEqual([c.name]);
          calls.shutdown();
        });
      }

      it("falls back on a refused connection", async () => {
        const calls = createServiceCalls({ baseUrl: REFUSED, timeoutMs: { ...timeouts, [c.name]: 2000 } });
        await expectFallback(c, calls);
        expect(reports[0]).toMatchObject({ call: c.name, failure: "network" });
        calls.shutdown();
      });

      it("opens its breaker after 5 calls at 50% errors, then falls back without calling", async () => {
        const calls = createServiceCalls({ baseUrl: BASE, timeoutMs: timeouts });
        fault = "500";
        for (let i = 0; i < 5; i++) await expectFallback(c, calls);
        expect(calls.breakerStates()[c.name].state).toBe("open");
        const before = hits;
        fault = "ok";
        await expectFallback(c, calls);
        expect(hits).toBe(before);
        expect(reports.at(-1)).toMatchObject({ call: c.name, failure: "open" });
        calls.shutdown();
      });
    });
  }

  it("keeps the search service's stickiness cookie per visitor, and records Server-Timing", async () => {
    const calls = createServiceCalls({ baseUrl: BASE });
    const seen: string[] = [];
    server.events.on("request:start", ({ request }) => {
      if (new URL(request.url).pathname === "/rest/lsc/listing") seen.push(request.headers.get("cookie") ?? "");
    });
    const ctx = (visitor: string): RequestContext => ({ requestId: `r-${visitor}`, visitor, timings: [] });
    const a = ctx("visitor-a");
    await runWithRequest(a, async () => {
      await calls.search(await query(), { required: true });
      await calls.search(await query("?makeCode=HONDA"), { required: true });
    });
    await runWithRequest(ctx("visitor-b"), async () => calls.search(await query(), { required: true }));
    server.events.removeAllListeners();
    expect(seen).toEqual(["", "search_lbcookie=backend-7", ""]);
    expect(a.timings.map((t) => `${t.name}:${t.outcome}`)).toEqual(["searchRequired:ok", "searchRequired:ok"]);
    calls.shutdown();
  });
});

describe("the results page with failing services (HTTP mode)", () => {
  let pageUrl = "";
  beforeAll(async () => {
    // The canonical form of the search (a non-canonical URL answers 301 before any call).
    pageUrl = `http://localhost${parseSearchUrl("http://x/cars-for-sale?zip=30301&searchRadius=10&makeCode=TOYOTA", await getSearchUrlContext()).canonical}`;
  });
  const request = (ua = "Mozilla/5.0 Chrome/140") => new Request(pageUrl, { headers: { "user-agent": ua } });

  it("shows the error screen (500 for people, 200 for bots) and reports when the required search fails", async () => {
    setServiceCalls(createServiceCalls({ baseUrl: BASE, timeoutMs: timeouts }));
    fault = "500";
    const page = await loadSearchPage({ url: new URL(request().url), ...(await requestContexts(request())) });
    expect(page.init?.status).toBe(500);
    expect(page.data).toMatchObject({ kind: "error" });
    const bot = await loadSearchPage({ url: new URL(request().url), ...(await requestContexts(request("Googlebot/2.1"))) });
    expect(bot.init?.status).toBe(200);
    expect(reports.some((r) => r.call === "searchRequired")).toBe(true);
    setServiceCalls(undefined);
  });

  it("leaves out supplemental and similar listings when those calls fail", async () => {
    setServiceCalls(createServiceCalls({ baseUrl: BASE, timeoutMs: timeouts }));
    server.use(
      http.get(`${BASE}/rest/lsc/listing`, async ({ request: r }) => {
        if (new URL(r.url).searchParams.get("supplemental") === "true") return HttpResponse.json({}, { status: 503 });
        return HttpResponse.json(await listingService(new URL(r.url)));
      }),
      http.get(`${BASE}/rest/lsc/listing/similar`, () => HttpResponse.error()),
    );
    const page = await loadSearchPage({ url: new URL(request().url), ...(await requestContexts(request())) });
    server.resetHandlers();
    expect(page.init?.status ?? 200).toBe(200);
    const data = page.data as { kind: string; total: number; supplemental: unknown; similar: unknown[] };
    expect(data.kind).toBe("results");
    expect(data.supplemental).toBeNull();
    expect(data.similar).toEqual([]);
    expect(reports.map((r) => r.call)).toContain("supplemental");
    setServiceCalls(undefined);
  });
});

describe("the certified-sponsor content fetch (productId -> content; a failure is logged only)", () => {
  const FAILING_VISITOR = "00000000-0000-4000-8000-00000000c0de";
  const failing = <T>(fn: () => Promise<T>): Promise<T> => {
    process.env.E2E_FAIL_CERTIFIED_SPONSOR_VISITOR = FAILING_VISITOR;
    resetEnvCache();
    return runWithRequest({ requestId: "r-sponsor", visitor: FAILING_VISITOR, timings: [] }, fn).finally(() => {
      delete process.env.E2E_FAIL_CERTIFIED_SPONSOR_VISITOR;
      resetEnvCache();
    });
  };

  it("in-process: the branded program's content for its productId, none for a dealer's own program (an answer, not a failure)", async () => {
    const calls = createServiceCalls();
    expect(await calls.certifiedSponsor("Ford Gold Certified")).toMatchObject({
      name: "Ford Gold Certified",
      summary: expect.stringContaining("172-point inspection"),
    });
    expect(await calls.certifiedSponsor("Toyota Certified Used Vehicles")).toBeNull();
    expect(reports).toEqual([]);
    expect(calls.breakerStates().certifiedSponsor).toMatchObject({ state: "closed", fires: 2, failures: 0 });
    calls.shutdown();
  });

  it("in-process: a failing fetch gives null and is reported, nothing thrown", async () => {
    const calls = createServiceCalls();
    expect(await failing(() => calls.certifiedSponsor("Ford Gold Certified"))).toBeNull();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ call: "certifiedSponsor", fallback: "null" });
    calls.shutdown();
  });

  it("a test hook's failure on purpose falls back every time but never opens the breaker (other visitors keep the service)", async () => {
    const calls = createServiceCalls();
    for (let i = 0; i < 8; i++) expect(await failing(() => calls.certifiedSponsor("Ford Gold Certified"))).toBeNull();
    expect(reports).toHaveLength(8);
    expect(calls.breakerStates().certifiedSponsor).toMatchObject({ state: "closed" });
    // Another visitor's call right after still reaches the service.
    expect(await calls.certifiedSponsor("Ford Gold Certified")).toMatchObject({ name: "Ford Gold Certified" });
    calls.shutdown();
  });

  it("the vehicle page of a branded-program car shows the content, and stands without it when the fetch fails", async () => {
    // A recent Ford of the seeded inventory, certified under the branded program.
    const db = await getDatabase();
    const row = await db.kysely
      .selectFrom("listings")
      .select("id")
      .where("status", "=", "active")
      .where("make_code", "=", "FORD")
      .where("mileage", "<", 80_000)
      .orderBy("year", "desc")
      .executeTakeFirstOrThrow();
    await db.kysely.updateTable("listings").set({ listing_type: "CERTIFIED", certified_product: "Ford Gold Certified" }).where("id", "=", row.id).execute();
    const url = `http://localhost/cars-for-sale/vehicle/${row.id}`;
    const load = async () => {
      const req = new Request(url, { headers: { "user-agent": "Mozilla/5.0 Chrome/140", cookie: `fc_vid=${FAILING_VISITOR}` } });
      return loadVehiclePage({ url: new URL(url), rawId: String(row.id), ...(await requestContexts(req)) });
    };
    setServiceCalls(createServiceCalls());
    const ok = await load();
    expect(ok.certifiedSponsor?.name).toBe("Ford Gold Certified");
    expect(ok.warranty.headline).toBe("Ford Gold Certified");
    const failed = await failing(load);
    expect(failed.certifiedSponsor).toBeNull();
    expect(failed.warranty.headline).toBe("Ford Gold Certified");
    expect(failed.listing.id).toBe(Number(row.id));
    expect(reports.map((r) => r.call)).toContain("certifiedSponsor");
    setServiceCalls(undefined);
  });
});

describe("registerDevice (the push device registration, 1 s through its breaker)", () => {
  it("gives the stored value, null after 1 s or on an error, and opens after 5 failures", async () => {
    const calls = createServiceCalls();
    expect(CALLS.consumerDevice.timeoutMs).toBe(1000);
    expect(await calls.registerDevice(async () => 7)).toBe(7);
    const started = Date.now();
    expect(await calls.registerDevice(() => new Promise((r) => setTimeout(() => r(8), 1500)))).toBeNull();
    expect(Date.now() - started).toBeLessThan(1400);
    for (let i = 0; i < 5; i++) {
      expect(
        await calls.registerDevice(async () => {
          throw new Error("database down");
        }),
      ).toBeNull();
    }
    expect(calls.breakerStates().consumerDevice.state).toBe("open");
    let ran = false;
    expect(await calls.registerDevice(async () => (ran = true))).toBeNull();
    expect(ran).toBe(false);
    calls.shutdown();
  });
});

describe("vehicleEligibility (the eligibility check by vehicle payload, POST through the same breaker)", () => {
  it("answers from the service over HTTP, and nothing is sellable when it fails", async () => {
    const db = await getDatabase();
    const dealer = (await db.kysely.selectFrom("listings").select(["owner_id", "sale_price"]).where("id", "=", sellable.id).executeTakeFirstOrThrow()) as {
      owner_id: number;
      sale_price: number;
    };
    const calls = createServiceCalls({ baseUrl: BASE, timeoutMs: timeouts });
    const answer = await calls.vehicleEligibility([{ vin: sellable.vin, ownerId: Number(dealer.owner_id), price: Number(dealer.sale_price) }]);
    expect(answer).toMatchObject({
      totalMatched: 1,
      sellable: true,
      results: [{ listingId: sellable.id, esntial: { ecommWebsite: { label: "Buy Online" } } }],
    });
    fault = "500";
    expect(await calls.vehicleEligibility([{ vin: sellable.vin, ownerId: Number(dealer.owner_id), price: 1 }])).toEqual({
      totalMatched: 0,
      sellable: false,
      results: [],
    });
    expect(reports.at(-1)).toMatchObject({ call: "eligibility" });
    calls.shutdown();
  });
});

describe("saveDeal refusals (ADR 028)", () => {
  it("answers the service's refusal of an ineligible car as such, not as a failure", async () => {
    const calls = createServiceCalls({ baseUrl: BASE });
    for (let i = 0; i < 6; i++)
      expect(await calls.saveDeal({ deal: { carId: unsellable.id, dealType: "cash" } })).toEqual({ error: "This car cannot be bought online.", status: 409 });
    expect(calls.breakerStates().dealSave).toMatchObject({ state: "closed", failures: 0 });
    calls.shutdown();
  });

  it("in-process: saves a deal a later GET reads, with a deal type outside cash / finance / lease read as finance", async () => {
    const calls = createServiceCalls();
    const saved = await calls.saveDeal({ deal: { carId: sellable.id, dealType: "balloon" } });
    expect(saved).toHaveProperty("id");
    const res = await dealsService(new Request(`http://x/my-wallet/share-dealxg/deals/id/${(saved as { id: string }).id}`), (saved as { id: string }).id);
    const body = (await res.json()) as { deal: { dealType: string; listingId: number; terms: { termMonths: number } } };
    expect(body.deal).toMatchObject({ dealType: "finance", listingId: sellable.id, terms: { termMonths: 60 } });
    calls.shutdown();
  });
});
