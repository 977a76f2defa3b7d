// The true monthly cost's arithmetic (app/lib/monthly-cost.ts): loan on the terms + EPA fuel / 12.
import { describe, expect, it } from "vitest";
import { DEFAULT_LOAN, defaultDownPayment, defaultTermsPayment, monthlyPayment } from "./loan.ts";
import {
  DEFAULT_COST_TERMS,
  costPlan,
  costTermsText,
  fuelMonthly,
  monthlyCost,
  monthlyCostNote,
  planPayment,
  readCostTerms,
  walletCostTerms,
} from "./monthly-cost.ts";
import { walletPayment } from "./wallet.ts";

describe("monthly cost", () => {
  it("adds the loan payment on the default terms and EPA's annual fuel cost / 12", () => {
    // $25,000: $2,500 down, $22,500 over 60 months at 7.5% is $450.86; $1,750 a year of fuel is $145.83.
    expect(monthlyCost(25_000, 1_750, undefined)).toEqual({ loan: 451, fuel: 146, total: 597 });
    expect(monthlyCost(25_000, 1_750, DEFAULT_COST_TERMS)).toEqual(monthlyCost(25_000, 1_750, undefined));
    // The loan part is the vehicle page's estimate on the default terms.
    expect(monthlyCost(25_000, 1_750, undefined)!.loan).toBe(defaultTermsPayment(25_000));
  });

  it("uses the wallet's terms when given, the same payment the cards show", () => {
    const w = { monthly: 450, down: 3_000, term: 72, apr: 6.9, on: true };
    const terms = walletCostTerms(w);
    expect(terms).toEqual({ down: 3_000, termMonths: 72, apr: 6.9 });
    for (const price of [500, 2_999, 3_000, 3_001, 18_495, 41_250, 129_995]) {
      const cost = monthlyCost(price, 2_400, terms)!;
      expect(cost.loan).toBe(walletPayment(price, w));
      expect(cost.fuel).toBe(200);
      expect(cost.total).toBe(cost.loan + 200);
    }
    // A down payment at or over the price finances nothing: the cost is the fuel alone.
    expect(monthlyCost(2_000, 600, terms)).toEqual({ loan: 0, fuel: 50, total: 50 });
    // 0% APR: the price less the down payment in equal parts.
    expect(monthlyCost(36_000, 1_200, { down: 0, termMonths: 60, apr: 0 })).toEqual({ loan: 600, fuel: 100, total: 700 });
  });

  it("rounds halves up, in whole-number arithmetic where SQL needs it", () => {
    // $750 a year is $62.50 a month.
    expect(fuelMonthly(750)).toBe(63);
    expect(fuelMonthly(1_350)).toBe(113);
    expect(fuelMonthly(1_200)).toBe(100);
    for (let annual = 50; annual <= 8_000; annual += 50) expect(fuelMonthly(annual)).toBe(Math.round(annual / 12));
    // 10% down, halves up: $24,995 -> $2,500; $24,994 -> $2,499.
    expect(defaultDownPayment(24_995)).toBe(2_500);
    expect(defaultDownPayment(24_994)).toBe(2_499);
    for (let price = 0; price < 5_000; price += 7) expect(defaultDownPayment(price)).toBe(Math.floor(price / 10 + 0.5));
    expect(DEFAULT_LOAN.downPercent).toBe(10);
  });

  it("computes the engines' plan exactly as the display does", () => {
    for (const terms of [
      undefined,
      { down: 0, termMonths: 84, apr: 0 },
      { down: 12_345, termMonths: 36, apr: 29.99 },
      { down: 1_000, termMonths: 48, apr: 3.25 },
    ]) {
      const plan = costPlan(terms);
      for (let price = 0; price < 200_000; price += 997) {
        const down = terms === undefined ? defaultDownPayment(price) : Math.min(terms.down, price);
        expect(planPayment(plan, price)).toBe(monthlyPayment({ price, down, termMonths: terms?.termMonths ?? 60, apr: terms?.apr ?? 7.5 }));
      }
      // The payment never falls as the price rises (the index's price ceilings rely on it).
      let last = -1;
      for (let price = 0; price < 60_000; price += 13) {
        const p = planPayment(plan, price);
        expect(p).toBeGreaterThanOrEqual(last);
        last = p;
      }
    }
  });

  it("shows no cost without an EPA fuel cost: never estimated otherwise", () => {
    expect(monthlyCost(25_000, null, undefined)).toBeNull();
    expect(monthlyCost(25_000, 0, undefined)).toBeNull();
  });

  it("reads terms only when every part is valid", () => {
    expect(readCostTerms({ down: 2_500, termMonths: 72, apr: 6.9 })).toEqual({ down: 2_500, termMonths: 72, apr: 6.9 });
    expect(readCostTerms({ down: null, termMonths: 60, apr: 7.5 })).toEqual(DEFAULT_COST_TERMS);
    for (const bad of [
      null,
      "60",
      { down: -1, termMonths: 60, apr: 5 },
      { down: 0, termMonths: 61, apr: 5 },
      { down: 0, termMonths: 60, apr: 31 },
      { down: 0.5, termMonths: 60, apr: 5 },
      { termMonths: 60, apr: 5 },
    ]) {
      expect(readCostTerms(bad)).toBeNull();
    }
  });

  it("says which terms a figure is on, and what it leaves out", () => {
    expect(costTermsText(undefined)).toBe("default terms (10% down, 60 months, an assumed 7.5% APR)");
    expect(costTermsText({ down: 3_000, termMonths: 72, apr: 6.9 })).toBe("your wallet's terms ($3,000 down, 72 months, 6.9% APR)");
    expect(costTermsText({ down: 0, termMonths: 36, apr: 0 })).toBe("your wallet's terms (no down payment, 36 months, 0% APR)");
    expect(monthlyCostNote(undefined)).toContain("Excludes insurance and maintenance");
  });
});
