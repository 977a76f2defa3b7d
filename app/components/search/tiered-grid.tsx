import { Link } from "react-router";
import { formatInt, formatMiles, formatPrice } from "../../lib/format";
import { PATHS } from "../../lib/routes";
import { vehicleImagePath } from "../../lib/vehicle-image";
import { ListingCard, type CompareState } from "../listing-card";
import { CardPayment, WalletCard } from "../wallet/wallet";
import type { GridEntry, HousePromo, SuggestedFilter } from "./extras-types";
import type { ListingCardData, ResultsPageData } from "./types";

type Compare = ResultsPageData["compare"];

function compareOf(compare: Compare, id: number): CompareState {
  return { enabled: compare.enabled, added: compare.ids.includes(id), full: compare.full };
}

const TIER_LABEL = { premium: "Sponsored", fourth: "Sponsored", simplified: "Sponsored", recommended: "Recommended: new" } as const;

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
  let firstListing = eagerBatch;
  let sponsoredEager = eagerBatch ? 0 : 3;
  let ad = 0;
  return (
    <ol id={id} tabIndex={id ? -1 : undefined} aria-labelledby={labelledBy} className="grid gap-4 focus:outline-none sm:grid-cols-2 xl:grid-cols-3">
      {items.map((it, i) => {
        switch (it.kind) {
          case "listing": {
            const eager = firstListing;
            firstListing = false;
            return (
              <li key={it.listing.id} className="flex">
                <ListingCard listing={it.listing} eager={eager} compare={compareOf(compare, it.listing.id)} />
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
                <PlacementCard listing={it.listing} label={label} simplified={it.kind === "simplified"} eager={eager} />
              </li>
            );
          }
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

/** A sponsored, simplified (peekaboo) or recommended card: a listing, marked as what placed it here. */
function PlacementCard({ listing, label, simplified, eager }: { listing: ListingCardData; label: string; simplified: boolean; eager: boolean }) {
  const titleId = `placed-${listing.id}-title`;
  const miles = listing.condition === "New" && listing.mileage < 500 ? "New" : formatMiles(listing.mileage);
  return (
    <div className={`card ring-1 ring-amber-200 ${simplified ? "sm:flex-row" : ""}`}>
      <div className={`relative ${simplified ? "sm:w-2/5" : ""}`}>
        <img
          src={vehicleImagePath(listing.bodyStyleCode, listing.extColor, 0)}
          alt=""
          width={400}
          height={300}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          sizes="(min-width:1280px) 300px, (min-width:640px) 45vw, 100vw"
          className={`card-img ${simplified ? "sm:h-full" : ""}`}
        />
        <span className="absolute left-2 top-2 rounded-md bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 shadow-sm">{label}</span>
      </div>
      <div className="card-body">
        <h3 id={titleId} className="card-title">
          <a href={PATHS.vehicle(listing.id)} className="card-link">
            {listing.title}
          </a>
        </h3>
        <p className="card-price">
          <span>{formatPrice(listing.price)}</span>
        </p>
        <CardPayment price={listing.price} />
        <p>{listing.distance === null ? miles : `${miles} · ${formatInt(listing.distance)} mi away`}</p>
        {simplified ? null : (
          <p className="card-seller">
            <span className="font-medium text-slate-800">{listing.sellerName}</span>
            {` · ${listing.city}, ${listing.state}`}
          </p>
        )}
      </div>
    </div>
  );
}

/** "An inline filter promo card appears in the grid": quick ways to narrow the search. */
function FilterPromoCard({ links }: { links: SuggestedFilter[] }) {
  return (
    <div className="flex w-full flex-col justify-center gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5">
      <h3 className="text-lg font-bold text-brand-900">
        Not quite right?
      </h3>
      <p className="text-sm text-slate-700">Narrow these results in one step.</p>
      {links.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {links.slice(0, 4).map((l) => (
            <li key={l.href}>
              <Link to={l.href} className="inline-block rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:ring-brand-500">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <a href="#filters" className="text-sm font-semibold text-brand-700 underline underline-offset-2">
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
