import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { formatPrice } from "../../lib/format";
import { DEFAULT_CONTACT_MESSAGE, HONEYPOT_FIELD, contactSchema, offerSchema } from "../../lib/listing-forms";
import type { VehicleActionData } from "../../server/pages/vehicle-actions.server";
import type { VehiclePageData } from "../../server/pages/vehicle-page.server";
import { Card } from "./sections";

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

/** A field people never see or fill in (display: none); bots that fill every input are refused. */
function Honeypot() {
  return (
    <div className="hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
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
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: offer ? {} : { comments: DEFAULT_CONTACT_MESSAGE },
  });
  const f = fields as Record<string, FieldMetadata<unknown>>;
  const sellerName = listing.owner.privateSeller ? "the seller" : listing.owner.name;
  return (
    <Card id="contact" title={offer ? "Make Offer" : "Email the seller"}>
      {contact.justSent ? (
        <p role="status" className="mb-4 rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-deal-great">
          {contact.justSent === "offer" ? "Your offer was sent to the seller." : `Your message was sent to ${sellerName}.`} We emailed you a copy.
        </p>
      ) : contact.emailed ? (
        <p role="status" className="mb-4 rounded-lg bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
          You have already contacted the seller about this car. You can send another message.
        </p>
      ) : null}
      {contact.mode === "phone" ? (
        <p className="text-sm text-slate-700">
          {listing.owner.name} takes enquiries by phone{listing.owner.phone ? `: call ${listing.owner.phone}` : ""}.
        </p>
      ) : (
        <Form method="post" action={`${page.canonicalPath}#contact`} {...getFormProps(form)} noValidate className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value={intent} />
          <Honeypot />
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
              <input {...getInputProps(f.offerAmount!, { type: "text" })} inputMode="numeric" placeholder={formatPrice(Math.round(listing.salePrice * 0.95))} className={inputClass(!!f.offerAmount!.errors)} />
            </Field>
          ) : null}
          <div className="sm:col-span-2">
            <Field meta={f.comments!} label="Message" hint={offer ? "(optional)" : undefined}>
              <textarea {...getTextareaProps(f.comments!)} rows={4} className={inputClass(!!f.comments!.errors)} />
            </Field>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
            <p className="text-xs text-slate-500">We send your details to the seller and a copy to you. We never show your email on the site.</p>
            <button type="submit" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
              {offer ? "Make Offer" : "Send message"}
            </button>
          </div>
        </Form>
      )}
    </Card>
  );
}
