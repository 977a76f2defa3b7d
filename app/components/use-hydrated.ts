// True once React runs in the browser: false on the server and in the first browser render (so
// hydration matches the server's HTML), true from then on, also for components mounted later.
// The page works without it (progressive enhancement); it only switches on what needs JavaScript.
//
// One flag for the whole document, provided by root.tsx and switched on there in a transition
// after hydration: React renders what it changes in small slices and the page stays responsive.
// (A `useSyncExternalStore` per component, as before, made React re-render every user at once in
// one synchronous task after hydration, the whole results page among them; ADR 032.)
import { createContext, useContext } from "react";

export const HydratedContext = createContext(false);

export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
