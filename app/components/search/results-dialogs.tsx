// The results page's dialogs (issue 5): certified program details, electric vehicle types, and
// the card quick actions Share this Listing and Report this Listing. See info-dialog.tsx for how
// each works with and without JavaScript.
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { BRAND_CERTIFIED_PROGRAM, MONEY_BACK_GUARANTEE, TEXT } from "../../lib/constants";
import { formatInt } from "../../lib/format";
import { PATHS } from "../../lib/routes";
import { InfoDialog, dialogClass, openModal, useReturnFocus } from "./info-dialog";

const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";
const primary = "rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";
const secondary = "rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50";

/** 'About certified cars' and 'Electric vehicle types': links that open their dialogs. */
export function ResultsHelp({ includeCertifiedHref, evInfo }: { includeCertifiedHref: string | null; evInfo: boolean }) {
  const navigate = useNavigate();
  return (
    <div className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
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
        <p>
          A certified car is a used car its maker's dealer has inspected, reconditioned and backed with a warranty beyond the
          original one. Our gold certified program takes only cars:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>under {BRAND_CERTIFIED_PROGRAM.maxAgeYears} years old,</li>
          <li>with under {formatInt(BRAND_CERTIFIED_PROGRAM.maxMiles)} miles,</li>
          <li>that pass a {BRAND_CERTIFIED_PROGRAM.inspectionPoints}-point inspection.</li>
        </ul>
        <p>
          Every certified car comes with our money-back guarantee: return it within {MONEY_BACK_GUARANTEE.days} days or{" "}
          {formatInt(MONEY_BACK_GUARANTEE.miles)} miles, whichever comes first.
        </p>
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

interface CardTarget {
  kind: "share" | "report";
  id: number;
  title: string;
}

/**
 * Share this Listing and Report this Listing on the cards. The card's links lead to the vehicle
 * page's share and report sections (no JavaScript needed); with JavaScript a click opens this
 * page's dialog for that card instead. One dialog serves every card.
 */
export function CardDialogs() {
  const ref = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<CardTarget | null>(null);
  const [copied, setCopied] = useState(false);
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
      setTarget({ kind, id, title });
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
                  <input id="share-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2" />
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
              <>
                <p>Is something wrong with this listing: a wrong price, a car that is already sold, a suspicious seller? Tell us on the listing's page and our team will look into it.</p>
                <p>
                  <a className={primary + " inline-block"} href={`${PATHS.vehicle(target.id)}#report`}>
                    Continue to report this listing
                  </a>
                </p>
              </>
            )}
          </div>
        </>
      ) : null}
    </dialog>
  );
}
