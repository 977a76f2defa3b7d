// Sign out: a POST (a link could be triggered by any page). GET shows a button for it.
import { Form, redirect } from "react-router";
import type { Route } from "./+types/route";
import { primaryButton } from "../../components/account/field";
import { PATHS } from "../../lib/routes";
import { endSession, getSessionUser } from "../../server/accounts/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  if (!(await getSessionUser(request))) throw redirect(PATHS.home);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  for (const c of await endSession(request)) headers.append("Set-Cookie", c);
  return redirect(PATHS.home, { headers });
}

export const meta = () => [{ title: "Sign out | Forecourt" }, { name: "robots", content: "noindex" }];

export default function SignOut() {
  return (
    <main className="mx-auto max-w-md px-4 py-12 text-center">
      <h1 className="text-2xl font-bold">Sign out of Forecourt?</h1>
      <Form method="post" className="mt-6">
        <button type="submit" className={primaryButton}>
          Sign out
        </button>
      </Form>
    </main>
  );
}
