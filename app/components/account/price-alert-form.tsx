// 'Get Price Alerts' on the vehicle page: an email for price-drop mails about this car. A POST
// form without JavaScript (the answer is a page), a fetcher with it.
import { Link, useFetcher } from "react-router";
import { useHydrated } from "../use-hydrated";
import { ACCOUNT_HONEYPOT_FIELD } from "../../lib/account";
import { PATHS } from "../../lib/routes";
import { Honeypot } from "../honeypot";

export const PRICE_ALERT_PATH = "/account/price-alert";
type Reply = { ok: boolean; message: string; email: string; listingId: number | null };

export function PriceAlertForm({ listingId, reply: serverReply }: { listingId: number; reply?: Reply }) {
  const fetcher = useFetcher<Reply>();
  const hydrated = useHydrated();
  const reply = fetcher.data ?? serverReply;
  return (
    <fetcher.Form method="post" action={PRICE_ALERT_PATH} className="space-y-2" aria-label="Get Price Alerts">
      <input type="hidden" name="listingId" value={listingId} />
      {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
      <Honeypot name={ACCOUNT_HONEYPOT_FIELD} />
      <label htmlFor={`price-alert-email-${listingId}`} className="block text-sm font-semibold text-slate-800">
        Get Price Alerts
      </label>
      <div className="flex gap-2">
        <input
          id={`price-alert-email-${listingId}`}
          type="email"
          name="email"
          required
          maxLength={254}
          placeholder="Email"
          autoComplete="email"
          defaultValue={reply?.email ?? ""}
          aria-describedby={reply ? `price-alert-msg-${listingId}` : undefined}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-2 py-1.5"
        />
        <button type="submit" className="save-search-button" disabled={fetcher.state !== "idle"}>
          Notify me
        </button>
      </div>
      {reply ? (
        <p id={`price-alert-msg-${listingId}`} role="status" className={`text-sm font-medium ${reply.ok ? "text-deal-good" : "text-red-700"}`}>
          {reply.message}
        </p>
      ) : (
        <p className="text-xs text-slate-600">One email when the price drops; unsubscribe in one click.</p>
      )}
      {serverReply && reply?.listingId ? (
        <Link to={PATHS.vehicle(reply.listingId)} className="text-sm font-semibold text-brand-700 underline">
          Back to the car
        </Link>
      ) : null}
    </fetcher.Form>
  );
}
