// Sign-in and sign-up: validation (zod via Conform), rate limits, session start, and what
// happens after (quick saves merged, the pending save completed, back to refUrl).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { safeRefUrl } from "../../lib/account.ts";
import { signInSchema, signUpSchema } from "../../lib/account-schemas.ts";
import { PATHS } from "../../lib/routes.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { getEnv } from "../../server/env.server.ts";
import {
  addRateLimitHit,
  clearRateLimit,
  clientAddress,
  rateLimitHeaders,
  rateLimitHits,
  rateLimitMessage,
  takeRateLimit,
} from "../../server/security/rate-limit.server.ts";
import { quickSavesCookie, readQuickSaves, startSession } from "../../server/accounts/session.server.ts";
import { mergeQuickSaves, saveVehicle } from "../../server/accounts/saved-vehicles.server.ts";
import { handVisitorSavesToAccount } from "../../server/push/visitor-saves.server.ts";
import { authenticate, createUser } from "../../server/accounts/users.server.ts";
import { sendAccountVerification } from "../../server/accounts/verification.server.ts";
import { mergeVisitorViews } from "../../server/accounts/recent-views.server.ts";
import { readVisitorId } from "../../server/leads/visitor.server.ts";
import { moveVisitorSubscriptions } from "../../server/push/subscriptions.server.ts";

// Sign-in (docs/resilience-and-security.md, "Rate limits"): nobody can lock an owner out.
// - 60 attempts per address in 10 minutes, whatever the account;
// - 10 attempts per account and address in 10 minutes: the attacking address is refused for that
//   account, the owner's own address is not (a successful sign-in clears its count);
// - failed passwords per account from all addresses slow every further attempt on it down (one
//   half a second more per failure past 5, at most 5 s) instead of locking it.
const SIGN_IN_IP_RULE = { limit: 60, windowMs: 10 * 60_000 };
const SIGN_IN_ACCOUNT_ADDRESS_RULE = { limit: 10, windowMs: 10 * 60_000 };
const SIGN_IN_FAILURES_RULE = { limit: 1_000_000, windowMs: 10 * 60_000 };
const FAILURES_BEFORE_DELAY = 5;
const MAX_DELAY_MS = 5_000;

/** The wait before checking a password, from the account's recent failures. */
export function signInDelayMs(failures: number): number {
  return Math.min(MAX_DELAY_MS, Math.max(0, failures - FAILURES_BEFORE_DELAY) * 500);
}
const SIGN_UP_RULE = { limit: 40, windowMs: 60 * 60_000 };

const WRONG = "That email and password do not match an account. Check them and try again.";

export async function signInOrUpAction(request: Request) {
  const formData = await request.formData();
  // No intent is a sign-in (the form's default); anything but the two forms is refused.
  const rawIntent = formData.get("intent") ?? "sign-in";
  if (rawIntent !== "sign-in" && rawIntent !== "sign-up") throw data(null, { status: 400, statusText: "Bad Request" });
  const intent = rawIntent;
  const refUrl = safeRefUrl(formData.get("refUrl"));
  const saveListingId = Number(formData.get("saveListingId"));
  const ip = clientAddress(request);
  const db = await getDatabase();

  if (intent === "sign-up") {
    const submission = parseWithZod(formData, { schema: signUpSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    const limit = await takeRateLimit([`sign-up:ip:${ip}`], SIGN_UP_RULE);
    if (!limit.ok) {
      return data(
        { intent, result: submission.reply({ formErrors: [rateLimitMessage(limit.retryAfterS)], hideFields: ["password"] }) },
        { status: 429, headers: rateLimitHeaders(limit) },
      );
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
    // The address counts for nothing until the shopper opens this link (verification.server.ts).
    await sendAccountVerification(db, created.id, submission.value.email);
    return finish(request, created.id, refUrl, saveListingId);
  }

  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const email = submission.value.email;
  const accountAddressKey = `sign-in:account-ip:${email}|${ip}`;
  const limit = await takeRateLimit([`sign-in:ip:${ip}`], SIGN_IN_IP_RULE);
  const perAccount = limit.ok ? await takeRateLimit([accountAddressKey], SIGN_IN_ACCOUNT_ADDRESS_RULE) : limit;
  if (!perAccount.ok) {
    return data(
      { intent, result: submission.reply({ formErrors: [rateLimitMessage(perAccount.retryAfterS)], hideFields: ["password"] }) },
      { status: 429, headers: rateLimitHeaders(perAccount) },
    );
  }
  const failuresKey = `sign-in:failures:${email}`;
  const delay = signInDelayMs(await rateLimitHits(failuresKey, SIGN_IN_FAILURES_RULE));
  if (delay > 0) await new Promise((r) => setTimeout(r, delay));
  const userId = await authenticate(db, email, submission.value.password);
  if (userId === null) {
    await addRateLimitHit(failuresKey, SIGN_IN_FAILURES_RULE);
    return data({ intent, result: submission.reply({ formErrors: [WRONG], hideFields: ["password"] }) }, { status: 400 });
  }
  await clearRateLimit(accountAddressKey, SIGN_IN_ACCOUNT_ADDRESS_RULE);
  return finish(request, userId, refUrl, saveListingId);
}

async function finish(request: Request, userId: number, refUrl: string, saveListingId: number) {
  const db = await getDatabase();
  const headers = new Headers();
  for (const c of await startSession(db, userId)) headers.append("Set-Cookie", c);
  const quick = await readQuickSaves(request);
  if (quick.length > 0) {
    await mergeQuickSaves(db, userId, quick, getEnv().SAVED_VEHICLES_MAX);
    headers.append("Set-Cookie", await quickSavesCookie([]));
  }
  // A subscription belongs to a visitor, and to the account once signed in (decision 023): the
  // visitor's devices and the cars it viewed here become the account's.
  const visitorId = await readVisitorId(request);
  if (visitorId) {
    await moveVisitorSubscriptions(db, visitorId, userId);
    await mergeVisitorViews(db, userId, visitorId);
    await handVisitorSavesToAccount(db, visitorId, userId);
  }
  // "on sign-in the save completes"
  if (Number.isSafeInteger(saveListingId) && saveListingId > 0) await saveVehicle(db, userId, saveListingId, Date.now(), getEnv().SAVED_VEHICLES_MAX);
  return redirect(refUrl === PATHS.signIn ? PATHS.account : refUrl, { headers });
}
