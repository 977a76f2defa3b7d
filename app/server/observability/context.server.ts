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
