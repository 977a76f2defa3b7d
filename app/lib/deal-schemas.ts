// The deal form (docs/online-buying.md): what a shopper types for a cash, finance or lease deal,
// checked on the server; a bad field gets its message beside it and nothing is written.
import { z } from "zod";
import { MAX_APR } from "./loan.ts";
import {
  DEAL_TERMS,
  LEASE_MILES,
  LEASE_TERMS,
  MONEY_FACTOR_PER_APR,
  dealTypeOf,
  type DealField,
  type DealFormValues,
  type DealTerms,
  type DealType,
} from "./deals.ts";

export type { DealField, DealFormValues } from "./deals.ts";

export const DEAL_FIELD_TEXT: Record<DealField, string> = {
  down: "Enter a down payment in whole dollars, less than the price (0 for none).",
  termMonths: "Choose a loan term.",
  leaseTermMonths: "Choose a lease term.",
  apr: `Enter an APR between 0 and ${MAX_APR}%, for example 6.9.`,
  residualPercent: "Enter a residual between 20 and 90 percent, for example 58.",
  moneyFactor: "Enter a money factor between 0 and 0.0125 (for example 0.00250), or an APR between 0 and 30%.",
  milesPerYear: "Choose the miles a year.",
} as const;

const dollars = (s: string) => {
  const t = s.trim().replace(/^\$/, "").replace(/,/g, "");
  return /^\d{1,9}$/.test(t) ? Number(t) : null;
};
const decimal = (s: string) => {
  const t = s.trim().replace(/%$/, "").trim();
  return /^\d{0,3}(\.\d{1,6})?$/.test(t) && t !== "" && t !== "." ? Number(t) : null;
};

/** Raw form values, as typed (kept on error). */
export const dealFormSchema = z.object({
  dealType: z.string().optional(),
  down: z.string().max(20).optional().default(""),
  termMonths: z.string().max(5).optional().default(""),
  leaseTermMonths: z.string().max(5).optional().default(""),
  apr: z.string().max(10).optional().default(""),
  residualPercent: z.string().max(10).optional().default(""),
  rateKind: z.string().max(20).optional().default("moneyFactor"),
  moneyFactor: z.string().max(12).optional().default(""),
  milesPerYear: z.string().max(8).optional().default(""),
});
export type DealFormResult = { ok: true; terms: DealTerms } | { ok: false; dealType: DealType; errors: Partial<Record<DealField, string>> };

/** Reads the form for a car at `price`: its terms, or a message per bad field. */
export function readDealForm(values: DealFormValues, price: number): DealFormResult {
  const dealType = dealTypeOf(values.dealType);
  const errors: Partial<Record<DealField, string>> = {};
  if (dealType === "cash") return { ok: true, terms: { dealType } };
  const down = values.down.trim() === "" ? 0 : dollars(values.down);
  if (down === null || down >= price) errors.down = DEAL_FIELD_TEXT.down;
  if (dealType === "finance") {
    const term = Number(values.termMonths);
    if (!(DEAL_TERMS as readonly number[]).includes(term)) errors.termMonths = DEAL_FIELD_TEXT.termMonths;
    const apr = decimal(values.apr);
    if (apr === null || apr > MAX_APR) errors.apr = DEAL_FIELD_TEXT.apr;
    if (Object.keys(errors).length > 0) return { ok: false, dealType, errors };
    return { ok: true, terms: { dealType, down: down!, termMonths: term, apr: apr! } };
  }
  const term = Number(values.leaseTermMonths);
  if (!(LEASE_TERMS as readonly number[]).includes(term)) errors.leaseTermMonths = DEAL_FIELD_TEXT.leaseTermMonths;
  const residual = decimal(values.residualPercent);
  if (residual === null || residual < 20 || residual > 90) errors.residualPercent = DEAL_FIELD_TEXT.residualPercent;
  const rate = decimal(values.moneyFactor);
  let moneyFactor: number | null = null;
  if (rate !== null) {
    if (values.rateKind === "apr") moneyFactor = rate <= MAX_APR ? Math.round(rate * MONEY_FACTOR_PER_APR * 1e6) / 1e6 : null;
    else moneyFactor = rate <= 0.0125 ? rate : null;
  }
  if (moneyFactor === null) errors.moneyFactor = DEAL_FIELD_TEXT.moneyFactor;
  const miles = Number(values.milesPerYear);
  if (!(LEASE_MILES as readonly number[]).includes(miles)) errors.milesPerYear = DEAL_FIELD_TEXT.milesPerYear;
  if (Object.keys(errors).length > 0) return { ok: false, dealType, errors };
  return { ok: true, terms: { dealType, down: down!, termMonths: term, residualPercent: residual!, moneyFactor: moneyFactor!, milesPerYear: miles } };
}

/** A stored deal's terms (JSON from the database or the deals API), checked. */
export const dealTermsSchema = z.discriminatedUnion("dealType", [
  z.object({ dealType: z.literal("cash") }),
  z.object({ dealType: z.literal("finance"), down: z.number().min(0), termMonths: z.number().int().positive(), apr: z.number().min(0).max(MAX_APR) }),
  z.object({
    dealType: z.literal("lease"),
    down: z.number().min(0),
    termMonths: z.number().int().positive(),
    residualPercent: z.number().min(0).max(100),
    moneyFactor: z.number().min(0).max(0.0125),
    milesPerYear: z.number().int().positive(),
  }),
]);

/** The deals API body: `{ deal: { dealType, carId, ...terms } }`; an unknown dealType reads as finance. */
export const dealApiSchema = z.object({
  deal: z
    .object({
      carId: z.union([
        z.number().int().positive(),
        z
          .string()
          .regex(/^\d{1,12}$/)
          .transform(Number),
      ]),
      dealType: z.unknown().optional(),
    })
    .loose()
    .transform((d) => ({ ...d, dealType: dealTypeOf(d.dealType) })),
});
