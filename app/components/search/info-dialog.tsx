// Dialogs of the results page (docs/results-page.md, "Modals"), built on <dialog>. Each works
// without JavaScript: its trigger is a link to the dialog's id and the closed dialog shows inline
// while it is the page's :target; 'Cancel' / 'Close' link away again. With JavaScript the link
// opens it with showModal() (focus moves in, Escape closes, the rest of the page is inert) and
// focus returns to the trigger when it closes.
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";

export const dialogClass =
  "info-dialog m-auto max-h-[85vh] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto rounded-xl " +
  "border border-slate-200 bg-white p-0 text-ink shadow-xl backdrop:bg-slate-900/50 " +
  "target:not-open:static target:not-open:my-4 target:not-open:block target:not-open:w-full target:not-open:max-w-none";

/** Opens a dialog modally, remembering what had focus; false when the browser cannot (the link then navigates). */
export function openModal(dialog: HTMLDialogElement | null, opener?: Element | null): boolean {
  if (!dialog || typeof dialog.showModal !== "function") return false;
  returnFocus.set(dialog, (opener ?? document.activeElement) as HTMLElement | null);
  if (!dialog.open) dialog.showModal();
  return true;
}
const returnFocus = new WeakMap<HTMLDialogElement, HTMLElement | null>();

/** Focus back to the trigger on close (Escape, a close button, or form method=dialog). */
export function useReturnFocus(ref: React.RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClose = () => {
      const to = returnFocus.get(dialog);
      if (to && to.isConnected) to.focus();
    };
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [ref]);
}

/** A link that opens the dialog `id`, and the dialog itself. */
export function InfoDialog({
  id,
  title,
  trigger,
  triggerClassName,
  children,
  actions,
}: {
  id: string;
  title: string;
  trigger: ReactNode;
  triggerClassName?: string;
  children: ReactNode;
  /** Footer actions; `close` closes the dialog with JavaScript. */
  actions?: (close: (e: MouseEvent) => void) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useReturnFocus(ref);
  const close = (e: MouseEvent) => {
    if (!ref.current?.open) return;
    e.preventDefault();
    ref.current.close();
  };
  return (
    <>
      <a
        href={`#${id}`}
        aria-haspopup="dialog"
        onClick={(e) => {
          if (openModal(ref.current, e.currentTarget)) e.preventDefault();
        }}
        className={triggerClassName}
      >
        {trigger}
      </a>
      <dialog id={id} ref={ref} aria-labelledby={`${id}-title`} className={dialogClass}>
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {title}
          </h2>
          <a href="#results-heading" onClick={close} className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50">
            Close<span className="sr-only"> {title}</span>
          </a>
        </div>
        <div className="space-y-3 px-5 py-4 text-sm leading-relaxed text-slate-700">{children}</div>
        {actions ? <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{actions(close)}</div> : null}
      </dialog>
    </>
  );
}
