// The notification opt-in (decision 023, the spec's "Notification opt-in"), loaded lazily by the
// results page after hydration, so it never appears without JavaScript and costs the page's first
// script nothing. Offered when the shopper was not yet prompted on this device, viewed a car in the
// last 24 hours (this device's history, or the account's) and has a model or body style filter set.
// - permission granted: the subscription is made (or kept) and the device registered, silently;
// - permission default: the offer; 'Turn on notifications' asks the browser;
// - permission blocked: the stored subscription is removed, and nothing is said;
// - iOS outside a Home Screen app (no PushManager there): the extra step, add to Home Screen.
// 'Not now' (or any answer) marks the shopper as prompted.
import { useEffect, useState } from "react";
import { isbot } from "isbot";
import { PIXALL_ID_KEY, PUSH_PATHS, PUSH_PROMPTED_KEY, PUSH_RECENT_VIEW_MS, type PushOptInState } from "../../../lib/push";
import { BRAND, LOCAL_HISTORY_KEPT, SVC_PATHS } from "../../../lib/still-interested";
import { LOCAL_HISTORY_KEY } from "../../../components/search/local-history";

const REGISTERED_KEY = "fc_push_registered";
const DEVICE_TIMEOUT_MS = 1000;

type View = "hidden" | "ask" | "ios" | "on";

function store(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage off: the shopper may be asked again; nothing breaks.
  }
}
const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

function localRecentView(now: number): boolean {
  try {
    const s = JSON.parse(read(LOCAL_HISTORY_KEY) ?? "null") as { views?: { viewedAt?: number }[] } | null;
    return (s?.views ?? []).some((v) => typeof v.viewedAt === "number" && v.viewedAt >= now - PUSH_RECENT_VIEW_MS);
  } catch {
    return false;
  }
}

function pixallId(): string {
  let id = read(PIXALL_ID_KEY);
  if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) {
    id = crypto.randomUUID().replace(/-/g, "");
    store(PIXALL_ID_KEY, id);
  }
  return id;
}

const isIos = () => /iP(hone|ad|od)/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
const standalone = () => matchMedia("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
const pushSupported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const reg = await navigator.serviceWorker.register(PUSH_PATHS.serviceWorker, { scope: PUSH_PATHS.scope });
  if (reg.active) return reg;
  const worker = reg.installing ?? reg.waiting;
  await new Promise<void>((resolve) => {
    if (!worker) return resolve();
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve();
    });
  });
  return reg;
}

/** Subscribes (or keeps the subscription) and registers the device; false when push is off here. */
async function subscribeAndRegister(signedIn: boolean): Promise<boolean> {
  const { applicationServerKey } = (await (await fetch(PUSH_PATHS.device, { headers: { Accept: "application/json" } })).json()) as {
    applicationServerKey: string | null;
  };
  if (!applicationServerKey) return false;
  const reg = await activeRegistration();
  const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }));
  const token = sub.toJSON();
  const marker = `${token.endpoint}|${signedIn ? "account" : "visitor"}`;
  if (read(REGISTERED_KEY) === marker) return true;
  const res = await fetch(PUSH_PATHS.device, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ brand: BRAND, pixall_id: pixallId(), browser_token: JSON.stringify(token) }),
    signal: AbortSignal.timeout(DEVICE_TIMEOUT_MS),
  });
  if (!res.ok) return false;
  store(REGISTERED_KEY, marker);
  // Signed out: the cars this device viewed (before it had a visitor cookie) are told to the server,
  // so this device hears of their price drops; signed in, Still Interested merges them.
  if (!signedIn) await shareLocalViews().catch(() => null);
  return true;
}

async function shareLocalViews(): Promise<void> {
  const s = JSON.parse(read(LOCAL_HISTORY_KEY) ?? "null") as { views?: { listingId: number; viewedAt: number; dismissed?: boolean }[] } | null;
  const views = (s?.views ?? []).filter((v) => !v.dismissed).slice(0, LOCAL_HISTORY_KEPT);
  if (views.length === 0) return;
  await fetch(SVC_PATHS.browsingHistory, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ views: views.map((v) => ({ listingId: v.listingId, viewedAt: v.viewedAt })) }),
    signal: AbortSignal.timeout(DEVICE_TIMEOUT_MS),
  });
}

/** 'Blocked': the stored subscription removed here and on the server; no message. */
async function removeStoredToken(): Promise<void> {
  const endpoint = read(REGISTERED_KEY)?.split("|")[0];
  if (!endpoint) return;
  await fetch(PUSH_PATHS.device, {
    method: "DELETE",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ browser_token: { endpoint } }),
  }).catch(() => null);
  store(REGISTERED_KEY, null);
  const reg = await navigator.serviceWorker?.getRegistration(PUSH_PATHS.scope).catch(() => undefined);
  await (await reg?.pushManager.getSubscription())?.unsubscribe().catch(() => false);
}

async function decide(state: PushOptInState, signedIn: boolean): Promise<View> {
  if (isbot(navigator.userAgent)) return "hidden";
  const eligible = read(PUSH_PROMPTED_KEY) === null && state.filterSet && (state.recentView || localRecentView(Date.now()));
  // iOS offers push only to a site opened from the Home Screen (Safari has no PushManager outside
  // one): the extra step, whatever this browser claims to support.
  if (isIos() && !standalone()) return eligible ? "ios" : "hidden";
  if (!pushSupported()) return "hidden";
  if (Notification.permission === "denied") {
    await removeStoredToken();
    return "hidden";
  }
  if (Notification.permission === "granted") {
    await subscribeAndRegister(signedIn).catch(() => false);
    return "hidden";
  }
  return eligible ? "ask" : "hidden";
}

export function PushOptIn({ state, signedIn }: { state: PushOptInState; signedIn: boolean }) {
  const [view, setView] = useState<View>("hidden");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    decide(state, signedIn).then(setView, () => setView("hidden"));
  }, [state, signedIn]);
  if (view === "hidden") return null;
  const dismiss = () => {
    store(PUSH_PROMPTED_KEY, String(Date.now()));
    setView("hidden");
  };
  const turnOn = async () => {
    store(PUSH_PROMPTED_KEY, String(Date.now()));
    setBusy(true);
    const answer = await Notification.requestPermission();
    if (answer === "granted") {
      const ok = await subscribeAndRegister(signedIn).catch(() => false);
      setView(ok ? "on" : "hidden");
    } else {
      if (answer === "denied") await removeStoredToken();
      setView("hidden");
    }
    setBusy(false);
  };
  return (
    <aside aria-labelledby="push-opt-in-title" className="mt-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="push-opt-in-title" className="text-base font-semibold text-ink">
        {view === "on" ? "Notifications are on for this device" : "Get notified about price drops?"}
      </h2>
      {view === "on" ? (
        <p className="text-sm text-slate-700">We will tell you when a car you saved or viewed drops in price, or new cars match a search you saved.</p>
      ) : view === "ios" ? (
        <p className="text-sm text-slate-700">
          On iPhone and iPad, notifications need Forecourt on your Home Screen: tap Share, then “Add to Home Screen”, and open Forecourt from there.
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          A notification on this device when a car you saved or viewed drops in price, or new cars match a search you saved.
        </p>
      )}
      <div className="mt-3 flex gap-3">
        {view === "ask" ? (
          <button
            type="button"
            onClick={turnOn}
            disabled={busy}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Turn on notifications
          </button>
        ) : null}
        {view !== "on" ? (
          <button type="button" onClick={dismiss} className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
            Not now
          </button>
        ) : null}
      </div>
    </aside>
  );
}
