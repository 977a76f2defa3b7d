// /account/sign-up is the sign-in page's sign-up screen.
import { redirect } from "react-router";
import type { Route } from "./+types/route";
import { safeRefUrl, signInHref } from "../../lib/account";
import { PATHS } from "../../lib/routes";

export function loader({ url }: Route.LoaderArgs) {
  return redirect(signInHref(PATHS.signIn, safeRefUrl(url.searchParams.get("refUrl"), PATHS.account), { signup: true }));
}
