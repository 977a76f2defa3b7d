// The still-interested beacon (POST brand, vins, consumer_id, email): decision 023.
import type { Route } from "./+types/svc.still-interested";
import { stillInterestedBeacon } from "../server/listings/still-interested.server";

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  return stillInterestedBeacon(request);
}
