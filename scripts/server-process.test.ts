// The allocator settings and V8 flags a server starts with (scripts/server-process.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MALLOC_TUNABLES, SERVER_NODE_FLAGS, withMallocTunables, withServerFlags } from "./server-process.ts";

describe("withMallocTunables", () => {
  it("gives both settings when the operator set none", () => {
    expect(withMallocTunables(undefined)).toBe("glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=2097152");
    expect(withMallocTunables("")).toBe(MALLOC_TUNABLES.join(":"));
  });

  it("keeps the operator's other tunables and adds ours after them", () => {
    expect(withMallocTunables("glibc.malloc.arena_max=2")).toBe(
      "glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=2097152",
    );
  });

  it("lets the operator's own value of the same tunable win", () => {
    expect(withMallocTunables("glibc.malloc.mmap_threshold=65536")).toBe("glibc.malloc.mmap_threshold=65536:glibc.malloc.trim_threshold=2097152");
  });
});

describe("the server's V8 flags", () => {
  it("`npm start` runs with every one of them", () => {
    const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, "../package.json"), "utf8")) as { scripts: Record<string, string> };
    const start = pkg.scripts.start.split(/\s+/);
    for (const flag of SERVER_NODE_FLAGS) expect(start).toContain(flag);
  });

  it("a forked server gets those its primary lacks; the primary's own value of one wins", () => {
    expect(withServerFlags([])).toEqual(SERVER_NODE_FLAGS);
    expect(withServerFlags(["--max-semi-space-size=16", "--inspect"])).toEqual([
      "--max-semi-space-size=16",
      "--inspect",
      ...SERVER_NODE_FLAGS.filter((f) => !f.startsWith("--max-semi-space-size=")),
    ]);
  });
});
