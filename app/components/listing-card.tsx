import { Link } from "react-router";
import { DEAL_LABELS, formatMiles, formatPrice } from "../lib/format";
import { PATHS } from "../lib/routes";
import { vehicleImagePath } from "../lib/vehicle-image";

export interface ListingCardData {
  id: number;
  title: string;
  listingType: string;
  salePrice: number;
  mileage: number;
  dealRating: string | null;
  bodyStyleCode: string;
  extColor: string;
  sellerName: string;
  city: string;
  state: string;
  sellerType: string;
}

const DEAL_STYLES: Record<string, string> = {
  great: "bg-emerald-100 text-deal-great",
  good: "bg-green-100 text-deal-good",
  fair: "bg-slate-100 text-deal-fair",
  high: "bg-amber-100 text-deal-high",
};

export function ListingCard({ listing, eager = false }: { listing: ListingCardData; eager?: boolean }) {
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <Link to={PATHS.vehicle(listing.id)} className="group flex flex-1 flex-col" aria-label={`${listing.title}, ${formatPrice(listing.salePrice)}`}>
        <img
          src={vehicleImagePath(listing.bodyStyleCode, listing.extColor, 0)}
          alt={listing.title}
          width={400}
          height={300}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="aspect-[4/3] w-full bg-slate-100 object-cover"
        />
        <div className="flex flex-1 flex-col gap-1 p-4">
          <h3 className="font-semibold leading-snug group-hover:underline">{listing.title}</h3>
          <p className="text-2xl font-bold">{formatPrice(listing.salePrice)}</p>
          <p className="text-sm text-slate-600">{listing.listingType === "NEW" ? "New" : formatMiles(listing.mileage)}</p>
          {listing.dealRating ? (
            <p>
              <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${DEAL_STYLES[listing.dealRating] ?? ""}`}>
                {DEAL_LABELS[listing.dealRating]}
              </span>
            </p>
          ) : null}
          <p className="mt-auto pt-2 text-sm text-slate-600">
            {listing.sellerType === "p" ? "Private seller" : listing.sellerName} · {listing.city}, {listing.state}
          </p>
        </div>
      </Link>
    </article>
  );
}
