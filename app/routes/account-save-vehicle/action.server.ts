// The heart (docs/accounts.md). Signed in: toggles. Signed out: a quick save on
// this device while under the quota (flag quickSaveQuota), otherwise the sign-in page/dialog
// 'Save Cars with a Free Account', after which the save completes (app/routes/account-sign-in/action.server.ts).
import { recordEvent } from "../../server/observability/analytics.server.ts";
import { data, redirect } from "react-router";
import { z } from "zod";
import { safeRefUrl, signInHref } from "../../lib/account.ts";
import { PATHS } from "../../lib/routes.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { getEnv } from "../../server/env.server.ts";
import { getFlags } from "../../server/flags.server.ts";
import { IDENTITY_TEXT } from "../../lib/constants.ts";
import { rateLimitHeaders, rateLimitMessage } from "../../server/security/rate-limit.server.ts";
import { takeSaveLimit } from "../../server/accounts/save-limits.server.ts";
import { getSessionUser, quickSavesCookie, readQuickSaves } from "../../server/accounts/session.server.ts";
import { saveVehicle, unsaveVehicle } from "../../server/accounts/saved-vehicles.server.ts";
import { readVisitorId } from "../../server/leads/visitor.server.ts";
import { noteQuickSave, removeVisitorSave } from "../../server/push/visitor-saves.server.ts";
import { reportError } from "../../server/observability/log.server.ts";

/** The quick save itself is the cookie: its push bookkeeping failing is logged, never the shopper's error. */
const pushBookkeepingFailed = (error: unknown) => reportError("keeping a quick save for push failed", error);

const saveForm = z.object({
  listingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  intent: z.enum(["save", "unsave"]).catch("save"),
  refUrl: z.string().optional(),
  via: z.string().optional(),
});

export type SaveVehicleResult =
  | { ok: true; saved: boolean; quick: boolean }
  | { ok: false; needSignIn: true; signInUrl: string; signUpUrl: string }
  | { ok: false; needSignIn: false; error: string };

export async function saveVehicleAction(request: Request) {
  const flags = getFlags();
  if (!flags.saveListing) throw data(null, { status: 404, statusText: "Not Found" });
  // The heart sends the car and the page to come back to in the action's address and the intent
  // in its body (app/components/account/save-heart.tsx); what the body says wins.
  const fields = { ...Object.fromEntries(new URL(request.url).searchParams), ...Object.fromEntries(await request.formData()) };
  const parsed = saveForm.safeParse(fields);
  if (!parsed.success) return data<SaveVehicleResult>({ ok: false, needSignIn: false, error: "That car could not be saved." }, { status: 400 });
  const { listingId, intent, via } = parsed.data;
  const refUrl = safeRefUrl(parsed.data.refUrl, PATHS.vehicle(listingId));
  const fetch = via === "fetch";
  const respond = (result: SaveVehicleResult, headers?: Headers) => {
    if (result.ok && result.saved) recordEvent("save", "vehicle");
    return fetch ? data(result, { headers }) : redirect(refUrl, { headers });
  };
  const db = await getDatabase();
  const user = await getSessionUser(request);

  if (user) {
    if (intent === "unsave") {
      await unsaveVehicle(db, user.id, listingId);
      return respond({ ok: true, saved: false, quick: false });
    }
    const limited = await takeSaveLimit(request, user.id);
    if (!limited.ok) {
      const error = rateLimitMessage(limited.retryAfterS);
      return data<SaveVehicleResult>({ ok: false, needSignIn: false, error }, { status: 429, headers: rateLimitHeaders(limited) });
    }
    const max = getEnv().SAVED_VEHICLES_MAX;
    const outcome = await saveVehicle(db, user.id, listingId, Date.now(), max);
    if (outcome === "missing") return data<SaveVehicleResult>({ ok: false, needSignIn: false, error: "This car is no longer for sale." }, { status: 404 });
    if (outcome === "full") {
      // Without JavaScript the Saved page shows the message beside the cars to remove.
      if (!fetch) return redirect(`${PATHS.saved}?done=cars-full`);
      return data<SaveVehicleResult>({ ok: false, needSignIn: false, error: IDENTITY_TEXT.savedVehiclesFull(max) }, { status: 409 });
    }
    return respond({ ok: true, saved: true, quick: false });
  }

  const quick = await readQuickSaves(request);
  const headers = new Headers();
  // A visitor with a push device of its own hears of its quick saves' price drops (decision 023).
  const visitorId = await readVisitorId(request);
  if (intent === "unsave") {
    headers.append("Set-Cookie", await quickSavesCookie(quick.filter((id) => id !== listingId)));
    if (visitorId) await removeVisitorSave(db, visitorId, listingId).catch(pushBookkeepingFailed);
    return respond({ ok: true, saved: false, quick: true }, headers);
  }
  if (quick.includes(listingId)) return respond({ ok: true, saved: true, quick: true });
  if (quick.length < flags.quickSaveQuota) {
    const exists = await db.kysely.selectFrom("listings").select("id").where("id", "=", listingId).where("status", "=", "active").executeTakeFirst();
    if (!exists) return data<SaveVehicleResult>({ ok: false, needSignIn: false, error: "This car is no longer for sale." }, { status: 404 });
    headers.append("Set-Cookie", await quickSavesCookie([...quick, listingId]));
    await noteQuickSave(db, visitorId, listingId).catch(pushBookkeepingFailed);
    return respond({ ok: true, saved: true, quick: true }, headers);
  }
  const signInUrl = signInHref(PATHS.signIn, refUrl, { save: listingId });
  const signUpUrl = signInHref(PATHS.signIn, refUrl, { save: listingId, signup: true });
  if (fetch) return data<SaveVehicleResult>({ ok: false, needSignIn: true, signInUrl, signUpUrl });
  return redirect(signUpUrl);
}
