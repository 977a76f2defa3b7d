// The results page's dialogs (docs/results-page.md): certified program details, electric vehicle types, and
// the card quick actions Share this Listing and Report this Listing. See info-dialog.tsx for how
// each works with and without JavaScript.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { TEXT } from "../../../lib/constants";
import type { CertifiedContent } from "../../../lib/trust-signals";
import { PATHS } from "../../../lib/routes";
import { HONEYPOT_FIELD, REPORT_REASONS, VIA_FETCH } from "../../../lib/listing-form-fields";
import type { VehicleActionData } from "../../../lib/vehicle-view";
import { Honeypot } from "../../../components/honeypot";
import { InfoDialog, dialogClass, openModal, useReturnFocus } from "../../../components/search/info-dialog";
import { KEPT_AS_SERVED, useDocumentOnly } from "../../../lib/document-only";
import { CERTIFIED_KEY } from "../view";

const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";
const primary = "rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";
const secondary = "rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50";

/** 'About certified cars' and 'Electric vehicle types': links that open their dialogs. `lead`: the row's first item (the shopping assistant). */
export function ResultsHelp({
  includeCertifiedHref,
  evInfo,
  certified,
  lead,
}: {
  includeCertifiedHref: string | null;
  evInfo: boolean;
  certified: CertifiedContent | null;
  lead?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      {lead}
      <InfoDialog
        id="certified-program"
        title="Certified pre-owned program"
        trigger="What does certified mean?"
        triggerClassName={linkClass}
        actions={(close) => (
          <>
            <a href="#results-heading" onClick={close} className={secondary}>
              Cancel
            </a>
            {includeCertifiedHref ? (
              <Link
                to={includeCertifiedHref}
                onClick={(e) => {
                  close(e);
                  void navigate(includeCertifiedHref);
                }}
                className={primary}
              >
                Include Certified Vehicles
              </Link>
            ) : null}
          </>
        )}
      >
        <CertifiedPrograms certified={certified} />
        {includeCertifiedHref ? null : <p className="font-medium">Certified cars are already part of this search.</p>}
      </InfoDialog>
      {evInfo ? (
        <InfoDialog id="ev-types" title="Electric vehicle types and their differences" trigger="Electric vehicle types" triggerClassName={linkClass}>
          <dl className="space-y-2">
            <div>
              <dt className="font-semibold text-ink">Battery electric (EV)</dt>
              <dd>Runs on its battery alone and charges from a plug. No fuel, no tailpipe; range is what the battery holds.</dd>
            </div>
            <div>
              <dt className="font-semibold text-ink">Plug-in hybrid (PHEV)</dt>
              <dd>A smaller battery you charge from a plug for everyday electric miles, and a gasoline engine for longer trips.</dd>
            </div>
            <div>
              <dt className="font-semibold text-ink">Hybrid (HEV)</dt>
              <dd>A gasoline engine helped by an electric motor; the battery charges itself while driving and braking. It never plugs in.</dd>
            </div>
            <div>
              <dt className="font-semibold text-ink">Fuel cell (FCEV)</dt>
              <dd>An electric motor powered by hydrogen from a filling station; only water leaves the tailpipe.</dd>
            </div>
          </dl>
          <p>Filter by Fuel Type to see one kind; Electric Mile Range narrows battery electric cars by how far they go on a charge.</p>
        </InfoDialog>
      ) : null}
    </div>
  );
}

/** The certified programs (null on a document: kept as served, ADR 032 "Choices kept as served"). */
function CertifiedPrograms({ certified }: { certified: CertifiedContent | null }) {
  const served = useDocumentOnly<CertifiedContent>(CERTIFIED_KEY);
  const content = certified ?? served;
  if (!content) return <div className="space-y-3" {...KEPT_AS_SERVED} />;
  return (
    <div className="space-y-3">
      <p>{content.intro}</p>
      <dl className="space-y-2">
        {content.programs.map((p) => (
          <div key={p.kind}>
            <dt className="font-semibold text-ink">{p.label}</dt>
            <dd>{p.text}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

interface CardTarget {
  kind: "share" | "report";
  id: number;
  title: string;
  /** Counts the openings: each one starts a fresh report form. */
  opened: number;
}

/**
 * Report this Listing in the dialog: the vehicle page's report form (reason, comment), posted by a
 * fetcher to the vehicle page's action (intent=report, `via=fetch`: the same validation, rate limits
 * and messages, answered with data instead of a redirect). The dialog says when it was sent, or
 * shows the action's messages beside the fields, keeping what was typed.
 */
function CardReportForm({ id }: { id: number }) {
  const fetcher = useFetcher<VehicleActionData>();
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  if (reply?.sent) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 font-medium text-deal-great">
        Your report was sent. Thank you: our team will review this listing.
      </p>
    );
  }
  const errors = reply?.result.error ?? {};
  const error = (name: string) => errors[name]?.[0];
  return (
    <fetcher.Form method="post" action={PATHS.vehicle(id)} noValidate className="space-y-3">
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name={VIA_FETCH.name} value={VIA_FETCH.value} />
      <Honeypot name={HONEYPOT_FIELD} />
      {error("") ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
          {error("")}
        </p>
      ) : null}
      <fieldset aria-describedby={error("reason") ? "card-report-reason-error" : undefined}>
        <legend>What is wrong with this listing?</legend>
        <div className="mt-2 grid gap-1.5">
          {Object.entries(REPORT_REASONS).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-ink">
              <input type="radio" name="reason" value={value} className="size-4 accent-brand-600" />
              {label}
            </label>
          ))}
        </div>
        {error("reason") ? (
          <p id="card-report-reason-error" role="alert" className="mt-1 text-red-700">
            {error("reason")}
          </p>
        ) : null}
      </fieldset>
      <label htmlFor="card-report-comment" className="block font-medium">
        Comment <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <textarea
        id="card-report-comment"
        name="comment"
        rows={2}
        aria-invalid={error("comment") ? true : undefined}
        aria-describedby={error("comment") ? "card-report-comment-error" : undefined}
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-ink"
      />
      {error("comment") ? (
        <p id="card-report-comment-error" role="alert" className="text-red-700">
          {error("comment")}
        </p>
      ) : null}
      <button type="submit" disabled={fetcher.state !== "idle"} className={primary}>
        {fetcher.state !== "idle" ? "Sending…" : "Send report"}
      </button>
    </fetcher.Form>
  );
}

/**
 * Share this Listing and Report this Listing on the cards. The card's links lead to the vehicle
 * page's share and report sections (no JavaScript needed); with JavaScript a click opens this
 * page's dialog for that card instead: the link to copy, or the report form itself. One dialog
 * serves every card.
 */
export function CardDialogs() {
  const ref = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<CardTarget | null>(null);
  const [copied, setCopied] = useState(false);
  const openings = useRef(0);
  useReturnFocus(ref);
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      const link = (e.target as Element | null)?.closest?.("a[data-card-dialog]");
      const card = link?.closest("article[id^='listing-']");
      if (!link || !card || !ref.current || typeof ref.current.showModal !== "function") return;
      e.preventDefault();
      const kind = link.getAttribute("data-card-dialog") === "report" ? "report" : "share";
      const id = Number(card.id.slice("listing-".length));
      const title = card.querySelector("h3")?.textContent?.trim() ?? "this listing";
      setCopied(false);
      setTarget({ kind, id, title, opened: ++openings.current });
      openModal(ref.current, link);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  const close = () => ref.current?.close();
  const url = target ? new URL(PATHS.vehicle(target.id), window.location.origin).href : "";
  return (
    <dialog ref={ref} aria-labelledby="card-dialog-title" className={dialogClass} onClose={() => setCopied(false)}>
      {target ? (
        <>
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <h2 id="card-dialog-title" className="text-lg font-bold">
              {target.kind === "share" ? TEXT.shareListing : TEXT.reportListing}
            </h2>
            <button type="button" onClick={close} className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              Close
            </button>
          </div>
          <div className="space-y-3 px-5 py-4 text-sm text-slate-700">
            <p className="font-semibold text-ink">{target.title}</p>
            {target.kind === "share" ? (
              <>
                <label htmlFor="share-url" className="block font-medium">
                  Link to this listing
                </label>
                <div className="flex gap-2">
                  <input
                    id="share-url"
                    readOnly
                    value={url}
                    onFocus={(e) => e.currentTarget.select()}
                    className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2"
                  />
                  <button
                    type="button"
                    className={primary}
                    onClick={() => {
                      void navigator.clipboard?.writeText(url).then(
                        () => setCopied(true),
                        () => setCopied(false),
                      );
                    }}
                  >
                    Copy link
                  </button>
                </div>
                <p role="status" className="min-h-5 text-deal-good">
                  {copied ? "Link copied." : ""}
                </p>
                <p>
                  <a className={linkClass} href={`mailto:?subject=${encodeURIComponent(target.title)}&body=${encodeURIComponent(url)}`}>
                    Share by email
                  </a>
                </p>
              </>
            ) : (
              <CardReportForm key={target.opened} id={target.id} />
            )}
          </div>
        </>
      ) : null}
    </dialog>
  );
}
