// The wallet's form (the /wallet page, and the results page's wallet dialog). Apart from
// wallet.tsx so that the results page loads it only after hydration (WalletDialogSlot): until
// then 'Monthly payments' and the wallet card lead to the /wallet page, as without JavaScript.
import { useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useFetcher, useLocation, type Form } from "react-router";
import { DEFAULT_TERM } from "../../lib/loan";
import { SAMPLE_PAYMENT_TEXT } from "../../lib/constants";
import { WALLET_TEXT, walletFormValues, type WalletField, type WalletFormReply } from "../../lib/wallet";
import { dialogClass, useReturnFocus } from "../search/info-dialog";
import { TermOptions } from "../term-options";
import { DIALOG_ID, WalletContext } from "./wallet";

const input = "mt-1 w-full rounded-lg border bg-white px-3 py-2 text-ink";
const primary = "inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";
const secondary =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50";

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
        {field("monthly", "Monthly budget", SAMPLE_PAYMENT_TEXT, "numeric")}
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
