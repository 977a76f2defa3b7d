// 'Email seller' on a results card (one-click email, docs/accounts.md). An opted-in shopper with
// first name, last name and email gets a POST form that sends the availability message in one
// click (a fetcher with JavaScript); anyone else a link to the vehicle page's form (in edit mode,
// with the known details, for an opted-in shopper missing some). Private sellers take offers.
import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "../use-hydrated";
import { PATHS } from "../../lib/routes";
import { Icon, leadingIcon } from "../search/icons";
import { useRootData } from "../use-root-data";

type Reply = { ok: boolean; error?: string };

/** One fetcher per car, shared by the action and the card's mark (the results list keeps its own copy of the cards). */
const useOneClick = (listingId: number) => useFetcher<Reply>({ key: `one-click-${listingId}` });

/** 'You emailed this seller': from the page's data, or at once after a one-click send. */
export function EmailedMark({ listingId, emailed }: { listingId: number; emailed: boolean }) {
  const sent = useOneClick(listingId).data?.ok;
  return emailed || sent ? (
    <p className="flex items-center gap-1 text-xs font-medium text-deal-great">
      <Icon name="check" /> You emailed this seller
    </p>
  ) : null;
}

export function EmailSellerAction({ listingId, title, privateSeller }: { listingId: number; title: string; privateSeller: boolean }) {
  const mode = useRootData()?.account.oneClick;
  const fetcher = useOneClick(listingId);
  const hydrated = useHydrated();
  const location = useLocation();
  const send = mode === "send" && !privateSeller;
  const label = privateSeller ? "Make Offer" : "Email seller";
  // The car's title is part of the name (many cards on one page), not of the visible text.
  const name = `${label}: ${title}`;
  if (!send) {
    return (
      <a
        href={`${PATHS.vehicle(listingId)}${mode === "edit" && !privateSeller ? "?contact=edit" : ""}#contact`}
        aria-label={name}
        className={`card-action ${leadingIcon("mail")}`}
      >
        {label}
      </a>
    );
  }
  return (
    <fetcher.Form method="post" action={PATHS.oneClickEmail} preventScrollReset className="relative flex flex-1">
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="refUrl" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
      <button type="submit" aria-label={name} className={`card-action ${leadingIcon("mail")}`} disabled={fetcher.state !== "idle"}>
        {label}
      </button>
      {fetcher.data?.error ? (
        <p role="alert" className="absolute bottom-full left-0 w-56 rounded-lg bg-white p-2 text-xs font-medium text-red-700 shadow">
          {fetcher.data.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
