// The spec's device registration for web push: decision 023.
import type { Route } from "./+types/consumer-device.browser";
import { consumerDeviceAction } from "../server/push/device-route.server";
import { vapidKeys } from "../server/push/vapid.server";

/** GET: the VAPID public key the browser subscribes with (null when push is off). */
export function loader() {
  return Response.json({ applicationServerKey: vapidKeys()?.publicKey ?? null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  return consumerDeviceAction(request);
}
