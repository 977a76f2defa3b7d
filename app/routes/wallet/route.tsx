// The wallet (decision 017): the shopper's payment budget, as a page. This is where the results
// page's toggle and wallet card lead without JavaScript, and the POST target of the form there.
import { Form, Link, data } from "react-router";
import type { Route } from "./+types/route";
import { WalletForm } from "../../components/wallet/wallet-form";
import { formatPrice } from "../../lib/format";
import { PATHS } from "../../lib/routes";
import { WALLET_TEXT, affordablePrice, walletFormValues } from "../../lib/wallet";
import { documentHeaders } from "../../server/http/route-headers.server";
import { readWallet, walletEnabled, walletRef } from "../../server/wallet.server";
import { walletAction } from "./action.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  if (!walletEnabled()) throw data(null, { status: 404 });
  const wallet = await readWallet(request);
  return { wallet, refUrl: walletRef(url.searchParams.get("ref")) };
}

export async function action({ request }: Route.ActionArgs) {
  return walletAction(request);
}

export const headers = documentHeaders;

export const meta = () => [{ title: `${WALLET_TEXT.title} | Forecourt` }, { name: "robots", content: "noindex" }];

export default function WalletPage({ loaderData, actionData }: Route.ComponentProps) {
  const { wallet } = loaderData;
  const reply = actionData;
  // After a refused post this URL has lost its ?ref: the form carried it back.
  const refUrl = reply?.ref ?? loaderData.refUrl;
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">{WALLET_TEXT.title}</h1>
      <p className="mt-2 text-slate-700">{WALLET_TEXT.intro}</p>
      {wallet ? (
        <p className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950" role="status">
          Your budget of {formatPrice(wallet.monthly)}/mo. reaches cars up to <strong>{formatPrice(affordablePrice(wallet))}</strong>. Payments are{" "}
          {wallet.on ? "shown" : "hidden"} on the results.
        </p>
      ) : null}
      {reply?.errors ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          Check the fields marked below.
        </p>
      ) : null}
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <WalletForm
          as={Form}
          action={PATHS.wallet}
          refUrl={refUrl}
          initial={walletFormValues(wallet)}
          reply={reply}
          hasWallet={wallet !== null}
          idPrefix="wallet"
        />
      </div>
      <p className="mt-4 text-center text-sm">
        <Link to={refUrl} className="text-brand-700 hover:underline">
          Back to the cars
        </Link>
      </p>
    </main>
  );
}
