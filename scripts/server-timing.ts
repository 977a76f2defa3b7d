// Reading the results page's Server-Timing header in the benchmarks (docs/performance.md).
import { LOADER_TIMINGS } from "../app/server/observability/context.server.ts";

const OWN = new Set<string>(Object.values(LOADER_TIMINGS));

/**
 * The loader's own time: its LOADER_TIMINGS entries. The `svc-*` entries are the service calls
 * made inside those, several at once, so adding them in would count the same milliseconds two or
 * more times. NaN when the header has none of them (a page cache hit, another route).
 */
export function loaderTiming(header: string | null): number {
  if (!header) return NaN;
  let sum = 0;
  let found = false;
  for (const entry of header.split(",")) {
    const m = /^\s*([\w-]+);dur=([\d.]+)/.exec(entry);
    if (!m || !OWN.has(m[1]!)) continue;
    sum += Number(m[2]);
    found = true;
  }
  return found ? sum : NaN;
}
