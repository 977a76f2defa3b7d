// My account: the lead profile (first name, last name, email, phone, one-click opt-in) and
// deleting the account. Only the session's own user is ever read or changed.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { signInHref } from "../../lib/account.ts";
import { profileSchema } from "../../lib/account-schemas.ts";
import { PATHS } from "../../lib/routes.ts";
import { getDatabase } from "../db/connection.server.ts";
import { endSession, getSessionUser, type SessionUser } from "./session.server.ts";
import { deleteUser, updateProfile } from "./users.server.ts";

export async function requireUser(request: Request, url: URL): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInHref(PATHS.signIn, url.pathname + url.search));
  return user;
}

export async function loadAccountPage(request: Request, url: URL) {
  const user = await requireUser(request, url);
  return { user, updated: url.searchParams.get("updated") === "1" };
}

export async function accountAction(request: Request, url: URL) {
  const user = await requireUser(request, url);
  const formData = await request.formData();
  const db = await getDatabase();
  if (formData.get("intent") === "delete") {
    if (formData.get("confirm") !== "yes") {
      return data({ intent: "delete" as const, error: "Tick the box to confirm you want to delete your account.", result: undefined }, { status: 400 });
    }
    const headers = new Headers();
    for (const c of await endSession(request)) headers.append("Set-Cookie", c);
    await deleteUser(db, user.id);
    return redirect(`${PATHS.home}?accountDeleted=1`, { headers });
  }
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") {
    return data({ intent: "profile" as const, error: null, result: submission.reply() }, { status: 400 });
  }
  const v = submission.value;
  const r = await updateProfile(db, user.id, { ...v, oneClickOptIn: v.oneClickOptIn === "on" });
  if ("error" in r) {
    return data(
      { intent: "profile" as const, error: null, result: submission.reply({ fieldErrors: { email: ["Another account uses this email address."] } }) },
      { status: 400 },
    );
  }
  return redirect(`${PATHS.account}?updated=1`);
}
