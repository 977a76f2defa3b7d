// A signed-out shopper's browsing history in local storage (decision 023), loaded lazily by the
// vehicle page (recordLocalView) and the results page ('Still interested?'). Per listing id: the
// latest view and whether its reminder was dismissed. The cars themselves are fetched from the
// server only when more than HISTORY_REFETCH_MS passed since the last fetch (or the history
// changed); bots skip all of it. Signed in, the device's history is sent once to be merged into
// the account, then cleared here.
import { isbot } from "isbot";
import {
  BRAND,
  HISTORY_REFETCH_MS,
  LOCAL_HISTORY_KEPT,
  STILL_INTERESTED_MAX,
  STILL_INTERESTED_VIEW_DAYS,
  STILL_INTERESTED_WINDOW_MS,
  SVC_PATHS,
  numViewedLabel,
  type StillInterestedCar,
} from "../../lib/still-interested";

export const LOCAL_HISTORY_KEY = "fc_browsing_history";

type View = { listingId: number; viewedAt: number; dismissed?: boolean };
type Store = { views: View[]; fetched?: { at: number; key: string; cars: StillInterestedCar[] } };

const bot = () => isbot(navigator.userAgent);

function read(): Store {
  try {
    const s = JSON.parse(localStorage.getItem(LOCAL_HISTORY_KEY) ?? "null") as Store | null;
    if (!s || !Array.isArray(s.views)) return { views: [] };
    const views = s.views.filter((v) => Number.isSafeInteger(v?.listingId) && v.listingId > 0 && Number.isFinite(v.viewedAt)).slice(0, LOCAL_HISTORY_KEPT);
    return { views, fetched: s.fetched && Array.isArray(s.fetched.cars) ? s.fetched : undefined };
  } catch {
    return { views: [] };
  }
}

function write(s: Store) {
  try {
    localStorage.setItem(LOCAL_HISTORY_KEY, JSON.stringify(s));
  } catch {
    // Storage full or off: no history, nothing breaks.
  }
}

/** The vehicle page: this car viewed now (a dismissal stays). */
export function recordLocalView(listingId: number, now = Date.now()): void {
  if (bot()) return;
  const s = read();
  const old = s.views.find((v) => v.listingId === listingId);
  write({
    ...s,
    views: [{ listingId, viewedAt: now, ...(old?.dismissed ? { dismissed: true } : {}) }, ...s.views.filter((v) => v !== old)].slice(0, LOCAL_HISTORY_KEPT),
  });
}

/** Dismiss: remembered for this car; the list shown without it. */
export function dismissLocal(listingId: number, shown: StillInterestedCar[]): StillInterestedCar[] {
  const s = read();
  const rest = shown.filter((c) => c.listingId !== listingId);
  write({
    views: s.views.map((v) => (v.listingId === listingId ? { ...v, dismissed: true } : v)),
    fetched: s.fetched ? { ...s.fetched, cars: s.fetched.cars.filter((c) => c.listingId !== listingId) } : undefined,
  });
  return rest;
}

async function getJson<T>(url: string): Promise<T> {
  const r = await fetch(url, { headers: { Accept: "application/json" } });
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return (await r.json()) as T;
}

/**
 * The cars to ask about (signed out), or [] after merging this device's history (signed in); the
 * beacon goes for the cars shown (the server's list when signed in).
 */
export async function stillInterestedLocal(signedIn: boolean, serverVins: string, now = Date.now()): Promise<StillInterestedCar[]> {
  if (bot()) return [];
  if (signedIn) {
    const s = read();
    if (s.views.length > 0) {
      const r = await fetch(SVC_PATHS.browsingHistory, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ views: s.views }),
      });
      if (r.ok) write({ views: [] });
    }
    sendStillInterestedBeacon(serverVins ? serverVins.split(",") : []);
    return [];
  }
  const cars = await localCars(now);
  sendStillInterestedBeacon(cars.map((c) => c.vin));
  return cars;
}

async function localCars(now: number): Promise<StillInterestedCar[]> {
  const s = read();
  const ids = s.views.filter((v) => !v.dismissed && v.viewedAt >= now - STILL_INTERESTED_WINDOW_MS).map((v) => v.listingId);
  if (ids.length === 0) return [];
  const key = ids.join(",");
  if (s.fetched && s.fetched.key === key && now - s.fetched.at <= HISTORY_REFETCH_MS) return s.fetched.cars;
  const { cars } = await getJson<{ cars: Omit<StillInterestedCar, "views" | "viewsLabel">[] }>(`${SVC_PATHS.browsingHistory}?listingIds=${key}`);
  const shown = cars.slice(0, STILL_INTERESTED_MAX);
  let counts = new Map<string, number>();
  if (shown.length > 0) {
    const r = await getJson<{ counts: { vin: string; ATC: number | null }[] }>(
      `${SVC_PATHS.listingViewCount}?vin=${shown.map((c) => c.vin).join(",")}&dateRange=${STILL_INTERESTED_VIEW_DAYS}`,
    );
    counts = new Map(r.counts.map((c) => [c.vin, c.ATC ?? 0]));
  }
  const result = shown.map((c) => {
    const views = counts.get(c.vin.toUpperCase()) ?? 0;
    return { ...c, views, viewsLabel: numViewedLabel(views) };
  });
  write({ views: s.views, fetched: { at: now, key, cars: result } });
  return result;
}

/** The spec's beacon when the alert shows (the server reads the account from the session, not from here). */
function sendStillInterestedBeacon(vins: string[]): void {
  if (vins.length === 0 || typeof navigator.sendBeacon !== "function") return;
  const body = JSON.stringify({ brand: BRAND, vins, consumer_id: null, email: null });
  navigator.sendBeacon(SVC_PATHS.stillInterestedBeacon, new Blob([body], { type: "text/plain" }));
}
