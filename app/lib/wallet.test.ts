// The wallet's figures (app/lib/wallet.ts): the price a budget reaches and a card's payment.
import { describe, expect, it } from "vitest";
import { monthlyPayment } from "./payment.ts";
import { affordablePrice, walletFormValues, walletPayment } from "./wallet.ts";

describe("wallet", () => {
  it("turns a monthly budget into the price it pays for, rounded down to $100", () => {
    // 0%: the payments add up; plus the down payment.
    expect(affordablePrice({ monthly: 600, down: 0, term: 60, apr: 0 })).toBe(36_000);
    expect(affordablePrice({ monthly: 600, down: 2_500, term: 60, apr: 0 })).toBe(38_500);
    // 6.9% over 72 months: $450 a month carries a loan of about $26,420.
    expect(affordablePrice({ monthly: 450, down: 3_000, term: 72, apr: 6.9 })).toBe(29_400);
  });

  it("is the inverse of the payment: the reached price costs no more than the budget", () => {
    for (const w of [
      { monthly: 300, down: 0, term: 36, apr: 4.5 },
      { monthly: 450, down: 3_000, term: 72, apr: 6.9 },
      { monthly: 1_200, down: 10_000, term: 84, apr: 12 },
    ]) {
      const price = affordablePrice(w);
      expect(walletPayment(price, w)).toBeLessThanOrEqual(w.monthly);
      expect(walletPayment(price + 200, w)).toBeGreaterThan(w.monthly - 1);
    }
  });

  it("prices a card on the wallet's terms; a down payment over the price finances nothing", () => {
    const w = { down: 3_000, term: 72, apr: 6.9 };
    expect(walletPayment(25_000, w)).toBe(monthlyPayment({ price: 25_000, down: 3_000, termMonths: 72, apr: 6.9 }));
    expect(walletPayment(2_000, w)).toBe(0);
  });

  it("fills the form from a wallet, or empty with the default term", () => {
    expect(walletFormValues(null)).toEqual({ monthly: "", down: "", term: "60", apr: "" });
    expect(walletFormValues({ monthly: 450, down: 0, term: 72, apr: 6.9, on: true })).toEqual({ monthly: "450", down: "", term: "72", apr: "6.9" });
  });
});
