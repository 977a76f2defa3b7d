import { describe, expect, it } from "vitest";
import { distanceMiles, isZipShape, normalizeQueryZip } from "./zip.ts";
import { lookupZip } from "../server/reference/zip.server.ts";

describe("ZIP rules", () => {
  it("cuts a query ZIP to 5 characters and drops it unless 5 digits", () => {
    expect(normalizeQueryZip("30301")).toBe("30301");
    expect(normalizeQueryZip("30301-1234")).toBe("30301");
    expect(normalizeQueryZip("303011")).toBe("30301");
    expect(normalizeQueryZip("3030")).toBeUndefined();
    expect(normalizeQueryZip("abcde")).toBeUndefined();
    expect(normalizeQueryZip("3o301")).toBeUndefined();
    expect(normalizeQueryZip(["30301"])).toBeUndefined();
  });

  it("a filter entry must be exactly 5 digits and exist", () => {
    expect(isZipShape("30301")).toBe(true);
    expect(isZipShape("303011")).toBe(false);
    expect(lookupZip("10001")).toMatchObject({ city: "New York", state: "NY" });
    expect(lookupZip("00000")).toBeNull();
    expect(lookupZip("1000")).toBeNull();
  });

  it("measures distance in miles", () => {
    const nyc = lookupZip("10001")!;
    const la = lookupZip("90001")!;
    const d = distanceMiles(nyc.lat, nyc.lon, la.lat, la.lon);
    expect(d).toBeGreaterThan(2400);
    expect(d).toBeLessThan(2500);
  });
});
