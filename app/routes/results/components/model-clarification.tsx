// Suggested filters 'Model Name Clarification' (docs/results-page.md; the server side and the rules are in
// app/routes/results/model-clarification.server.ts). One POST form: 'Yes' adds the suggested make
// and model and searches again, 'No' dismisses, the 'Don't show me this again' box keeps the model
// code in a cookie. Without JavaScript it is an inline section above the results (an open,
// non-modal <dialog>); with JavaScript the same dialog is drawn centred over the page from the first
// paint and opens modally once the page is ready, and Escape closes it without an answer.
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { MODEL_CLARIFICATION } from "../../../lib/model-clarification";
import type { ModelClarificationData } from "../view";

const button = "rounded-lg px-4 py-2 font-semibold";

export function ModelClarification({ data }: { data: ModelClarificationData }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    // Server-rendered open (inline); with JavaScript it becomes a modal dialog.
    if (dialog.open) dialog.close();
    dialog.showModal();
  }, [data.code]);
  return (
    <dialog ref={ref} open aria-labelledby="model-clarification-title" className="clarify-dialog">
      <Form
        method="post"
        replace
        preventScrollReset
        onSubmit={(e) => {
          // 'No' closes at once; the answer is still sent (it keeps the cookie).
          const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.value === "no" && ref.current?.open) ref.current.close();
        }}
      >
        <input type="hidden" name="intent" value={MODEL_CLARIFICATION.intent} />
        <input type="hidden" name="code" value={data.code} />
        <div className="border-b border-slate-200 px-5 py-4">
          <h2 id="model-clarification-title" className="text-lg font-bold">
            {MODEL_CLARIFICATION.title}
          </h2>
        </div>
        <div className="space-y-3 px-5 py-4 text-sm text-slate-700">
          <p>
            Did you mean the <strong className="text-ink">{data.label}</strong>? Yes adds it to your filters and searches again.
          </p>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="dontShow" className="size-4 accent-brand-600" />
            {MODEL_CLARIFICATION.dontShowLabel}
          </label>
        </div>
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">
          <button type="submit" name="answer" value="no" className={`${button} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}>
            No
          </button>
          <button type="submit" name="answer" value="yes" className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
            Yes
          </button>
        </div>
      </Form>
    </dialog>
  );
}
