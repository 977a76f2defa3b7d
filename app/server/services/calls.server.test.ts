// Fault injection on the service-call layer in HTTP mode (msw): for every call, a timeout, a
// 500, malformed JSON, a refused connection and an open breaker each give exactly the error
// catalogue's behaviour (SPEC.md section 8). The happy path goes over "HTTP" to the real
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
import { loadSearchPage } from "../pages/results-page.server.ts";
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
  http.get(`${BASE}/rest/lsc/listing`, answer((url) => listingService(url))),
  http.get(`${BASE}/rest/lsc/listing/similar`, answer((url) => similarService(url))),
  http.get(`${BASE}/rest/lsc/listing/count`, answer((url) => countService(url))),
  http.get(`${BASE}/rest/lsc/marketplace/suggested/keywords/:text`, answer(async (_u, p) => suggestedKeywordsService(p.text ?? ""))),
  http.get(`${BASE}/cars-for-sale/searchoptions/packages`, answer((url) => packagesService(url))),
  http.get(`${BASE}/rest/lsc/reference/:name`, answer(async (url, p) => referenceService(p.name as "make", url))),
  http.get(`${BASE}/rest/lsc/zip/:zip`, answer(async (_u, p) => zipService(p.zip ?? ""))),
  http.get(`${BASE}/rest/lsc/crawl/stats/mileage`, answer((url) => mileageStatsService(url))),
  http.get(`${BASE}/rest/lsc/crawl/:kind`, answer((url, p) => crawlLinksService(p.kind as "trims", url))),
  http.get(`${BASE}/rest/lsc/modelinfo/ymm`, answer((url) => modelInfoService(url))),
);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "forecourt-calls-"));
  await closeDatabase();
  const db = await getDatabase({ sqlitePath: path.join(dir, "calls.db") });
  await ensureReferenceData(db);
  await seedInventory(db, { listings: 600, seed: 11, now: Date.UTC(2026, 10, 1), worker: false });
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
const CASES: { name: CallName; call: (c: ServiceCalls) => Promise<unknown>; fallback: unknown | "throws"; ok: (v: any) => void }[] = [
  { name: "searchRequired", call: async (c) => c.search(await query("?makeCode=TOYOTA"), { required: true }), fallback: "throws", ok: (v) => expect(v.totalResultCount).toBeGreaterThan(0) },
  { name: "searchOptional", call: async (c) => c.search(await query(), { required: false }), fallback: "emptySearch", ok: (v) => expect(v.hits.length).toBeGreaterThan(0) },
  { name: "supplemental", call: async (c) => c.supplemental(await query("?zip=30301&searchRadius=25")), fallback: { hits: [], totalResultCount: 0, version: 0 }, ok: (v) => expect(v.totalResultCount).toBeGreaterThan(0) },
  { name: "similar", call: (c) => c.similar({ bodyStyleCode: "SEDAN", numRecords: 5 }), fallback: { hits: [], totalResultCount: 0, version: 0 }, ok: (v) => expect(v.hits.length).toBeGreaterThan(0) },
  { name: "activeByVins", call: (c) => c.activeByVins(["1HGCM82633A004352"]), fallback: [], ok: (v) => expect(Array.isArray(v)).toBe(true) },
  { name: "count", call: (c) => c.count(new URLSearchParams({ makeCode: "TOYOTA" })), fallback: {}, ok: (v) => expect(v.count).toBeGreaterThan(0) },
  { name: "suggestedKeywords", call: (c) => c.suggestedKeywords("toy"), fallback: { suggestions: [] }, ok: (v) => expect(v.suggestions.length).toBeGreaterThan(0) },
  { name: "packages", call: (c) => c.packages(mm()), fallback: errorTextFor("packages"), ok: (v) => expect(v.results.packageNames).toBeDefined() },
  { name: "reference", call: (c) => c.reference("make"), fallback: { payload: [] }, ok: (v) => expect(v.payload.length).toBeGreaterThan(0) },
  { name: "zip", call: (c) => c.zip("30301"), fallback: null, ok: (v) => expect(v).toMatchObject({ zip: "30301", state: "GA" }) },
  { name: "mileageStats", call: (c) => c.mileageStats(new URLSearchParams({ makeCode: "TOYOTA", modelCode: "RAV4", listingType: "USED" })), fallback: errorTextFor("mileageStats"), ok: (v) => expect(v).not.toHaveProperty("error") },
  { name: "modelyears", call: (c) => c.crawl("modelyears", mm()), fallback: errorTextFor("modelyears"), ok: (v) => expect(Array.isArray(v.links)).toBe(true) },
  { name: "newmodelyears", call: (c) => c.crawl("newmodelyears", mm()), fallback: errorTextFor("newmodelyears"), ok: (v) => expect(Array.isArray(v.links)).toBe(true) },
  { name: "trims", call: (c) => c.crawl("trims", mm()), fallback: errorTextFor("trims"), ok: (v) => expect(Array.isArray(v.links)).toBe(true) },
  { name: "newtrims", call: (c) => c.crawl("newtrims", mm()), fallback: errorTextFor("newtrims"), ok: (v) => expect(Array.isArray(v.links)).toBe(true) },
  { name: "modelInfo", call: (c) => c.modelInfo(new URLSearchParams({ makeCode: "TOYOTA", modelCode: "RAV4", startYear: "2022" })), fallback: errorTextFor("modelInfo"), ok: (v) => expect(v).toHaveProperty("modelInfo") },
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
    expect(CASES.map((c) => c.name).sort()).toEqual(Object.keys(CALLS).sort());
  });

  for (const c of CASES) {
    describe(c.name, () => {
      it("answers from the service when it is healthy", async () => {
        const calls = createServiceCalls({ baseUrl: BASE });
        c.ok(await c.call(calls));
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
    const page = await loadSearchPage(request(), new URL(request().url));
    expect(page.init?.status).toBe(500);
    expect(page.data).toMatchObject({ kind: "error" });
    const bot = await loadSearchPage(request("Googlebot/2.1"), new URL(request().url));
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
    const page = await loadSearchPage(request(), new URL(request().url));
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
