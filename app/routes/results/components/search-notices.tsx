// What the search could not take as written (a model of another make, a model the chosen make
// does not have) and the searches the shopper may have meant (app/lib/search-url/notices.ts).
import { Link } from "react-router";
import type { SearchNotice } from "../../../lib/search-url";

export function SearchNotices({ notices }: { notices: SearchNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <div role="status" className="mb-4 space-y-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
      {notices.map((n) => (
        <p key={n.text}>
          <span className="font-medium">{n.text}</span>
          {n.links.length > 0 ? (
            <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {n.links.map((l) => (
                <Link key={l.href} to={l.href} className="font-semibold text-brand-800 underline underline-offset-2">
                  {l.label}
                </Link>
              ))}
            </span>
          ) : null}
        </p>
      ))}
    </div>
  );
}
