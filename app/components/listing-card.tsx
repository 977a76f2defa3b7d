import { useFetcher, useFormAction } from "react-router";
import { CARD_POST_FORM, TEXT } from "../lib/constants";
import { CardPayment } from "./wallet/wallet";
import { DEAL_LABELS, formatInt, formatMiles, formatPrice } from "../lib/format";
import { PATHS, vehicleClickHref, type ListingClick } from "../lib/routes";
import { CARD_PHOTOS, photoCountLabel } from "../lib/photos";
import { Illustration, IllustrationBadge, Photo } from "./photo";
import { SaveHeart } from "./account/save-heart";
import { EmailSellerAction, EmailedMark } from "./account/email-seller";
import { leadingIcon, type IconName } from "./search/icons";
import type { ListingCardData } from "../lib/search-view";
import { COMPARE_DRAWER_ANCHOR } from "../lib/compare";

const DEAL_ICONS: Record<string, IconName> = { great: "down", good: "down", fair: "level", high: "up" };

export interface CompareState {
  enabled: boolean;
  added: boolean;
  /** "The compare toggle shows only while fewer than 5 listings are compared." */
  full: boolean;
}

/**
 * A listing in the results grid: picture, year make model trim, price, mileage, deal verdict,
 * distance, seller, and the quick actions Compare, Share and Report. The title link covers the
 * whole card (one link per card for screen readers); the quick actions sit above it.
 */
export function ListingCard({
  listing,
  eager = false,
  compare,
  click,
}: {
  listing: ListingCardData;
  eager?: boolean;
  compare?: CompareState;
  click?: ListingClick;
}) {
  const titleId = `listing-${listing.id}-title`;
  const miles = listing.condition === "New" && listing.mileage < 500 ? "New" : formatMiles(listing.mileage);
  const away =
    listing.distance === null || listing.distance === undefined ? null : listing.distance === 0 ? "Under 1 mi away" : `${formatInt(listing.distance)} mi away`;
  return (
    <article id={`listing-${listing.id}`} aria-labelledby={titleId} className="card">
      <div className="relative">
        <CardPictures listing={listing} eager={eager} />
        {listing.condition === "New" ? (
          <span className="card-tag">{listing.condition}</span>
        ) : listing.condition !== "Used" ? (
          // A certified car's label leads to what its certification covers (the vehicle page's warranty section).
          <a
            href={vehicleClickHref(listing.id, click, "warrantySection")}
            aria-label={`${listing.condition}: what it covers on ${listing.title}`}
            className="card-tag z-10 hover:underline"
          >
            {listing.condition}
          </a>
        ) : null}
        <SaveHeart listingId={listing.id} title={listing.title} />
      </div>
      <div className="card-body">
        <h3 id={titleId} className="card-title">
          <a href={vehicleClickHref(listing.id, click)} className="card-link">
            {listing.title}
          </a>
        </h3>
        <p className="card-price">
          {formatPrice(listing.price)}
          {listing.reducedPrice ? <span className="card-drop">Price drop</span> : null}
        </p>
        <CardPayment price={listing.price} />
        <CardCost cost={listing.monthlyCost} />
        {listing.dealRating ? (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {/* The verdict leads to its reasons: the vehicle page's pricing section. */}
            <a
              href={vehicleClickHref(listing.id, click, "pricingSection")}
              aria-label={`${DEAL_LABELS[listing.dealRating]}: pricing of ${listing.title}`}
              className={`deal deal-${listing.dealRating} ${leadingIcon(DEAL_ICONS[listing.dealRating] ?? "level")} relative z-10 hover:underline`}
            >
              {DEAL_LABELS[listing.dealRating]}
            </a>
            {listing.dealNote ? <span>{listing.dealNote}</span> : null}
            {listing.dealBand ? <span className="w-full text-xs text-slate-500">{listing.dealBand}</span> : null}
          </p>
        ) : null}
        {listing.highlight ? <p className="text-xs font-semibold text-deal-good">{listing.highlight}</p> : null}
        <p>{away ? `${miles} · ${away}` : miles}</p>
        <EmailedMark listingId={listing.id} emailed={listing.emailed ?? false} />
        {listing.extended ? <p className="text-xs font-medium text-brand-700">Beyond your area: home delivery available</p> : null}
        <p className="card-seller">
          <span className="font-medium text-slate-800">{listing.privateSeller ? "Private Seller" : listing.sellerName}</span>
          {` · ${listing.city}, ${listing.state}`}
        </p>
        {listing.sellerRating ? <p className="text-xs text-slate-600">{listing.sellerRating}</p> : null}
      </div>
      {/* One-click email (docs/accounts.md) on its own row: four actions do not fit a card's width. */}
      <div className="card-actions">
        <EmailSellerAction listingId={listing.id} title={listing.title} privateSeller={listing.privateSeller ?? false} />
        {listing.buyOnlineHref ? (
          <a href={listing.buyOnlineHref} aria-label={`Buy Online: ${listing.title}`} className="card-action font-semibold text-brand-700">
            Buy Online
          </a>
        ) : null}
      </div>
      <QuickActions listing={listing} compare={compare} />
    </article>
  );
}

/** The true monthly cost the server made for this card (docs/decisions/031-monthly-cost.md): loan + EPA fuel. */
export function CardCost({ cost }: { cost: ListingCardData["monthlyCost"] }) {
  if (!cost) return null;
  return (
    <p className="card-cost">
      <span className="font-bold text-ink">{formatPrice(cost.total)}/mo.</span> with fuel{" "}
      <span className="block text-xs text-slate-600">
        ({formatPrice(cost.loan)} loan + {formatPrice(cost.fuel)} fuel)
      </span>
    </p>
  );
}

const CARD_SIZES = "(min-width:1280px) 300px, (min-width:640px) 45vw, 100vw";
/** A card is at most a phone's width: 1024 px covers it at 3x (the 1600 px variant is for the vehicle page). */
const CARD_MAX_WIDTH = 1024;

/**
 * The card's pictures: up to 4 photos in a row that scrolls sideways and snaps per photo (CSS
 * only: no script on the results page), focusable so arrow keys scroll it; the photo count on top.
 * A listing without photos shows its drawing, labelled as an illustration. Only the first card's
 * first photo loads eagerly, with high priority.
 */
export function CardPictures({
  listing,
  eager = false,
}: {
  listing: Pick<ListingCardData, "id" | "title" | "photos" | "photoCount" | "bodyStyleCode" | "extColor">;
  eager?: boolean;
}) {
  const photos = (listing.photos ?? []).slice(0, CARD_PHOTOS);
  const photoCount = listing.photoCount ?? 0;
  if (photos.length === 0) {
    return (
      <>
        <Illustration bodyStyleCode={listing.bodyStyleCode} color={listing.extColor} eager={eager} className="card-img" />
        <IllustrationBadge className="absolute bottom-2 left-2" />
      </>
    );
  }
  const count = <span className="photo-badge absolute bottom-2 left-2">{photoCountLabel(photoCount)}</span>;
  if (photos.length === 1) {
    return (
      <>
        <Photo
          photo={photos[0]}
          alt={`${listing.title}, photo 1 of ${photoCount}`}
          sizes={CARD_SIZES}
          maxWidth={CARD_MAX_WIDTH}
          eager={eager}
          className="card-img"
        />
        {count}
      </>
    );
  }
  return (
    <>
      <div className="card-photos" tabIndex={0} role="group" aria-label={`Photos of ${listing.title}: ${photoCountLabel(photoCount)}, scroll sideways`}>
        {photos.map((p, i) => (
          <a key={p.key} href={`${PATHS.vehicle(listing.id)}#photo-${i + 1}`} tabIndex={-1} className="card-photo">
            <Photo
              photo={p}
              alt={`${listing.title}, photo ${i + 1} of ${photoCount}`}
              sizes={CARD_SIZES}
              maxWidth={CARD_MAX_WIDTH}
              eager={eager && i === 0}
              className="card-img"
            />
          </a>
        ))}
      </div>
      {count}
    </>
  );
}

/** Compare, Share and Report: on every card, the sponsored ones too (app/routes/results/components/tiered-grid.tsx). */
export function QuickActions({ listing, compare }: { listing: ListingCardData; compare?: CompareState }) {
  const fetcher = useFetcher();
  const action = useFormAction();
  const added = compare?.added || fetcher.state !== "idle";
  const vehicle = PATHS.vehicle(listing.id);
  return (
    <div className="card-actions">
      {compare?.enabled ? (
        added ? (
          <a
            href={`#${COMPARE_DRAWER_ANCHOR}`}
            aria-label={`${TEXT.addedToCompare}: ${listing.title}`}
            className={`card-action text-deal-good ${leadingIcon("check")}`}
          >
            {TEXT.addedToCompare}
          </a>
        ) : !compare.full ? (
          // A button through the document's card form (root.tsx), posting
          // to this page's own action; with JavaScript through the fetcher, answered with data.
          <button
            type="submit"
            form={CARD_POST_FORM}
            formAction={action}
            formMethod="post"
            name="compare"
            value={listing.id}
            aria-label={`${TEXT.compare} ${listing.title}`}
            className={`card-action ${leadingIcon("compare")}`}
            onClick={(e) => {
              e.preventDefault();
              void fetcher.submit({ compare: String(listing.id), via: "fetch" }, { method: "post", action, preventScrollReset: true });
            }}
          >
            {TEXT.compare}
          </button>
        ) : null
      ) : null}
      <a
        href={`${vehicle}#share`}
        data-card-dialog="share"
        aria-label={`Share this Listing: ${listing.title}`}
        className={`card-action ${leadingIcon("share")}`}
      >
        Share
      </a>
      <a
        href={`${vehicle}#report`}
        data-card-dialog="report"
        aria-label={`Report this Listing: ${listing.title}`}
        className={`card-action ${leadingIcon("report")}`}
      >
        Report
      </a>
    </div>
  );
}
