// My account: profile (the lead details used to contact sellers), links to saved cars and
// searches, sign out, and delete account.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { Field, FormError, primaryButton, secondaryButton } from "../../components/account/field";
import { profileSchema } from "../../lib/account-schemas";
import { IDENTITY_TEXT } from "../../lib/constants";
import { PATHS } from "../../lib/routes";
import { loadAccountPage } from "./loader.server";
import { accountAction } from "./action.server";

// Conform's constraint, made once: the schema walk is the same on every render (Conform only reads it).
const PROFILE_CONSTRAINT = getZodConstraint(profileSchema);

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadAccountPage(request, url);
}

export async function action({ request, url }: Route.ActionArgs) {
  return accountAction(request, url);
}

export const meta = () => [{ title: "My account | Forecourt" }, { name: "robots", content: "noindex" }];

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, updated, verificationSent } = loaderData;
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.intent === "profile" ? actionData.result : undefined,
    defaultValue: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      oneClickOptIn: user.oneClickOptIn ? "on" : undefined,
    },
    constraint: PROFILE_CONSTRAINT,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">My account</h1>
        <Form method="post" action={PATHS.signOut}>
          <button type="submit" className={secondaryButton}>
            Sign out
          </button>
        </Form>
      </div>
      <p className="mt-2 text-slate-700">
        Signed in as <strong>{user.email}</strong>.{" "}
        <Link to={PATHS.saved} className="font-semibold text-brand-700 underline underline-offset-2">
          Saved cars, searches and alerts
        </Link>
      </p>

      <section aria-labelledby="email-status-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="email-status-heading" className="text-xl font-bold">
          Email verification
        </h2>
        {user.emailVerified ? (
          <p className="mt-2 text-green-800" data-testid="email-status">
            {IDENTITY_TEXT.verified}
          </p>
        ) : (
          <p className="mt-2 text-amber-900" data-testid="email-status">
            {IDENTITY_TEXT.verifyEmail(user.email)}
          </p>
        )}
        {user.pendingEmail ? <p className="mt-2 text-slate-700">{IDENTITY_TEXT.pendingEmail(user.pendingEmail)}</p> : null}
        {verificationSent ? (
          <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
            We sent you a new link.
          </p>
        ) : null}
        {actionData?.intent === "resend-verification" && actionData.error ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {actionData.error}
          </p>
        ) : null}
        {!user.emailVerified || user.pendingEmail ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="resend-verification" />
            <button type="submit" className={secondaryButton}>
              Resend verification email
            </button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="profile-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="profile-heading" className="text-xl font-bold">
          Your details
        </h2>
        <p className="mt-1 text-sm text-slate-600">Sent to a seller only when you contact them.</p>
        {updated ? (
          <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
            Your details are saved.
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="profile" />
          <FormError id={form.errorId} errors={form.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" meta={fields.firstName} autoComplete="given-name" />
            <Field label="Last name" meta={fields.lastName} autoComplete="family-name" />
          </div>
          <Field label="Email" meta={fields.email} type="email" autoComplete="email" />
          <Field label="Phone" meta={fields.phone} type="tel" autoComplete="tel" />
          <label className="flex items-start gap-2 text-sm">
            <input {...getInputProps(fields.oneClickOptIn, { type: "checkbox", value: "on" })} key={fields.oneClickOptIn.key} className="mt-1" />
            <span>
              <strong>One-click email.</strong> Ask sellers about availability in one click, using the name and email above.
            </span>
          </label>
          <button type="submit" className={primaryButton}>
            Save details
          </button>
        </Form>
      </section>

      <section aria-labelledby="delete-heading" className="mt-8 rounded-xl border border-red-200 bg-white p-6">
        <h2 id="delete-heading" className="text-xl font-bold">
          Delete account
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Removes your account, your details, saved cars, saved searches and alerts for good. Enquiries you already sent to sellers stay with them.
        </p>
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="delete" />
          {actionData?.intent === "delete" && actionData.error ? (
            <p id="confirm-error" className="text-sm font-medium text-red-700">
              {actionData.error}
            </p>
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="confirm" value="yes" aria-describedby={actionData?.intent === "delete" ? "confirm-error" : undefined} />I understand
            this cannot be undone
          </label>
          <button type="submit" className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
            Delete my account
          </button>
        </Form>
      </section>
    </main>
  );
}
