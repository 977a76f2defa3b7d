// One-click unsubscribe from an alert email: the signed token names the subscription, so it works
// signed out. GET applies it (idempotent: it only switches an alert off).
import { Link } from "react-router";
import type { Route } from "./+types/account.unsubscribe";
import { PATHS } from "../lib/routes";
import { unsubscribeWithToken } from "../server/accounts/alert-runner.server";
import { getDatabase } from "../server/db/connection.server";

export async function loader({ url }: Route.LoaderArgs) {
  const db = await getDatabase();
  return { result: await unsubscribeWithToken(db, url.searchParams.get("token")) };
}

export const meta = () => [{ title: "Unsubscribe | Forecourt" }, { name: "robots", content: "noindex" }];

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const done = loaderData.result === "done";
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold">{done ? "You are unsubscribed" : "This unsubscribe link is not valid"}</h1>
      <p className="mt-3 text-slate-700">
        {done
          ? "We will not email you about this again. Your saved cars and searches are still there."
          : "The link may be incomplete. Use the link in the latest email, or manage alerts in your account."}
      </p>
      <p className="mt-6 flex gap-4">
        <Link to={PATHS.saved} className="font-semibold text-brand-700 underline">
          Saved cars and searches
        </Link>
        <Link to={PATHS.search} className="font-semibold text-brand-700 underline">
          Search cars for sale
        </Link>
      </p>
    </main>
  );
}
