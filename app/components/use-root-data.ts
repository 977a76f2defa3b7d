// The root loader's data (public flags, the shopper's account summary, condition links) for any
// component, typed from the root route itself: one place, no casts.
import { useRouteLoaderData } from "react-router";
import type { loader } from "../root";

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
