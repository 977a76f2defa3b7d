// GET /rest/lsc/eligibility?vin=... and POST /rest/lsc/eligibility (a vehicle payload: JSON
// { vehicles: [...] } or form fields) -> { totalMatched, sellable, results } (docs/online-buying.md)
import type { Route } from "./+types/rest.eligibility";
import { eligibilityPayloadService, eligibilityService } from "../server/deals/eligibility.server";
import { serveJson } from "../server/services/respond.server";

export async function loader({ request }: Route.LoaderArgs) {
  return serveJson(request, () => eligibilityService(new URL(request.url)));
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  return eligibilityPayloadService(request);
}
