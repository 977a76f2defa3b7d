import { useId } from "react";
import { Link } from "react-router";
import { formatInt, formatMiles, formatPrice } from "../../../lib/format";
import { vehicleClickHref, type ListingClick } from "../../../lib/routes";
import { TIER_LABELS } from "../../../lib/constants";
import { CardCost, CardPictures } from "../../../components/listing-card";
import { ListingCard, QuickActions, type CompareState } from "../../../components/listing-card";
import { SaveHeart } from "../../../components/account/save-heart";
import { CardPayment, WalletCard } from "../../../components/wallet/wallet";
import type { GridEntry, HousePromo, SuggestedFilter } from "../view";
import type { ListingCardData } from "../../../lib/search-view";
import type { ResultsPageData } from "../view";

type Compare = ResultsPageData["compare"];

function compareOf(compare: Compare, id: number): CompareState {
  return { enabled: compare.enabled, added: compare.ids.includes(id), full: compare.full };
}

const TIER_LABEL = { premium: "Sponsored", fourth: "Sponsored", simplified: "Sponsored", highlight: "Sponsored", recommended: "Recommended: new" } as const;

/**
 * One batch of the results grid with its card tiers in place (app/lib/results-placement.ts): the
 * page's own batch, and with JavaScript every batch loaded or restored below or above it (each
 * batch is laid out as its own page lays it out, decision 016). The search's own results are
 * <article>s; paid and recommended cards, the filter promo and house ads are other list items,
 * labelled as what they are, and are not part of the search's ItemList. `eager`: the batch at the
 * top of the list, whose first pictures load eagerly.
 */
export function TieredListingGrid({
  id,
  items,
  compare,
  labelledBy,
  promoLinks,
  promos,
  eager: eagerBatch = true,
}: {
  id?: string;
  items: GridEntry[];
  compare: Compare;
  labelledBy: string;
  promoLinks: SuggestedFilter[];
  promos: HousePromo[];
  eager?: boolean;
}) {
  const highlightsId = useId();
  let firstListing = eagerBatch;
  let sponsoredEager = eagerBatch ? 0 : 3;
  let ad = 0;
  return (
    <ol id={id} tabIndex={id ? -1 : undefined} aria-labelledby={labelledBy} className="grid grid-cols-1 gap-4 focus:outline-none sm:grid-cols-2 xl:grid-cols-3">
      {items.map((it, i) => {
        switch (it.kind) {
          case "listing": {
            const eager = firstListing;
            firstListing = false;
            return (
              <li key={it.listing.id} className="flex">
                <ListingCard
                  listing={it.listing}
                  eager={eager}
                  compare={compareOf(compare, it.listing.id)}
                  click={
                    it.listing.extended
                      ? { type: "market-extension", tile: TIER_LABELS.marketExtension(i + 1) }
                      : { type: "listing", tile: TIER_LABELS.listing(i + 1) }
                  }
                />
              </li>
            );
          }
          case "sponsored":
          case "recommended":
          case "simplified": {
            // "Images load eagerly for ... the first 3 sponsored on larger screens."
            const eager = it.kind === "sponsored" && it.tier === "premium" && sponsoredEager++ < 3;
            const label = it.kind === "sponsored" ? TIER_LABEL[it.tier] : TIER_LABEL[it.kind];
            return (
              <li key={`${it.kind}-${it.listing.id}`} className="flex" data-tier={it.kind === "sponsored" ? `sponsored-${it.tier}` : it.kind}>
                <PlacementCard
                  listing={it.listing}
                  compare={compareOf(compare, it.listing.id)}
                  label={label}
                  simplified={it.kind === "simplified"}
                  eager={eager}
                  click={
                    it.kind === "recommended"
                      ? { type: "boost", tile: TIER_LABELS.newCarBoost(i + 1) }
                      : { type: "spotlight", tile: TIER_LABELS.spotlight(i + 1) }
                  }
                />
              </li>
            );
          }
          case "highlights":
            // The vehicle highlight: the top 4 highlight spotlights, one full-width row (two by two
            // from a tablet up, so each card keeps a card's width; sideways on a phone).
            return (
              <li key="highlights" className="sm:col-span-2 xl:col-span-3" data-tier="highlights">
                <section aria-labelledby={highlightsId} className="rounded-xl bg-amber-50/60 p-3 ring-1 ring-amber-200">
                  <h3 id={highlightsId} className="mb-2 px-1 text-base font-bold text-ink">
                    Vehicle highlights
                  </h3>
                  <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-1 sm:grid sm:grid-cols-2 sm:overflow-visible">
                    {it.listings.map((l, k) => (
                      <li key={l.id} className="flex w-[17rem] shrink-0 snap-start sm:w-auto" data-tier="highlight">
                        <PlacementCard
                          listing={l}
                          compare={compareOf(compare, l.id)}
                          label={TIER_LABEL.highlight}
                          simplified={false}
                          eager={false}
                          click={{ type: "spotlight", tile: TIER_LABELS.spotlight(i + 1 + k) }}
                        />
                      </li>
                    ))}
                  </ul>
                </section>
              </li>
            );
          case "wallet":
            return (
              <li key="wallet" className="flex" data-tier="wallet">
                <WalletCard />
              </li>
            );
          case "filterPromo":
            return (
              <li key="filter-promo" className="flex" data-tier="filter-promo">
                <FilterPromoCard links={promoLinks} />
              </li>
            );
          case "ad": {
            const promo = promos.length > 0 ? promos[ad++ % promos.length] : null;
            return promo ? (
              <li key={`ad-${i}`} className="flex" data-tier="ad">
                <HousePromoCard promo={promo} />
              </li>
            ) : null;
          }
        }
      })}
    </ol>
  );
}

/**
 * A sponsored, simplified (peekaboo) or recommended card: a listing, marked as what placed it here,
 * with the quick actions a shopper expects on any car (Save, Compare, Share, Report).
 */
function PlacementCard({
  listing,
  compare,
  label,
  simplified,
  eager,
  click,
}: {
  listing: ListingCardData;
  compare: CompareState;
  label: string;
  simplified: boolean;
  eager: boolean;
  click: ListingClick;
}) {
  const titleId = `placed-${listing.id}-title`;
  const miles = listing.condition === "New" && listing.mileage < 500 ? "New" : formatMiles(listing.mileage);
  return (
    <div className={`card ring-1 ring-amber-200 ${simplified ? "sm:flex-row" : ""}`}>
      <div className={`relative ${simplified ? "sm:w-2/5" : ""}`}>
        <CardPictures listing={listing} eager={eager} />
        <span className="absolute left-2 top-2 rounded-md bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 shadow-sm">{label}</span>
        <SaveHeart listingId={listing.id} title={listing.title} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="card-body">
          <h3 id={titleId} className="card-title">
            <a href={vehicleClickHref(listing.id, click)} className="card-link">
              {listing.title}
            </a>
          </h3>
          <p className="card-price">{formatPrice(listing.price)}</p>
          <CardPayment price={listing.price} />
          <CardCost cost={listing.monthlyCost} />
          {listing.highlight ? <p className="text-xs font-semibold text-deal-good">{listing.highlight}</p> : null}
          <p>{listing.distance === null || listing.distance === undefined ? miles : `${miles} · ${formatInt(listing.distance)} mi away`}</p>
          {simplified ? null : (
            <p className="card-seller">
              <span className="font-medium text-slate-800">{listing.sellerName}</span>
              {` · ${listing.city}, ${listing.state}`}
            </p>
          )}
        </div>
        <QuickActions listing={listing} compare={compare} />
      </div>
    </div>
  );
}

/** "An inline filter promo card appears in the grid": quick ways to narrow the search. */
function FilterPromoCard({ links }: { links: SuggestedFilter[] }) {
  return (
    <div className="flex w-full flex-col justify-center gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5">
      <h3 className="text-lg font-bold text-brand-900">Not quite right?</h3>
      <p className="text-sm text-slate-700">Narrow these results in one step.</p>
      {links.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {links.slice(0, 4).map((l) => (
            <li key={l.href}>
              <Link
                to={l.href}
                className="inline-block rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:ring-brand-500"
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <a href="#filters-dialog" className="text-sm font-semibold text-brand-700 underline underline-offset-2">
        All filters
      </a>
    </div>
  );
}

/** A house promotion in an ad slot (we run no ad network), labelled as an advertisement. */
export function HousePromoCard({ promo }: { promo: HousePromo }) {
  return (
    <div className="flex w-full flex-col justify-between gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-5">
      <p className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">Advertisement</p>
      <p className="text-lg font-bold text-ink">{promo.title}</p>
      <p className="text-sm text-slate-600">{promo.text}</p>
      <Link to={promo.href} className="self-start rounded-lg bg-slate-800 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-900">
        Shop now<span className="sr-only">: {promo.title}</span>
      </Link>
    </div>
  );
}
