// A labelled input with its error beside it (Conform field metadata), used by the account forms.
import { getInputProps, type FieldMetadata } from "@conform-to/react";

export function Field({
  label,
  meta,
  type = "text",
  autoComplete,
  hint,
  placeholder,
}: {
  label: string;
  meta: FieldMetadata<any, any, string[]>;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  hint?: string;
  placeholder?: string;
}) {
  const errors = meta.errors;
  const props = getInputProps(meta, { type, ariaDescribedBy: hint ? `${meta.id}-hint` : undefined });
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${meta.id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <input
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        placeholder={placeholder}
        className={`mt-1 w-full rounded-lg border bg-white px-3 py-2 text-ink ${errors ? "border-red-600" : "border-slate-300"}`}
      />
      {errors ? (
        <p id={meta.errorId} className="mt-1 text-sm font-medium text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export function FormError({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors || errors.length === 0) return null;
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {errors.join(" ")}
    </p>
  );
}

export const primaryButton =
  "inline-flex items-center justify-center rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
export const secondaryButton =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50";
