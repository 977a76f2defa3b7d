import { describe, expect, it } from "vitest";
import { setKeepingNewest } from "./bounded-map.server.ts";

describe("setKeepingNewest", () => {
  it("keeps the newest entries up to the limit, dropping the oldest first", () => {
    const m = new Map<string, number>();
    for (const [i, k] of ["a", "b", "c", "d"].entries()) setKeepingNewest(m, k, i, 3);
    expect([...m]).toEqual([
      ["b", 1],
      ["c", 2],
      ["d", 3],
    ]);
    setKeepingNewest(m, "c", 9, 3);
    expect([...m.keys()]).toEqual(["b", "c", "d"]);
    expect(m.get("c")).toBe(9);
  });
});
