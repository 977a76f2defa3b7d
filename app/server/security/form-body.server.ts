// A posted body that cannot be read as a form (a broken multipart body, JSON sent to a page's
// action, no body at all) is a 400 with a clear message before any action runs, for every UI
// route: actions call request.formData(), which throws on such bodies (a 500 otherwise). The
// JSON services under /rest and /api read their own bodies and are left alone.
import { data } from "react-router";
import { UNSAFE_METHODS } from "./headers.server.ts";

export const FORM_UNREADABLE = "This form could not be read. Please go back and try again.";

export async function rejectUnreadableForms({ request }: { request: Request }): Promise<void> {
  if (!UNSAFE_METHODS.has(request.method.toUpperCase())) return;
  const path = new URL(request.url).pathname;
  if (path.startsWith("/rest/") || path.startsWith("/api/")) return;
  try {
    await request.clone().formData();
  } catch {
    throw data(FORM_UNREADABLE, { status: 400, statusText: "Bad Request" });
  }
}
