// The service-call layer (docs/services.md). Every call the pages make to a service goes
// through here: one opossum circuit breaker per call with the spec's timeout and reset time, the
// error catalogue's fallback when the call fails (or its breaker is open), the call's time in the
// request's Server-Timing header, and failures reported to monitoring.
//
// A service runs in-process (default: the same functions the JSON routes serve) or over HTTP at
// SERVICES_BASE_URL (the app's own routes under /rest/lsc/..., so the services can be split from
// the web tier). Over HTTP each visitor has a tough-cookie jar, which keeps the search service's
// `search_lbcookie` (load-balancer stickiness) and any other cookie the services set.
// Choices (thresholds, reset times, fallbacks): docs/decisions/009-service-calls-and-security.md.
import CircuitBreaker from "opossum";
import { CookieJar } from "tough-cookie";
import { z } from "zod";
import { SUPPLEMENTAL_PAGE_SIZE } from "../../lib/constants.ts";
import type { ListResult, SearchHit, SearchQuery, SearchResult, SimilarRequest } from "../../lib/search-query.ts";
import { searchFormEntries, searchStateFromQuery } from "../../lib/search-url.ts";
import { currentRequest } from "../observability/context.server.ts";
import { reportError } from "../observability/log.server.ts";
import { getSearchEngine } from "../search/search.server.ts";
import type { SimilarOptions } from "../search/engine.server.ts";
import {
  COST_TERM_PARAMS,
  countService,
  crawlLinksService,
  mileageStatsService,
  modelInfoService,
  packagesService,
  referenceService,
  suggestedKeywordsService,
  zipService,
  type CrawlKind,
  type ReferenceName,
} from "./listing-service.server.ts";
import {
  consumerRatingsService,
  expertReviewService,
  referenceVehiclesService,
  safetyService,
  type ConsumerRatings,
  type ReferenceVehicle,
} from "../research/research-services.server.ts";
import type { SafetyInfo } from "../research/safety.server.ts";
import type { ExpertReviewView } from "../research/expert-reviews.server.ts";
import { getSearchUrlContext } from "./url-context.server.ts";
import { DEAL_PATHS } from "../../lib/deals.ts";
import { getDatabase } from "../db/connection.server.ts";
import { checkEligibility, checkVehicles, type EligibilityAnswer, type VehiclePayload } from "../deals/eligibility.server.ts";
import { dealsService } from "../deals/deals.server.ts";
import {
  highlightSpotlightHits,
  newCarBoostHits,
  spotlightHits,
  type HighlightSpotlightRequest,
  type SpotlightRequest,
} from "../placements/spotlights.server.ts";
import { processSingleton, processSlot } from "../singleton.server.ts";
import { CERTIFIED_SPONSOR_PATH, certifiedSponsorService } from "./certified-sponsor.server.ts";
import type { CertifiedSponsorContent } from "../../lib/trust-signals.ts";
import { getEnv } from "../env.server.ts";
import { HookedFailure } from "./test-hooks.server.ts";

// =============================================================================================
// The catalogue

/** What a failed call gives the page (docs/services.md). */
export type Fallback =
  /** The required search: the page shows its error screen (500, 200 for bots). */
  | "throw"
  /** Search, supplemental, similar, keywords, active listings: empty results. */
  | "empty"
  /** Count: `{}`. */
  | "emptyObject"
  /** Packages, mileage stats, model years, trims, ymm: `{ error: "Circuit Breaker for <endpoint> is open" }`. */
  | "errorText"
  /** ZIP lookup: null (the place is not shown; the ZIP itself is checked locally); certified-sponsor content: null (no block). */
  | "null";

export interface CallSpec {
  endpoint: string;
  timeoutMs: number;
  resetMs: number;
  fallback: Fallback;
}

const RESET_SHORT = 30_000;
const RESET_LONG = 300_000;

export const CALLS = {
  searchRequired: { endpoint: "/rest/lsc/listing", timeoutMs: 20_000, resetMs: RESET_SHORT, fallback: "throw" },
  searchOptional: { endpoint: "/rest/lsc/listing", timeoutMs: 3_000, resetMs: RESET_SHORT, fallback: "empty" },
  activeByVins: { endpoint: "/rest/lsc/listing", timeoutMs: 3_000, resetMs: RESET_SHORT, fallback: "empty" },
  supplemental: { endpoint: "/rest/lsc/listing", timeoutMs: 5_000, resetMs: RESET_SHORT, fallback: "empty" },
  similar: { endpoint: "/rest/lsc/listing/similar", timeoutMs: 3_000, resetMs: RESET_SHORT, fallback: "empty" },
  count: { endpoint: "/rest/lsc/listing/count", timeoutMs: 3_000, resetMs: RESET_SHORT, fallback: "emptyObject" },
  suggestedKeywords: { endpoint: "/rest/lsc/marketplace/suggested/keywords", timeoutMs: 3_000, resetMs: RESET_SHORT, fallback: "empty" },
  packages: { endpoint: "/cars-for-sale/searchoptions/packages", timeoutMs: 5_000, resetMs: RESET_LONG, fallback: "errorText" },
  reference: { endpoint: "/rest/lsc/reference", timeoutMs: 3_000, resetMs: RESET_LONG, fallback: "empty" },
  zip: { endpoint: "/rest/lsc/zip", timeoutMs: 1_000, resetMs: RESET_SHORT, fallback: "null" },
  mileageStats: { endpoint: "/rest/lsc/crawl/stats/mileage", timeoutMs: 5_000, resetMs: RESET_LONG, fallback: "errorText" },
  modelyears: { endpoint: "/rest/lsc/crawl/modelyears", timeoutMs: 3_000, resetMs: RESET_LONG, fallback: "errorText" },
  newmodelyears: { endpoint: "/rest/lsc/crawl/newmodelyears", timeoutMs: 3_000, resetMs: RESET_LONG, fallback: "errorText" },
  trims: { endpoint: "/rest/lsc/crawl/trims", timeoutMs: 3_000, resetMs: RESET_LONG, fallback: "errorText" },
  newtrims: { endpoint: "/rest/lsc/crawl/newtrims", timeoutMs: 3_000, resetMs: RESET_LONG, fallback: "errorText" },
  modelInfo: { endpoint: "/rest/lsc/modelinfo/ymm", timeoutMs: 3_000, resetMs: RESET_LONG, fallback: "errorText" },
  /** Storing a browser's push subscription (decision 023): 1 s, then the device is not registered. */
  consumerDevice: { endpoint: "/cars-for-sale/consumer-device/browser", timeoutMs: 1_000, resetMs: RESET_SHORT, fallback: "null" },
  // Model research (docs/decisions/024-model-research.md). The error catalogue names no text for
  // these: a failure leaves the section out (no items, no ratings).
  referenceVehicles: { endpoint: "/rest/lsc/research/vehicles", timeoutMs: 5_000, resetMs: RESET_SHORT, fallback: "empty" },
  consumerRatings: { endpoint: "/rest/lsc/research/consumer-ratings", timeoutMs: 5_000, resetMs: RESET_SHORT, fallback: "empty" },
  safety: { endpoint: "/rest/lsc/research/safety", timeoutMs: 3_000, resetMs: RESET_SHORT, fallback: "empty" },
  // The spec's expert review fetch: 3 s, reset 30 s; a failure leaves the section out.
  expertReview: { endpoint: "/rest/lsc/research/expert-review", timeoutMs: 3_000, resetMs: RESET_SHORT, fallback: "empty" },
  // Online buying (docs/online-buying.md, ADR 028). "Eligibility circuit open: treated as
  // ineligible"; "Deal save failure: fallback error 'Circuit Breaker for /deals is open'" (5 s).
  eligibility: { endpoint: "/rest/lsc/eligibility", timeoutMs: 3_000, resetMs: RESET_SHORT, fallback: "empty" },
  dealSave: { endpoint: "/deals", timeoutMs: 5_000, resetMs: RESET_SHORT, fallback: "errorText" },
  // Paid placements and the new-car boost (docs/placements.md): optional; a failure leaves them out.
  spotlights: { endpoint: "/rest/lsc/listing/spotlight", timeoutMs: 3_000, resetMs: RESET_SHORT, fallback: "empty" },
  /** The spec's spotlight vehicle highlight call (numSpotlights 10, includeExtendedVehicleHighlights). */
  highlightSpotlights: { endpoint: "/rest/lsc/listing/spotlight/vehiclehighlight", timeoutMs: 3_000, resetMs: RESET_SHORT, fallback: "empty" },
  newCarBoost: { endpoint: "/rest/lsc/newcarboost/listing", timeoutMs: 3_000, resetMs: RESET_SHORT, fallback: "empty" },
  // "Certified sponsor content failure: logged only": the page stands without the program's block.
  certifiedSponsor: { endpoint: CERTIFIED_SPONSOR_PATH, timeoutMs: 3_000, resetMs: RESET_SHORT, fallback: "null" },
} as const satisfies Record<string, CallSpec>;

export type CallName = keyof typeof CALLS;

/** Breaker thresholds, set on purpose (opossum's volumeThreshold 0 would open on one failure). */
export const BREAKER_DEFAULTS = {
  /** At least this many calls in the rolling window before the error rate can open the breaker. */
  volumeThreshold: 5,
  /** Open when half of the window's calls failed. */
  errorThresholdPercentage: 50,
  /** The window: 10 s in 10 buckets. */
  rollingCountTimeout: 10_000,
  rollingCountBuckets: 10,
};

export interface ErrorText {
  error: string;
}

export function errorTextFor(name: CallName): ErrorText {
  return { error: `Circuit Breaker for ${CALLS[name].endpoint} is open` };
}

export function isErrorText(value: unknown): value is ErrorText {
  return typeof value === "object" && value !== null && typeof (value as ErrorText).error === "string";
}

/** A section's data, or a throw when the call fell back to its error text (the section is left out). */
export function orThrow<T>(value: T | ErrorText): T {
  if (isErrorText(value)) throw new Error(value.error);
  return value;
}

export class ServiceCallError extends Error {
  readonly call: CallName;
  readonly code: "timeout" | "open" | "http" | "malformed" | "network" | "error";
  constructor(call: CallName, message: string, code: ServiceCallError["code"]) {
    super(message);
    this.name = "ServiceCallError";
    this.call = call;
    this.code = code;
  }
}

// =============================================================================================
// Options

export interface ServiceCallOptions {
  /** Call the services over HTTP at this base URL (e.g. http://search.internal:3000); in-process when absent. */
  baseUrl?: string;
  /** Per-call timeouts (tests use short ones). */
  timeoutMs?: Partial<Record<CallName, number>>;
  /** Reset time for every breaker (tests). */
  resetMs?: number;
  breaker?: Partial<typeof BREAKER_DEFAULTS>;
  fetch?: typeof fetch;
  /** Visitor cookie jars kept (least recently used dropped). */
  maxJars?: number;
}

type Json = Record<string, unknown>;

function emptySearch(query: SearchQuery): SearchResult {
  return { hits: [], totalResultCount: 0, stats: { derivedprice: null, year: null }, filters: [], location: null, query, ignored: [], version: 0, tookMs: 0 };
}
const emptyList = (): ListResult => ({ hits: [], totalResultCount: 0, version: 0 });

// Shapes checked on HTTP answers: a well-formed JSON of the wrong shape is a failure too.
const listingsAnswer = z
  .object({
    listings: z.array(
      z
        .object({ id: z.number(), vin: z.string().optional(), distanceFromSearch: z.number().nullable().optional(), marketExtension: z.boolean().optional() })
        .loose(),
    ),
    totalResultCount: z.number(),
  })
  .loose();
const objectAnswer = z.object({}).loose();

function hitsOf(listings: z.infer<typeof listingsAnswer>["listings"]) {
  return listings.map((l) => ({ id: l.id, distance: l.distanceFromSearch ?? null, marketExtension: l.marketExtension ?? false }));
}

// =============================================================================================
// The layer

export interface BreakerState {
  endpoint: string;
  state: "closed" | "open" | "halfOpen";
  timeoutMs: number;
  resetMs: number;
  fires: number;
  failures: number;
  timeouts: number;
  rejects: number;
}

export function createServiceCalls(options: ServiceCallOptions = {}) {
  const baseUrl = options.baseUrl?.replace(/\/+$/, "");
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const thresholds = { ...BREAKER_DEFAULTS, ...options.breaker };
  const timeoutOf = (name: CallName) => options.timeoutMs?.[name] ?? CALLS[name].timeoutMs;
  const breakers = new Map<CallName, CircuitBreaker<[() => Promise<unknown>], unknown>>();
  const jars = new Map<string, CookieJar>();
  const maxJars = options.maxJars ?? 10_000;

  function breakerFor(name: CallName) {
    let b = breakers.get(name);
    if (!b) {
      b = new CircuitBreaker((run: () => Promise<unknown>) => run(), {
        name,
        timeout: timeoutOf(name),
        resetTimeout: options.resetMs ?? CALLS[name].resetMs,
        volumeThreshold: thresholds.volumeThreshold,
        errorThresholdPercentage: thresholds.errorThresholdPercentage,
        rollingCountTimeout: thresholds.rollingCountTimeout,
        rollingCountBuckets: thresholds.rollingCountBuckets,
        // A test hook's failure on purpose fails the call (the fallback answers) but is not the
        // service failing: it does not count towards opening the breaker (test-hooks.server.ts).
        errorFilter: (error: unknown) => error instanceof HookedFailure,
      });
      breakers.set(name, b);
    }
    return b;
  }

  function jarFor(visitor: string | null): CookieJar {
    if (!visitor) return new CookieJar();
    let jar = jars.get(visitor);
    if (jar) {
      jars.delete(visitor);
    } else {
      jar = new CookieJar();
      if (jars.size >= maxJars) jars.delete(jars.keys().next().value!);
    }
    jars.set(visitor, jar);
    return jar;
  }

  /** GET a service route over HTTP: the visitor's cookies in and out, JSON checked. */
  async function getJson(name: CallName, path: string, params: URLSearchParams, headers: Record<string, string> = {}): Promise<Json> {
    const query = params.toString();
    const url = `${baseUrl}${path}${query ? `?${query}` : ""}`;
    const request = currentRequest();
    const jar = jarFor(request?.visitor ?? null);
    const cookie = await jar.getCookieString(url);
    let res: Response;
    try {
      res = await doFetch(url, {
        headers: { accept: "application/json", ...(cookie ? { cookie } : {}), ...(request ? { "x-request-id": request.requestId } : {}), ...headers },
        signal: AbortSignal.timeout(timeoutOf(name)),
      });
    } catch (error) {
      const timedOut = (error as Error)?.name === "TimeoutError" || (error as Error)?.name === "AbortError";
      throw new ServiceCallError(
        name,
        `${path}: ${timedOut ? "timed out" : `network error (${String((error as Error)?.cause ?? error)})`}`,
        timedOut ? "timeout" : "network",
      );
    }
    for (const set of res.headers.getSetCookie()) {
      await jar.setCookie(set, url, { ignoreError: true });
    }
    // A 404 from a lookup is an answer (unknown ZIP, unknown reference name), not a failure.
    if (res.status === 404 && (name === "zip" || name === "reference")) return { notFound: true };
    if (!res.ok) throw new ServiceCallError(name, `${path} answered ${res.status}`, "http");
    let body: unknown;
    try {
      body = await res.json();
    } catch (error) {
      throw new ServiceCallError(name, `${path}: malformed JSON (${String(error)})`, "malformed");
    }
    const parsed = objectAnswer.safeParse(body);
    if (!parsed.success) throw new ServiceCallError(name, `${path}: not a JSON object`, "malformed");
    return parsed.data;
  }

  function checked<S extends z.ZodType>(name: CallName, schema: S, body: unknown): z.infer<S> {
    const r = schema.safeParse(body);
    if (!r.success) throw new ServiceCallError(name, `${CALLS[name].endpoint}: unexpected answer (${r.error.issues[0]?.message ?? "shape"})`, "malformed");
    return r.data;
  }

  /** Runs one call through its breaker; the fallback (or the throw) when it fails. */
  async function run<T, F>(name: CallName, work: () => Promise<T>, fallback: () => F): Promise<T | F> {
    const breaker = breakerFor(name);
    const started = performance.now();
    const timings = currentRequest()?.timings;
    try {
      const value = (await breaker.fire(work)) as T;
      timings?.push({ name, ms: performance.now() - started, outcome: "ok" });
      return value;
    } catch (error) {
      timings?.push({ name, ms: performance.now() - started, outcome: "fallback" });
      const code = (error as { code?: string })?.code;
      const kind = code === "EOPENBREAKER" ? "open" : code === "ETIMEDOUT" ? "timeout" : error instanceof ServiceCallError ? error.code : "error";
      reportError(`service call ${name} failed`, error, {
        call: name,
        endpoint: CALLS[name].endpoint,
        failure: kind,
        breaker: stateOf(breaker),
        fallback: CALLS[name].fallback,
      });
      if (CALLS[name].fallback === "throw") {
        throw error instanceof ServiceCallError
          ? error
          : new ServiceCallError(name, `${CALLS[name].endpoint}: ${kind} (${String((error as Error)?.message ?? error)})`, kind as ServiceCallError["code"]);
      }
      return fallback();
    }
  }

  async function searchParams(query: SearchQuery): Promise<URLSearchParams> {
    const ctx = await getSearchUrlContext();
    const params = new URLSearchParams(searchFormEntries(searchStateFromQuery(query, ctx), ctx));
    if (!params.has("firstRecord") && query.firstRecord) params.set("firstRecord", String(query.firstRecord));
    if (!params.has("numRecords")) params.set("numRecords", String(query.numRecords));
    // The shopper's loan terms of the monthly cost (decision 031) are not part of a search URL.
    const t = query.costTerms;
    if (t && t.down !== null) [String(t.down), String(t.termMonths), String(t.apr)].forEach((v, i) => params.set(COST_TERM_PARAMS[i], v));
    return params;
  }

  /** A JSON service: the same function in-process as the route serves over HTTP. */
  function jsonCall<T>(name: CallName, path: string, params: URLSearchParams, inProcess: (url: URL) => Promise<T>, fallback: () => unknown) {
    return run(
      name,
      async () => (baseUrl ? ((await getJson(name, path, params)) as T) : inProcess(new URL(`http://in-process${path}?${params.toString()}`))),
      fallback,
    );
  }

  const calls = {
    mode: (baseUrl ? "http" : "in-process") as "http" | "in-process",

    /** The results page's search. Required: a failure throws (the page's error screen); optional: empty results. */
    search(query: SearchQuery, opts: { required: boolean; hideFilters?: boolean }): Promise<SearchResult> {
      const name: CallName = opts.required ? "searchRequired" : "searchOptional";
      return run(
        name,
        async () => {
          if (!baseUrl) return (await getSearchEngine()).search(query, opts.hideFilters ? { hideFilters: true } : undefined);
          const params = await searchParams(query);
          if (opts.hideFilters) params.set("hideFilters", "true");
          const body = checked(name, listingsAnswer, await getJson(name, CALLS[name].endpoint, params, { "X-fwd-svc": "srp" }));
          const result: SearchResult = {
            ...emptySearch(query),
            hits: hitsOf(body.listings),
            totalResultCount: body.totalResultCount,
            stats: (body.stats as SearchResult["stats"]) ?? { derivedprice: null, year: null },
            filters: Array.isArray(body.filters) ? (body.filters as SearchResult["filters"]) : [],
            location: (body.location as SearchResult["location"]) ?? null,
          };
          return result;
        },
        () => emptySearch(query),
      );
    },

    /** The query's matches just outside its area (numRecords 100, no filters). */
    supplemental(query: SearchQuery): Promise<ListResult> {
      return run(
        "supplemental",
        async () => {
          if (!baseUrl) return (await getSearchEngine()).supplemental(query, { numRecords: SUPPLEMENTAL_PAGE_SIZE });
          const params = await searchParams(query);
          params.set("numRecords", String(SUPPLEMENTAL_PAGE_SIZE));
          params.set("supplemental", "true");
          params.set("hideFilters", "true");
          const body = checked("supplemental", listingsAnswer, await getJson("supplemental", CALLS.supplemental.endpoint, params));
          return { hits: hitsOf(body.listings), totalResultCount: body.totalResultCount, version: 0 };
        },
        emptyList,
      );
    },

    /** Similar cars; `count: false` when only the cars are shown (the remote service counts anyway). */
    similar(request: SimilarRequest, options?: SimilarOptions): Promise<ListResult> {
      return run(
        "similar",
        async () => {
          if (!baseUrl) return (await getSearchEngine()).similar(request, options);
          const params = new URLSearchParams();
          const put = (k: string, v: unknown) => v !== undefined && v !== null && params.set(k, String(v));
          put("listingId", request.listingId);
          put("bodyStyleCode", request.bodyStyleCode);
          put("classSeriesCode", request.classSeriesCode);
          put("zip", request.zip);
          put("searchRadius", request.searchRadius);
          put("numRecords", request.numRecords);
          if (request.excludedListingIds?.length) params.set("excludedListingId", request.excludedListingIds.join(","));
          const body = checked("similar", listingsAnswer, await getJson("similar", CALLS.similar.endpoint, params));
          return { hits: hitsOf(body.listings), totalResultCount: body.totalResultCount, version: 0 };
        },
        emptyList,
      );
    },

    /** Active listings among the VINs. */
    activeByVins(vins: string[]): Promise<{ vin: string; id: number }[]> {
      return run(
        "activeByVins",
        async () => {
          if (!baseUrl) return (await getSearchEngine()).activeListingsByVins(vins);
          const params = new URLSearchParams({ collapseFilters: "true", channel: "ATC" });
          for (const v of vins) params.append("vin", v);
          const body = checked("activeByVins", listingsAnswer, await getJson("activeByVins", CALLS.activeByVins.endpoint, params, { "X-fwd-svc": "vins" }));
          return body.listings.map((l) => ({ vin: String(l.vin ?? ""), id: l.id }));
        },
        () => [],
      );
    },

    /** `{ count }`, or `{}` when the call fails. */
    count(params: URLSearchParams) {
      return jsonCall(
        "count",
        CALLS.count.endpoint,
        params,
        (url) => countService(url),
        () => ({}),
      ) as Promise<Awaited<ReturnType<typeof countService>> | Record<string, never>>;
    },

    suggestedKeywords(text: string) {
      const path = `${CALLS.suggestedKeywords.endpoint}/${encodeURIComponent(text)}`;
      return run(
        "suggestedKeywords",
        async () =>
          baseUrl
            ? checked(
                "suggestedKeywords",
                z.object({ suggestions: z.array(z.object({}).loose()) }).loose(),
                await getJson("suggestedKeywords", path, new URLSearchParams()),
              )
            : suggestedKeywordsService(text),
        () => ({ suggestions: [] }),
      ) as Promise<Awaited<ReturnType<typeof suggestedKeywordsService>>>;
    },

    packages(params: URLSearchParams) {
      return jsonCall(
        "packages",
        CALLS.packages.endpoint,
        params,
        (url) => packagesService(url),
        () => errorTextFor("packages"),
      ) as Promise<Awaited<ReturnType<typeof packagesService>> | ErrorText>;
    },

    reference(name: ReferenceName, params: URLSearchParams = new URLSearchParams()) {
      return jsonCall(
        "reference",
        `${CALLS.reference.endpoint}/${name}`,
        params,
        (url) => referenceService(name, url),
        () => ({ payload: [] }),
      ) as Promise<Awaited<ReturnType<typeof referenceService>>>;
    },

    /** Registers a push device (the work stores it); null when it failed, timed out or the breaker is open. */
    registerDevice<T>(work: () => Promise<T>): Promise<T | null> {
      return run("consumerDevice", work, () => null);
    },

    /** City and state of a ZIP; null when unknown (or the lookup failed). */
    zip(zip: string) {
      return run(
        "zip",
        async () => {
          if (!baseUrl) return zipService(zip);
          const body = await getJson("zip", `${CALLS.zip.endpoint}/${encodeURIComponent(zip)}`, new URLSearchParams());
          if (body.notFound) return null;
          return checked("zip", z.object({ zip: z.string(), city: z.string(), state: z.string() }), body);
        },
        () => null,
      );
    },

    mileageStats(params: URLSearchParams) {
      return jsonCall(
        "mileageStats",
        CALLS.mileageStats.endpoint,
        params,
        (url) => mileageStatsService(url),
        () => errorTextFor("mileageStats"),
      ) as Promise<Awaited<ReturnType<typeof mileageStatsService>> | ErrorText>;
    },

    /** Price by model year / trim links (modelyears, newmodelyears, trims, newtrims). */
    crawl(kind: CrawlKind, params: URLSearchParams) {
      return jsonCall(
        kind,
        CALLS[kind].endpoint,
        params,
        (url) => crawlLinksService(kind, url),
        () => errorTextFor(kind),
      ) as Promise<Awaited<ReturnType<typeof crawlLinksService>> | ErrorText>;
    },

    modelInfo(params: URLSearchParams) {
      return jsonCall(
        "modelInfo",
        CALLS.modelInfo.endpoint,
        params,
        (url) => modelInfoService(url),
        () => errorTextFor("modelInfo"),
      ) as Promise<Awaited<ReturnType<typeof modelInfoService>> | ErrorText>;
    },

    /** The spec's vehicle reference lookup (yearId, atcMakeCode, atcModelCode -> items with vehicleId); no items on failure. */
    referenceVehicles(params: URLSearchParams) {
      return run(
        "referenceVehicles",
        async () =>
          baseUrl
            ? checked(
                "referenceVehicles",
                z.object({ items: z.array(z.object({ vehicleId: z.string() }).loose()) }),
                await getJson("referenceVehicles", CALLS.referenceVehicles.endpoint, params),
              )
            : referenceVehiclesService(new URL(`http://in-process${CALLS.referenceVehicles.endpoint}?${params}`)),
        () => ({ items: [] }),
      ) as Promise<{ items: ReferenceVehicle[] }>;
    },

    /** The consumer ratings fetch that follows the lookup; no ratings on failure. */
    consumerRatings(params: URLSearchParams) {
      return run(
        "consumerRatings",
        async () =>
          baseUrl
            ? checked(
                "consumerRatings",
                z.object({
                  ratings: z.array(z.object({ name: z.string(), value: z.number() })),
                  numberOfReviews: z.number(),
                  distribution: z.array(z.object({ stars: z.number(), count: z.number() })),
                }),
                await getJson("consumerRatings", CALLS.consumerRatings.endpoint, params),
              )
            : consumerRatingsService(new URL(`http://in-process${CALLS.consumerRatings.endpoint}?${params}`)),
        () => ({ ratings: [], numberOfReviews: 0, distribution: [] }),
      ) as Promise<ConsumerRatings>;
    },

    /** The model year's imported NHTSA safety ratings; null on failure (the Safety tab is left out). */
    safety(params: URLSearchParams) {
      return run(
        "safety",
        async () =>
          baseUrl
            ? (checked(
                "safety",
                z.object({
                  safety: z
                    .object({ year: z.number(), vehicles: z.array(z.object({}).loose()) })
                    .loose()
                    .nullable(),
                }),
                await getJson("safety", CALLS.safety.endpoint, params),
              ) as unknown as { safety: SafetyInfo | null })
            : safetyService(new URL(`http://in-process${CALLS.safety.endpoint}?${params}`)),
        () => ({ safety: null }),
      ) as Promise<{ safety: SafetyInfo | null }>;
    },

    /** The expert review fetch (ymmt, embed); no reviews on failure. */
    expertReview(params: URLSearchParams) {
      return run(
        "expertReview",
        async () =>
          baseUrl
            ? (checked(
                "expertReview",
                z.object({ reviews: z.array(z.object({}).loose()) }),
                await getJson("expertReview", CALLS.expertReview.endpoint, params),
              ) as unknown as { reviews: ExpertReviewView[] })
            : expertReviewService(new URL(`http://in-process${CALLS.expertReview.endpoint}?${params}`)),
        () => ({ reviews: [] }),
      ) as Promise<{ reviews: ExpertReviewView[] }>;
    },

    /** A search's spotlights of one tier (premium: .../premiumresults; others: .../results); none on failure. */
    spotlights(query: SearchQuery, req: SpotlightRequest): Promise<SearchHit[]> {
      return run(
        "spotlights",
        async () => {
          if (!baseUrl) return spotlightHits(query, req);
          const params = await searchParams(query);
          params.delete("numRecords");
          params.set("numSpotlights", String(req.numSpotlights));
          params.set("spotlightPage", String(req.spotlightPage));
          if (req.tier !== "premium") params.set("listingTier", req.tier);
          if (req.excludeOwnerId !== undefined) params.set("excludeOwnerId", String(req.excludeOwnerId));
          const path = `${CALLS.spotlights.endpoint}/${req.tier === "premium" ? "premiumresults" : "results"}`;
          const body = checked("spotlights", z.object({ spotlights: listingsAnswer.shape.listings }).loose(), await getJson("spotlights", path, params));
          return hitsOf(body.spotlights);
        },
        (): SearchHit[] => [],
      );
    },

    /** The spotlight vehicle highlight call: spotlights with a real highlight, strongest first; none on failure. */
    highlightSpotlights(query: SearchQuery, req: HighlightSpotlightRequest): Promise<SearchHit[]> {
      return run(
        "highlightSpotlights",
        async () => {
          if (!baseUrl) return highlightSpotlightHits(query, req);
          const params = await searchParams(query);
          params.delete("numRecords");
          params.set("numSpotlights", String(req.numSpotlights));
          params.set("spotlightPage", String(req.spotlightPage));
          params.set("includeExtendedVehicleHighlights", String(req.includeExtendedVehicleHighlights));
          if (req.excludeOwnerId !== undefined) params.set("excludeOwnerId", String(req.excludeOwnerId));
          const body = checked(
            "highlightSpotlights",
            z.object({ spotlights: listingsAnswer.shape.listings }).loose(),
            await getJson("highlightSpotlights", CALLS.highlightSpotlights.endpoint, params),
          );
          return hitsOf(body.spotlights);
        },
        (): SearchHit[] => [],
      );
    },

    /** The new-car boost listings of a boost query (boostQueryOf); none on failure. */
    newCarBoost(q: SearchQuery): Promise<SearchHit[]> {
      return run(
        "newCarBoost",
        async () => {
          if (!baseUrl) return newCarBoostHits(q);
          const params = await searchParams(q);
          const body = checked(
            "newCarBoost",
            listingsAnswer.pick({ listings: true }).loose(),
            await getJson("newCarBoost", CALLS.newCarBoost.endpoint, params),
          );
          return hitsOf(body.listings);
        },
        (): SearchHit[] => [],
      );
    },

    /**
     * The certified-sponsor content of a listing's certifiedProduct: the program's name, summary
     * and rules, or null (no content for that product, or the fetch failed: logged only).
     */
    certifiedSponsor(productId: string): Promise<CertifiedSponsorContent | null> {
      const params = new URLSearchParams({ productId });
      return run(
        "certifiedSponsor",
        async () => {
          const answer = baseUrl
            ? checked(
                "certifiedSponsor",
                z.object({
                  productId: z.string().nullable(),
                  content: z
                    .object({
                      productId: z.string(),
                      name: z.string(),
                      sponsor: z.object({ name: z.string(), makeCode: z.string() }),
                      summary: z.string(),
                      rules: z.array(z.object({ label: z.string(), text: z.string() })),
                    })
                    .loose()
                    .nullable(),
                }),
                await getJson("certifiedSponsor", CALLS.certifiedSponsor.endpoint, params),
              )
            : await certifiedSponsorService(new URL(`http://in-process${CALLS.certifiedSponsor.endpoint}?${params}`));
          return answer.content as CertifiedSponsorContent | null;
        },
        () => null,
      );
    },

    /** The eligibility check of these VINs; on failure nothing is sellable (ADR 028). */
    eligibility(vins: string[]): Promise<EligibilityAnswer> {
      return run(
        "eligibility",
        async () => {
          if (!baseUrl) return checkEligibility(await getDatabase(), vins);
          const params = new URLSearchParams();
          for (const v of vins) params.append("vin", v);
          return checked(
            "eligibility",
            z.object({ totalMatched: z.number(), sellable: z.boolean(), results: z.array(z.object({}).loose()) }).loose(),
            await getJson("eligibility", CALLS.eligibility.endpoint, params),
          ) as unknown as EligibilityAnswer;
        },
        (): EligibilityAnswer => ({ totalMatched: 0, sellable: false, results: [] }),
      );
    },

    /** The eligibility check by vehicle payload (POST); on failure nothing is sellable, as by VIN. */
    vehicleEligibility(vehicles: VehiclePayload[]): Promise<EligibilityAnswer> {
      return run(
        "eligibility",
        async () => {
          if (!baseUrl) return checkVehicles(await getDatabase(), vehicles);
          let res: Response;
          try {
            res = await doFetch(`${baseUrl}${CALLS.eligibility.endpoint}`, {
              method: "POST",
              headers: { "content-type": "application/json", accept: "application/json" },
              body: JSON.stringify({ vehicles }),
              signal: AbortSignal.timeout(timeoutOf("eligibility")),
            });
          } catch (error) {
            throw new ServiceCallError(
              "eligibility",
              `${CALLS.eligibility.endpoint}: network error (${String((error as Error)?.message ?? error)})`,
              "network",
            );
          }
          if (!res.ok) throw new ServiceCallError("eligibility", `${CALLS.eligibility.endpoint} answered ${res.status}`, "http");
          const body = await res.json().catch(() => {
            throw new ServiceCallError("eligibility", `${CALLS.eligibility.endpoint}: malformed JSON`, "malformed");
          });
          return checked(
            "eligibility",
            z.object({ totalMatched: z.number(), sellable: z.boolean(), results: z.array(z.object({}).loose()) }).loose(),
            body,
          ) as unknown as EligibilityAnswer;
        },
        (): EligibilityAnswer => ({ totalMatched: 0, sellable: false, results: [] }),
      );
    },

    /**
     * The deal save call (POST a new deal, or `id` to change one): `{ id }`; a refusal of the
     * service (400, 404, 409) is an answer `{ error, status }`; a failure or an open breaker is
     * the catalogue's text 'Circuit Breaker for /deals is open'.
     */
    saveDeal(body: unknown, id: string | null = null): Promise<{ id: string } | { error: string; status?: number }> {
      return run(
        "dealSave",
        async () => {
          const path = id === null ? DEAL_PATHS.dealsApi : DEAL_PATHS.dealApi(id);
          const request = new Request(`${baseUrl ?? "http://in-process"}${path}`, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(timeoutOf("dealSave")),
          });
          let res: Response;
          try {
            res = baseUrl ? await doFetch(request) : await dealsService(request, id);
          } catch (error) {
            throw new ServiceCallError("dealSave", `${path}: network error (${String((error as Error)?.message ?? error)})`, "network");
          }
          const answer = (await res.json().catch(() => null)) as { id?: unknown; error?: unknown } | null;
          if (res.status >= 400 && res.status < 500 && typeof answer?.error === "string") return { error: answer.error, status: res.status };
          if (!res.ok) throw new ServiceCallError("dealSave", `${path} answered ${res.status}`, "http");
          if (typeof answer?.id !== "string") throw new ServiceCallError("dealSave", `${path}: no deal id`, "malformed");
          return { id: answer.id };
        },
        () => errorTextFor("dealSave"),
      );
    },

    /** Every breaker's state, for /healthz (breakers not used yet are closed). */
    breakerStates(): Record<CallName, BreakerState> {
      const out = {} as Record<CallName, BreakerState>;
      for (const name of Object.keys(CALLS) as CallName[]) {
        const b = breakers.get(name);
        const s = b?.stats;
        out[name] = {
          endpoint: CALLS[name].endpoint,
          state: b ? stateOf(b) : "closed",
          timeoutMs: timeoutOf(name),
          resetMs: options.resetMs ?? CALLS[name].resetMs,
          fires: s?.fires ?? 0,
          failures: s?.failures ?? 0,
          timeouts: s?.timeouts ?? 0,
          rejects: s?.rejects ?? 0,
        };
      }
      return out;
    },

    /** Stops every breaker's timers (tests, shutdown). */
    shutdown(): void {
      for (const b of breakers.values()) b.shutdown();
      breakers.clear();
    },
  };
  return calls;
}

function stateOf(b: CircuitBreaker<never[], unknown> | CircuitBreaker<[() => Promise<unknown>], unknown>): BreakerState["state"] {
  return b.opened ? "open" : b.halfOpen ? "halfOpen" : "closed";
}

export type ServiceCalls = ReturnType<typeof createServiceCalls>;

// One layer per process (shared by the HTTP server and the server build, like the engine).
const callsSlot = processSlot<ServiceCalls>("serviceCalls");

export function serviceCalls(): ServiceCalls {
  return processSingleton("serviceCalls", () => createServiceCalls({ baseUrl: getEnv().SERVICES_BASE_URL }));
}

/** Tests: replace (or with no argument, drop) the process's layer. */
export function setServiceCalls(calls: ServiceCalls | undefined): void {
  callsSlot.clear()?.shutdown();
  if (calls) callsSlot.set(calls);
}
