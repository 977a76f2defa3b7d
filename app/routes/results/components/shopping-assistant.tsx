import { Link } from "react-router";
import type { AssistantAction } from "../view";
import { Icon } from "../../../components/search/icons";

/**
 * The shopping assistant: a button that opens 'What would you like to do?' with its actions. A
 * <details>, so it opens and closes without JavaScript. It sits in the results' heading row and
 * opens in the page's flow, so it never covers a card or a form (docs/phone.md); with
 * JavaScript choosing an action also folds it away.
 */
export function ShoppingAssistant({ actions }: { actions: AssistantAction[] }) {
  if (actions.length === 0) return null;
  return (
    <details className="group open:basis-full">
      <summary
        className={
          "inline-flex h-9 w-fit cursor-pointer list-none items-center gap-2 rounded-full bg-brand-700 " +
          "px-3.5 text-sm font-semibold text-white hover:bg-brand-800 [&::-webkit-details-marker]:hidden"
        }
      >
        <Icon name="chat" className="size-5" />
        <span className="group-open:hidden">
          <span className="sr-only">Shopping assistant</span>
          {/* A phone's row is short: the visible word only. */}
          <span aria-hidden="true" className="sm:hidden">
            Assistant
          </span>
          <span aria-hidden="true" className="max-sm:hidden">
            Shopping assistant
          </span>
        </span>
        <span className="hidden group-open:inline">Close assistant</span>
      </summary>
      <div className="mt-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="font-bold text-ink">What would you like to do?</h2>
        <ul
          className="mt-2 grid gap-1 sm:grid-cols-2"
          onClick={(e) => {
            if ((e.target as Element).closest("a")) e.currentTarget.closest("details")?.removeAttribute("open");
          }}
        >
          {actions.map((a) => (
            <li key={a.label + a.href}>
              {a.href.startsWith("#") ? (
                <a href={a.href} className="block rounded-md px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50">
                  {a.label}
                </a>
              ) : (
                <Link to={a.href} className="block rounded-md px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50">
                  {a.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
