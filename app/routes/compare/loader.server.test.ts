import { describe, expect, it } from "vitest";
import type { ListingSummary } from "../../lib/listing.ts";
import { buildGroups } from "./loader.server.ts";

function listing(id: number, over: Partial<ListingSummary> = {}): ListingSummary {
  return {
    id,
    vin: `VIN${id}`,
    status: "active",
    title: "t",
    listingType: "USED",
    year: 2021,
    makeCode: "TOYOTA",
    makeName: "Toyota",
    modelCode: "RAV4",
    modelName: "RAV4",
    seriesCode: null,
    trimCode: null,
    trimName: "XLE",
    mileage: 30000,
    salePrice: 25000,
    msrp: null,
    incentive: 0,
    dealRating: "good",
    marketPrice: 26000,
    bodyStyleCode: "SUVCROSS",
    bodyStyleName: "SUV / Crossover",
    bodySubtypeCode: null,
    extColorSimple: "BLUE",
    extColorName: "Blue",
    intColorSimple: "BLACK",
    intColorName: "Black",
    fuelTypeGroup: "GSL",
    fuelType: "Regular",
    driveGroup: "AWD4WD",
    drive: "All-Wheel Drive",
    engineCode: "4CYL",
    engine: "2.5L 4-Cylinder",
    transmissionCode: "AUT",
    transmission: "Automatic",
    doors: 4,
    mpgCity: 27,
    mpgHighway: 35,
    mpgCombined: 30,
    isMpge: false,
    electricRange: null,
    annualFuelCost: null,
    imageCount: 4,
    photos: [],
    photoCount: 0,
    isHot: false,
    hasSpecialOffer: false,
    isReducedPrice: false,
    viewCount: 1,
    certifiedProduct: null,
    homeServices: [],
    features: ["NAV"],
    vehicleHistory: [],
    vehicleHistorySource: null,
    moneyBackGuarantee: false,
    dateListed: 0,
    sellerType: "d",
    location: { zip: "30301", lat: 33.75, lon: -84.39 },
    owner: {
      id: 1,
      name: "Dealer",
      privateSeller: false,
      phone: null,
      website: null,
      logoUrl: null,
      street: null,
      city: "Atlanta",
      state: "GA",
      zip: "30301",
      rating: 4.5,
      ratingCount: 10,
      ratingSource: "Google reviews",
      homeServices: [],
    },
    ...over,
  };
}

const rowOf = (groups: ReturnType<typeof buildGroups>, key: string) => groups.flatMap((g) => g.rows).find((r) => r.key === key)!;

describe("compare rows", () => {
  it("marks the rows where the cars differ", () => {
    const g = buildGroups([listing(1), listing(2, { salePrice: 27000, features: [] })], [{ code: "NAV", name: "Navigation" }], null);
    expect(rowOf(g, "price").differs).toBe(true);
    expect(rowOf(g, "year").differs).toBe(false);
    expect(rowOf(g, "engine").differs).toBe(false);
    expect(rowOf(g, "feature-NAV").differs).toBe(true);
    expect(rowOf(g, "feature-NAV").cells.map((c) => c.has)).toEqual([true, false]);
  });
  it("counts only differences that matter: numbers past their threshold, never the seller's name or town", () => {
    const a = listing(1, { owner: { ...listing(1).owner, id: 1, name: "North Motors", city: "Atlanta" } });
    const close = listing(2, {
      salePrice: 25400,
      mileage: 31000,
      mpgCombined: 31,
      owner: { ...listing(2).owner, id: 2, name: "South Motors", city: "Decatur", rating: 4.3 },
      location: { zip: "30030", lat: 33.77, lon: -84.3 },
    });
    const g = buildGroups([a, close], [{ code: "NAV", name: "Navigation" }], { lat: 33.75, lon: -84.39 });
    const differing = g.flatMap((x) => x.rows).filter((r) => r.differs);
    expect(differing.map((r) => r.key)).toEqual([]);
    // The cells still show every value as it is.
    expect(rowOf(g, "price").cells.map((c) => c.text)).toEqual(["$25,000", "$25,400"]);
    expect(rowOf(g, "seller").cells.map((c) => c.text)).toEqual(["North Motors", "South Motors"]);
    const far = listing(3, {
      salePrice: 27500,
      mileage: 52000,
      year: 2019,
      extColorName: "Red",
      features: [],
      location: { zip: "31401", lat: 32.08, lon: -81.09 },
    });
    const g2 = buildGroups([a, far], [{ code: "NAV", name: "Navigation" }], { lat: 33.75, lon: -84.39 });
    expect(
      g2
        .flatMap((x) => x.rows)
        .filter((r) => r.differs)
        .map((r) => r.key),
    ).toEqual(["price", "mileage", "year", "ext", "feature-NAV", "distance"]);
  });
  it("leaves a sold car out of the differences and shows it as no longer for sale", () => {
    const g = buildGroups([listing(1), listing(2), listing(3, { status: "sold", year: 2015, salePrice: 9000 })], [], null);
    expect(rowOf(g, "year").differs).toBe(false);
    expect(rowOf(g, "price").differs).toBe(false);
    expect(rowOf(g, "price").cells[2]).toMatchObject({ text: null, note: "No longer for sale" });
    expect(rowOf(g, "deal").cells[2].deal).toBeUndefined();
  });
  it("shows the price verdict with its reason, MPGe for electric cars, and distance only with a ZIP", () => {
    const ev = listing(2, { fuelTypeGroup: "ELE", isMpge: true, mpgCity: 131, mpgHighway: 107, electricRange: 300, dealRating: "great", marketPrice: 30000 });
    const g = buildGroups([listing(1), ev], [], null);
    // The reason's wording belongs to the vehicle page's dealVerdict; the compare row shows it.
    expect(rowOf(g, "deal").cells[1]).toMatchObject({ deal: "great", note: expect.stringContaining("$5,000 below") });
    expect(rowOf(g, "economy").cells.map((c) => c.text)).toEqual(["27 city / 35 hwy MPG", "131 city / 107 hwy MPGe"]);
    expect(rowOf(g, "range").cells.map((c) => c.text)).toEqual([null, "300 mi"]);
    expect(g.flatMap((x) => x.rows).some((r) => r.key === "distance")).toBe(false);
    const withZip = buildGroups([listing(1)], [], { lat: 33.75, lon: -84.39 });
    expect(rowOf(withZip, "distance").cells[0].text).toBe("Under 1 mi");
  });
});
