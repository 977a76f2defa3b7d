import { Link } from "react-router";
import type { AssistantAction } from "./extras-types";

/**
 * The shopping assistant: a floating button that opens 'What would you like to do?' with its
 * actions. A <details>, so it opens and closes without JavaScript.
 */
export function ShoppingAssistant({ actions, raised }: { actions: AssistantAction[]; raised: boolean }) {
  if (actions.length === 0) return null;
  return (
    <details className={`group fixed right-4 z-40 ${raised ? "bottom-16 lg:bottom-28" : "bottom-4"}`}>
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full bg-brand-700 px-4 py-3 font-semibold text-white shadow-lg hover:bg-brand-800 [&::-webkit-details-marker]:hidden">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="icon size-5">
          <path d="M4 5h16v11H9l-5 4z" />
        </svg>
        <span className="group-open:hidden">Shopping assistant</span>
        <span className="hidden group-open:inline">Close assistant</span>
      </summary>
      <div className="absolute bottom-full right-0 mb-2 w-72 rounded-xl border border-slate-200 bg-white p-4 shadow-xl">
        <h2 className="font-bold text-ink">What would you like to do?</h2>
        <ul className="mt-2 space-y-1">
          {actions.map((a) => (
            <li key={a.label + a.href} className={a.screen === "small" ? "lg:hidden" : a.screen === "large" ? "max-lg:hidden" : undefined}>
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
