// The save-vehicle heart (docs/accounts.md). A POST button to PATHS.saveVehicle that works without
// JavaScript (the server redirects back, or to the sign-in page); with JavaScript a fetcher
// toggles in place and, when the shopper must sign in, opens the 'Save Cars with a Free Account'
// dialog. Closing the dialog undoes the tentative save (nothing was stored for it).
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { ACCOUNT_TEXT } from "../../lib/account";
import { CARD_POST_FORM } from "../../lib/constants";
import { PATHS } from "../../lib/routes";
import { useRootData } from "../use-root-data";
import { Icon, leadingIcon } from "../search/icons";

type Result =
  { ok: true; saved: boolean } | { ok: false; needSignIn: true; signInUrl: string; signUpUrl: string } | { ok: false; needSignIn: false; error: string };

/** Saves one after another, every heart's: a signed-out shopper's quick saves are one cookie, and
 *  a save sent before the one in flight has answered would carry the old list and undo it. */
let saves: Promise<unknown> = Promise.resolve();

export function SaveHeart({ listingId, title, size = "sm" }: { listingId: number; title: string; size?: "sm" | "lg" }) {
  const root = useRootData();
  const fetcher = useFetcher<Result>();
  const location = useLocation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [dismissed, setDismissed] = useState<object | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  if (root && !root.flags.saveListing) return null;

  const stored = root?.account.savedIds.includes(listingId) ?? false;
  const pendingIntent = queued ?? fetcher.formData?.get("intent");
  const result = fetcher.data;
  const needSignIn = result && !result.ok && result.needSignIn && dismissed !== result ? result : null;
  const refused = result && !result.ok && !result.needSignIn && !pendingIntent ? result.error : null;
  // Optimistic while the request waits or runs; tentative (shown saved) while the sign-in dialog is open.
  const saved = pendingIntent ? pendingIntent === "save" : needSignIn ? true : stored;
  const refUrl = location.pathname + location.search + location.hash;

  return (
    <>
      {/* One button, no form of its own: it posts through the document's card form (its address
          in `formaction`; root.tsx), the icon its ::before (ADR 032).
          With JavaScript the click goes through the fetcher and the answer is data, not a page. */}
      <button
        type="submit"
        form={CARD_POST_FORM}
        formAction={saveAction(listingId, refUrl, false)}
        formMethod="post"
        name="intent"
        value={saved ? "unsave" : "save"}
        aria-pressed={saved}
        aria-label={size === "lg" ? undefined : `${saved ? "Saved" : "Save"}: ${title}`}
        onClick={(e) => {
          e.preventDefault();
          const intent = saved ? "unsave" : "save";
          setQueued(intent);
          const done = () => setQueued(null);
          saves = saves
            .then(() => fetcher.submit({ intent }, { method: "post", action: saveAction(listingId, refUrl, true), preventScrollReset: true }))
            .then(done, done);
        }}
        className={
          size === "lg"
            ? "inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
            : `absolute right-2 top-2 z-10 grid h-10 w-10 place-items-center rounded-full bg-white/95 shadow hover:bg-white before:size-[22px] ${leadingIcon(saved ? "heart-filled" : "heart")} ${saved ? "text-red-600" : "text-brand-700"}`
        }
      >
        {size === "lg" ? (
          <>
            <Icon name={saved ? "heart-filled" : "heart"} className={saved ? "size-[22px] text-red-600" : "size-[22px]"} />
            <span>{saved ? "Saved" : "Save"}</span>
          </>
        ) : null}
      </button>
      {refused ? (
        <p
          role="alert"
          className={
            size === "lg"
              ? "mt-2 max-w-sm basis-full text-sm font-medium text-red-700"
              : "absolute right-2 top-14 z-10 w-56 rounded-lg bg-white p-2 text-xs font-medium text-red-700 shadow"
          }
        >
          {refused}
        </p>
      ) : null}
      {needSignIn ? (
        <SignInDialog dialogRef={dialogRef} signInUrl={needSignIn.signInUrl} signUpUrl={needSignIn.signUpUrl} onClose={() => setDismissed(needSignIn)} />
      ) : null}
    </>
  );
}

/** The heart's POST address: the car and the page to come back to (and, with JavaScript, that it answers the fetch). */
function saveAction(listingId: number, refUrl: string, fetched: boolean): string {
  const params = new URLSearchParams({ listingId: String(listingId), refUrl });
  if (fetched) params.set("via", "fetch");
  return `${PATHS.saveVehicle}?${params}`;
}

function SignInDialog({
  dialogRef,
  signInUrl,
  signUpUrl,
  onClose,
}: {
  dialogRef: React.RefObject<HTMLDialogElement | null>;
  signInUrl: string;
  signUpUrl: string;
  onClose: () => void;
}) {
  useEffect(() => {
    const d = dialogRef.current;
    if (d && !d.open) d.showModal();
  }, [dialogRef]);
  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-labelledby="save-cars-heading"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      <div className="p-6">
        <h2 id="save-cars-heading" className="text-xl font-bold">
          {ACCOUNT_TEXT.saveCarsHeading}
        </h2>
        <p className="mt-2 text-slate-700">{ACCOUNT_TEXT.saveCarsBody}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to={signUpUrl} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            Create a free account
          </Link>
          <Link to={signInUrl} className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">
            Sign in
          </Link>
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            className="ml-auto rounded-lg px-3 py-2 font-semibold text-slate-600 hover:bg-slate-100"
          >
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
