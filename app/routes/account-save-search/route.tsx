// POST target of the results page's "Save search" control and its signed-out email capture.
// Without JavaScript a refused capture (bad email, the 2-search maximum) is shown here, with the
// form again and the way back to the search.
import { Link } from "react-router";
import type { Route } from "./+types/route";
import { EmailCapture } from "../../components/account/save-search";
import { PATHS } from "../../lib/routes";
import { saveSearchAction } from "./action.server";
import { documentHeaders } from "../../server/http/route-headers.server";

// Also runs after the action on a document POST: it must not redirect.
export function loader() {
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return saveSearchAction(request);
}

// A refused post's Retry-After reaches the page.
export const headers = documentHeaders;

export const meta = () => [{ title: "Save search | Forecourt" }, { name: "robots", content: "noindex" }];

export default function SaveSearchPage({ actionData }: Route.ComponentProps) {
  const reply = actionData;
  const searchUrl = reply?.searchUrl ?? PATHS.search;
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold">Save search</h1>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-5">
        {reply ? (
          <EmailCapture searchUrl={searchUrl} alreadySubscribed={false} defaultTitle="" reply={reply} />
        ) : (
          <p>Use “Save search” on any results page to keep that search and hear about new matches.</p>
        )}
      </div>
      <p className="mt-4">
        <Link to={searchUrl} className="font-semibold text-brand-700 underline">
          Back to your search
        </Link>
      </p>
    </main>
  );
}
