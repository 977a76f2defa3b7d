// POST target of 'Get Price Alerts' on the vehicle page; without JavaScript the answer shows here.
import type { Route } from "./+types/route";
import { PriceAlertForm } from "../../components/account/price-alert-form";
import { priceAlertAction } from "./action.server";
import { documentHeaders } from "../../server/http/route-headers.server";

export function loader() {
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return priceAlertAction(request);
}

// A refused post's Retry-After reaches the page.
export const headers = documentHeaders;

export const meta = () => [{ title: "Price alerts | Forecourt" }, { name: "robots", content: "noindex" }];

export default function PriceAlertPage({ actionData }: Route.ComponentProps) {
  const reply = actionData;
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold">Price alerts</h1>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-5">
        {reply?.listingId ? <PriceAlertForm listingId={reply.listingId} reply={reply} /> : <p>Use “Get Price Alerts” on any car’s page.</p>}
      </div>
    </main>
  );
}
