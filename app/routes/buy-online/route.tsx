// 'Buy Online': the deal form of one car (docs/online-buying.md). Only a car the eligibility
// service says is sellable online gets the form; any other car (or an open breaker) gets a plain
// explanation and the ways to reach the seller. Saving goes through the deal save call (5 s); when
// it fails the form says 'Circuit Breaker for /deals is open' and keeps what was typed.
import { Link } from "react-router";
import type { Route } from "./+types/route";
import { DealForm } from "../../components/deals/deal-form";
import { DealCarSummary } from "../../components/deals/deal-car";
import { DEAL_PATHS } from "../../lib/deals";
import { documentHeaders } from "../../server/http/route-headers.server";
import { DEFAULT_DEAL_VALUES } from "../../lib/deals";
import { appContext } from "../../server/http/request-context.server";
import { loadBuyOnlinePage } from "./loader.server";
import { buyOnlineAction } from "./action.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadBuyOnlinePage(params.listingId, context.get(appContext));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return buyOnlineAction(request, params.listingId, context.get(appContext));
}

export const headers = documentHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Buy Online: ${loaderData.car.title}` : "Buy Online"} | Forecourt` },
  { name: "robots", content: "noindex" },
];

export default function BuyOnline({ loaderData, actionData }: Route.ComponentProps) {
  const { car, eligible } = loaderData;
  const reply = actionData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm">
        <Link to={car.vehicleHref} className="font-semibold text-brand-700 hover:underline">
          ← Back to the car
        </Link>
      </p>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-ink">Buy Online</h1>
      <DealCarSummary car={car} />
      {eligible ? (
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="mb-4 text-sm text-slate-700">
            Work out your deal with {car.sellerName}: you get a page with your figures to keep, share, or send the dealer. Nothing is charged.
          </p>
          <DealForm
            action={DEAL_PATHS.buyOnline(car.id)}
            values={reply?.values ?? DEFAULT_DEAL_VALUES}
            errors={reply?.errors ?? {}}
            formError={reply?.formError ?? null}
          />
        </div>
      ) : (
        <p className="mt-6 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800" data-testid="not-eligible">
          This car can't be bought online right now. You can still{" "}
          <Link to={`${car.vehicleHref}#contact`} className="font-semibold text-brand-700 hover:underline">
            contact the seller
          </Link>
          .
        </p>
      )}
    </main>
  );
}
