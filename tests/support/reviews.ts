// A model year's consumer review as its form sends it (a 2022 Toyota RAV4, four stars overall),
// for the tests that store one; a test overrides only what it is about.
import type { ReviewForm } from "../../app/lib/review-schemas.ts";

export function testReviewForm(overrides: Partial<ReviewForm> = {}): ReviewForm {
  return {
    make: "TOYOTA",
    model: "RAV4",
    year: 2022,
    trim: "",
    overall: 4,
    comfort: 4,
    performance: 3,
    reliability: 5,
    value: 4,
    interior: 4,
    technology: 3,
    title: "Solid family SUV",
    text: "We drove it 20,000 miles in a year: roomy, frugal and nothing broke. The infotainment is slow.",
    ...overrides,
  };
}
