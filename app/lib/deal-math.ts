// The deal page's figures (docs/online-buying.md): cash, finance (the site's loan arithmetic,
// app/lib/loan.ts) and lease (depreciation plus rent charge). Estimates: taxes, title and dealer
// fees are not included. Server-side only in practice: the page gets the figures from its loader.
import { monthlyPayment } from "./loan.ts";
import { MONEY_FACTOR_PER_APR, type DealFigures, type DealTerms, type LeaseTerms } from "./deals.ts";

/** Lease payment: depreciation plus rent charge, per month, in whole dollars. */
export function leasePayment(
  price: number,
  t: Pick<LeaseTerms, "down" | "termMonths" | "residualPercent" | "moneyFactor">,
): { monthly: number; residual: number } {
  const cap = Math.max(0, price - t.down);
  const residual = Math.round((price * t.residualPercent) / 100);
  const depreciation = Math.max(0, cap - residual) / t.termMonths;
  const rent = (cap + residual) * t.moneyFactor;
  return { monthly: Math.round(depreciation + rent), residual };
}

export function dealFigures(price: number, terms: DealTerms): DealFigures {
  if (terms.dealType === "cash") {
    return { lines: [{ label: "Price", value: price, unit: "usd", estimated: false }], monthly: null, dueAtSigning: price, total: price };
  }
  if (terms.dealType === "finance") {
    const monthly = monthlyPayment({ price, down: terms.down, termMonths: terms.termMonths, apr: terms.apr });
    return {
      lines: [
        { label: "Price", value: price, unit: "usd", estimated: false },
        { label: "Down payment", value: terms.down, unit: "usd", estimated: false },
        { label: "Amount financed", value: Math.max(0, price - terms.down), unit: "usd", estimated: false },
        { label: "APR", value: terms.apr, unit: "percent", estimated: false },
        { label: "Term", value: terms.termMonths, unit: "months", estimated: false },
        { label: "Monthly payment", value: monthly, unit: "usd-month", estimated: true },
      ],
      monthly,
      dueAtSigning: terms.down,
      total: terms.down + monthly * terms.termMonths,
    };
  }
  const { monthly, residual } = leasePayment(price, terms);
  return {
    lines: [
      { label: "Price", value: price, unit: "usd", estimated: false },
      { label: "Down payment", value: terms.down, unit: "usd", estimated: false },
      { label: "Residual value", value: residual, unit: "usd", estimated: true },
      { label: "Residual", value: terms.residualPercent, unit: "percent", estimated: false },
      { label: "Money factor", value: terms.moneyFactor, unit: "factor", estimated: false },
      { label: "Equivalent APR", value: Math.round((terms.moneyFactor / MONEY_FACTOR_PER_APR) * 100) / 100, unit: "percent", estimated: false },
      { label: "Term", value: terms.termMonths, unit: "months", estimated: false },
      { label: "Miles a year", value: terms.milesPerYear, unit: "miles", estimated: false },
      { label: "Monthly payment", value: monthly, unit: "usd-month", estimated: true },
    ],
    monthly,
    dueAtSigning: terms.down + monthly,
    total: terms.down + monthly * terms.termMonths,
  };
}
