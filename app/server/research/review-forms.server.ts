// What the review pages' forms share (docs/decisions/024-model-research.md): the field rules of
// a model, a year and an id, the write and vote limits, and the reply a refused form gets.
import { z } from "zod";

export const WRITE_LIMIT = { limit: 10, windowMs: 3_600_000 };
export const VOTE_LIMIT = { limit: 60, windowMs: 3_600_000 };

export const catalogueCode = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.-]+$/);
export const modelYear = z.coerce.number().int().min(1980).max(2100);
export const rowId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A refused review form: a message per field, what was typed, and an optional message above. */
export type WriteReviewReply = { errors: Record<string, string>; values: Record<string, string>; message?: string };

/** The form's text fields, each cut to `max` characters (what is typed comes back on a refusal). */
export function formValues(form: FormData, max = 5000): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string") values[k] = v.slice(0, max);
  return values;
}

/** The first message of each field of a failed parse. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}
