// Filters apply without the apply button (docs/results-page.md, "Filter change"). The filter
// panel stays one GET form that works without JavaScript; with it, this hook watches the form
// and submits it after the flag's debounce wait with `replace`, so typing does not fill the
// history. The latest change wins: every change restarts the wait and the submission reads the
// form as it is when the wait ends. Rules:
// - checkboxes, radios and selects apply after the wait (the market-extension checkbox simply
//   toggles `include` / off: an unchecked box sends nothing);
// - price fields apply on blur or Enter (keystrokes only push a pending submission back);
// - the ZIP applies once it is 5 digits (the server looks it up and answers 'Enter a valid ZIP
//   Code' for an unknown one); Enter submits whatever is typed;
// - inside the phone's full-screen panel nothing applies until 'See Results';
// - following a link (a chip, a crumb, a tab) drops a pending submission;
// - what was changed before the page was ready (a slow phone: nothing watched the form then, and
//   on a desktop the apply button goes once it is ready) applies once it is, as if just changed;
//   not while text is being typed (its own rule applies it), nor in the phone's panel shown
//   without JavaScript (#filters-dialog as the :target, fixed over the page): it keeps 'See Results'.
// Paging and the model-reference tab reset because the form carries neither.
import { useCallback, useEffect, useRef, useState } from "react";
import { useSubmit } from "react-router";
import { isZipShape } from "../../../lib/zip";

const PRICE_FIELDS = new Set(["minPrice", "maxPrice"]);
/**
 * Wires instant filters to the form with id `formId`. `searchKey` identifies the search the
 * page shows; the returned `formKey` follows it (remounting the form for a new search) except
 * while the shopper has changes not yet submitted, so a search landing mid-typing loses nothing.
 */
export function useInstantFilters({ formId, debounceMs, searchKey }: { formId: string; debounceMs: number; searchKey: string }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const dirty = useRef(false);
  const [formKey, setFormKey] = useState(searchKey);

  useEffect(() => {
    if (!dirty.current) setFormKey(searchKey);
  }, [searchKey]);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const flush = useCallback(() => {
    cancel();
    dirty.current = false;
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    void submit(form, { method: "get", action: form.getAttribute("action") ?? undefined, replace: true, preventScrollReset: true });
  }, [cancel, formId, submit]);

  useEffect(() => {
    const schedule = () => {
      dirty.current = true;
      cancel();
      timer.current = setTimeout(flush, debounceMs);
    };
    /** Typing in a text field pushes a pending submission back without starting one. */
    const postpone = () => {
      dirty.current = true;
      if (timer.current) schedule();
    };
    const fieldOf = (t: EventTarget | null) => {
      const el = t as HTMLInputElement | HTMLSelectElement | null;
      if (!el || !("form" in el) || el.form?.id !== formId) return null;
      return el;
    };
    // The phone's full-screen panel collects changes until 'See Results'.
    const inPanel = (el: HTMLInputElement | HTMLSelectElement) => el.form?.hasAttribute("data-open") ?? false;

    const onChange = (e: Event) => {
      const el = fieldOf(e.target);
      if (!el || el.name === "zip") return;
      if (inPanel(el)) {
        dirty.current = true;
        return;
      }
      // A text field's change event fires on blur: "price filter changes apply on blur".
      schedule();
    };
    const onInput = (e: Event) => {
      const el = fieldOf(e.target);
      if (!el || !(el instanceof HTMLInputElement) || (el.type !== "text" && el.type !== "")) return;
      if (el.name === "zip") {
        // Five digits apply (the server looks the ZIP up and answers 'Enter a valid ZIP Code' for
        // an unknown one); fewer wait. Enter submits whatever is typed.
        if (!isZipShape(el.value.trim())) return postpone();
        if (inPanel(el)) dirty.current = true;
        else schedule();
        return;
      }
      if (PRICE_FIELDS.has(el.name)) postpone();
    };
    const onSubmit = (e: Event) => {
      const form = e.target as HTMLFormElement;
      if (form.id !== formId) return;
      // Enter in a field or the apply button: now, with `replace`, instead of the router's push.
      e.preventDefault();
      e.stopPropagation();
      flush();
    };
    const onClick = (e: MouseEvent) => {
      if ((e.target as Element | null)?.closest?.("a[href]")) {
        cancel();
        dirty.current = false;
      }
    };
    window.addEventListener("change", onChange, true);
    window.addEventListener("input", onInput, true);
    window.addEventListener("submit", onSubmit, true);
    window.addEventListener("click", onClick, true);
    // Changed before the page was ready (see above): the form as the server drew it is a copy
    // reset to its defaults.
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (form && (document.activeElement as HTMLInputElement | null)?.type !== "text" && getComputedStyle(form.parentElement!).position !== "fixed") {
      const drawn = form.cloneNode(true) as HTMLFormElement;
      drawn.reset();
      const entries = (f: HTMLFormElement) => String([...new FormData(f)]);
      if (entries(drawn) !== entries(form)) schedule();
    }
    return () => {
      window.removeEventListener("change", onChange, true);
      window.removeEventListener("input", onInput, true);
      window.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("click", onClick, true);
      cancel();
    };
  }, [cancel, debounceMs, flush, formId]);

  return { formKey };
}
