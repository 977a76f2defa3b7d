// How a serving process is launched: the V8 flags and the C library's allocator settings that
// `npm start`'s forked servers and the benchmarks' servers share (docs/performance.md, Memory).

/**
 * V8 flags the production server runs with (the same as `npm start` in package.json): a larger
 * young generation, so the many short-lived objects of a server render are collected in fewer
 * scavenges (fewer pauses in the tail: results page p95 at 1M fell from about 56 to 45 ms).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];

/**
 * glibc's malloc, told to keep large blocks out of its heap: a block of 128 KB or more (an
 * ArrayBuffer of the search index's build, say) gets its own mapping and goes back to the system
 * when freed, instead of the default threshold that rises with every such block freed and leaves
 * them in a heap that never shrinks; and free memory at the heap's top is handed back from 128 KB
 * on. Measured at 1M listings, one process: about 90-110 MB less resident at rest and after the
 * load, the same pages a second. Other C libraries ignore the variable.
 */
export const MALLOC_TUNABLES = ["glibc.malloc.mmap_threshold=131072", "glibc.malloc.trim_threshold=131072"];

/** `GLIBC_TUNABLES` with ours added; a setting the operator already made for the same tunable wins. */
export function withMallocTunables(existing: string | undefined): string {
  const set = (existing ?? "").split(":").filter((s) => s.includes("="));
  const named = new Set(set.map((s) => s.slice(0, s.indexOf("="))));
  for (const t of MALLOC_TUNABLES) if (!named.has(t.slice(0, t.indexOf("=")))) set.push(t);
  return set.join(":");
}
