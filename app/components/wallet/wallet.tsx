// The wallet on the results page and its own page (app/lib/wallet.ts, decision 017).
// Without JavaScript: the toggle is a POST form (on without a budget leads to /wallet), the card
// links to /wallet, and /wallet is a plain form with the server's messages. With JavaScript the
// toggle and the card open the same form in a modal <dialog>, posted by a fetcher; the server's
// redirect back to this page revalidates it and the dialog closes.
import { createContext, useContext, useEffect, useId, useState, type ComponentType } from "react";
import { Form, Link } from "react-router";
import { formatPrice } from "../../lib/format";
import { WALLET_TEXT, walletPayment, type WalletView } from "../../lib/wallet";
import { openModal } from "../search/info-dialog";

/** The results page's wallet, for the cards deep in the grid. */
export const WalletContext = createContext<WalletView | null>(null);

export const DIALOG_ID = "wallet-dialog";
const primary = "inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";
const secondary =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50";

export function openWallet(opener: Element | null): boolean {
  return openModal(document.getElementById(DIALOG_ID) as HTMLDialogElement | null, opener);
}

/** 'Monthly payments': switches the cards' payment emphasis; on without a budget opens the wallet. */
export function WalletToggle() {
  const view = useContext(WalletContext);
  if (!view) return null;
  const on = view.wallet?.on ?? false;
  return (
    <Form
      method="post"
      action={view.action}
      preventScrollReset
      onSubmit={(e) => {
        if (!on && !view.wallet && openWallet(e.currentTarget.querySelector("button"))) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="value" value={on ? "off" : "on"} />
      <input type="hidden" name="ref" value={view.ref} />
      <button type="submit" aria-pressed={on} className="inline-flex items-center gap-2 rounded-lg px-1 py-2 text-sm font-semibold text-slate-800">
        <span aria-hidden="true" className={`relative inline-block h-5 w-9 rounded-full transition-colors ${on ? "bg-brand-600" : "bg-slate-300"}`}>
          <span className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all ${on ? "left-4.5" : "left-0.5"}`} />
        </span>
        {WALLET_TEXT.toggle}
      </button>
    </Form>
  );
}

/** "Wallet card at 3": the budget and the price it reaches, or an invitation to set one. */
export function WalletCard() {
  const view = useContext(WalletContext);
  // Every batch of an infinite list has its own wallet card: ids must not repeat.
  const titleId = useId();
  if (!view) return null;
  const w = view.wallet;
  const edit = (label: string, className: string) => (
    <Link
      to={view.editHref}
      onClick={(e) => {
        if (openWallet(e.currentTarget)) e.preventDefault();
      }}
      className={className}
    >
      {label}
    </Link>
  );
  return (
    <section aria-labelledby={titleId} className="flex w-full flex-col justify-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-5">
      <h3 id={titleId} className="text-lg font-bold text-emerald-950">
        {w ? `Your budget: ${formatPrice(w.monthly)}/mo.` : WALLET_TEXT.cardTitle}
      </h3>
      {w ? (
        <>
          <p className="text-sm text-slate-700">
            {w.down > 0 ? `${formatPrice(w.down)} down · ` : ""}
            {w.term} months · {w.apr}% APR
          </p>
          <p className="text-sm text-slate-800">
            Cars up to <strong>{formatPrice(view.maxPrice ?? 0)}</strong>
          </p>
          <div className="flex flex-wrap gap-2">
            {view.shopHref ? (
              <Link to={view.shopHref} className={primary}>
                {WALLET_TEXT.shop}
              </Link>
            ) : null}
            {edit(WALLET_TEXT.edit, secondary)}
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">{WALLET_TEXT.cardBody}</p>
          <div>{edit(WALLET_TEXT.cardCta, primary)}</div>
        </>
      )}
    </section>
  );
}

/** With payments on: the card's estimated monthly payment on the wallet's terms. */
export function CardPayment({ price }: { price: number }) {
  const w = useContext(WalletContext)?.wallet;
  if (!w?.on || price <= 0) return null;
  const monthly = walletPayment(price, w);
  return (
    <p className="card-payment">
      <span className="text-lg font-bold text-brand-800">{formatPrice(monthly)}/mo.</span>{" "}
      <span className="text-xs text-slate-600">{WALLET_TEXT.estimate}</span>
      {monthly <= w.monthly ? (
        <span className="ml-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{WALLET_TEXT.withinBudget}</span>
      ) : null}
    </p>
  );
}

/**
 * The results page's wallet dialog, loaded after hydration (wallet-form.tsx): the page's own
 * script stays small, and until it is there the toggle and the wallet card lead to /wallet.
 */
export function WalletDialogSlot() {
  const view = useContext(WalletContext);
  const [Dialog, setDialog] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (view)
      import("./wallet-form").then(
        (m) => setDialog(() => m.WalletDialog),
        () => {},
      );
  }, [view]);
  return Dialog ? <Dialog /> : null;
}
