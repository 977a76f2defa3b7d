// The vehicle page's forms (docs/vehicle-page.md), one zod schema each, shared by the browser (Conform) and
// the action (parseWithZod): contact the seller, make an offer (private sellers), report a listing.
import { z } from "zod";
import { REPORT_REASONS, type ReportReason } from "./listing-form-fields.ts";

export { HONEYPOT_FIELD, REPORT_REASONS, type ReportReason } from "./listing-form-fields.ts";
export const LISTING_FORM_INTENTS = ["contact", "offer", "report"] as const;
export type ListingFormIntent = (typeof LISTING_FORM_INTENTS)[number];

export const DEFAULT_CONTACT_MESSAGE = "Hi, I am interested in this car. Is it still available?";

const name = (label: string) =>
  z
    .string({ error: `Enter your ${label}.` })
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(50, `Your ${label} can be at most 50 characters.`)
    .refine((s) => !/[<>{}\\]|https?:/i.test(s), `Enter your ${label} without links or symbols.`);

const email = z
  .string({ error: "Enter your email address." })
  .trim()
  .min(1, "Enter your email address.")
  .max(100, "Your email address can be at most 100 characters.")
  .pipe(z.email("Enter a valid email address, like name@example.com."));

/** US phone: 10 digits (a leading 1 is dropped); optional. Stored as (555) 010-0123. */
const phone = z
  .string()
  .trim()
  .max(30, "Enter a 10-digit phone number.")
  .optional()
  .transform((s, ctx) => {
    if (!s) return undefined;
    let d = s.replace(/\D/g, "");
    if (d.length === 11 && d.startsWith("1")) d = d.slice(1);
    if (d.length !== 10 || /[a-z]/i.test(s)) {
      ctx.addIssue({ code: "custom", message: "Enter a 10-digit phone number." });
      return z.NEVER;
    }
    return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  });

const message = (label: string, required: boolean) => {
  const base = z
    .string({ error: `Enter your ${label}.` })
    .trim()
    .max(1000, `Your ${label} can be at most 1,000 characters.`);
  return required ? base.min(1, `Enter your ${label}.`) : base.optional();
};

export const contactSchema = z.object({
  intent: z.literal("contact"),
  firstName: name("first name"),
  lastName: name("last name"),
  fromEmailAddress: email,
  phoneNumber: phone,
  comments: message("message", true),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const offerSchema = z.object({
  intent: z.literal("offer"),
  firstName: name("first name"),
  lastName: name("last name"),
  fromEmailAddress: email,
  phoneNumber: phone,
  offerAmount: z
    .string({ error: "Enter your offer in dollars." })
    .trim()
    .min(1, "Enter your offer in dollars.")
    .transform((s) => s.replace(/[$,\s]/g, ""))
    .refine((s) => /^\d{1,7}$/.test(s), "Enter your offer in whole dollars, for example 18,500.")
    .transform(Number)
    .refine((n) => n >= 100, "Offers start at $100."),
  comments: message("message", false),
});
export type OfferInput = z.infer<typeof offerSchema>;

export const reportSchema = z.object({
  intent: z.literal("report"),
  reason: z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]], { error: "Choose what is wrong with this listing." }),
  comment: z.string().trim().max(500, "Your comment can be at most 500 characters.").optional(),
});
export type ReportInput = z.infer<typeof reportSchema>;
