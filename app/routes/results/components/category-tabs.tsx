import { Link } from "react-router";
import type { CategoryTab } from "../../../lib/search-url";

/** All Results, Best Deals, Buy Online, For Sale By Owner, Certified Used: links, one selected. */
export function CategoryTabs({ tabs }: { tabs: CategoryTab[] }) {
  return (
    <nav aria-label="Categories" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4">
        {tabs.map((t) => (
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
