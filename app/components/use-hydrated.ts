// True once React runs in the browser: false on the server and in the first browser render (so
// hydration matches the server's HTML), true from then on, also for components mounted later.
// The page works without it (progressive enhancement); it only switches on what needs JavaScript.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
