import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useFetcher } from "react-router";
import { useHydrated } from "../../../components/use-hydrated";
import { PATHS } from "../../../lib/routes";
import { formatPrice } from "../../../lib/format";
import { Honeypot } from "../../../components/honeypot";
import { DEFAULT_CONTACT_MESSAGE, HONEYPOT_FIELD, contactSchema, offerSchema } from "../../../lib/listing-forms";
import type { VehicleActionData } from "../../../lib/vehicle-view";
import type { VehiclePageData } from "../../../lib/vehicle-view";
import { Card } from "../../../components/vehicle/sections";

// Conform's constraints, made once: the schema walk is the same on every render (Conform only reads them).
const CONSTRAINTS = { offer: getZodConstraint(offerSchema), contact: getZodConstraint(contactSchema) };

const inputClass = (bad: boolean) => `mt-1 w-full rounded-lg border px-3 py-2 text-sm text-ink ${bad ? "border-red-600" : "border-slate-300"}`;

function Field({ meta, label, hint, children }: { meta: FieldMetadata<unknown>; label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={meta.id} className="text-sm font-medium text-slate-700">
        {label}
        {hint ? <span className="font-normal text-slate-500"> {hint}</span> : null}
      </label>
      {children}
      {meta.errors?.length ? (
        <p id={meta.errorId} className="mt-1 text-sm text-red-700">
          {meta.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Email the seller (dealers) or Make Offer (private sellers): one zod schema for the browser
 * (Conform) and the action. Without JavaScript the server answers with the messages beside the
 * fields and the typed values kept; with it the same messages appear as the shopper leaves a field.
 */
export function ContactSeller({ page, actionData }: { page: VehiclePageData; actionData: VehicleActionData | undefined }) {
  const { contact, listing } = page;
  const offer = contact.mode === "offer";
  const schema = offer ? offerSchema : contactSchema;
  const intent = offer ? "offer" : "contact";
  const [form, fields] = useForm({
    id: `${intent}-form`,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    constraint: CONSTRAINTS[intent],
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      ...(contact.profile
        ? {
            firstName: contact.profile.firstName,
            lastName: contact.profile.lastName,
            fromEmailAddress: contact.profile.email,
            phoneNumber: contact.profile.phone,
          }
        : {}),
      ...(offer ? {} : { comments: DEFAULT_CONTACT_MESSAGE }),
    },
  });
  const f = fields as Record<string, FieldMetadata<unknown>>;
  const sellerName = listing.owner.privateSeller ? "the seller" : listing.owner.name;
  return (
    <Card id="contact" title={offer ? "Make Offer" : "Email the seller"}>
      {contact.justSent ? (
        <p role="status" className="mb-4 rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-deal-great">
          {contact.justSent === "offer" ? "Your offer was sent to the seller." : `Your message was sent to ${sellerName}.`}
          {contact.copySent ? " We emailed you a copy." : " The seller will reply to the email address you gave."}
        </p>
      ) : contact.emailed ? (
        <p role="status" className="mb-4 rounded-lg bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
          You have already contacted the seller about this car. You can send another message.
        </p>
      ) : null}
      {contact.mode === "email" && contact.oneClick === "send" && contact.profile ? <OneClickEmail page={page} sellerName={sellerName} /> : null}
      {contact.mode === "email" && contact.oneClick === "edit" ? (
        <p className="mb-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800">
          Add your first name, last name and email on{" "}
          <a href={PATHS.account} className="font-semibold underline">
            your account
          </a>{" "}
          to email sellers in one click. We filled in what we know.
        </p>
      ) : null}
      {contact.mode === "phone" ? (
        <p className="text-sm text-slate-700">
          {listing.owner.name} takes enquiries by phone{listing.owner.phone ? `: call ${listing.owner.phone}` : ""}.
        </p>
      ) : (
        <Form method="post" action={`${page.canonicalPath}#contact`} {...getFormProps(form)} noValidate className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value={intent} />
          <Honeypot name={HONEYPOT_FIELD} />
          {offer ? (
            <p className="text-sm text-slate-700 sm:col-span-2">
              Offer what you think this car is worth. The seller asks {formatPrice(listing.salePrice)} and will reply by email or phone.
            </p>
          ) : null}
          {form.errors?.length ? (
            <p id={form.errorId} role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 sm:col-span-2">
              {form.errors[0]}
            </p>
          ) : null}
          <Field meta={f.firstName!} label="First name">
            <input {...getInputProps(f.firstName!, { type: "text" })} autoComplete="given-name" className={inputClass(!!f.firstName!.errors)} />
          </Field>
          <Field meta={f.lastName!} label="Last name">
            <input {...getInputProps(f.lastName!, { type: "text" })} autoComplete="family-name" className={inputClass(!!f.lastName!.errors)} />
          </Field>
          <Field meta={f.fromEmailAddress!} label="Email">
            <input {...getInputProps(f.fromEmailAddress!, { type: "email" })} autoComplete="email" className={inputClass(!!f.fromEmailAddress!.errors)} />
          </Field>
          <Field meta={f.phoneNumber!} label="Phone" hint="(optional)">
            <input {...getInputProps(f.phoneNumber!, { type: "tel" })} autoComplete="tel" className={inputClass(!!f.phoneNumber!.errors)} />
          </Field>
          {offer ? (
            <Field meta={f.offerAmount!} label="Your offer ($)">
              <input
                {...getInputProps(f.offerAmount!, { type: "text" })}
                inputMode="numeric"
                placeholder={formatPrice(Math.round(listing.salePrice * 0.95))}
                className={inputClass(!!f.offerAmount!.errors)}
              />
            </Field>
          ) : null}
          <div className="sm:col-span-2">
            <Field meta={f.comments!} label="Message" hint={offer ? "(optional)" : undefined}>
              <textarea {...getTextareaProps(f.comments!)} rows={4} className={inputClass(!!f.comments!.errors)} />
            </Field>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
            <p className="text-xs text-slate-500">
              We send your details to the seller (and a copy to you when you are signed in with that verified email). We never show your email on the site.
            </p>
            <button type="submit" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
              {offer ? "Make Offer" : "Send message"}
            </button>
          </div>
        </Form>
      )}
    </Card>
  );
}

/**
 * One-click email (docs/accounts.md): the availability message with the shopper's saved details,
 * sent by one POST (a fetcher with JavaScript). The form below stays for a message of their own.
 */
function OneClickEmail({ page, sellerName }: { page: VehiclePageData; sellerName: string }) {
  const fetcher = useFetcher<{ ok: true } | { ok: false; error: string }>();
  const hydrated = useHydrated();
  const profile = page.contact.profile!;
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" action={PATHS.oneClickEmail} className="mb-5 rounded-lg border border-brand-200 bg-brand-50 p-4">
      <input type="hidden" name="listingId" value={page.listing.id} />
      <input type="hidden" name="refUrl" value={page.canonicalPath} />
      {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
      <p className="text-sm text-slate-700">
        Ask {sellerName} “{DEFAULT_CONTACT_MESSAGE}” as {profile.firstName} {profile.lastName} ({profile.email}).
      </p>
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="mt-3 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        {fetcher.state !== "idle" ? "Sending…" : "Email seller in one click"}
      </button>
      {reply?.ok ? (
        <p role="status" className="mt-3 text-sm font-medium text-deal-great">
          Your message was sent to {sellerName}.
        </p>
      ) : reply ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {reply.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
