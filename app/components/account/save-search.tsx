// "Save search" on the results page (docs/accounts.md). Signed in: name and save the current
// search. Signed out in email-subscribe mode: the inline email capture (emailAddress, required,
// at most 45 characters, placeholder 'Email', a hidden honeypot), whose button reads 'Subscribed!'
// after success and resets when the email changes; suppressed when this device already subscribed
// to the search. Plain POST forms without JavaScript; fetchers with it, then the results refresh
// with pagination reset.
import { useEffect, useState } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { useHydrated } from "../use-hydrated";
import { Honeypot } from "../honeypot";
import { ACCOUNT_HONEYPOT_FIELD, ACCOUNT_TEXT, EMAIL_CAPTURE_MAX, searchKey, signInHref } from "../../lib/account";
import { PATHS } from "../../lib/routes";
import { useRootData } from "../use-root-data";

export type SaveSearchReplyView =
  | { ok: true; bookmarkId: string | null; searchUrl: string }
  | { ok: false; field: "emailAddress" | "title" | "form"; message: string; max?: boolean; email?: string; searchUrl?: string };

export const SAVE_SEARCH_PATH = "/account/save-search";

/** Whether this page offers Save search, and whether this search is already saved (the phone's bar shows it). */
export function useSaveSearchStatus(): { enabled: boolean; saved: boolean } {
  const root = useRootData();
  const location = useLocation();
  if (!root || !root.flags.saveSearch) return { enabled: false, saved: false };
  return { enabled: true, saved: root.account.savedSearchUrls.includes(searchKey(location.pathname, location.search)) };
}

export function SaveSearch({ defaultTitle }: { defaultTitle: string }) {
  const root = useRootData();
  const location = useLocation();
  if (!root || !root.flags.saveSearch) return null;
  const key = searchKey(location.pathname, location.search);
  const saved = root.account.savedSearchUrls.includes(key);
  if (root.account.signedIn) return <SignedInSave searchUrl={key} saved={saved} defaultTitle={defaultTitle} />;
  if (!root.flags.emailSubscribe) {
    return (
      <Link to={signInHref(PATHS.signIn, key)} className="save-search-button">
        Sign in to save this search
      </Link>
    );
  }
  return <EmailCapture searchUrl={key} alreadySubscribed={saved} defaultTitle={defaultTitle} />;
}

function useRefreshOnSuccess(reply: SaveSearchReplyView | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    if (reply?.ok) navigate(reply.searchUrl, { replace: true, preventScrollReset: true });
  }, [reply, navigate]);
}

function SignedInSave({ searchUrl, saved, defaultTitle }: { searchUrl: string; saved: boolean; defaultTitle: string }) {
  const fetcher = useFetcher<SaveSearchReplyView>();
  const hydrated = useHydrated();
  useRefreshOnSuccess(fetcher.data);
  if (saved) {
    return (
      <p role="status" className="text-sm font-semibold text-deal-good">
        ✓ Search saved.{" "}
        <Link to={PATHS.saved} className="text-brand-700 underline underline-offset-2">
          Your saved searches
        </Link>
      </p>
    );
  }
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" action={SAVE_SEARCH_PATH} className="flex flex-wrap items-end gap-2" aria-label="Save search">
      <input type="hidden" name="searchUrl" value={searchUrl} />
      {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
      <label className="text-sm">
        <span className="block text-xs font-semibold text-slate-700">Name this search</span>
        <input name="title" defaultValue={defaultTitle} maxLength={80} className="w-64 max-w-full rounded-lg border border-slate-300 px-2 py-1.5" />
      </label>
      <button type="submit" className="save-search-button" disabled={fetcher.state !== "idle"}>
        Save search
      </button>
      {error ? <p className="w-full text-sm font-medium text-red-700">{error}</p> : null}
    </fetcher.Form>
  );
}

export function EmailCapture({
  searchUrl,
  alreadySubscribed,
  defaultTitle,
  reply: serverReply,
}: {
  searchUrl: string;
  alreadySubscribed: boolean;
  defaultTitle: string;
  reply?: SaveSearchReplyView;
}) {
  const fetcher = useFetcher<SaveSearchReplyView>();
  const hydrated = useHydrated();
  const reply = fetcher.data ?? serverReply;
  const [subscribedEmail, setSubscribedEmail] = useState<string | null>(null);
  const [email, setEmail] = useState(reply && !reply.ok ? (reply.email ?? "") : "");
  useEffect(() => {
    if (fetcher.data?.ok) setSubscribedEmail(email);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);
  useRefreshOnSuccess(fetcher.data);
  // "suppressed if ... they have already subscribed" (unless it just happened on this page).
  if (alreadySubscribed && subscribedEmail === null) {
    return (
      <p role="status" className="text-sm font-semibold text-deal-good">
        ✓ {ACCOUNT_TEXT.subscribed} Once you open the link we emailed to confirm, we will email you when new cars match this search.
      </p>
    );
  }
  const subscribed = subscribedEmail !== null && subscribedEmail === email;
  const error = reply && !reply.ok && !subscribed ? reply : null;
  return (
    <fetcher.Form method="post" action={SAVE_SEARCH_PATH} className="flex flex-wrap items-start gap-2" aria-label="Save search">
      <input type="hidden" name="searchUrl" value={searchUrl} />
      <input type="hidden" name="title" value={defaultTitle} />
      {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
      <Honeypot name={ACCOUNT_HONEYPOT_FIELD} />
      <div>
        <label htmlFor="save-search-email" className="block text-xs font-semibold text-slate-700">
          Email me new matches for this search
        </label>
        <input
          id="save-search-email"
          type="email"
          name="emailAddress"
          required
          maxLength={EMAIL_CAPTURE_MAX}
          placeholder="Email"
          autoComplete="email"
          defaultValue={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error?.field === "emailAddress" ? true : undefined}
          aria-describedby={error ? "save-search-error" : undefined}
          className={`w-64 max-w-full rounded-lg border px-2 py-1.5 ${error ? "border-red-600" : "border-slate-300"}`}
        />
      </div>
      <button type="submit" className="save-search-button mt-5" disabled={fetcher.state !== "idle"}>
        {subscribed ? ACCOUNT_TEXT.subscribed : "Save search"}
      </button>
      {error ? (
        <p id="save-search-error" className="w-full text-sm font-medium text-red-700">
          {error.message}
          {error.max ? (
            <>
              {" "}
              <Link to={signInHref(PATHS.signIn, searchUrl, { signup: true })} className="font-semibold text-brand-700 underline underline-offset-2">
                Create a free account
              </Link>{" "}
              to save more searches and get alerts on every device.
            </>
          ) : null}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
