// The consumer review form's schema: one for the page and the action (kept apart from reviews.ts so
// the results page's JavaScript does not carry zod).
import { z } from "zod";
import { OVERALL_RATING, REVIEW_CATEGORIES, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEW_TITLE_MAX, type ReviewCategory } from "./reviews";

const stars = (label: string) =>
  z.coerce
    .number({ error: `Choose a rating for ${label}.` })
    .int({ error: `Choose a rating for ${label}.` })
    .min(1, { error: `Choose a rating for ${label}.` })
    .max(5, { error: `Choose a rating for ${label}.` });

const categoryShape = Object.fromEntries(REVIEW_CATEGORIES.map((c) => [c.key, stars(c.label)])) as Record<ReviewCategory, ReturnType<typeof stars>>;

/** A review's title and text, the same rules and messages for model-year and dealer reviews. */
export const reviewTitleField = z
  .string({ error: "Give your review a title." })
  .trim()
  .min(3, { error: "Give your review a title (3 characters or more)." })
  .max(REVIEW_TITLE_MAX, { error: `Keep the title under ${REVIEW_TITLE_MAX} characters.` });
export const reviewTextField = z
  .string({ error: `Write at least ${REVIEW_TEXT_MIN} characters.` })
  .trim()
  .min(REVIEW_TEXT_MIN, { error: `Write at least ${REVIEW_TEXT_MIN} characters.` })
  .max(REVIEW_TEXT_MAX, { error: `Keep the review under ${REVIEW_TEXT_MAX} characters.` });

/** The review form: one schema for the page and the action. */
export const reviewFormSchema = z.object({
  make: z.string().trim().min(1).max(40),
  model: z.string().trim().min(1).max(60),
  year: z.coerce.number().int().min(1980).max(2100),
  /** A trim of that model year (its reference id); empty when the reviewer does not know it. */
  trim: z.string().trim().max(80).optional(),
  overall: stars(OVERALL_RATING),
  ...categoryShape,
  title: reviewTitleField,
  text: reviewTextField,
});
export type ReviewForm = z.infer<typeof reviewFormSchema>;
