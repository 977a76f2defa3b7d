// The consumer ratings rule (section 5 of the product spec) and what holds a review.
import { describe, expect, it } from "vitest";
import { consumerRatingsYear, heldReasons } from "./reviews";
import { reviewFormSchema } from "./review-schemas";
import { emptySearchQuery, type SearchQuery } from "./search-query";

function q(p: Partial<SearchQuery>): SearchQuery {
  return { ...emptySearchQuery(), makeCodes: ["TOYOTA"], models: { TOYOTA: ["RAV4"] }, startYear: 2022, endYear: 2022, listingTypes: ["USED"], ...p };
}

describe("consumerRatingsYear", () => {
  it("applies to a single make, model and year", () => {
    expect(consumerRatingsYear(q({}), 2026)).toEqual({ make: "TOYOTA", model: "RAV4", year: 2022 });
    // An open end counts as the current year.
    expect(consumerRatingsYear(q({ startYear: 2026, endYear: undefined }), 2026)?.year).toBe(2026);
    expect(consumerRatingsYear(q({ startYear: 2022, endYear: undefined }), 2026)).toBeNull();
    expect(consumerRatingsYear(q({ minPrice: 10000, maxPrice: 30000 }), 2026)).not.toBeNull();
    expect(consumerRatingsYear(q({ vehicleStyleCodes: ["SUV", "SEDAN"] }), 2026)).not.toBeNull();
  });
  it.each<[string, Partial<SearchQuery>]>([
    ["two makes", { makeCodes: ["TOYOTA", "HONDA"] }],
    ["no model", { models: {} }],
    ["two models", { models: { TOYOTA: ["RAV4", "CAMRY"] } }],
    ["a year range", { startYear: 2020 }],
    ["no year", { startYear: undefined, endYear: undefined }],
    ["a trim", { trimCodes: ["TOYOTA|XLE"] }],
    ["new", { listingTypes: ["NEW"] }],
    ["certified", { listingTypes: ["CERTIFIED"] }],
    ["private seller", { sellerTypes: ["p"] }],
    ["one style", { vehicleStyleCodes: ["SUV"] }],
    ["one drive", { driveGroups: ["AWD4WD"] }],
    ["one engine", { engineCodes: ["4CYL"] }],
    ["one fuel", { fuelTypeGroups: ["GSL"] }],
    ["only a min price", { minPrice: 10000 }],
    ["only a max price", { maxPrice: 30000 }],
    ["an mpg range", { mpgRange: 30 }],
  ])("does not apply with %s", (_, p) => {
    expect(consumerRatingsYear(q(p), 2026)).toBeNull();
  });
});

describe("reviews", () => {
  it("hold links and profanity, not ordinary words", () => {
    expect(heldReasons("Visit https://spam.example now")).toEqual(["Contains a link"]);
    expect(heldReasons("Buy at cheapcars.com")).toEqual(["Contains a link"]);
    expect(heldReasons("What a piece of shit")).toEqual(["Contains profanity"]);
    expect(heldReasons("Scunthorpe assessment: the cockpit is classic. 0-60 in 7.5 s.")).toEqual([]);
  });
  it("ask for every rating, a title and a sensible text", () => {
    const r = reviewFormSchema.safeParse({ make: "TOYOTA", model: "RAV4", year: "2022", title: "", text: "short", overall: "6" });
    expect(r.success).toBe(false);
    const paths = new Set(r.error!.issues.map((i) => String(i.path[0])));
    for (const k of ["overall", "comfort", "technology", "title", "text"]) expect(paths.has(k)).toBe(true);
  });
});
