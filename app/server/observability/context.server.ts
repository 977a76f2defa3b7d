// Per-request context (request id, visitor key, service-call timings), carried through every
// await by AsyncLocalStorage. A process singleton: the HTTP server (loaded from source) and the
// server build (a bundle) are two module graphs in one process and must share one store.
import { AsyncLocalStorage } from "node:async_hooks";
import { processSingleton } from "../singleton.server.ts";

export interface ServiceTiming {
  name: string;
  ms: number;
  outcome: "ok" | "fallback";
}

export interface RequestContext {
  requestId: string;
  /** Keys the per-visitor cookie jar of HTTP-mode service calls. */
  visitor: string | null;
  timings: ServiceTiming[];
  /** Reads made once per request (`oncePerRequest`). */
  once?: Map<string, Promise<unknown>>;
}

function store(): AsyncLocalStorage<RequestContext> {
  return processSingleton("requestContext", () => new AsyncLocalStorage<RequestContext>());
}

export function runWithRequest<T>(context: RequestContext, fn: () => T): T {
  return store().run(context, fn);
}

/** The current request's context, or undefined outside a request (scripts, unit tests). */
export function currentRequest(): RequestContext | undefined {
  return store().getStore();
}

/**
 * `load()` once per request and key: the same read asked again within one request (a results
 * page and the spotlight calls it makes in process read the same dealers' placements) answers
 * from the first. Outside a request (scripts, tests) it always loads.
 */
export function oncePerRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const context = currentRequest();
  if (!context) return load();
  context.once ??= new Map();
  const known = context.once.get(key);
  if (known) return known as Promise<T>;
  const value = load();
  context.once.set(key, value);
  value.catch(() => context.once?.delete(key));
  return value;
}

/**
 * The results loader's own Server-Timing entries (app/routes/results/loader.server.ts): the search,
 * then the rest of the page's data. The `svc-*` entries of the calls made inside them come on
 * top (serverTimingValue); the benchmarks read the loader's time from these two only.
 */
export const LOADER_TIMINGS = { search: "search", page: "page" } as const;

/** A Server-Timing value: one `svc-<call>;dur=<ms>` entry per service call. */
export function serverTimingValue(timings: ServiceTiming[]): string {
  return timings
    .map((t, i) => {
      // A second timing of the same service gets its index: metric names must be unique.
      const name = `svc-${t.name.replace(/[^A-Za-z0-9_-]/g, "-")}${timings.findIndex((x) => x.name === t.name) === i ? "" : `-${i}`}`;
      return `${name};dur=${t.ms.toFixed(1)}${t.outcome === "fallback" ? `;desc="fallback"` : ""}`;
    })
    .join(", ");
}
