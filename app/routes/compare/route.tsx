// Compare cars side by side (docs/compare.md): /compare?ids=1,2,3 (shareable, complete without
// JavaScript). Without ids the visitor's compare list (cookie) is shown with its shareable URL.
// POST here adds to, removes from or clears the compare list (forms and fetchers alike).
import { Link, isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/route";
import { CompareTable } from "../../components/compare/compare-table";
import { ShareCompare } from "../../components/compare/share-compare";
import { PATHS } from "../../lib/routes";
import { handleCompareAction } from "../../server/compare/compare.server";
import { loadComparePage } from "./loader.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadComparePage(request, url);
}

export async function action({ request }: Route.ActionArgs) {
  return handleCompareAction(request, PATHS.compare);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData && loaderData.columns.length > 0 ? `Compare ${loaderData.columns.length} cars | Forecourt` : "Compare cars | Forecourt" },
  { name: "robots", content: "noindex" },
];

/** The 'show only differences' switch changes only the address with JavaScript: no reload. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const strip = (u: URL) => {
    const p = new URLSearchParams(u.search);
    p.delete("diff");
    return `${u.pathname}?${p.toString()}`;
  };
  if (currentUrl.pathname === nextUrl.pathname && strip(currentUrl) === strip(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export default function Compare({ loaderData: page }: Route.ComponentProps) {
  const n = page.columns.length;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">{n > 0 ? `Compare ${n} ${n === 1 ? "car" : "cars"}` : "Compare cars"}</h1>
          <p className="mt-1 text-slate-600">Up to 5 cars side by side: price, verdict, specs, features and seller.</p>
        </div>
        {page.shareUrl ? <ShareCompare url={page.shareUrl} fromCookie={page.source === "cookie"} /> : null}
      </div>
      {page.unknownCount > 0 ? (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          {page.unknownCount === 1 ? "1 car in this link is" : `${page.unknownCount} cars in this link are`} no longer listed on Forecourt and
          {page.unknownCount === 1 ? " was" : " were"} left out.
        </p>
      ) : null}
      {n === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <h2 className="text-xl font-semibold text-ink">No cars to compare yet</h2>
          <p className="mt-2 text-slate-600">Choose Compare on up to 5 cars in your search results or on a car's page, then come back here.</p>
          <p className="mt-6">
            <Link to={PATHS.search} className="inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
              Search cars for sale
            </Link>
          </p>
        </div>
      ) : (
        <div className="mt-6">
          <CompareTable page={page} />
        </div>
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-3 text-slate-600">
        {notFound ? "Comparing cars is not available right now." : "We could not show this comparison. Please try again in a moment."}
      </p>
      <p className="mt-8">
        <a className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700" href={PATHS.search}>
          Search cars for sale
        </a>
      </p>
    </main>
  );
}
