// The shareable deal page (docs/online-buying.md): a saved deal's car and figures, what is an
// estimate said beside it, and its own address to copy or mail. Anyone with the link can read it;
// the id cannot be guessed. noindex.
import { Link, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/route";
import { DealCarSummary } from "../../components/deals/deal-car";
import { DEAL_ESTIMATE_NOTE, DEAL_PATHS, DEAL_TYPE_LABELS, type DealFigures } from "../../lib/deals";
import { formatInt, formatPrice } from "../../lib/format";
import { PATHS } from "../../lib/routes";
import { documentHeaders } from "../../server/http/route-headers.server";
import { appContext } from "../../server/http/request-context.server";
import { loadDealPage } from "./loader.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadDealPage(params.dealId, context.get(appContext));
}

export const headers = documentHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Your ${DEAL_TYPE_LABELS[loaderData.terms.dealType].toLowerCase()} deal: ${loaderData.car.title}` : "Deal not found"} | Forecourt` },
  { name: "robots", content: "noindex" },
];

function valueText(line: DealFigures["lines"][number]): string {
  switch (line.unit) {
    case "usd":
      return formatPrice(line.value);
    case "usd-month":
      return `${formatPrice(line.value)}/mo.`;
    case "months":
      return `${line.value} months`;
    case "percent":
      return `${line.value}%`;
    case "miles":
      return `${formatInt(line.value)} miles`;
    case "factor":
      return line.value.toFixed(5);
  }
}

export default function Deal({ loaderData }: Route.ComponentProps) {
  const { car, terms, figures, available, priceChanged, shareUrl } = loaderData;
  const type = DEAL_TYPE_LABELS[terms.dealType];
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink">Your {type.toLowerCase()} deal</h1>
      <DealCarSummary car={car} />
      {!available ? (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          This car is no longer for sale.
        </p>
      ) : priceChanged ? (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          The dealer has changed the price since this deal was saved: these figures use the price at the time.
        </p>
      ) : null}
      <section aria-labelledby="deal-figures" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="deal-figures" className="text-lg font-semibold">
          {type}
        </h2>
        <dl className="mt-3 divide-y divide-slate-100" data-testid="deal-figures">
          {figures.lines.map((line) => (
            <div key={line.label} className="flex justify-between gap-4 py-2">
              <dt className="text-slate-700">
                {line.label}
                {line.estimated ? <span className="ml-1 text-xs font-semibold uppercase text-slate-500">(estimated)</span> : null}
              </dt>
              <dd className="font-semibold text-ink">{valueText(line)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-slate-700">
              Due at signing{terms.dealType === "lease" ? " (down payment and first month)" : ""}
              {terms.dealType === "lease" ? <span className="ml-1 text-xs font-semibold uppercase text-slate-500">(estimated)</span> : null}
            </dt>
            <dd className="font-semibold text-ink">{formatPrice(figures.dueAtSigning)}</dd>
          </div>
          {terms.dealType !== "cash" ? (
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-700">
                Total of payments and down payment<span className="ml-1 text-xs font-semibold uppercase text-slate-500">(estimated)</span>
              </dt>
              <dd className="font-semibold text-ink">{formatPrice(figures.total)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-3 text-xs text-slate-600">{DEAL_ESTIMATE_NOTE}</p>
      </section>
      <section aria-labelledby="deal-share" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="deal-share" className="text-lg font-semibold">
          Share this deal
        </h2>
        <label htmlFor="deal-url" className="mt-2 block text-sm text-slate-700">
          Anyone with this link can see the deal:
        </label>
        <input id="deal-url" readOnly value={shareUrl} className="mt-1 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm" />
        <p className="mt-3 flex flex-wrap gap-4 text-sm">
          <a
            href={`mailto:?subject=${encodeURIComponent(`My deal: ${car.title}`)}&body=${encodeURIComponent(shareUrl)}`}
            className="font-semibold text-brand-700 hover:underline"
          >
            Email this deal
          </a>
          {available ? (
            <Link to={DEAL_PATHS.buyOnline(car.id)} className="font-semibold text-brand-700 hover:underline">
              Work out another deal
            </Link>
          ) : null}
          <Link to={PATHS.search} className="font-semibold text-brand-700 hover:underline">
            Search cars
          </Link>
        </p>
      </section>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "We couldn't find that deal" : "Something went wrong"}</h1>
      <p className="mt-4">
        <Link to={PATHS.search} className="font-semibold text-brand-700 hover:underline">
          Search cars
        </Link>
      </p>
    </main>
  );
}
