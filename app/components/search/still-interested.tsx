// 'Still interested?' (decision 018): the signed-in shopper's latest viewed car above the results,
// with a way back to it and Dismiss (a form post to the page; with JavaScript a fetcher, and the
// alert goes at once).
import { useFetcher } from "react-router";
import { STILL_INTERESTED_INTENT } from "../../lib/account";
import { formatInt, formatPrice } from "../../lib/format";
import { PATHS } from "../../lib/routes";
import { vehicleImagePath } from "../../lib/vehicle-image";
import type { ResultsPageData } from "./types";

export function StillInterested({ car }: { car: NonNullable<ResultsPageData["stillInterested"]> }) {
  const fetcher = useFetcher();
  if (fetcher.state !== "idle") return null;
  return (
    <aside aria-labelledby="still-interested-title" className="mt-4 flex items-center gap-4 rounded-xl border border-brand-200 bg-brand-50 p-3">
      <img src={vehicleImagePath(car.bodyStyleCode, car.extColor, 0)} alt="" width={96} height={72} className="h-[60px] w-20 shrink-0 rounded-lg bg-white object-cover sm:h-[72px] sm:w-24" />
      <div className="min-w-0 flex-1">
        <h2 id="still-interested-title" className="text-sm font-semibold text-ink sm:text-base">
          Still interested in the {car.title}?
        </h2>
        <p className="text-sm text-slate-700">
          {formatPrice(car.price)} ·{" "}
          <a href={PATHS.vehicle(car.listingId)} className="font-semibold text-brand-700 underline underline-offset-2">
            View it again
          </a>
        </p>
        {car.views > 1 ? <p className="text-xs text-slate-600">Viewed {formatInt(car.views)} times in the last 7 days</p> : null}
      </div>
      <fetcher.Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={STILL_INTERESTED_INTENT} />
        <input type="hidden" name="listingId" value={car.listingId} />
        <button type="submit" className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-white">
          Dismiss<span className="sr-only"> the reminder about the {car.title}</span>
        </button>
      </fetcher.Form>
    </aside>
  );
}
