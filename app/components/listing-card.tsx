import { useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { TEXT } from "../lib/constants";
import { CardPayment } from "./wallet/wallet";
import { DEAL_LABELS, formatInt, formatMiles, formatPrice } from "../lib/format";
import { PATHS } from "../lib/routes";
import { vehicleImagePath } from "../lib/vehicle-image";
import { SaveHeart } from "./account/save-heart";
import { Icon, type IconName } from "./search/icons";
import type { ListingCardData } from "./search/types";
import { COMPARE_DRAWER_ANCHOR } from "../lib/compare";

export type { ListingCardData } from "./search/types";

const DEAL_ICONS: Record<string, IconName> = { great: "down", good: "down", fair: "level", high: "up" };

export interface CompareState {
  enabled: boolean;
  added: boolean;
  /** "The compare toggle shows only while fewer than 5 listings are compared." */
  full: boolean;
}

/** How the price sits against what comparable cars sell for, in words. */
function marketNote(price: number, market: number | null): string | null {
  if (market === null || market <= 0) return null;
  const diff = market - price;
  if (Math.abs(diff) < 100) return "At market price";
  return diff > 0 ? `${formatPrice(diff)} below market` : `${formatPrice(-diff)} above market`;
}

/**
 * A listing in the results grid: picture, year make model trim, price, mileage, deal verdict,
 * distance, seller, and the quick actions Compare, Share and Report. The title link covers the
 * whole card (one link per card for screen readers); the quick actions sit above it. Needs the
 * page's <IconSprite />.
 */
export function ListingCard({ listing, eager = false, compare }: { listing: ListingCardData; eager?: boolean; compare?: CompareState }) {
  const note = marketNote(listing.price, listing.marketPrice);
  const titleId = `listing-${listing.id}-title`;
  const miles = listing.condition === "New" && listing.mileage < 500 ? "New" : formatMiles(listing.mileage);
  const away = listing.distance === null ? null : listing.distance === 0 ? "Under 1 mi away" : `${formatInt(listing.distance)} mi away`;
  return (
    <article id={`listing-${listing.id}`} aria-labelledby={titleId} className="card">
      <div className="relative">
        <img
          src={vehicleImagePath(listing.bodyStyleCode, listing.extColor, 0)}
          alt=""
          width={400}
          height={300}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
          sizes="(min-width:1280px) 300px, (min-width:640px) 45vw, 100vw"
          className="card-img"
        />
        {listing.condition !== "Used" ? <span className="card-tag">{listing.condition}</span> : null}
        <SaveHeart listingId={listing.id} title={listing.title} />
      </div>
      <div className="card-body">
        <h3 id={titleId} className="card-title">
          <a href={PATHS.vehicle(listing.id)} className="card-link">
            {listing.title}
          </a>
        </h3>
        <p className="card-price">
          <span>{formatPrice(listing.price)}</span>
          {listing.reducedPrice ? <span className="card-drop">Price drop</span> : null}
        </p>
        <CardPayment price={listing.price} />
        {listing.dealRating ? (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className={`deal deal-${listing.dealRating}`}>
              <Icon name={DEAL_ICONS[listing.dealRating] ?? "level"} />
              {DEAL_LABELS[listing.dealRating]}
            </span>
            {note ? <span>{note}</span> : null}
          </p>
        ) : null}
        <p>{away ? `${miles} · ${away}` : miles}</p>
        {listing.emailed ? (
          <p className="flex items-center gap-1 text-xs font-medium text-deal-great">
            <Icon name="check" /> You emailed this seller
          </p>
        ) : null}
        {listing.extended ? <p className="text-xs font-medium text-brand-700">Beyond your area: home delivery available</p> : null}
        <p className="card-seller">
          <span className="font-medium text-slate-800">{listing.privateSeller ? "Private Seller" : listing.sellerName}</span>
          {` · ${listing.city}, ${listing.state}`}
        </p>
      </div>
      <QuickActions listing={listing} compare={compare} />
    </article>
  );
}

function QuickActions({ listing, compare }: { listing: ListingCardData; compare?: CompareState }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const added = compare?.added || fetcher.state !== "idle";
  const vehicle = PATHS.vehicle(listing.id);
  return (
    <div className="card-actions">
      {compare?.enabled ? (
        added ? (
          <a href={`#${COMPARE_DRAWER_ANCHOR}`} className="card-action text-deal-good">
            <Icon name="check" />
            {TEXT.addedToCompare}
            <span className="sr-only">: {listing.title}</span>
          </a>
        ) : !compare.full ? (
          <fetcher.Form method="post" preventScrollReset className="flex flex-1">
            {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
            <button type="submit" name="compare" value={listing.id} className="card-action">
              <Icon name="compare" />
              {TEXT.compare}
              <span className="sr-only"> {listing.title}</span>
            </button>
          </fetcher.Form>
        ) : null
      ) : null}
      <a href={`${vehicle}#share`} data-card-dialog="share" className="card-action">
        <Icon name="share" />
        Share<span className="sr-only"> this Listing: {listing.title}</span>
      </a>
      <a href={`${vehicle}#report`} data-card-dialog="report" className="card-action">
        <Icon name="report" />
        Report<span className="sr-only"> this Listing: {listing.title}</span>
      </a>
    </div>
  );
}
