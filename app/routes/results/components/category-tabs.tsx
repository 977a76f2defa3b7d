import { Link } from "react-router";
import type { CategoryTab } from "../../../lib/search-url";
import { KEPT_AS_SERVED, useDocumentOnly, useServedLinks } from "../../../lib/document-only";
import { TABS_KEY } from "../view";

/**
 * All Results, Best Deals, Buy Online, For Sale By Owner, Certified Used: links, one selected. On
 * a document they are kept as served (`kept`; ADR 032, "Choices kept as served").
 */
export function CategoryTabs({ tabs, kept }: { tabs: CategoryTab[]; kept?: true }) {
  const served = useDocumentOnly<CategoryTab[]>(TABS_KEY);
  const followLink = useServedLinks(true);
  const shown = kept ? served : tabs;
  const nav = { "aria-label": "Categories", className: "border-b border-slate-200 bg-white" };
  if (shown === undefined) return <nav {...nav} {...KEPT_AS_SERVED} onClick={followLink} />;
  return (
    <nav {...nav}>
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4">
        {shown.map((t) => (
          <li key={t.id} className="shrink-0">
            <Link
              to={t.href}
              // "Category tab selection ... searches again with replace."
              replace
              aria-current={t.selected ? "page" : undefined}
              className={`inline-block border-b-2 px-3 py-2.5 text-sm font-semibold focus-visible:-outline-offset-4 lg:py-3 ${
                t.selected ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-ink"
              }`}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
