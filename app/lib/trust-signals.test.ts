import { describe, expect, it } from "vitest";
import { marketDifference, RATING_BANDS, ratingFor } from "./price-verdict.ts";
import {
  FORECOURT_DEALER_REVIEWS,
  brandProgramViolations,
  certifiedKind,
  certifiedLabel,
  dealerCardRating,
  dealerRatingHasStars,
  dealerRatingText,
  historySourceText,
  namesBrandProgram,
} from "./trust-signals.ts";

describe("the branded certified program", () => {
  it("is named by its full or short name, not by other programs", () => {
    expect(namesBrandProgram("Ford Gold Certified")).toBe(true);
    expect(namesBrandProgram("gold certified")).toBe(true);
    expect(namesBrandProgram("Ford Blue Advantage")).toBe(false);
    expect(namesBrandProgram("Toyota Certified Used Vehicles")).toBe(false);
    expect(namesBrandProgram(null)).toBe(false);
  });
  it("needs its make, under six years and under 80,000 miles", () => {
    expect(brandProgramViolations({ makeCode: "FORD", year: 2021, mileage: 79_999 }, 2026)).toEqual([]);
    expect(brandProgramViolations({ makeCode: "FORD", year: 2020, mileage: 10 }, 2026)).toEqual([
      "Ford Gold Certified needs a vehicle under 6 years old (model year 2020)",
    ]);
    expect(brandProgramViolations({ makeCode: "FORD", year: 2024, mileage: 80_000 }, 2026)).toEqual([
      "Ford Gold Certified needs under 80,000 miles (has 80,000)",
    ]);
    expect(brandProgramViolations({ makeCode: "TOYOTA", year: 2024, mileage: 100 }, 2026)).toEqual(["Ford Gold Certified is only for Ford vehicles"]);
  });
  it("labels each kind of certification by what is known", () => {
    expect(certifiedKind({ listingType: "CERTIFIED", certifiedProduct: "Ford Gold Certified" })).toBe("brand");
    expect(certifiedLabel({ listingType: "CERTIFIED", certifiedProduct: "Toyota Certified Used Vehicles" })).toBe("Manufacturer certified");
    expect(certifiedLabel({ listingType: "3P_CERT", certifiedProduct: "Ford Gold Certified" })).toBe("Third-party certified");
    expect(certifiedLabel({ listingType: "USED", certifiedProduct: null })).toBeNull();
  });
});

describe("ratings and history", () => {
  it("shows a dealer's rating only with its source", () => {
    expect(dealerRatingText({ rating: 4.6, ratingCount: 812, ratingSource: "Google reviews" })).toBe("4.6 of 5 from 812 reviews");
    expect(dealerRatingText({ rating: 4.6, ratingCount: 812, ratingSource: null })).toBeNull();
    expect(dealerRatingText({ rating: null, ratingCount: 0, ratingSource: "Google reviews" })).toBeNull();
  });
  it("draws stars and a card line only for Forecourt's own dealer reviews", () => {
    const own = { rating: 4.6, ratingCount: 12, ratingSource: FORECOURT_DEALER_REVIEWS };
    const claim = { rating: 4.7, ratingCount: 212, ratingSource: "Google reviews" };
    expect(dealerRatingHasStars(own)).toBe(true);
    expect(dealerRatingHasStars(claim)).toBe(false);
    expect(dealerCardRating(own)).toBe("Dealer rated 4.6 of 5 from 12 Forecourt reviews");
    expect(dealerCardRating({ ...own, ratingCount: 1 })).toBe("Dealer rated 4.6 of 5 from 1 Forecourt review");
    expect(dealerCardRating(claim)).toBeNull();
    expect(dealerCardRating({ rating: null, ratingCount: 0, ratingSource: null })).toBeNull();
  });
  it("says who states a history", () => {
    expect(historySourceText(null)).toMatch(/seller's statement/);
    expect(historySourceText("Example History Co.")).toBe("Reported by Example History Co.");
  });
});

describe("price verdict wording", () => {
  it("states the difference and the band so that two Fair prices on either side both read true", () => {
    const above = { price: 112_349, market: 107_000 };
    const below = { price: 30_033, market: 30_900 };
    expect(ratingFor(above.price, above.market)).toBe("fair");
    expect(ratingFor(below.price, below.market)).toBe("fair");
    expect(marketDifference(above.price, above.market)).toBe("$5,349 (5%) above market");
    expect(marketDifference(below.price, below.market)).toBe("$867 (2.8%) below market");
    expect(RATING_BANDS.fair).toBe("3% below to 5% above market");
    expect(RATING_BANDS.great).toBe("8% or more below market");
    expect(RATING_BANDS.high).toBe("more than 5% above market");
    // A High price is more than 5% above: its difference never reads as 5%.
    expect(ratingFor(105_040, 100_000)).toBe("high");
    expect(marketDifference(105_040, 100_000)).toBe("$5,040 (5.04%) above market");
    expect(ratingFor(1_050_010, 1_000_000)).toBe("high");
    expect(marketDifference(1_050_010, 1_000_000)).toBe("$50,010 (just over 5%) above market");
    expect(marketDifference(105_400, 100_000)).toBe("$5,400 (5.4%) above market");
    expect(marketDifference(20_050, 20_000)).toBe("At market price");
    expect(marketDifference(20_000, null)).toBeNull();
  });
});
