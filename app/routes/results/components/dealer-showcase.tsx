import { Form, Link } from "react-router";
import { ALPHA_DEALER_TILE_LISTINGS } from "../../../lib/constants";
import { formatInt, formatMiles, formatPrice } from "../../../lib/format";
import { PATHS } from "../../../lib/routes";
import { telHref } from "../../../lib/phone";
import { Illustration, IllustrationBadge, Photo } from "../../../components/photo";
import type { ShowcaseData } from "../view";
import type { ListingCardData } from "../../../lib/search-view";

/**
 * The sponsored dealer showcase ('alpha'): a dealer with a paid premium placement, its tile with
 * 2 of its matching cars, and a carousel of the rest (12 in all) behind 'View Vehicles' /
 * 'Hide Vehicles' (a <details>, no JavaScript needed). The hide button is a POST form.
 */
export function DealerShowcase({ data, hideIntent }: { data: ShowcaseData; hideIntent: string }) {
  const tile = data.listings.slice(0, ALPHA_DEALER_TILE_LISTINGS);
  const rest = data.listings.slice(ALPHA_DEALER_TILE_LISTINGS);
  const d = data.dealer;
  return (
    <section aria-labelledby="showcase-title" className="mb-6 rounded-xl border border-amber-200 bg-amber-50/40 p-3 sm:p-4">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-1">
        <div className="mr-auto">
          <p className="text-xs font-bold uppercase tracking-wide text-amber-900">Sponsored dealer</p>
          <h2 id="showcase-title" className="text-lg font-bold text-ink">
            {d.name}
          </h2>
          <p className="text-sm text-slate-600">
            {d.city}, {d.state}
            {d.ratingLabel ? ` · ${d.ratingLabel}` : ""}
            {d.phone ? (
              <>
                {" · "}
                {telHref(d.phone) ? (
                  <a href={telHref(d.phone)!} className="underline underline-offset-2">
                    {d.phone}
                  </a>
                ) : (
                  d.phone
                )}
              </>
            ) : null}
          </p>
        </div>
        {data.canHide ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={hideIntent} />
            <button type="submit" className="rounded-md px-2 py-1 text-sm font-semibold text-slate-700 underline underline-offset-2 hover:bg-white">
              Hide<span className="sr-only"> the sponsored dealer {d.name}</span>
            </button>
          </Form>
        ) : null}
      </div>
      <ul className="mt-2 grid gap-3 sm:mt-3 sm:grid-cols-2" aria-label={`${d.name}: featured vehicles`}>
        {tile.map((l, i) => (
          <li key={l.id} className="flex">
            {/* Above the results on a phone: its first picture is the page's largest paint there. */}
            <ShowcaseCard listing={l} eager={i === 0} />
          </li>
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="group mt-3">
          <summary
            className={
              "inline-flex cursor-pointer list-none items-center gap-1 rounded-lg border border-slate-300 bg-white " +
              "px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 [&::-webkit-details-marker]:hidden"
            }
          >
            <span className="group-open:hidden">View Vehicles</span>
            <span className="hidden group-open:inline">Hide Vehicles</span>
            <span className="sr-only"> from {d.name}</span>
          </summary>
          <ul className="mt-3 flex snap-x gap-3 overflow-x-auto pb-2" aria-label={`More vehicles from ${d.name}`}>
            {rest.map((l) => (
              <li key={l.id} className="flex w-56 shrink-0 snap-start">
                <ShowcaseCard listing={l} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {data.total > data.listings.length ? (
        <p className="mt-2 text-sm">
          <Link to={data.allHref} className="font-semibold text-brand-700 underline underline-offset-2">
            See all {formatInt(data.total)} matches from {d.name}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function ShowcaseCard({ listing, eager = false }: { listing: ListingCardData; eager?: boolean }) {
  const miles = listing.condition === "New" && listing.mileage < 500 ? "New" : formatMiles(listing.mileage);
  const pictureClass = "aspect-[4/3] w-full bg-slate-100 object-cover sm:w-36";
  return (
    <div className="card sm:flex-row">
      {listing.photos?.[0] ? (
        <Photo photo={listing.photos[0]} alt="" sizes="(min-width:640px) 144px, 100vw" maxWidth={1024} eager={eager} className={pictureClass} />
      ) : (
        // A drawing, labelled as one (docs/photos.md), as on the results cards.
        <div className="relative shrink-0">
          <Illustration bodyStyleCode={listing.bodyStyleCode} color={listing.extColor} width={160} height={120} eager={eager} className={pictureClass} />
          <IllustrationBadge short className="absolute bottom-2 left-2" />
        </div>
      )}
      <div className="flex flex-col gap-0.5 p-3 text-sm text-slate-700">
        <h3 className="font-semibold leading-snug text-ink">
          <a href={PATHS.vehicle(listing.id)} className="card-link">
            {listing.title}
          </a>
        </h3>
        <p className="text-lg font-bold text-ink">{formatPrice(listing.price)}</p>
        <p>{miles}</p>
      </div>
    </div>
  );
}
