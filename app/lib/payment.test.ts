import { describe, expect, it } from "vitest";
import { estimatePayment, monthlyPayment } from "./payment.ts";

describe("monthlyPayment", () => {
  it("amortises the amount financed over the term", () => {
    // $25,000 - $5,000 at 6% over 60 months: the textbook $386.66.
    expect(monthlyPayment({ price: 25_000, down: 5_000, termMonths: 60, apr: 6 })).toBe(387);
    expect(monthlyPayment({ price: 30_000, down: 0, termMonths: 72, apr: 7.9 })).toBe(525);
  });
  it("divides evenly at 0% and is nothing when nothing is financed", () => {
    expect(monthlyPayment({ price: 24_000, down: 0, termMonths: 48, apr: 0 })).toBe(500);
    expect(monthlyPayment({ price: 10_000, down: 10_000, termMonths: 48, apr: 5 })).toBe(0);
  });
});

describe("estimatePayment", () => {
  it("gives nothing (the sample shows) when nothing is entered", () => {
    const e = estimatePayment({}, 25_000);
    expect(e.monthly).toBeNull();
    expect(e.errors).toEqual({});
    expect(e.termMonths).toBe(60);
  });
  it("reads what the shopper typed, with dollar signs and separators, against the listing price", () => {
    const e = estimatePayment({ down: "$5,000", term: "60", apr: "6%" }, 25_000);
    expect(e).toMatchObject({ monthly: 387, financed: 20_000, termMonths: 60, errors: {} });
    expect(estimatePayment({ price: "30,000", apr: "7.9", term: "72" }, 25_000).monthly).toBe(525);
  });
  it("explains each bad field and keeps what was typed", () => {
    const e = estimatePayment({ price: "abc", down: "-5", apr: "45", term: "999" }, 25_000);
    expect(e.monthly).toBeNull();
    expect(e.fields).toEqual({ price: "abc", down: "-5", term: "999", apr: "45" });
    expect(e.errors.price).toBe("Enter the price in dollars, for example 2,500.");
    expect(e.errors.down).toBe("Enter the down payment in dollars, for example 2,500.");
    expect(e.errors.apr).toBe("Enter an APR between 0 and 30%, for example 6.9.");
    expect(e.termMonths).toBe(60);
    expect(estimatePayment({ down: "30000", apr: "5" }, 25_000).errors.down).toBe("The down payment must be less than the price.");
    expect(estimatePayment({ down: "3000" }, 25_000).errors.apr).toBe("Enter an APR to see the monthly payment.");
  });
});
