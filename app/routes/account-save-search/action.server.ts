// "Save search" (docs/accounts.md). Signed in: the search is saved with a title. Signed out
// (email-subscribe mode): the email capture (emailAddress, at most 45 characters, a honeypot),
// at most ANONYMOUS_SAVED_SEARCH_MAX searches per address; then the spec's max-searches message
// with a create-account link. After success the results refresh with pagination reset.
import { recordEvent } from "../../server/observability/analytics.server.ts";
import { data, redirect } from "react-router";
import { z } from "zod";
import { ACCOUNT_HONEYPOT_FIELD, ACCOUNT_TEXT, safeRefUrl } from "../../lib/account.ts";
import { emailCaptureSchema } from "../../lib/account-schemas.ts";
import { PATHS } from "../../lib/routes.ts";
import { SEARCH_PATH } from "../../lib/search-url.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { getEnv } from "../../server/env.server.ts";
import { getFlags } from "../../server/flags.server.ts";
import { IDENTITY_TEXT } from "../../lib/constants.ts";
import { takeSaveLimit } from "../../server/accounts/save-limits.server.ts";
import { sendAlertConfirmation } from "../../server/accounts/verification.server.ts";
import { clientAddress, rateLimitHeaders, rateLimitMessage, takeRateLimit } from "../../server/security/rate-limit.server.ts";
import { getSearchPageContext } from "../../server/services/url-context.server.ts";
import { getSessionUser, readSubscribedSearches, subscribedSearchesCookie } from "../../server/accounts/session.server.ts";
import { SAVED_SEARCH_TITLE_MAX, normaliseSearchUrl, saveSearch } from "../../server/accounts/saved-searches.server.ts";

/** The hidden field a person never fills. */
export const SAVE_SEARCH_HONEYPOT = ACCOUNT_HONEYPOT_FIELD;
const CAPTURE_RULE = { limit: 10, windowMs: 10 * 60_000 };

export type SaveSearchReply =
  | { ok: true; bookmarkId: string | null; searchUrl: string }
  | { ok: false; field: "emailAddress" | "title" | "form"; message: string; max?: boolean; email?: string; searchUrl?: string };

const baseForm = z.object({
  searchUrl: z.string().max(2000).default(SEARCH_PATH),
  title: z.string().trim().max(SAVED_SEARCH_TITLE_MAX).optional(),
  via: z.string().optional(),
});

export async function saveSearchAction(request: Request) {
  const flags = getFlags();
  if (!flags.saveSearch) throw data(null, { status: 404, statusText: "Not Found" });
  const form = Object.fromEntries(await request.formData());
  const base = baseForm.safeParse(form);
  const fetch = form.via === "fetch";
  const { ctx } = await getSearchPageContext();
  const normal = base.success ? normaliseSearchUrl(safeRefUrl(base.data.searchUrl, SEARCH_PATH), ctx) : null;
  const back = normal?.url ?? SEARCH_PATH;
  const fail = (reply: SaveSearchReply, status = 400, headers?: Record<string, string>) =>
    data<SaveSearchReply>(reply.ok ? reply : { ...reply, searchUrl: back }, { status, headers });
  if (!base.success || !normal) return fail({ ok: false, field: "form", message: "That search could not be saved." });
  const title = base.data.title || normal.title;
  const db = await getDatabase();
  const user = await getSessionUser(request);

  if (user) {
    const limited = await takeSaveLimit(request, user.id);
    if (!limited.ok) return fail({ ok: false, field: "form", message: rateLimitMessage(limited.retryAfterS) }, 429, rateLimitHeaders(limited));
    const max = getEnv().SAVED_SEARCHES_MAX;
    const r = await saveSearch(db, { userId: user.id }, { title, searchUrl: normal.url }, Date.now(), max);
    if (!r.ok && r.reason === "full") return fail({ ok: false, field: "form", message: IDENTITY_TEXT.savedSearchesFull(max) }, 409);
    if (!r.ok) return fail({ ok: false, field: "form", message: "That search could not be saved." });
    recordEvent("save", "search");
    // "After success, results refresh with pagination reset."
    return fetch ? data<SaveSearchReply>({ ok: true, bookmarkId: r.bookmarkId, searchUrl: back }) : redirect(back);
  }

  if (!flags.emailSubscribe) {
    return redirect(`${PATHS.signIn}?refUrl=${encodeURIComponent(back)}`);
  }
  const typed = typeof form.emailAddress === "string" ? form.emailAddress.slice(0, 100) : "";
  // A filled honeypot: answer like a success, write nothing.
  if (typeof form[SAVE_SEARCH_HONEYPOT] === "string" && form[SAVE_SEARCH_HONEYPOT] !== "") {
    return fetch ? data<SaveSearchReply>({ ok: true, bookmarkId: null, searchUrl: back }) : redirect(back);
  }
  const captured = emailCaptureSchema.safeParse(form);
  if (!captured.success) {
    return fail({ ok: false, field: "emailAddress", message: captured.error.issues[0]?.message ?? "Enter a valid email address", email: typed });
  }
  const email = captured.data.emailAddress;
  const limit = await takeRateLimit([`email-capture:ip:${clientAddress(request)}`, `email-capture:email:${email}`], CAPTURE_RULE);
  if (!limit.ok) return fail({ ok: false, field: "emailAddress", message: rateLimitMessage(limit.retryAfterS), email: typed }, 429, rateLimitHeaders(limit));
  const r = await saveSearch(db, { email }, { title, searchUrl: normal.url });
  if (!r.ok) {
    return fail(
      r.reason === "max"
        ? { ok: false, field: "emailAddress", message: ACCOUNT_TEXT.maxSearches, max: true, email: typed }
        : { ok: false, field: "form", message: "That search could not be saved." },
    );
  }
  // Double opt-in: nothing is mailed to the address until it opens this link.
  if (!r.confirmed && r.created) await sendAlertConfirmation(db, { kind: "search", id: r.bookmarkId, email }, `new cars for your saved search "${title}"`);
  const headers = new Headers();
  const subscribed = await readSubscribedSearches(request);
  if (!subscribed.includes(normal.url)) headers.append("Set-Cookie", await subscribedSearchesCookie([...subscribed, normal.url]));
  recordEvent("save", "search");
  return fetch ? data<SaveSearchReply>({ ok: true, bookmarkId: r.bookmarkId, searchUrl: back }, { headers }) : redirect(back, { headers });
}
