// A posted body that cannot be read as a form (a broken multipart body, JSON sent to a page's
// action, no body at all) is a 400 with a clear message before any action runs, for every UI
// route: actions call request.formData(), which throws on such bodies (a 500 otherwise). The
// JSON services under /rest, /api, /account-api, the spec's /cars-for-sale/svc and
// /cars-for-sale/consumer-device (decision 023) and the deal save call under /my-wallet (ADR 028)
// read their own bodies (JSON or form) and are left alone.
import { data } from "react-router";
import { UNSAFE_METHODS } from "./headers.server.ts";

/** Paths whose actions read their own bodies (JSON services). */
export const JSON_SERVICE_PREFIXES = ["/rest/", "/api/", "/account-api/", "/cars-for-sale/svc/", "/cars-for-sale/consumer-device/", "/my-wallet/"] as const;

export const FORM_UNREADABLE = "This form could not be read. Please go back and try again.";

export async function rejectUnreadableForms({ request }: { request: Request }): Promise<void> {
  if (!UNSAFE_METHODS.has(request.method.toUpperCase())) return;
  const path = new URL(request.url).pathname;
  if (JSON_SERVICE_PREFIXES.some((p) => path.startsWith(p))) return;
  try {
    await request.clone().formData();
  } catch {
    throw data(FORM_UNREADABLE, { status: 400, statusText: "Bad Request" });
  }
}
