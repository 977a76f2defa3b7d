// 'Still interested?' (decisions 018, 023): up to 10 recently viewed cars above the results, each
// with a way back to it, its view count when over 3 (numviewed) and Dismiss. Signed in, the cars
// come with the page and Dismiss is a form post to the page (a fetcher with JavaScript). Signed out,
// the browser fills the list from this device's local storage (local-history.ts, loaded lazily so
// the page's own script does not grow) and Dismiss is remembered there; without JavaScript a
// signed-out shopper has no list.
import { useEffect, useState, type ComponentType } from "react";
import type { PushOptInState } from "../../../lib/push";
import { useFetcher } from "react-router";
import { STILL_INTERESTED_INTENT } from "../../../lib/account";
import { formatPrice } from "../../../lib/format";
import { PATHS } from "../../../lib/routes";
import type { StillInterestedCar } from "../../../lib/still-interested";
import { vehicleImagePath } from "../../../lib/vehicle-image-path";
import { IllustrationBadge } from "../../../components/photo";
import { useRootData } from "../../../components/use-root-data";

const history = () => import("../../../components/search/local-history");

export function StillInterested({ cars: serverCars }: { cars: StillInterestedCar[] }) {
  const signedIn = useRootData()?.account.signedIn;
  const [local, setLocal] = useState<StillInterestedCar[]>([]);
  // Signed out: this device's history; signed in: its merge into the account. Then the beacon.
  const vins = serverCars.map((c) => c.vin).join();
  useEffect(() => {
    history().then(
      (h) => h.stillInterestedLocal(!!signedIn, vins).then(setLocal),
      () => {},
    );
  }, [signedIn, vins]);
  const cars = signedIn ? serverCars : local;
  if (cars.length === 0) return null;
  return (
    <aside aria-label="Still interested?" className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-3">
      <ul className="flex gap-3 overflow-x-auto">
        {cars.map((car) => (
          <Car key={car.listingId} car={car} onDismiss={signedIn ? null : () => history().then((h) => setLocal(h.dismissLocal(car.listingId, local)))} />
        ))}
      </ul>
    </aside>
  );
}

function Car({ car, onDismiss }: { car: StillInterestedCar; onDismiss: (() => void) | null }) {
  const fetcher = useFetcher();
  if (fetcher.state !== "idle") return null;
  const id = `still-interested-${car.listingId}`;
  const dismiss = (
    <button
      type={onDismiss ? "button" : "submit"}
      onClick={onDismiss ?? undefined}
      className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-white"
    >
      Dismiss<span className="sr-only"> the reminder about the {car.title}</span>
    </button>
  );
  return (
    <li aria-labelledby={id} className="flex min-w-[18rem] flex-1 items-center gap-3">
      <span className="relative shrink-0">
        <img
          src={car.photo ?? vehicleImagePath(car.bodyStyleCode, car.extColor, 0)}
          alt=""
          width={96}
          height={72}
          className="h-[60px] w-20 rounded-lg bg-white object-cover"
        />
        {/* A drawing is labelled as one (docs/photos.md). */}
        {car.photo ? null : <IllustrationBadge short className="absolute bottom-0.5 left-0.5 px-1 text-[10px]" />}
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={id} className="text-sm font-semibold text-ink">
          Still interested in the {car.title}?
        </h2>
        <p className="text-sm text-slate-700">
          {formatPrice(car.price)} ·{" "}
          <a href={PATHS.vehicle(car.listingId)} className="font-semibold text-brand-700 underline underline-offset-2">
            View it again
          </a>
        </p>
        {car.viewsLabel ? <p className="text-xs text-slate-600">{car.viewsLabel}</p> : null}
      </div>
      {onDismiss ? (
        dismiss
      ) : (
        <fetcher.Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={STILL_INTERESTED_INTENT} />
          <input type="hidden" name="listingId" value={car.listingId} />
          {dismiss}
        </fetcher.Form>
      )}
    </li>
  );
}

type OptIn = ComponentType<{ state: PushOptInState; signedIn: boolean }>;

/** The notification opt-in (push-opt-in.tsx), loaded after hydration: never without JavaScript. */
export function PushOptInSlot({ state }: { state: PushOptInState }) {
  const signedIn = !!useRootData()?.account.signedIn;
  const [OptIn, setOptIn] = useState<OptIn | null>(null);
  useEffect(() => {
    import("./push-opt-in").then(
      (m) => setOptIn(() => m.PushOptIn),
      () => {},
    );
  }, []);
  return OptIn ? <OptIn state={state} signedIn={signedIn} /> : null;
}
