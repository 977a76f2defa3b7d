// The true monthly cost of a car (docs/decisions/031-monthly-cost.md): its loan payment on the
// shopper's terms (the wallet's when set, else DEFAULT_LOAN's, always said which) plus its fuel or
// electricity at EPA's annual cost figure divided by 12. Insurance and maintenance are left out:
// no public source we could cite gives them per vehicle, and we do not invent them.
//
// One arithmetic for every place that shows or searches on it: the cards and the vehicle page
// (here), the SQL engine and the listing index (the same steps on CostPlan), so a car's shown
// cost is the cost it is sorted and filtered by, to the dollar. Pure and shared; the results
// page's script does not load it (the server makes the cards' figures).
import type { SortOption } from "./constants.ts";
import { DEFAULT_LOAN, DEFAULT_LOAN_TEXT, loanFactors } from "./loan.ts";

export { readCostTerms, type CostTerms } from "./search-query.ts";
import type { CostTerms } from "./search-query.ts";
import { formatPrice } from "./format.ts";

/** The terms when the shopper has no wallet: 10% down, 60 months, an assumed 7.5% APR. */
export const DEFAULT_COST_TERMS: CostTerms = { down: null, termMonths: DEFAULT_LOAN.termMonths, apr: DEFAULT_LOAN.apr };

/** The wallet's terms (app/lib/wallet.ts) as cost terms. */
export function walletCostTerms(w: { down: number; term: number; apr: number }): CostTerms {
  return { down: w.down, termMonths: w.term, apr: w.apr };
}

export function sameTerms(a: CostTerms, b: CostTerms): boolean {
  return a.down === b.down && a.termMonths === b.termMonths && a.apr === b.apr;
}

/** What an engine needs: the loan factors (app/lib/loan.ts loanFactors) and the down payment rule. */
export interface CostPlan {
  a: number;
  b: number;
  /** Whole dollars down, or null for DEFAULT_LOAN's share of the price. */
  down: number | null;
  /** DEFAULT_LOAN's down payment in percent of the price (used when down is null). */
  downPercent: number;
}

export function costPlan(terms: CostTerms | undefined): CostPlan {
  const t = terms ?? DEFAULT_COST_TERMS;
  const { a, b } = loanFactors(t.termMonths, t.apr);
  return { a, b, down: t.down, downPercent: DEFAULT_LOAN.downPercent };
}

/**
 * The loan payment of a whole-dollar price on a plan, whole dollars, halves up: the financed
 * amount (price less the down payment, never below 0) times a, divided by b, plus 0.5, floored.
 * The SQL engine writes the same steps (app/server/search/sql-engine.server.ts).
 */
export function planPayment(plan: CostPlan, price: number): number {
  const principal = plan.down === null ? price - Math.floor((price * plan.downPercent + 50) / 100) : price > plan.down ? price - plan.down : 0;
  return Math.floor((principal * plan.a) / plan.b + 0.5);
}

/** EPA's annual fuel cost as a month's, whole dollars, halves up (integer arithmetic, as SQL does it). */
export function fuelMonthly(annualFuelCost: number): number {
  return Math.floor((annualFuelCost + 6) / 12);
}

export interface MonthlyCost {
  /** The loan payment. */
  loan: number;
  /** Fuel or electricity: EPA's annual cost / 12. */
  fuel: number;
  total: number;
}

/** A car's monthly cost, or null without an EPA fuel cost (never estimated otherwise). */
export function monthlyCost(price: number, annualFuelCost: number | null, terms: CostTerms | undefined): MonthlyCost | null {
  if (annualFuelCost === null || !(annualFuelCost > 0)) return null;
  const loan = planPayment(costPlan(terms), price);
  const fuel = fuelMonthly(annualFuelCost);
  return { loan, fuel, total: loan + fuel };
}

/** Quick choices of the 'Monthly cost' filter (maxMonthlyCost), whole dollars a month. */
export const MONTHLY_COST_THRESHOLDS = [300, 400, 500, 600, 750, 1000] as const;

/** The 'Lowest monthly cost' sort and the filter's parameter (docs/search-urls.md). */
export const MONTHLY_COST_SORT: SortOption = "monthlycostASC";
export const MONTHLY_COST_PARAM = "maxMonthlyCost";

/** What a shopper reads about the figure, exactly as EPA states its assumptions (docs/reference-data.md). */
export const MONTHLY_COST_TEXT = {
  filterLabel: "Monthly Cost (with fuel)",
  fuelSource:
    "EPA's annual fuel cost estimate (fueleconomy.gov): 15,000 miles a year, 55% city and 45% highway " +
    "driving, at the fuel and electricity prices EPA used in its data of October 2025, divided by 12.",
  plugInHybrid: "For this plug-in hybrid EPA's figure is for running on gasoline only; charging it from the grid would lower it.",
  excludes: "Excludes insurance and maintenance (we have no public source to cite for them), taxes and fees.",
  none: "No monthly cost with fuel: EPA publishes no annual fuel cost for this vehicle.",
  chip: (max: number) => `Under ${formatPrice(max)}/mo. with fuel`,
  option: (max: number) => `Under ${formatPrice(max)}/mo.`,
} as const;

/** Which terms a figure is on, e.g. "your wallet's terms ($3,000 down, 72 months, 6.9% APR)". */
export function costTermsText(terms: CostTerms | undefined): string {
  const t = terms ?? DEFAULT_COST_TERMS;
  if (t.down === null) return `default terms (${DEFAULT_LOAN_TEXT})`;
  return `your wallet's terms (${t.down > 0 ? `${formatPrice(t.down)} down` : "no down payment"}, ${t.termMonths} months, ${t.apr}% APR)`;
}

/** The line under a page of monthly costs: what the figure adds up and on which terms. */
export function monthlyCostNote(terms: CostTerms | undefined): string {
  return (
    `Monthly cost with fuel = loan payment on ${costTermsText(terms)} + EPA's annual fuel or electricity ` +
    `cost / 12. Cars without an EPA fuel cost show none and sort last. ${MONTHLY_COST_TEXT.excludes}`
  );
}
