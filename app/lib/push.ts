// Web push rules shared by the server and the browser (decision 023). No imports.

/** "Notification recent-view window 24 hours": the opt-in needs a car viewed this recently. */
export const PUSH_RECENT_VIEW_MS = 24 * 60 * 60 * 1000;
/** Local storage: the shopper was prompted (answered or dismissed), and this device's pixall id. */
export const PUSH_PROMPTED_KEY = "fc_push_prompted";
export const PIXALL_ID_KEY = "fc_pixall_id";

export const PUSH_PATHS = {
  /** POST { brand, pixall_id, browser_token } registers; DELETE { browser_token } removes; GET: the VAPID public key. */
  device: "/cars-for-sale/consumer-device/browser",
  /** The service worker, a static file, and its scope. */
  serviceWorker: "/cars-for-sale/api/push-sw.js",
  scope: "/cars-for-sale/api/",
} as const;

/** What the results page tells the opt-in (the browser adds its own local history and permission). */
export interface PushOptInState {
  /** "A model or body style filter is set." */
  filterSet: boolean;
  /** Signed in: a car viewed within PUSH_RECENT_VIEW_MS (server history). */
  recentView: boolean;
}
