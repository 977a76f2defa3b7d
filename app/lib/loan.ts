// The loan arithmetic behind every monthly payment (the vehicle page's estimate, app/lib/payment.ts,
// and the wallet's, app/lib/wallet.ts). No zod: the results page loads it (decision 013).

import { DEFAULT_TERM, MAX_APR } from "./constants.ts";
export { DEFAULT_TERM, MAX_APR, PAYMENT_TERMS } from "./constants.ts";

/**
 * A loan's payment per dollar financed as two factors: payment = (principal × a) ÷ b, with
 * a = r and b = 1 − (1 + r)^−n for a monthly rate r, or a = 1 and b = n at 0%. The search engines
 * (SQL and the listing index) compute a monthly cost in exactly these floating-point steps, so
 * every engine and every page arrives at the same whole dollar (docs/decisions/031-monthly-cost.md).
 */
export function loanFactors(termMonths: number, apr: number): { a: number; b: number } {
  const r = apr / 100 / 12;
  return r === 0 ? { a: 1, b: termMonths } : { a: r, b: 1 - Math.pow(1 + r, -termMonths) };
}

/** Monthly payment in whole dollars (halves up) for a fully amortised loan (APR in percent). */
export function monthlyPayment(input: { price: number; down: number; termMonths: number; apr: number }): number {
  const principal = Math.max(0, input.price - input.down);
  if (principal === 0 || input.termMonths <= 0) return 0;
  const { a, b } = loanFactors(input.termMonths, input.apr);
  return Math.floor((principal * a) / b + 0.5);
}

/**
 * The terms a car's own estimate uses before the shopper enters theirs, always shown beside it:
 * 10% down over 60 months at an assumed 7.5% APR (an assumption, not a quote: a shopper's rate
 * depends on their credit and lender).
 */
export const DEFAULT_LOAN = { downPercent: 10, termMonths: DEFAULT_TERM, apr: 7.5 } as const;
export const DEFAULT_LOAN_TEXT = `${DEFAULT_LOAN.downPercent}% down, ${DEFAULT_LOAN.termMonths} months, an assumed ${DEFAULT_LOAN.apr}% APR`;

/** DEFAULT_LOAN's down payment on a whole-dollar price: its share, halves up, in whole-number arithmetic (as SQL computes it). */
export function defaultDownPayment(price: number): number {
  return Math.floor((price * DEFAULT_LOAN.downPercent + 50) / 100);
}

/** A car's monthly payment on DEFAULT_LOAN. */
export function defaultTermsPayment(price: number): number {
  return monthlyPayment({ price, down: defaultDownPayment(price), termMonths: DEFAULT_LOAN.termMonths, apr: DEFAULT_LOAN.apr });
}

/** The message beside an APR field that does not read as a rate. */
export const APR_MESSAGE = `Enter an APR between 0 and ${MAX_APR}%, for example 6.9.`;

/** "6.9", "6.9 %", "0" -> the rate in percent; null for anything else or over MAX_APR. */
export function parseApr(text: string): number | null {
  const cleaned = text.trim().replace(/%$/, "").trim();
  if (!/^\d{1,2}(\.\d{1,3})?$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return n <= MAX_APR ? n : null;
}
