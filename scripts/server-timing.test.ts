import { describe, expect, it } from "vitest";
import { loaderTiming } from "./server-timing.ts";
import { LOADER_TIMINGS } from "../app/server/observability/context.server.ts";

const { search, page } = LOADER_TIMINGS;

describe("loaderTiming", () => {
  it("adds the loader's own entries and leaves out the service calls made inside them", () => {
    const header = `${search};dur=2.5, ${page};dur=2.7, svc-searchRequired;dur=2.0, svc-supplemental;dur=0.5, svc-eligibility;dur=0.1`;
    expect(loaderTiming(header)).toBeCloseTo(5.2, 5);
  });

  it("does not take a service call whose name ends like the loader's entries", () => {
    expect(loaderTiming(`svc-${search};dur=9, svc-${page};dur=9, ${search};dur=1`)).toBe(1);
  });

  it("is NaN without the loader's entries (a page cache hit, no header)", () => {
    expect(loaderTiming('cache;desc="hit"')).toBeNaN();
    expect(loaderTiming(null)).toBeNaN();
  });
});
