// Unsubscribe from an alert email (RFC 8058). The signed token in the link names the
// subscription, so it works signed out. A GET changes nothing: it shows a button (mail scanners
// open links; they must not unsubscribe anyone). A POST unsubscribes: the button's, or a mail
// client's one-click `List-Unsubscribe=One-Click` post to the List-Unsubscribe URL.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { PATHS } from "../../lib/routes";
import { unsubscribeWithToken, unsubscribeTokenValid } from "../../server/accounts/alert-runner.server";
import { getDatabase } from "../../server/db/connection.server";

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  return { step: unsubscribeTokenValid(token) ? ("confirm" as const) : ("invalid" as const), token: token ?? "" };
}

export async function action({ request, url }: Route.ActionArgs) {
  const form = await request.formData();
  const token = url.searchParams.get("token") ?? (typeof form.get("token") === "string" ? String(form.get("token")) : null);
  const db = await getDatabase();
  const result = await unsubscribeWithToken(db, token);
  if (result === "invalid") return data({ step: "invalid" as const, token: "" }, { status: 400 });
  return { step: "done" as const, token: "" };
}

export const meta = () => [{ title: "Unsubscribe | Forecourt" }, { name: "robots", content: "noindex" }];

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { step, token } = actionData ?? loaderData;
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold">
        {step === "done" ? "You are unsubscribed" : step === "confirm" ? "Unsubscribe from these emails?" : "This unsubscribe link is not valid"}
      </h1>
      {step === "confirm" ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <p className="text-slate-700">We will stop the alert this email came from. Your saved cars and searches stay.</p>
          <button type="submit" className="mt-4 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white">
            Unsubscribe
          </button>
        </Form>
      ) : (
        <p className="mt-3 text-slate-700">
          {step === "done"
            ? "We will not email you about this again. Your saved cars and searches are still there."
            : "The link may be incomplete. Use the link in the latest email, or manage alerts in your account."}
        </p>
      )}
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
