import { describe, expect, it } from "vitest";
import { DEFAULT_FLAGS, effectivePageSize, publicFlags } from "../lib/flags.ts";
import { resolveFlags } from "./flags.server.ts";

describe("feature flags", () => {
  it("defaults to every flag the spec names", () => {
    const { flags, problems } = resolveFlags({});
    expect(problems).toEqual([]);
    expect(flags).toEqual(DEFAULT_FLAGS);
    for (const name of [
      "commercialEntry",
      "alphaShowcase",
      "sponsoredHideButton",
      "wallet",
      "saveListing",
      "compare",
      "ads",
      "evInfo",
      "categoryTabs",
      "saveSearch",
      "defaultPageSize",
      "filterDebounceMs",
      "infiniteScrollRootMargin",
    ]) {
      expect(flags).toHaveProperty(name);
    }
    expect(flags.infiniteScrollRootMargin).toBe("1000px");
    expect(flags.defaultPageSize).toBe(30);
  });

  it("layers file < FLAGS_JSON < FLAG_ variables", () => {
    const { flags } = resolveFlags({
      file: { compare: false, ads: true, filterDebounceMs: 100 },
      json: { compare: true, filterDebounceMs: 250 },
      env: { FLAG_FILTER_DEBOUNCE_MS: "600", FLAG_CATEGORY_TABS: "false" },
    });
    expect(flags.compare).toBe(true);
    expect(flags.ads).toBe(true);
    expect(flags.filterDebounceMs).toBe(600);
    expect(flags.categoryTabs).toBe(false);
  });

  it("ignores and reports unknown flags and bad values instead of failing", () => {
    const { flags, problems } = resolveFlags({ json: { nope: true, defaultPageSize: -3, infiniteScrollRootMargin: "lots" } });
    expect(flags.defaultPageSize).toBe(30);
    expect(flags.infiniteScrollRootMargin).toBe("1000px");
    expect(problems).toHaveLength(3);
  });

  it("a configured 25 becomes 30", () => {
    expect(effectivePageSize({ defaultPageSize: 25 })).toBe(30);
    expect(effectivePageSize({ defaultPageSize: 20 })).toBe(20);
  });

  it("passes only the public subset to the browser", () => {
    const pub = publicFlags(DEFAULT_FLAGS);
    expect(Object.keys(pub).sort()).toEqual(Object.keys(DEFAULT_FLAGS).sort());
  });
});
