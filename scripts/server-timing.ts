// Reading the results page's Server-Timing header in the benchmarks (docs/performance.md).

/**
 * The loader's own time: its `search` and `page` entries (app/routes/results/loader.server.ts).
 * The `svc-*` entries are the service calls made inside those two, several at once, so adding
 * them in would count the same milliseconds two or more times. NaN when the header has neither
 * (a page cache hit, another route).
 */
export function loaderTiming(header: string | null): number {
  if (!header) return NaN;
  let sum = 0;
  let found = false;
  for (const m of header.matchAll(/(?:^|,)\s*(search|page);dur=([\d.]+)/g)) {
    sum += Number(m[2]);
    found = true;
  }
  return found ? sum : NaN;
}
