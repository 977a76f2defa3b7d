// Sign in / create an account (docs/accounts.md: "a configured path, opened with
// defaultScreen=signup and refUrl"). Both forms work without JavaScript; with it, Conform checks
// fields on blur with the same zod schemas. Arriving from a heart (saveListingId) shows the
// spec's 'Save Cars with a Free Account' and completes the save after signing in.
import { getFormProps, useForm, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { Field, FormError, primaryButton } from "../../components/account/field";
import { ACCOUNT_TEXT, PASSWORD_MIN, safeRefUrl, signInHref } from "../../lib/account";
import { signInSchema, signUpSchema } from "../../lib/account-schemas";
import { PATHS } from "../../lib/routes";
import { signInOrUpAction } from "./action.server";
import { getSessionUser } from "../../server/accounts/session.server";
import { documentHeaders } from "../../server/http/route-headers.server";

// Conform's constraints, made once: the schema walk is the same on every render (Conform only reads them).
const SIGN_IN_CONSTRAINT = getZodConstraint(signInSchema);
const SIGN_UP_CONSTRAINT = getZodConstraint(signUpSchema);

function refOf(url: URL): string {
  const ref = safeRefUrl(url.searchParams.get("refUrl"), PATHS.account);
  return ref.startsWith(PATHS.signIn) ? PATHS.account : ref;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const refUrl = refOf(url);
  if (await getSessionUser(request)) throw redirect(refUrl);
  const save = Number(url.searchParams.get("saveListingId"));
  return {
    screen: url.searchParams.get("defaultScreen") === "signup" ? ("signup" as const) : ("signin" as const),
    refUrl,
    saveListingId: Number.isSafeInteger(save) && save > 0 ? save : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return signInOrUpAction(request);
}

// A refused post's Retry-After reaches the page.
export const headers = documentHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.screen === "signup" ? "Create a free account" : "Sign in"} | Forecourt` },
  { name: "robots", content: "noindex" },
];

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { refUrl, saveListingId } = loaderData;
  const screen = actionData?.intent === "sign-up" ? "signup" : actionData?.intent === "sign-in" ? "signin" : loaderData.screen;
  const switchHref = signInHref(PATHS.signIn, refUrl, { signup: screen === "signin", save: saveListingId ?? undefined });
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      {saveListingId ? (
        <div className="mb-6 rounded-xl border border-brand-200 bg-brand-50 p-4">
          <h1 className="text-2xl font-bold tracking-tight">{ACCOUNT_TEXT.saveCarsHeading}</h1>
          <p className="mt-1 text-slate-700">{ACCOUNT_TEXT.saveCarsBody}</p>
        </div>
      ) : null}
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="account-form-heading">
        {screen === "signup" ? (
          <SignUpForm
            refUrl={refUrl}
            saveListingId={saveListingId}
            lastResult={actionData?.intent === "sign-up" ? actionData.result : undefined}
            headingLevel={saveListingId ? 2 : 1}
          />
        ) : (
          <SignInForm
            refUrl={refUrl}
            saveListingId={saveListingId}
            lastResult={actionData?.intent === "sign-in" ? actionData.result : undefined}
            headingLevel={saveListingId ? 2 : 1}
          />
        )}
        <p className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-700">
          {screen === "signup" ? "Already have an account? " : "New to Forecourt? "}
          <Link to={switchHref} className="font-semibold text-brand-700 underline underline-offset-2">
            {screen === "signup" ? "Sign in" : "Create a free account"}
          </Link>
        </p>
      </section>
      <p className="mt-4 text-center text-sm">
        <Link to={refUrl} className="text-brand-700 hover:underline">
          Continue without an account
        </Link>
      </p>
    </main>
  );
}

type Reply = SubmissionResult<string[]> | undefined;

interface AccountFormProps {
  refUrl: string;
  saveListingId: number | null;
  lastResult: Reply;
  headingLevel: 1 | 2;
}

/** A key that changes with every answer from the server: remounting the password input empties it. */
function usePasswordKey(lastResult: Reply): string {
  const [seq, setSeq] = useState(0);
  useEffect(() => {
    if (lastResult) setSeq((n) => n + 1);
  }, [lastResult]);
  return `password-${seq}`;
}

/** Conform over one of the two schemas: checked on blur, again on input once shown wrong. */
function useAccountForm<Schema extends typeof signInSchema | typeof signUpSchema>(id: "sign-in" | "sign-up", schema: Schema, lastResult: Reply) {
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: id === "sign-in" ? SIGN_IN_CONSTRAINT : SIGN_UP_CONSTRAINT,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return { form, fields, passwordKey: usePasswordKey(lastResult) };
}

/** What both forms share: the heading, the hidden fields, the form's own error and the submit button around their fields. */
function AccountForm<Fields extends Record<string, unknown>>({
  form,
  intent,
  heading,
  submit,
  refUrl,
  saveListingId,
  headingLevel,
  children,
}: Omit<AccountFormProps, "lastResult"> & {
  form: FormMetadata<Fields, string[]>;
  intent: "sign-in" | "sign-up";
  heading: string;
  submit: string;
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <Heading id="account-form-heading" className="text-2xl font-bold tracking-tight">
        {heading}
      </Heading>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="refUrl" value={refUrl} />
      {saveListingId ? <input type="hidden" name="saveListingId" value={saveListingId} /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      {children}
      <button type="submit" className={`${primaryButton} w-full`} disabled={navigation.state === "submitting"}>
        {submit}
      </button>
    </Form>
  );
}

function SignInForm({ lastResult, ...props }: AccountFormProps) {
  const { form, fields, passwordKey } = useAccountForm("sign-in", signInSchema, lastResult);
  return (
    <AccountForm form={form} intent="sign-in" heading="Sign in" submit="Sign in" {...props}>
      <Field label="Email" meta={fields.email} type="email" autoComplete="email" />
      <div key={passwordKey}>
        <Field label="Password" meta={fields.password} type="password" autoComplete="current-password" />
      </div>
    </AccountForm>
  );
}

function SignUpForm({ lastResult, ...props }: AccountFormProps) {
  const { form, fields, passwordKey } = useAccountForm("sign-up", signUpSchema, lastResult);
  return (
    <AccountForm form={form} intent="sign-up" heading="Create a free account" submit="Create account" {...props}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name (optional)" meta={fields.firstName} autoComplete="given-name" />
        <Field label="Last name (optional)" meta={fields.lastName} autoComplete="family-name" />
      </div>
      <Field label="Email" meta={fields.email} type="email" autoComplete="email" />
      <div key={passwordKey}>
        <Field
          label="Password"
          meta={fields.password}
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters, with letters and a number or symbol.`}
        />
      </div>
    </AccountForm>
  );
}
