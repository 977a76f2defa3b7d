import { TIER_LABELS } from "../../../lib/constants";
import { ListingCard } from "../../../components/listing-card";
import type { ListingCardData } from "../../../lib/search-view";

/**
 * "Similar listings page size 20": below the page, from the similar-listings service. On a phone
 * one row that scrolls sideways, card by card, instead of twenty cards down the page.
 */
export function SimilarListings({ listings }: { listings: ListingCardData[] }) {
  if (listings.length === 0) return null;
  return (
    <section aria-labelledby="similar-heading" className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-8">
        <h2 id="similar-heading" className="text-xl font-bold tracking-tight text-ink">
          Similar cars for sale
        </h2>
        <ul
          className={
            "mt-4 grid gap-4 max-sm:-mx-4 max-sm:flex max-sm:snap-x max-sm:snap-mandatory " +
            "max-sm:overflow-x-auto max-sm:scroll-px-4 max-sm:px-4 max-sm:py-1 sm:grid-cols-2 lg:grid-cols-4"
          }
          data-testid="similar-listings"
        >
          {listings.map((c) => (
            <li key={c.id} className="max-sm:w-4/5 max-sm:shrink-0 max-sm:snap-start">
              <ListingCard listing={c} click={{ type: "similar", tile: TIER_LABELS.similarListing }} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
