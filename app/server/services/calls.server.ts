// The service-call layer (SPEC.md sections 7 and 8). Every call the pages make to a service goes
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
import type { ListResult, SearchQuery, SearchResult, SimilarRequest } from "../../lib/search-query.ts";
import { searchFormEntries, searchStateFromQuery } from "../../lib/search-url.ts";
import { currentRequest } from "../observability/context.server.ts";
import { reportError } from "../observability/log.server.ts";
import { getSearchEngine } from "../search/search.server.ts";
import {
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
import { getSearchUrlContext } from "./url-context.server.ts";

// =============================================================================================
// The catalogue

/** What a failed call gives the page (SPEC.md section 8). */
export type Fallback =
  /** The required search: the page shows its error screen (500, 200 for bots). */
  | "throw"
  /** Search, supplemental, similar, keywords, active listings: empty results. */
  | "empty"
  /** Count: `{}`. */
  | "emptyObject"
  /** Packages, mileage stats, model years, trims, ymm: `{ error: "Circuit Breaker for <endpoint> is open" }`. */
  | "errorText"
  /** ZIP lookup: null (the place is not shown; the ZIP itself is checked locally). */
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
const listingsAnswer = z.object({
  listings: z.array(z.object({ id: z.number(), vin: z.string().optional(), distanceFromSearch: z.number().nullable().optional(), marketExtension: z.boolean().optional() }).loose()),
  totalResultCount: z.number(),
}).loose();
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
      throw new ServiceCallError(name, `${path}: ${timedOut ? "timed out" : `network error (${String((error as Error)?.cause ?? error)})`}`, timedOut ? "timeout" : "network");
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
      reportError(`service call ${name} failed`, error, { call: name, endpoint: CALLS[name].endpoint, failure: kind, breaker: stateOf(breaker), fallback: CALLS[name].fallback });
      if (CALLS[name].fallback === "throw") {
        throw error instanceof ServiceCallError ? error : new ServiceCallError(name, `${CALLS[name].endpoint}: ${kind} (${String((error as Error)?.message ?? error)})`, kind as ServiceCallError["code"]);
      }
      return fallback();
    }
  }

  async function searchParams(query: SearchQuery): Promise<URLSearchParams> {
    const ctx = await getSearchUrlContext();
    const params = new URLSearchParams(searchFormEntries(searchStateFromQuery(query, ctx), ctx));
    if (!params.has("firstRecord") && query.firstRecord) params.set("firstRecord", String(query.firstRecord));
    if (!params.has("numRecords")) params.set("numRecords", String(query.numRecords));
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

    similar(request: SimilarRequest): Promise<ListResult> {
      return run(
        "similar",
        async () => {
          if (!baseUrl) return (await getSearchEngine()).similar(request);
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
      return jsonCall("count", CALLS.count.endpoint, params, (url) => countService(url), () => ({})) as Promise<Awaited<ReturnType<typeof countService>> | Record<string, never>>;
    },

    suggestedKeywords(text: string) {
      const path = `${CALLS.suggestedKeywords.endpoint}/${encodeURIComponent(text)}`;
      return run(
        "suggestedKeywords",
        async () => (baseUrl ? checked("suggestedKeywords", z.object({ suggestions: z.array(z.object({}).loose()) }).loose(), await getJson("suggestedKeywords", path, new URLSearchParams())) : suggestedKeywordsService(text)),
        () => ({ suggestions: [] }),
      ) as Promise<Awaited<ReturnType<typeof suggestedKeywordsService>>>;
    },

    packages(params: URLSearchParams) {
      return jsonCall("packages", CALLS.packages.endpoint, params, (url) => packagesService(url), () => errorTextFor("packages")) as Promise<Awaited<ReturnType<typeof packagesService>> | ErrorText>;
    },

    reference(name: ReferenceName, params: URLSearchParams = new URLSearchParams()) {
      return jsonCall("reference", `${CALLS.reference.endpoint}/${name}`, params, (url) => referenceService(name, url), () => ({ payload: [] })) as Promise<Awaited<ReturnType<typeof referenceService>>>;
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
      return jsonCall("mileageStats", CALLS.mileageStats.endpoint, params, (url) => mileageStatsService(url), () => errorTextFor("mileageStats")) as Promise<Awaited<ReturnType<typeof mileageStatsService>> | ErrorText>;
    },

    /** Price by model year / trim links (modelyears, newmodelyears, trims, newtrims). */
    crawl(kind: CrawlKind, params: URLSearchParams) {
      return jsonCall(kind, CALLS[kind].endpoint, params, (url) => crawlLinksService(kind, url), () => errorTextFor(kind)) as Promise<Awaited<ReturnType<typeof crawlLinksService>> | ErrorText>;
    },

    modelInfo(params: URLSearchParams) {
      return jsonCall("modelInfo", CALLS.modelInfo.endpoint, params, (url) => modelInfoService(url), () => errorTextFor("modelInfo")) as Promise<Awaited<ReturnType<typeof modelInfoService>> | ErrorText>;
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
const KEY = Symbol.for("forecourt.serviceCalls");
type Holder = { [KEY]?: ServiceCalls };

export function serviceCalls(): ServiceCalls {
  const holder = globalThis as Holder;
  holder[KEY] ??= createServiceCalls({ baseUrl: process.env.SERVICES_BASE_URL || undefined });
  return holder[KEY];
}

/** Tests: replace (or with no argument, drop) the process's layer. */
export function setServiceCalls(calls: ServiceCalls | undefined): void {
  const holder = globalThis as Holder;
  holder[KEY]?.shutdown();
  holder[KEY] = calls;
}
