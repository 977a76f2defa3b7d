// My account: the session's own user, and the notices the posts leave in the address.
import { redirect } from "react-router";
import { signInHref } from "../../lib/account.ts";
import { PATHS } from "../../lib/routes.ts";
import { getSessionUser, type SessionUser } from "../../server/accounts/session.server.ts";

export async function requireUser(request: Request, url: URL): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInHref(PATHS.signIn, url.pathname + url.search));
  return user;
}

export async function loadAccountPage(request: Request, url: URL) {
  const user = await requireUser(request, url);
  const verification = url.searchParams.get("verification");
  return { user, updated: url.searchParams.get("updated") === "1", verificationSent: verification === "sent" };
}
