// POST target of 'Email seller' (one-click email): a plain form without JavaScript, a fetcher with
// it. Success and "fill in the form" are redirects; only a refusal (rate limit, car gone) shows here.
import { Link, redirect } from "react-router";
import type { Route } from "./+types/route";
import { PATHS } from "../../lib/routes";
import { oneClickEmailAction } from "./action.server";
import { documentHeaders } from "../../server/http/route-headers.server";

export function loader() {
  return redirect(PATHS.search);
}

export async function action({ request }: Route.ActionArgs) {
  return oneClickEmailAction(request);
}

export const headers = documentHeaders;

export const meta = () => [{ title: "Email the seller | Forecourt" }, { name: "robots", content: "noindex" }];

export default function OneClickEmailPage({ actionData }: Route.ComponentProps) {
  const reply = actionData;
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold">Email the seller</h1>
      <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
        {reply && !reply.ok ? reply.error : "Use 'Email seller' on a car."}
      </p>
      <p className="mt-4">
        <Link to={reply && !reply.ok ? reply.backUrl : PATHS.search} className="font-semibold text-brand-700 underline">
          Back
        </Link>
      </p>
    </main>
  );
}
