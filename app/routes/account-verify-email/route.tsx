// The link mailed to an address (docs/decisions/020-verified-identity-and-reports.md): verifies an
// account's email (or the address it is changing to), or confirms a price alert or a saved search
// subscribed by email. Works signed out: the signed token names what it confirms.
import { Link } from "react-router";
import type { Route } from "./+types/route";
import { PATHS } from "../../lib/routes";
import { openEmailLink } from "../../server/accounts/verification.server";

export async function loader({ url }: Route.LoaderArgs) {
  return openEmailLink(url.searchParams.get("token"));
}

export const meta = () => [{ title: "Email confirmation | Forecourt" }, { name: "robots", content: "noindex" }];

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { heading, body } = loaderData;
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p className="mt-3 text-slate-700">{body}</p>
      <p className="mt-6 flex gap-4">
        <Link to={PATHS.account} className="font-semibold text-brand-700 underline">
          My account
        </Link>
        <Link to={PATHS.search} className="font-semibold text-brand-700 underline">
          Search cars for sale
        </Link>
      </p>
    </main>
  );
}
