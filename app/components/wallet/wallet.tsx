// The wallet on the results page and its own page (app/lib/wallet.ts, decision 017).
// Without JavaScript: the toggle is a POST form (on without a budget leads to /wallet), the card
// links to /wallet, and /wallet is a plain form with the server's messages. With JavaScript the
// toggle and the card open the same form in a modal <dialog>, posted by a fetcher; the server's
// redirect back to this page revalidates it and the dialog closes.
import { createContext, useContext, useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { formatPrice } from "../../lib/format";
import { DEFAULT_TERM } from "../../lib/loan";
import { WALLET_TEXT, walletFormValues, walletPayment, type WalletField, type WalletFormReply, type WalletView } from "../../lib/wallet";
import { dialogClass, openModal, useReturnFocus } from "../search/info-dialog";
import { TermOptions } from "../term-options";

/** The results page's wallet, for the cards deep in the grid. */
export const WalletContext = createContext<WalletView | null>(null);

const DIALOG_ID = "wallet-dialog";
const input = "mt-1 w-full rounded-lg border bg-white px-3 py-2 text-ink";
const primary = "inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";
const secondary = "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50";

/** The wallet's form: monthly budget, down payment, term, APR. `as` is a router Form or a fetcher's. */
export function WalletForm({
  as: FormTag,
  action,
  refUrl,
  initial,
  reply,
  hasWallet,
  idPrefix,
  footer,
}: {
  as: ComponentType<React.ComponentProps<typeof Form>>;
  action: string;
  refUrl: string;
  initial: Record<WalletField, string>;
  reply?: WalletFormReply | null;
  hasWallet: boolean;
  idPrefix: string;
  footer?: ReactNode;
}) {
  const values = reply?.fields ?? initial;
  const errors = reply?.errors ?? {};
  // Remount on every answer so the inputs show what the server kept.
  const key = JSON.stringify(values);
  const field = (k: Exclude<WalletField, "term">, label: string, placeholder: string, mode: "numeric" | "decimal", hint?: string) => {
    const id = `${idPrefix}-${k}`;
    const err = errors[k];
    const described = [hint ? `${id}-hint` : "", err ? `${id}-error` : ""].filter(Boolean).join(" ");
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
        <input
          id={id}
          name={k}
          inputMode={mode}
          autoComplete="off"
          placeholder={placeholder}
          defaultValue={values[k]}
          aria-invalid={err ? true : undefined}
          aria-describedby={described || undefined}
          className={`${input} ${err ? "border-red-600" : "border-slate-300"}`}
        />
        {err ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {err}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <FormTag method="post" action={action} preventScrollReset noValidate key={key} className="space-y-4">
      <input type="hidden" name="ref" value={refUrl} />
      <div className="grid gap-4 sm:grid-cols-2">
        {field("monthly", "Monthly budget", "$400", "numeric")}
        {field("down", "Down payment (optional)", "$0", "numeric")}
        <div>
          <label htmlFor={`${idPrefix}-term`} className="block text-sm font-semibold text-slate-800">
            Term
          </label>
          <select id={`${idPrefix}-term`} name="term" defaultValue={values.term || String(DEFAULT_TERM)} className={`${input} border-slate-300`}>
            <TermOptions />
          </select>
        </div>
        {field("apr", "APR (%)", "e.g. 6.9", "decimal", "Your lender's or an estimate.")}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {footer}
        {hasWallet ? (
          <button type="submit" name="intent" value="clear" className={secondary}>
            {WALLET_TEXT.clear}
          </button>
        ) : null}
        <button type="submit" name="intent" value="save" className={primary}>
          {WALLET_TEXT.save}
        </button>
      </div>
    </FormTag>
  );
}

/** Opens the wallet dialog; false without JavaScript's dialog (the link or form then goes to /wallet). */
function openWallet(opener: Element | null): boolean {
  return openModal(document.getElementById(DIALOG_ID) as HTMLDialogElement | null, opener);
}

/** The same form in a modal, posted by a fetcher; closes once the server has taken it. */
export function WalletDialog() {
  const view = useContext(WalletContext);
  const ref = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<WalletFormReply>();
  useReturnFocus(ref);
  // Refused, the server's answer shows beside the fields; taken, it redirects back to this page:
  // that navigation (a new location key) closes the dialog and forgets the old answer.
  const [reply, setReply] = useState<WalletFormReply | null>(null);
  const { key } = useLocation();
  useEffect(() => {
    setReply(null);
    ref.current?.close();
  }, [key]);
  useEffect(() => {
    if (fetcher.data) setReply(fetcher.data);
  }, [fetcher.data]);
  if (!view) return null;
  return (
    <dialog id={DIALOG_ID} ref={ref} aria-labelledby={`${DIALOG_ID}-title`} className={dialogClass}>
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
        <h2 id={`${DIALOG_ID}-title`} className="text-lg font-bold">
          {WALLET_TEXT.title}
        </h2>
        <button type="button" onClick={() => ref.current?.close()} className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50">
          Close<span className="sr-only"> {WALLET_TEXT.title}</span>
        </button>
      </div>
      <div className="space-y-4 px-5 py-4 text-sm text-slate-700">
        <p>{WALLET_TEXT.intro}</p>
        <WalletForm
          as={fetcher.Form}
          action={view.action}
          refUrl={view.ref}
          initial={walletFormValues(view.wallet)}
          reply={reply}
          hasWallet={view.wallet !== null}
          idPrefix="wallet-dialog"
        />
      </div>
    </dialog>
  );
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
      <button type="submit" role="switch" aria-checked={on} className="inline-flex items-center gap-2 rounded-lg px-1 py-2 text-sm font-semibold text-slate-800">
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
      <span className="text-lg font-bold text-brand-800">{formatPrice(monthly)}/mo.</span> <span className="text-xs text-slate-600">{WALLET_TEXT.estimate}</span>
      {monthly <= w.monthly ? <span className="ml-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{WALLET_TEXT.withinBudget}</span> : null}
    </p>
  );
}
