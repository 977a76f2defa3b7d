// Saved cars, searches and alerts. Signed in: the account's. Signed out: this device's quick
// saves, with the way to keep them in a free account.
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { secondaryButton } from "../../components/account/field";
import { signInHref } from "../../lib/account";
import { formatPrice } from "../../lib/format";
import { PATHS } from "../../lib/routes";
import { loadSavedPage, type SavedPageData } from "./loader.server";
import { savedPageAction } from "./action.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadSavedPage(request, url);
}

export async function action({ request, url }: Route.ActionArgs) {
  return savedPageAction(request, url);
}

export const meta = () => [{ title: "Saved cars and searches | Forecourt" }, { name: "robots", content: "noindex" }];

function PriceChange({ change, status }: { change: number; status: string }) {
  if (status !== "active")
    return <span className="rounded-md bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">{status === "sold" ? "Sold" : "No longer listed"}</span>;
  if (change === 0) return <span className="text-sm text-slate-600">No change since saved</span>;
  return change < 0 ? (
    <span className="text-sm font-semibold text-deal-good">{formatPrice(-change)} lower since saved</span>
  ) : (
    <span className="text-sm font-semibold text-red-700">{formatPrice(change)} higher since saved</span>
  );
}

function RemoveVehicle({ listingId, title }: { listingId: number; title: string }) {
  return (
    <Form method="post" action={PATHS.saveVehicle}>
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="intent" value="unsave" />
      <input type="hidden" name="refUrl" value={PATHS.saved} />
      <button type="submit" className="text-sm font-semibold text-brand-700 hover:underline">
        Remove<span className="sr-only"> {title}</span>
      </button>
    </Form>
  );
}

export default function Saved({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Saved cars and searches</h1>
      {page.notice ? (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          {page.notice}
        </p>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {actionData.error}
        </p>
      ) : null}
      {page.signedIn ? <SignedIn page={page} /> : <SignedOut page={page} />}
    </main>
  );
}

function SignedOut({ page }: { page: SavedPageData }) {
  return (
    <>
      <section aria-labelledby="quick-heading" className="mt-6">
        <h2 id="quick-heading" className="text-xl font-bold">
          Saved on this device
        </h2>
        {page.quickSaves.length === 0 ? (
          <p className="mt-2 text-slate-700">Tap the heart on any car to save it here.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {page.quickSaves.map((v) => (
              <li key={v.listingId} className="flex flex-wrap items-center justify-between gap-2 p-4">
                <Link to={PATHS.vehicle(v.listingId)} className="font-semibold text-brand-700 hover:underline">
                  {v.title}
                </Link>
                <span className="font-semibold">{formatPrice(v.price)}</span>
                <RemoveVehicle listingId={v.listingId} title={v.title} />
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2 text-sm text-slate-600">
          You can save {page.quickSaveQuota} cars without an account. An account keeps them on every device and tells you when prices drop.
        </p>
      </section>
      <p className="mt-6 flex flex-wrap gap-3">
        <Link
          to={signInHref(PATHS.signIn, PATHS.saved, { signup: true })}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Create a free account
        </Link>
        <Link to={signInHref(PATHS.signIn, PATHS.saved)} className={secondaryButton}>
          Sign in
        </Link>
      </p>
    </>
  );
}

function SignedIn({ page }: { page: SavedPageData }) {
  return (
    <>
      <section aria-labelledby="vehicles-heading" className="mt-6">
        <h2 id="vehicles-heading" className="text-xl font-bold">
          Saved cars ({page.vehicles.length})
        </h2>
        {page.vehicles.length === 0 ? (
          <p className="mt-2 text-slate-700">
            No saved cars yet. Tap the heart on a car in{" "}
            <Link to={PATHS.search} className="font-semibold text-brand-700 underline">
              the search results
            </Link>{" "}
            to keep it here and hear when its price drops.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Saved cars">
            {page.vehicles.map((v) => (
              <li key={v.listingId} className="grid gap-1 p-4 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4">
                <div>
                  {v.status === "active" ? (
                    <Link to={PATHS.vehicle(v.listingId)} className="font-semibold text-brand-700 hover:underline">
                      {v.title}
                    </Link>
                  ) : (
                    <span className="font-semibold text-slate-700">{v.title}</span>
                  )}
                  <p className="text-xs text-slate-600">Saved at {formatPrice(v.priceAtSave)}</p>
                </div>
                <div className="sm:text-right">
                  <p className="text-lg font-bold">{formatPrice(v.price)}</p>
                  <PriceChange change={v.change} status={v.status} />
                </div>
                <RemoveVehicle listingId={v.listingId} title={v.title} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="searches-heading" className="mt-10">
        <h2 id="searches-heading" className="text-xl font-bold">
          Saved searches ({page.searches.length})
        </h2>
        {page.searches.length === 0 ? (
          <p className="mt-2 text-slate-700">Use “Save search” on a results page to get a daily email when new cars match.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Saved searches">
            {page.searches.map((s) => (
              <li key={s.bookmarkId} className="space-y-2 p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link to={s.searchResultsURL} className="font-semibold text-brand-700 hover:underline">
                    {s.title}
                  </Link>
                  <span className="text-sm text-slate-700">
                    {s.newMatches === null ? "" : s.newMatches === 0 ? "No new matches" : `${s.newMatches} new ${s.newMatches === 1 ? "match" : "matches"}`}
                  </span>
                </div>
                <div className="flex flex-wrap items-end gap-3">
                  <Form method="post" className="flex items-end gap-2">
                    <input type="hidden" name="intent" value="rename" />
                    <input type="hidden" name="bookmarkId" value={s.bookmarkId} />
                    <label className="text-sm">
                      <span className="block text-xs font-semibold text-slate-700">Name</span>
                      <input name="title" defaultValue={s.title} maxLength={80} required className="rounded-lg border border-slate-300 px-2 py-1" />
                    </label>
                    <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                      Rename<span className="sr-only"> {s.title}</span>
                    </button>
                  </Form>
                  <a href={`/account-api/searchbookmarks/share-bookmark/${s.bookmarkId}`} className="text-sm font-semibold text-brand-700 hover:underline">
                    Share link<span className="sr-only"> for {s.title}</span>
                  </a>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="bookmarkId" value={s.bookmarkId} />
                    <button type="submit" className="text-sm font-semibold text-red-700 hover:underline">
                      Delete<span className="sr-only"> {s.title}</span>
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="alerts-heading" className="mt-10">
        <h2 id="alerts-heading" className="text-xl font-bold">
          Alerts
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          We email you once a day when new cars match a saved search, and when a saved car or a car you follow drops in price. Every email has a one-click
          unsubscribe link.
        </p>
        {page.priceAlerts.length > 0 ? (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Price alerts">
            {page.priceAlerts.map((a) => (
              <li key={a.id} className="flex flex-wrap justify-between gap-2 p-4">
                <Link to={PATHS.vehicle(a.listingId)} className="font-semibold text-brand-700 hover:underline">
                  {a.title}
                </Link>
                <span className="flex items-center gap-3 text-sm">
                  {a.active ? `Price alert on · now ${formatPrice(a.price)}` : "Price alert off"}
                  <Form method="post">
                    <input type="hidden" name="intent" value={a.active ? "alert-off" : "alert-on"} />
                    <input type="hidden" name="alertId" value={a.id} />
                    <button type="submit" className="font-semibold text-brand-700 hover:underline">
                      {a.active ? "Stop alerts" : "Turn back on"}
                      <span className="sr-only"> for {a.title}</span>
                    </button>
                  </Form>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <p className="mt-8">
        <Link to={PATHS.account} className="font-semibold text-brand-700 underline">
          Your details and account settings
        </Link>
      </p>
    </>
  );
}
