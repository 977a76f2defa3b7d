import { DEFAULT_INFINITE_SCROLL_ROOT_MARGIN } from "../../../lib/constants";
import type { PublicFlags } from "../../../lib/flags";
import { useRootData } from "../../../components/use-root-data";

/** The public feature flags the root loader sends to the browser (app/root.tsx). */
export function usePublicFlags(): Partial<PublicFlags> {
  const data = useRootData();
  return data?.flags ?? {};
}

/** The two flags the results page's scripts read, with the spec's defaults. */
export function useResultsTiming() {
  const flags = usePublicFlags();
  return {
    debounceMs: flags.filterDebounceMs ?? 400,
    rootMargin: flags.infiniteScrollRootMargin ?? DEFAULT_INFINITE_SCROLL_ROOT_MARGIN,
  };
}
