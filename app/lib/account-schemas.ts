// Account form schemas, shared by the server (parseWithZod in actions) and the account pages
// (Conform validates with the same schemas in the browser). Kept apart from account.ts so the
// results page, which shows only the heart and the save-search box, does not load zod.
import { z } from "zod";
import { EMAIL_CAPTURE_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./account.ts";

const email = z
  .string({ error: "Enter your email address" })
  .trim()
  .toLowerCase()
  .max(254, "That email address is too long")
  .pipe(z.email({ error: "Enter a valid email address, like name@example.com" }));

export const passwordRule = z
  .string({ error: "Enter a password" })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`)
  .refine((p) => /[A-Za-z]/.test(p) && /[^A-Za-z]/.test(p), "Use letters and at least one number or symbol");

export const signInSchema = z.object({
  intent: z.literal("sign-in"),
  email,
  password: z.string({ error: "Enter your password" }).max(PASSWORD_MAX),
  refUrl: z.string().optional(),
});

export const signUpSchema = z.object({
  intent: z.literal("sign-up"),
  email,
  password: passwordRule,
  firstName: z.string().trim().max(60, "At most 60 characters").optional(),
  lastName: z.string().trim().max(60, "At most 60 characters").optional(),
  refUrl: z.string().optional(),
});

export const profileSchema = z.object({
  intent: z.literal("profile"),
  firstName: z.string().trim().max(60, "At most 60 characters").optional(),
  lastName: z.string().trim().max(60, "At most 60 characters").optional(),
  email,
  phone: z
    .string()
    .trim()
    .max(30)
    .optional()
    .refine((v) => !v || /^\+?[0-9 ().-]{7,20}$/.test(v), "Enter a phone number, like (555) 123-4567"),
  oneClickOptIn: z.literal("on").optional(),
});

export const emailCaptureSchema = z.object({
  emailAddress: z
    .string({ error: "Enter your email address" })
    .trim()
    .toLowerCase()
    .max(EMAIL_CAPTURE_MAX, `At most ${EMAIL_CAPTURE_MAX} characters`)
    .pipe(z.email({ error: "Enter a valid email address" })),
});
