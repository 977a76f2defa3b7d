// Paid placements (docs/placements.md, ADR 028): which dealers hold which tier, set by an operator.
// Accounts in OPERATOR_EMAILS only. Plain forms: works without JavaScript.
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { primaryButton, secondaryButton } from "../../components/account/field";
import { PATHS } from "../../lib/routes";
import type { PlacedDealer } from "../../server/placements/operator-placements.server";
import { loadOperatorPlacements } from "./loader.server";
import { operatorPlacementsAction } from "./action.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadOperatorPlacements(request, url);
}

export async function action({ request }: Route.ActionArgs) {
  return operatorPlacementsAction(request);
}

export const meta = () => [{ title: "Paid placements | Forecourt" }, { name: "robots", content: "noindex" }];

const TIERS = ["premium", "featured", "standard"] as const;
const TIER_TEXT: Record<(typeof TIERS)[number], string> = {
  premium: "Premium: the sponsored cards at the top of the results (positions 1-3) and the sponsored dealer showcase",
  featured: "Featured: the sponsored card at position 24 of each page of 30",
  standard: "Standard: the simplified sponsored card at position 10, and position 24 when no featured dealer matches",
};
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

function TierForm({ dealer }: { dealer: PlacedDealer }) {
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="dealerId" value={dealer.externalId} />
      <label className="sr-only" htmlFor={`tier-${dealer.id}`}>
        Placement of {dealer.name}
      </label>
      <select
        id={`tier-${dealer.id}`}
        name="tier"
        defaultValue={dealer.tier ?? "none"}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {TIERS.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
        <option value="none">none</option>
      </select>
      <button type="submit" className={secondaryButton}>
        Save<span className="sr-only"> placement of {dealer.name}</span>
      </button>
    </Form>
  );
}

function DealerRows({ dealers, label }: { dealers: PlacedDealer[]; label: string }) {
  return (
    <table className="mt-3 w-full text-left text-sm" aria-label={label}>
      <thead className="text-slate-600">
        <tr>
          <th className="py-2 pr-3">Dealer</th>
          <th className="py-2 pr-3">Tier</th>
          <th className="py-2 pr-3">Active cars</th>
          <th className="py-2">Change</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {dealers.map((d) => (
          <tr key={d.id}>
            <td className="py-2 pr-3">
              <span className="font-semibold">{d.name}</span>
              <span className="block text-xs text-slate-500">
                {d.externalId} · {d.city}, {d.state}
              </span>
            </td>
            <td className="py-2 pr-3">
              {d.tier ?? "none"}
              {d.since ? <span className="block text-xs text-slate-500">since {dateFormat.format(d.since)}</span> : null}
            </td>
            <td className="py-2 pr-3">{d.activeListings}</td>
            <td className="py-2">
              <TierForm dealer={d} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function OperatorPlacements({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const reply = actionData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Paid placements</h1>
      <p className="mt-2 text-slate-700">
        Which dealers bought which placement. Their matching cars are the results page's sponsored cards, each labelled 'Sponsored'. Signed in as{" "}
        <strong>{page.operator}</strong>.
      </p>
      <ul className="mt-3 list-disc pl-6 text-sm text-slate-700">
        {TIERS.map((t) => (
          <li key={t}>
            {TIER_TEXT[t]} ({page.counts[t]} {page.counts[t] === 1 ? "dealer" : "dealers"})
          </li>
        ))}
      </ul>
      {page.notice ? (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          {page.notice}
        </p>
      ) : null}

      <section aria-labelledby="set-placement" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="set-placement" className="text-lg font-bold">
          Set a dealer's placement
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-start gap-3" noValidate>
          <div>
            <label htmlFor="placement-dealer" className="block text-sm font-semibold">
              Dealer id
            </label>
            <input
              id="placement-dealer"
              name="dealerId"
              defaultValue={reply?.values.dealerId ?? ""}
              placeholder="DLR-000123"
              aria-invalid={reply?.errors.dealerId ? true : undefined}
              aria-describedby={reply?.errors.dealerId ? "placement-dealer-error" : undefined}
              className="mt-1 rounded-lg border border-slate-300 px-3 py-2"
            />
            {reply?.errors.dealerId ? (
              <p id="placement-dealer-error" className="mt-1 text-sm font-medium text-red-700">
                {reply.errors.dealerId}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="placement-tier" className="block text-sm font-semibold">
              Tier
            </label>
            <select
              id="placement-tier"
              name="tier"
              defaultValue={reply?.values.tier ?? "premium"}
              aria-invalid={reply?.errors.tier ? true : undefined}
              aria-describedby={reply?.errors.tier ? "placement-tier-error" : undefined}
              className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2"
            >
              {TIERS.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
              <option value="none">none (remove)</option>
            </select>
            {reply?.errors.tier ? (
              <p id="placement-tier-error" className="mt-1 text-sm font-medium text-red-700">
                {reply.errors.tier}
              </p>
            ) : null}
          </div>
          <button type="submit" className={`${primaryButton} mt-6`}>
            Save placement
          </button>
        </Form>
        <Form method="get" className="mt-5 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="placement-search" className="block text-sm font-semibold">
              Find a dealer by name or id
            </label>
            <input id="placement-search" name="q" type="search" defaultValue={page.query} className="mt-1 rounded-lg border border-slate-300 px-3 py-2" />
          </div>
          <button type="submit" className={secondaryButton}>
            Find
          </button>
        </Form>
        {page.query ? (
          page.found.length > 0 ? (
            <DealerRows dealers={page.found} label={`Dealers matching ${page.query}`} />
          ) : (
            <p className="mt-3 text-sm text-slate-700">No dealer matches "{page.query}".</p>
          )
        ) : null}
      </section>

      <section aria-labelledby="placed-dealers" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="placed-dealers" className="text-lg font-bold">
          Dealers with a placement
        </h2>
        {page.placed.length === 0 ? (
          <p className="mt-3 text-slate-700">No dealer holds a placement.</p>
        ) : (
          <DealerRows dealers={page.placed} label="Dealers with a placement" />
        )}
      </section>
      <p className="mt-6 text-sm">
        <Link to={PATHS.operatorReports} className="font-semibold text-brand-700 hover:underline">
          Reported listings
        </Link>
      </p>
    </main>
  );
}
