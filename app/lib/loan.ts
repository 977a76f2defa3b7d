// The loan arithmetic behind every monthly payment (the vehicle page's estimate, app/lib/payment.ts,
// and the wallet's, app/lib/wallet.ts). No zod: the results page loads it (decision 013).

/** Loan terms offered, in months. */
export const PAYMENT_TERMS = [24, 36, 48, 60, 72, 84] as const;
export const DEFAULT_TERM = 60;
export const MAX_APR = 30;

/** Monthly payment in whole dollars for a fully amortised loan (APR in percent). */
export function monthlyPayment(input: { price: number; down: number; termMonths: number; apr: number }): number {
  const principal = Math.max(0, input.price - input.down);
  const n = input.termMonths;
  if (principal === 0 || n <= 0) return 0;
  const r = input.apr / 100 / 12;
  const payment = r === 0 ? principal / n : (principal * r) / (1 - Math.pow(1 + r, -n));
  return Math.round(payment);
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
