// How a serving process is launched: the V8 flags and the C library's allocator settings that
// `npm start`'s forked servers and the benchmarks' servers share (docs/performance.md, Memory).

/**
 * V8 flags the production server runs with (the same as `npm start` in package.json; a forked
 * server is given those its primary lacks, `withServerFlags`):
 * - a larger young generation, so the many short-lived objects of a server render are collected
 *   in fewer scavenges (fewer pauses in the tail: results page p95 at 1M fell from about 56 to 45 ms);
 * - the old generation grown by a fixed 60% of what survived its last full collection, instead of
 *   V8's own factor, which rises to 4x under a steady allocation rate: at 1M listings under the
 *   long-tail load a process then sat at 750-776 MB, most of it garbage waiting for a full
 *   collection; with 40% 589-597 MB, with 100% 652-681 MB, the pages a second within the
 *   benchmark's noise (ADR 032, "The old generation's growth fixed").
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64", "--heap-growing-percent=60"];

/** `execArgv` with every server flag it does not set itself (an operator's own value of a flag wins). */
export function withServerFlags(execArgv: readonly string[]): string[] {
  const name = (flag: string) => flag.split("=")[0];
  const named = new Set(execArgv.map(name));
  return [...execArgv, ...SERVER_NODE_FLAGS.filter((f) => !named.has(name(f)))];
}

/**
 * glibc's malloc, told to keep large blocks out of its heap: a block of 128 KB or more (an
 * ArrayBuffer of the search index's build, say) gets its own mapping and goes back to the system
 * when freed, instead of the default threshold that rises with every such block freed and leaves
 * them in a heap that never shrinks. Measured at 1M listings, one process: about 90-110 MB less
 * resident at rest and after the load, the same pages a second. Free memory at the heap's top is
 * handed back once 2 MB of it is free: from 128 KB on (as at first), the memory a page allocates
 * and frees went back to the system after nearly every response and was faulted in again by the
 * next (about 1.2-1.6 ms of a 20-25 ms page, paired; 8 MB measured the same; ADR 032). Other C
 * libraries ignore the variable.
 */
export const MALLOC_TUNABLES = ["glibc.malloc.mmap_threshold=131072", "glibc.malloc.trim_threshold=2097152"];

/** `GLIBC_TUNABLES` with ours added; a setting the operator already made for the same tunable wins. */
export function withMallocTunables(existing: string | undefined): string {
  const set = (existing ?? "").split(":").filter((s) => s.includes("="));
  const named = new Set(set.map((s) => s.slice(0, s.indexOf("="))));
  for (const t of MALLOC_TUNABLES) if (!named.has(t.slice(0, t.indexOf("=")))) set.push(t);
  return set.join(":");
}
