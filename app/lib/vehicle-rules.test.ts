import { describe, expect, it } from "vitest";
import { parseSearchUrl, type SearchUrlContext } from "./search-url.ts";
import { emptyLabels } from "../server/search/labels.server.ts";
import { dealVerdict, expiredRedirectUrl, featureGroupsOf, parseListingId, resultsUrlFor, warrantyInfo } from "./vehicle-rules.ts";

const labels = emptyLabels();
labels.makes.set("TOYOTA", "Toyota");
labels.models.set("TOYOTA|RAV4", "RAV4");
const ctx: SearchUrlContext = { makes: labels.makes, models: labels.models, bodyStyles: labels.bodyStyles };

describe("parseListingId", () => {
  it("takes positive ids written in digits only", () => {
    expect(parseListingId("1")).toBe(1);
    expect(parseListingId("123456")).toBe(123456);
  });
  it("rejects everything else", () => {
    for (const bad of [undefined, "", "0", "-1", "+1", "1.5", "1e3", "12x", " 12", "0x10", "9999999999999999"]) {
      expect(parseListingId(bad), String(bad)).toBeNull();
    }
  });
});

describe("expiredRedirectUrl", () => {
  it("is the make and model's results page for the listing's condition, with expired={id}", () => {
    const used = expiredRedirectUrl({ id: 42, listingType: "USED", makeCode: "TOYOTA", modelCode: "RAV4" }, ctx);
    const u = new URL(used, "http://x");
    expect(u.searchParams.get("expired")).toBe("42");
    const state = parseSearchUrl(u, ctx).state;
    expect(state.expiredListingId).toBe(42);
    expect(state.query.makeCodes).toEqual(["TOYOTA"]);
    expect(used.startsWith(resultsUrlFor({ listingType: "USED", makeCode: "TOYOTA", modelCode: "RAV4" }, ctx).split("?")[0])).toBe(true);
    const fresh = new URL(expiredRedirectUrl({ id: 7, listingType: "NEW", makeCode: "TOYOTA", modelCode: "RAV4" }, ctx), "http://x");
    expect(parseSearchUrl(fresh, ctx).state.query.listingTypes).toEqual(["NEW"]);
  });
});

describe("dealVerdict", () => {
  it("says how far the price sits from the market, in plain words", () => {
    expect(dealVerdict(23_260, "great", 24_500, 23, 100)).toEqual({
      rating: "great",
      reason: "$1,240 below the average of 23 similar cars within 100 miles",
      marketPrice: 24_500,
      basis: "comparables",
    });
    expect(dealVerdict(26_000, "high", 24_500, 5, null)?.reason).toBe("$1,500 above the average of 5 similar cars nationwide");
    expect(dealVerdict(24_450, "fair", 24_500, 0, null)?.reason).toBe("In line with our estimate of $24,500 for this car");
  });
  it("has no reason without a market and no verdict without a rating", () => {
    expect(dealVerdict(20_000, "good", null)).toEqual({ rating: "good", reason: null, marketPrice: null, basis: null });
    expect(dealVerdict(20_000, null, 21_000)).toBeNull();
  });
});

describe("warrantyInfo", () => {
  const base = { makeName: "Toyota", certifiedProduct: null, moneyBackGuarantee: false };
  it("new cars carry the factory warranty; used cars are sold as listed", () => {
    expect(warrantyInfo({ ...base, listingType: "NEW" }).headline).toMatch(/factory warranty/);
    expect(warrantyInfo({ ...base, listingType: "USED" }).headline).toBe("Sold as listed by the seller");
  });
  it("gives the branded program's terms only to a listing that carries it", () => {
    const brand = warrantyInfo({ ...base, makeName: "Ford", listingType: "CERTIFIED", certifiedProduct: "Ford Gold Certified", moneyBackGuarantee: true });
    expect(brand.headline).toBe("Ford Gold Certified");
    // The program's terms themselves come from its sponsor content (certifiedSponsorContent).
    expect(brand.points.join(" ")).toMatch(/meets every rule of Ford's gold certified program/);
  });
  it("says only what is known of another maker's or a third party's program, with the dealer's own guarantee", () => {
    const maker = warrantyInfo({ ...base, listingType: "CERTIFIED", certifiedProduct: "Toyota Certified Used Vehicles", moneyBackGuarantee: true });
    expect(maker.headline).toBe("Manufacturer certified");
    expect(maker.points.join(" ")).toMatch(/The dealer names the program "Toyota Certified Used Vehicles"/);
    expect(maker.points.join(" ")).not.toMatch(/172|80,000|six years|6 years/);
    expect(maker.points.join(" ")).toMatch(/within 14 days or 1,000 miles/);
    const third = warrantyInfo({ ...base, listingType: "3P_CERT", certifiedProduct: null, moneyBackGuarantee: false });
    expect(third.headline).toBe("Third-party certified");
    expect(third.points.join(" ")).not.toMatch(/172|money/);
  });
});

describe("featureGroupsOf", () => {
  const names = new Map([
    ["SUNROOF", { name: "Sunroof", sort: 3, group: "Comfort" }],
    ["LEATHER", { name: "Leather Seats", sort: 2, group: "Comfort" }],
    ["CAMERA", { name: "Backup Camera", sort: 1, group: "Safety" }],
    ["USB", { name: "USB", sort: 2, group: "Technology" }],
    ["AUX", { name: "AUX Input", sort: 2, group: "Technology" }],
  ]);
  it("orders by the table's sort then name, groups in the order of their first feature, each code once, unknown codes left out", () => {
    expect(featureGroupsOf(["SUNROOF", "USB", "NOPE", "LEATHER", "CAMERA", "AUX", "USB"], names)).toEqual([
      { group: "Safety", names: ["Backup Camera"] },
      { group: "Technology", names: ["AUX Input", "USB"] },
      { group: "Comfort", names: ["Leather Seats", "Sunroof"] },
    ]);
  });
  it("is empty without codes the table names", () => {
    expect(featureGroupsOf([], names)).toEqual([]);
    expect(featureGroupsOf(["NOPE"], names)).toEqual([]);
  });
});
