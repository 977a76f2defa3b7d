import { describe, expect, it } from "vitest";
import { dealTypeOf, ineligibleReasons } from "./deals.ts";
import { dealFigures, leasePayment } from "./deal-math.ts";
import { DEAL_FIELD_TEXT, readDealForm } from "./deal-schemas.ts";

const blank = { down: "", termMonths: "", leaseTermMonths: "", apr: "", residualPercent: "", rateKind: "moneyFactor", moneyFactor: "", milesPerYear: "" };

describe("deal types", () => {
  it("falls back to finance when the type is not cash, finance or lease", () => {
    expect(["cash", "finance", "lease", "balloon", "", undefined, 3, "CASH"].map(dealTypeOf)).toEqual([
      "cash",
      "finance",
      "lease",
      "finance",
      "finance",
      "finance",
      "finance",
      "finance",
    ]);
  });
});

describe("eligibility rules", () => {
  const ok = { vin: "1FA6P8CF3L5301122", active: true, dealer: true, dealerOptedIn: true, sellsOnline: true, price: 31995, vinValid: true };
  it("passes a listing that meets every rule and names each broken one", () => {
    expect(ineligibleReasons(ok)).toEqual([]);
    expect(ineligibleReasons({ ...ok, active: false, dealer: false, dealerOptedIn: false, sellsOnline: false, price: 0, vinValid: false })).toEqual([
      "inactive",
      "private-seller",
      "not-opted-in",
      "not-selling-online",
      "no-price",
      "invalid-vin",
    ]);
    expect(ineligibleReasons({ ...ok, price: null })).toEqual(["no-price"]);
  });
});

describe("lease arithmetic", () => {
  it("is depreciation plus rent charge", () => {
    // $40,000, $4,000 down, 58% residual ($23,200), 36 months, money factor 0.0025:
    // (36,000 - 23,200) / 36 = 355.56; (36,000 + 23,200) * 0.0025 = 148 -> 504
    expect(leasePayment(40_000, { down: 4_000, termMonths: 36, residualPercent: 58, moneyFactor: 0.0025 })).toEqual({ monthly: 504, residual: 23_200 });
    const f = dealFigures(40_000, { dealType: "lease", down: 4_000, termMonths: 36, residualPercent: 58, moneyFactor: 0.0025, milesPerYear: 12_000 });
    expect(f.monthly).toBe(504);
    expect(f.dueAtSigning).toBe(4_504);
    expect(f.lines.find((l) => l.label === "Equivalent APR")?.value).toBe(6);
    expect(f.lines.filter((l) => l.estimated).map((l) => l.label)).toEqual(["Residual value", "Monthly payment"]);
  });
  it("a cash deal is the price, a finance deal the loan payment", () => {
    expect(dealFigures(20_000, { dealType: "cash" })).toMatchObject({ monthly: null, dueAtSigning: 20_000, total: 20_000 });
    expect(dealFigures(20_000, { dealType: "finance", down: 2_000, termMonths: 60, apr: 0 }).monthly).toBe(300);
  });
});

describe("the deal form", () => {
  it("reads a lease with its own inputs, an APR converted to a money factor", () => {
    expect(
      readDealForm(
        { ...blank, dealType: "lease", down: "$2,000", leaseTermMonths: "36", residualPercent: "58", rateKind: "apr", moneyFactor: "6", milesPerYear: "12000" },
        40_000,
      ),
    ).toEqual({ ok: true, terms: { dealType: "lease", down: 2_000, termMonths: 36, residualPercent: 58, moneyFactor: 0.0025, milesPerYear: 12_000 } });
  });
  it("names every bad field of a lease and of a finance deal", () => {
    expect(readDealForm({ ...blank, dealType: "lease", down: "50000", residualPercent: "95", moneyFactor: "0.5", milesPerYear: "9" }, 40_000)).toEqual({
      ok: false,
      dealType: "lease",
      errors: {
        down: DEAL_FIELD_TEXT.down,
        leaseTermMonths: DEAL_FIELD_TEXT.leaseTermMonths,
        residualPercent: DEAL_FIELD_TEXT.residualPercent,
        moneyFactor: DEAL_FIELD_TEXT.moneyFactor,
        milesPerYear: DEAL_FIELD_TEXT.milesPerYear,
      },
    });
    expect(readDealForm({ ...blank, dealType: "whatever", termMonths: "60", apr: "45" }, 40_000)).toEqual({
      ok: false,
      dealType: "finance",
      errors: { apr: DEAL_FIELD_TEXT.apr },
    });
    expect(readDealForm({ ...blank, dealType: "cash", apr: "nonsense" }, 40_000)).toEqual({ ok: true, terms: { dealType: "cash" } });
  });
});
