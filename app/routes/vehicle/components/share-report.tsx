import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "../../../components/use-hydrated";
import { Honeypot } from "../../../components/honeypot";
import { HONEYPOT_FIELD, REPORT_REASONS, reportSchema } from "../../../lib/listing-forms";
import type { VehicleActionData } from "../../../lib/vehicle-view";
import { Icon } from "../../../components/search/icons";
import { Card } from "../../../components/vehicle/sections";

// Conform's constraint, made once: the schema walk is the same on every render (Conform only reads it).
const REPORT_CONSTRAINT = getZodConstraint(reportSchema);

/** Link, copy, email; the device's share sheet (Web Share API) when JavaScript runs and the browser has one. */
export function ShareListing({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function"), []);
  const mailto = `mailto:?subject=${encodeURIComponent(`${title} on Forecourt`)}&body=${encodeURIComponent(`Take a look at this ${title}:\n${url}`)}`;
  return (
    <Card id="share" title="Share this Listing">
      <label htmlFor="share-url" className="text-sm text-slate-600">
        Link to this listing
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="share-url"
          type="url"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-ink"
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => {
              const done = (ok: boolean) => setCopied(ok ? "yes" : "no");
              if (navigator.clipboard)
                navigator.clipboard.writeText(url).then(
                  () => done(true),
                  () => done(false),
                );
              else done(false);
            }}
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {copied === "yes" ? "Copied" : "Copy link"}
          </button>
        ) : null}
      </div>
      <p aria-live="polite" className="mt-1 text-sm text-slate-600">
        {copied === "yes" ? "Link copied." : copied === "no" ? "Select the link and copy it." : ""}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        <a href={mailto} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
          <Icon name="share" />
          Email this listing
        </a>
        {hydrated && canShare ? (
          <button
            type="button"
            onClick={() => void navigator.share({ title, url }).catch(() => {})}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
          >
            <Icon name="share" />
            Share…
          </button>
        ) : null}
      </p>
    </Card>
  );
}

/**
 * Report this Listing: a reason and a comment, stored; enough independent reports hide the
 * listing pending review. Folded behind a link (docs/phone.md): the form shows while the section
 * is the page's :target (#report, the link here, the results card's link, the post's answer),
 * no JavaScript needed, and whenever the answer carries a message for it.
 */
export function ReportListing({ action, reported, actionData }: { action: string; reported: boolean; actionData: VehicleActionData | undefined }) {
  const [form, fields] = useForm({
    id: "report-form",
    lastResult: actionData?.intent === "report" ? actionData.result : undefined,
    constraint: REPORT_CONSTRAINT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const chosen = fields.reason.initialValue;
  const answered = actionData?.intent === "report";
  return (
    <Card id="report" title="Report this Listing" className="group">
      {reported ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-deal-great">
          Thank you. Our team will review this listing.
        </p>
      ) : (
        <>
          <p className={answered ? "hidden" : "text-sm text-slate-700 group-target:hidden"}>
            A wrong price, a car already sold, a seller who seems fraudulent?{" "}
            <a href="#report" className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-2">
              <Icon name="report" />
              Report this Listing
            </a>
          </p>
          <Form method="post" action={`${action}#report`} {...getFormProps(form)} noValidate className={answered ? undefined : "hidden group-target:block"}>
            <input type="hidden" name="intent" value="report" />
            <Honeypot name={HONEYPOT_FIELD} />
            {form.errors?.length ? (
              <p role="alert" className="mb-3 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
                {form.errors[0]}
              </p>
            ) : null}
            <fieldset aria-describedby={fields.reason.errors ? fields.reason.errorId : undefined}>
              <legend className="text-sm text-slate-700">What is wrong with this listing?</legend>
              <div className="mt-2 grid gap-1.5">
                {Object.entries(REPORT_REASONS).map(([value, label]) => (
                  <label key={value} className="flex items-center gap-2 text-sm text-ink">
                    <input type="radio" name={fields.reason.name} value={value} defaultChecked={chosen === value} className="size-4 accent-brand-600" />
                    {label}
                  </label>
                ))}
              </div>
              {fields.reason.errors ? (
                <p id={fields.reason.errorId} className="mt-1 text-sm text-red-700">
                  {fields.reason.errors[0]}
                </p>
              ) : null}
            </fieldset>
            <label htmlFor={fields.comment.id} className="mt-3 block text-sm font-medium text-slate-700">
              Comment <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <textarea {...getTextareaProps(fields.comment)} rows={2} className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-ink" />
            {fields.comment.errors ? (
              <p id={fields.comment.errorId} className="mt-1 text-sm text-red-700">
                {fields.comment.errors[0]}
              </p>
            ) : null}
            <button
              type="submit"
              className={
                "mt-3 inline-flex items-center gap-1.5 rounded-lg border border-slate-300 " + "px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              }
            >
              <Icon name="report" />
              Report this Listing
            </button>
          </Form>
        </>
      )}
    </Card>
  );
}
