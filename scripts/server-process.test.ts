// The allocator settings a forked server starts with (scripts/server-process.ts).
import { describe, expect, it } from "vitest";
import { MALLOC_TUNABLES, withMallocTunables } from "./server-process.ts";

describe("withMallocTunables", () => {
  it("gives both settings when the operator set none", () => {
    expect(withMallocTunables(undefined)).toBe("glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072");
    expect(withMallocTunables("")).toBe(MALLOC_TUNABLES.join(":"));
  });

  it("keeps the operator's other tunables and adds ours after them", () => {
    expect(withMallocTunables("glibc.malloc.arena_max=2")).toBe(
      "glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072",
    );
  });

  it("lets the operator's own value of the same tunable win", () => {
    expect(withMallocTunables("glibc.malloc.mmap_threshold=65536")).toBe("glibc.malloc.mmap_threshold=65536:glibc.malloc.trim_threshold=131072");
  });
});
