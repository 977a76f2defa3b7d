// My account's posts, one intent each: resend-verification, profile (first name, last name, email,
// phone, one-click opt-in), delete; an unknown intent is a 400. Only the session's own user is
// ever read or changed.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { profileSchema } from "../../lib/account-schemas.ts";
import { PATHS } from "../../lib/routes.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { endSession } from "../../server/accounts/session.server.ts";
import { requireUser } from "./loader.server.ts";
import { deleteUser, updateProfile } from "../../server/accounts/users.server.ts";
import { sendAccountVerification } from "../../server/accounts/verification.server.ts";
import { clientAddress, rateLimitHeaders, rateLimitMessage, takeRateLimit, type RateLimitRule } from "../../server/security/rate-limit.server.ts";

/** "Resend verification email": per account and per address. */
export const RESEND_VERIFICATION_LIMIT: RateLimitRule = { limit: 3, windowMs: 10 * 60_000 };
export const RESEND_VERIFICATION_IP_LIMIT: RateLimitRule = { limit: 10, windowMs: 10 * 60_000 };

export async function accountAction(request: Request, url: URL) {
  const user = await requireUser(request, url);
  const formData = await request.formData();
  const db = await getDatabase();
  switch (formData.get("intent")) {
    case "resend-verification": {
      const to = user.pendingEmail ?? (user.emailVerified ? null : user.email);
      if (!to) return redirect(PATHS.account);
      const ip = clientAddress(request);
      const perIp = await takeRateLimit([`resend-verification:ip:${ip}`], RESEND_VERIFICATION_IP_LIMIT);
      const limit = perIp.ok ? await takeRateLimit([`resend-verification:user:${user.id}`], RESEND_VERIFICATION_LIMIT) : perIp;
      if (!limit.ok) {
        return data(
          { intent: "resend-verification" as const, error: rateLimitMessage(limit.retryAfterS), result: undefined },
          { status: 429, headers: rateLimitHeaders(limit) },
        );
      }
      await sendAccountVerification(db, user.id, to);
      return redirect(`${PATHS.account}?verification=sent`);
    }
    case "delete": {
      if (formData.get("confirm") !== "yes") {
        return data({ intent: "delete" as const, error: "Tick the box to confirm you want to delete your account.", result: undefined }, { status: 400 });
      }
      const headers = new Headers();
      for (const c of await endSession(request)) headers.append("Set-Cookie", c);
      await deleteUser(db, user.id);
      return redirect(`${PATHS.home}?accountDeleted=1`, { headers });
    }
    case "profile": {
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
      if (r.pendingEmail) await sendAccountVerification(db, user.id, r.pendingEmail);
      return redirect(`${PATHS.account}?updated=1`);
    }
    default:
      return data({ intent: "unknown" as const, error: "That request could not be read.", result: undefined }, { status: 400 });
  }
}
