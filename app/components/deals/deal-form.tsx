// The deal form of one car (docs/online-buying.md): cash, finance or lease, every input in the page
// (works without JavaScript: the deal type chosen decides which inputs are read). A bad field gets
// its message beside it and keeps what was typed.
import { Form } from "react-router";
import { DEAL_ESTIMATE_NOTE, DEAL_TERMS, DEAL_TYPE_LABELS, DEAL_TYPES, LEASE_MILES, LEASE_TERMS } from "../../lib/deals";
import type { DealField, DealFormValues } from "../../lib/deals";
import { formatInt } from "../../lib/format";

const input = "mt-1 w-full rounded-lg border bg-white px-3 py-2 text-ink";

function Field({
  name,
  label,
  values,
  errors,
  hint,
  mode = "decimal",
  placeholder,
}: {
  name: Exclude<DealField, "termMonths" | "leaseTermMonths" | "milesPerYear">;
  label: string;
  values: DealFormValues;
  errors: Partial<Record<DealField, string>>;
  hint?: string;
  mode?: "numeric" | "decimal";
  placeholder?: string;
}) {
  const id = `deal-${name}`;
  const err = errors[name];
  const described = [hint ? `${id}-hint` : "", err ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        inputMode={mode}
        defaultValue={values[name]}
        placeholder={placeholder}
        aria-invalid={err ? true : undefined}
        aria-describedby={described || undefined}
        className={`${input} ${err ? "border-red-500" : "border-slate-300"}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {err ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {err}
        </p>
      ) : null}
    </div>
  );
}

function Choice({
  name,
  label,
  options,
  values,
  errors,
  format,
}: {
  name: "termMonths" | "leaseTermMonths" | "milesPerYear";
  label: string;
  options: readonly number[];
  values: DealFormValues;
  errors: Partial<Record<DealField, string>>;
  format: (n: number) => string;
}) {
  const id = `deal-${name}`;
  const err = errors[name];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={options.includes(Number(values[name])) ? values[name] : ""}
        aria-invalid={err ? true : undefined}
        aria-describedby={err ? `${id}-error` : undefined}
        className={`${input} ${err ? "border-red-500" : "border-slate-300"}`}
      >
        <option value="">Choose</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {format(o)}
          </option>
        ))}
      </select>
      {err ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {err}
        </p>
      ) : null}
    </div>
  );
}

export function DealForm({
  action,
  values,
  errors,
  formError,
}: {
  action: string;
  values: DealFormValues;
  errors: Partial<Record<DealField, string>>;
  formError: string | null;
}) {
  // Remount on every answer so the inputs show what the server kept.
  const key = JSON.stringify(values);
  const months = (n: number) => `${n} months`;
  return (
    <Form method="post" action={action} key={key} className="flex flex-col gap-6" noValidate>
      {formError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800" data-testid="deal-form-error">
          {formError}
        </p>
      ) : Object.keys(errors).length > 0 ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          Check the fields marked below.
        </p>
      ) : null}
      <fieldset>
        <legend className="text-base font-semibold text-ink">How would you like to pay?</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {DEAL_TYPES.map((t) => (
            <label key={t} className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 has-[:checked]:border-brand-600">
              <input type="radio" name="dealType" value={t} defaultChecked={values.dealType === t} />
              {DEAL_TYPE_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-slate-700">Finance and lease: down payment</legend>
        <Field name="down" label="Down payment ($)" mode="numeric" values={values} errors={errors} placeholder="Ex:3,000" hint="Leave empty for none." />
      </fieldset>
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-700">If you finance</legend>
        <Choice name="termMonths" label="Loan term" options={DEAL_TERMS} values={values} errors={errors} format={months} />
        <Field name="apr" label="APR (%)" values={values} errors={errors} placeholder="Ex:6.9" hint="The rate your lender quoted you." />
      </fieldset>
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-700">If you lease</legend>
        <Choice name="leaseTermMonths" label="Lease term" options={LEASE_TERMS} values={values} errors={errors} format={months} />
        <Choice name="milesPerYear" label="Miles a year" options={LEASE_MILES} values={values} errors={errors} format={(n) => `${formatInt(n)} miles`} />
        <Field
          name="residualPercent"
          label="Residual (% of price)"
          values={values}
          errors={errors}
          placeholder="Ex:58"
          hint="What the car is worth at lease end, from the lessor."
        />
        <div>
          <Field name="moneyFactor" label="Money factor or rate" values={values} errors={errors} placeholder="Ex:0.00250" />
          <div className="mt-2 flex flex-wrap gap-3 text-sm">
            <label className="inline-flex items-center gap-1.5">
              <input type="radio" name="rateKind" value="moneyFactor" defaultChecked={values.rateKind !== "apr"} /> It is a money factor
            </label>
            <label className="inline-flex items-center gap-1.5">
              <input type="radio" name="rateKind" value="apr" defaultChecked={values.rateKind === "apr"} /> It is an APR (%)
            </label>
          </div>
        </div>
      </fieldset>
      <p className="text-xs text-slate-600">{DEAL_ESTIMATE_NOTE}</p>
      <button type="submit" className="self-start rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        Save my deal
      </button>
    </Form>
  );
}
