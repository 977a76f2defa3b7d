// Sign-in and sign-up: validation (zod via Conform), rate limits, session start, and what
// happens after (quick saves merged, the pending save completed, back to refUrl).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { safeRefUrl } from "../../lib/account.ts";
import { signInSchema, signUpSchema } from "../../lib/account-schemas.ts";
import { PATHS } from "../../lib/routes.ts";
import { getDatabase } from "../db/connection.server.ts";
import { clientAddress, rateLimitHeaders, rateLimitMessage, takeRateLimit } from "../security/rate-limit.server.ts";
import { quickSavesCookie, readQuickSaves, startSession } from "./session.server.ts";
import { mergeQuickSaves, saveVehicle } from "./saved-vehicles.server.ts";
import { authenticate, createUser } from "./users.server.ts";

const SIGN_IN_RULE = { limit: 10, windowMs: 10 * 60_000 };
const SIGN_IN_IP_RULE = { limit: 60, windowMs: 10 * 60_000 };
const SIGN_UP_RULE = { limit: 40, windowMs: 60 * 60_000 };

const WRONG = "That email and password do not match an account. Check them and try again.";

export async function signInOrUpAction(request: Request) {
  const formData = await request.formData();
  const intent = formData.get("intent") === "sign-up" ? "sign-up" : "sign-in";
  const refUrl = safeRefUrl(formData.get("refUrl"));
  const saveListingId = Number(formData.get("saveListingId"));
  const ip = clientAddress(request);
  const db = await getDatabase();

  if (intent === "sign-up") {
    const submission = parseWithZod(formData, { schema: signUpSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    const limit = takeRateLimit([`sign-up:ip:${ip}`], SIGN_UP_RULE);
    if (!limit.ok) {
      return data({ intent, result: submission.reply({ formErrors: [rateLimitMessage(limit.retryAfterS)], hideFields: ["password"] }) }, { status: 429, headers: rateLimitHeaders(limit) });
    }
    const created = await createUser(db, submission.value);
    if ("error" in created) {
      return data(
        {
          intent,
          result: submission.reply({
            fieldErrors: { email: ["An account with this email already exists. Sign in instead."] },
            hideFields: ["password"],
          }),
        },
        { status: 400 },
      );
    }
    return finish(request, created.id, refUrl, saveListingId);
  }

  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const limit = takeRateLimit([`sign-in:ip:${ip}`], SIGN_IN_IP_RULE);
  const perEmail = limit.ok ? takeRateLimit([`sign-in:email:${submission.value.email}`], SIGN_IN_RULE) : limit;
  if (!perEmail.ok) {
    return data({ intent, result: submission.reply({ formErrors: [rateLimitMessage(perEmail.retryAfterS)], hideFields: ["password"] }) }, { status: 429, headers: rateLimitHeaders(perEmail) });
  }
  const userId = await authenticate(db, submission.value.email, submission.value.password);
  if (userId === null) {
    return data({ intent, result: submission.reply({ formErrors: [WRONG], hideFields: ["password"] }) }, { status: 400 });
  }
  return finish(request, userId, refUrl, saveListingId);
}

async function finish(request: Request, userId: number, refUrl: string, saveListingId: number) {
  const db = await getDatabase();
  const headers = new Headers();
  for (const c of await startSession(db, userId)) headers.append("Set-Cookie", c);
  const quick = await readQuickSaves(request);
  if (quick.length > 0) {
    await mergeQuickSaves(db, userId, quick);
    headers.append("Set-Cookie", await quickSavesCookie([]));
  }
  // "on sign-in the save completes"
  if (Number.isSafeInteger(saveListingId) && saveListingId > 0) await saveVehicle(db, userId, saveListingId);
  return redirect(refUrl === PATHS.signIn ? PATHS.account : refUrl, { headers });
}
