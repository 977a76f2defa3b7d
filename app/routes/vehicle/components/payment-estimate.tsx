import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../../../components/use-hydrated";
import { DEFAULT_LOAN_TEXT, defaultTermsPayment } from "../../../lib/loan";
import { formatPrice } from "../../../lib/format";
import { DEFAULT_TERM, estimatePayment, type PaymentEstimate, type PaymentFields } from "../../../lib/payment";
import { Card } from "../../../components/vehicle/sections";
import { TermOptions } from "../../../components/term-options";
import type { VehicleMonthlyCost } from "../../../lib/vehicle-view";

const input = "w-full rounded-lg border px-3 py-2 text-sm text-ink";

/**
 * The true monthly cost (docs/decisions/031-monthly-cost.md): the estimate's loan payment plus
 * EPA's fuel or electricity cost, with its assumptions and what it leaves out (words from the
 * server). None without an EPA figure.
 */
function MonthlyCost({ cost, loan, terms }: { cost: VehicleMonthlyCost; loan: number; terms: string }) {
  const fuel = cost.fuel;
  if (!fuel) {
    return (
      <p id="monthly-cost" className="mt-4 text-sm text-slate-600">
        {cost.notes.join(" ")}
      </p>
    );
  }
  const row = "flex items-baseline justify-between gap-4 py-1";
  return (
    <section id="monthly-cost" aria-labelledby="monthly-cost-title" className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
      <h3 id="monthly-cost-title" className="font-bold text-emerald-950">
        True monthly cost
      </h3>
      <dl className="mt-2 text-sm">
        <div className={row}>
          <dt>
            Loan payment <span className="text-slate-600">on {terms}</span>
          </dt>
          <dd data-testid="cost-loan" className="whitespace-nowrap font-semibold">
            {formatPrice(loan)}/mo.
          </dd>
        </div>
        <div className={row}>
          <dt>
            {fuel.label} <span className="text-slate-600">(EPA: {formatPrice(fuel.annual)} a year)</span>
          </dt>
          <dd data-testid="cost-fuel" className="whitespace-nowrap font-semibold">
            {formatPrice(fuel.monthly)}/mo.
          </dd>
        </div>
        <div className={`${row} border-t border-emerald-200 font-bold`}>
          <dt>Monthly cost with fuel</dt>
          <dd data-testid="cost-total" className="whitespace-nowrap text-lg">
            {formatPrice(loan + fuel.monthly)}/mo.
          </dd>
        </div>
      </dl>
      {cost.notes.map((n) => (
        <p key={n} className="mt-1.5 text-xs text-slate-600">
          {n}
        </p>
      ))}
    </section>
  );
}

/**
 * Payment estimate: a GET form to this page (the server answers with the payment in the page);
 * with JavaScript the payment follows every keystroke and the button's submit stays on the page.
 */
export function PaymentEstimator({
  action,
  listingPrice,
  initial,
  zip,
  monthlyCost,
}: {
  action: string;
  listingPrice: number;
  initial: PaymentEstimate;
  zip: string | null;
  /** The true monthly cost's breakdown data (EPA fuel cost, words). */
  monthlyCost: VehicleMonthlyCost;
}) {
  const hydrated = useHydrated();
  const [fields, setFields] = useState<PaymentFields>(initial.fields);
  const formRef = useRef<HTMLFormElement>(null);
  // The fields are uncontrolled: hydration leaves what a shopper typed before the page was ready
  // (controlled, React set them back to the server's and the terms were lost), and the payment
  // follows those terms from the start. The term's select shows the default term when none is set.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const typed = { ...initial.fields };
    for (const k of ["price", "down", "term", "apr"] as const) {
      const v = String(data.get(k) ?? "");
      if (v !== (k === "term" ? initial.fields.term || String(DEFAULT_TERM) : initial.fields[k])) typed[k] = v;
    }
    if ((Object.keys(typed) as (keyof PaymentFields)[]).some((k) => typed[k] !== initial.fields[k])) setFields(typed);
  }, [initial.fields]);
  const estimate = hydrated ? estimatePayment(fields, listingPrice) : initial;
  const set = (k: keyof PaymentFields) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setFields({ ...fields, [k]: e.target.value });
  const err = estimate.errors;
  const field = (k: keyof PaymentFields, label: string, placeholder: string, mode: "numeric" | "decimal") => (
    <div>
      <label htmlFor={`pay-${k}`} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={`pay-${k}`}
        name={k}
        inputMode={mode}
        autoComplete="off"
        placeholder={placeholder}
        defaultValue={initial.fields[k]}
        onChange={set(k)}
        aria-invalid={err[k] ? true : undefined}
        aria-describedby={err[k] ? `pay-${k}-error` : undefined}
        className={`${input} mt-1 ${err[k] ? "border-red-600" : "border-slate-300"}`}
      />
      {err[k] ? (
        <p id={`pay-${k}-error`} className="mt-1 text-sm text-red-700">
          {err[k]}
        </p>
      ) : null}
    </div>
  );
  return (
    <Card id="payment" title="Estimate your payment">
      <form ref={formRef} method="get" action={`${action}#payment`} onSubmit={(e) => hydrated && e.preventDefault()} noValidate>
        {zip ? <input type="hidden" name="zip" value={zip} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {field("price", "Vehicle price", formatPrice(listingPrice), "numeric")}
          {field("down", "Down payment", "$0", "numeric")}
          <div>
            <label htmlFor="pay-term" className="text-sm font-medium text-slate-700">
              Term
            </label>
            <select
              id="pay-term"
              name="term"
              defaultValue={initial.fields.term || String(DEFAULT_TERM)}
              onChange={set("term")}
              className={`${input} mt-1 border-slate-300 bg-white`}
            >
              <TermOptions />
            </select>
          </div>
          {field("apr", "APR (%)", "e.g. 6.9", "decimal")}
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-4">
          <p aria-live="polite" data-testid="payment-result">
            {estimate.monthly !== null ? (
              <>
                <span className="text-2xl font-bold text-ink">{formatPrice(estimate.monthly)}/mo.</span>
                <span className="block text-sm text-slate-600">
                  {formatPrice(estimate.financed ?? 0)} financed over {estimate.termMonths} months
                </span>
              </>
            ) : (
              <>
                <span className="text-2xl font-bold text-ink">{formatPrice(defaultTermsPayment(listingPrice))}/mo.</span>
                <span className="block text-sm text-slate-600">On default terms: {DEFAULT_LOAN_TEXT}. Enter yours to change it.</span>
              </>
            )}
          </p>
          {/* Kept with JavaScript too (where the payment already follows every keystroke and the
              click only keeps the page): taking it out when the page became ready moved
              everything below it up under a shopper's finger. */}
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Estimate payment
          </button>
        </div>
        <p className="mt-3 text-xs text-slate-500">An estimate before taxes, title and fees; your rate depends on your credit and the lender.</p>
      </form>
      <MonthlyCost
        cost={monthlyCost}
        loan={estimate.monthly ?? defaultTermsPayment(listingPrice)}
        terms={
          estimate.monthly === null
            ? monthlyCost.defaultTerms
            : monthlyCost.fromWallet && fields === initial.fields
              ? "your wallet's terms, in the form above"
              : "the terms in the form above"
        }
      />
    </Card>
  );
}
