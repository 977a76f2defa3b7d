// The vehicle page's half of Still Interested for signed-out shoppers (decision 023): the view kept
// in this device's local storage (local-history.ts, loaded lazily). Signed in, the server keeps it.
import { useEffect } from "react";
import { useRootData } from "../use-root-data";

/** On the vehicle page: a signed-out shopper's view kept on this device (signed in, the server keeps it). */
export function RecordLocalView({ listingId }: { listingId: number }) {
  const signedIn = useRootData()?.account.signedIn ?? false;
  useEffect(() => {
    if (!signedIn)
      import("./local-history").then(
        (h) => h.recordLocalView(listingId),
        () => {},
      );
  }, [listingId, signedIn]);
  return null;
}
