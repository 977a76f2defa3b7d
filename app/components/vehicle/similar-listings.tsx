import { ListingCard, type ListingCardData } from "../listing-card";

/** "Similar listings page size 20": below the page, from the similar-listings service. */
export function SimilarListings({ listings }: { listings: ListingCardData[] }) {
  if (listings.length === 0) return null;
  return (
    <section aria-labelledby="similar-heading" className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-8">
        <h2 id="similar-heading" className="text-xl font-bold tracking-tight text-ink">
          Similar cars for sale
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="similar-listings">
          {listings.map((c) => (
            <li key={c.id}>
              <ListingCard listing={c} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
