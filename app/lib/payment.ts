// The payment estimate on the vehicle page (docs/vehicle-page.md): price, down payment, term and APR give a
// monthly payment. Pure and shared: the server computes it from the GET form (no JavaScript) and
// the browser recomputes it as the shopper types.
import { z } from "zod";

export { DEFAULT_TERM, MAX_APR, PAYMENT_TERMS, monthlyPayment } from "./loan.ts";
import { APR_MESSAGE, DEFAULT_TERM, PAYMENT_TERMS, monthlyPayment, parseApr } from "./loan.ts";

/** Digits with optional thousands separators, a dollar sign and spaces: "$2,500" -> 2500. */
const money = (label: string) =>
  z
    .string()
    .trim()
    .transform((s) => s.replace(/[$,\s]/g, ""))
    .refine((s) => /^\d{1,7}(\.\d{0,2})?$/.test(s), `Enter the ${label} in dollars, for example 2,500.`)
    .transform((s) => Math.round(Number(s)));

export interface PaymentFields {
  price: string;
  down: string;
  term: string;
  apr: string;
}

export interface PaymentEstimate {
  /** What the shopper typed (kept in the form). */
  fields: PaymentFields;
  /** Messages by field. */
  errors: Partial<Record<keyof PaymentFields, string>>;
  /** Null when nothing usable was entered (the estimate on DEFAULT_LOAN terms shows instead). */
  monthly: number | null;
  termMonths: number;
  financed: number | null;
}

/**
 * Reads the form (strings, possibly missing or garbage) against the listing's price. Nothing
 * entered gives no payment; an APR is needed for one (we do not invent a rate).
 */
export function estimatePayment(raw: Partial<Record<keyof PaymentFields, string | null | undefined>>, listingPrice: number): PaymentEstimate {
  const fields: PaymentFields = {
    price: (raw.price ?? "").slice(0, 20),
    down: (raw.down ?? "").slice(0, 20),
    term: (raw.term ?? "").slice(0, 4),
    apr: (raw.apr ?? "").slice(0, 10),
  };
  const errors: PaymentEstimate["errors"] = {};
  const termNum = Number(fields.term);
  const termMonths = (PAYMENT_TERMS as readonly number[]).includes(termNum) ? termNum : DEFAULT_TERM;

  let price = listingPrice;
  if (fields.price.trim()) {
    const r = money("price").safeParse(fields.price);
    if (!r.success) errors.price = r.error.issues[0]!.message;
    else if (r.data <= 0) errors.price = "Enter a price above $0.";
    else price = r.data;
  }
  let down = 0;
  if (fields.down.trim()) {
    const r = money("down payment").safeParse(fields.down);
    if (!r.success) errors.down = r.error.issues[0]!.message;
    else if (r.data >= price) errors.down = "The down payment must be less than the price.";
    else down = r.data;
  }
  let apr: number | null = null;
  if (fields.apr.trim()) {
    apr = parseApr(fields.apr);
    if (apr === null) errors.apr = APR_MESSAGE;
  }
  const entered = Boolean(fields.down.trim() || fields.apr.trim() || (fields.price.trim() && price !== listingPrice));
  if (entered && apr === null && !errors.apr) errors.apr = "Enter an APR to see the monthly payment.";
  const ok = Object.keys(errors).length === 0 && apr !== null;
  return {
    fields,
    errors,
    monthly: ok ? monthlyPayment({ price, down, termMonths, apr: apr! }) : null,
    termMonths,
    financed: ok ? price - down : null,
  };
}
