// Feature flags (README.md, "Feature flags"): many sections are switched on or off by a flag.
// Defaults live here; the server resolves overrides (app/server/flags.server.ts) and passes the
// public subset to the browser through the root loader.
import { z } from "zod";
import { DEFAULT_INFINITE_SCROLL_ROOT_MARGIN, PAGE_SIZE } from "./constants.ts";

export const flagsSchema = z.object({
  /** "commercial entry": the commercial-vehicle entry card in the filter area. */
  commercialEntry: z.boolean(),
  /** "alpha showcase": the sponsored dealer showcase carousel. */
  alphaShowcase: z.boolean(),
  /** "sponsored hide button": lets the shopper hide the alpha showcase. */
  sponsoredHideButton: z.boolean(),
  /** "wallet": the payment-budget feature. */
  wallet: z.boolean(),
  /** "personalization (save listing)": the save-vehicle heart. */
  saveListing: z.boolean(),
  /** "compare" */
  compare: z.boolean(),
  /** "ads" */
  ads: z.boolean(),
  /** "EV info": electric vehicle types and differences. */
  evInfo: z.boolean(),
  /** "category tabs" */
  categoryTabs: z.boolean(),
  /** "save-search" */
  saveSearch: z.boolean(),
  /** "default page size": "default results per page comes from a feature flag". */
  defaultPageSize: z.number().int().min(1).max(100),
  /** "Calls are debounced by a flag-configured wait." (ms) */
  filterDebounceMs: z.number().int().min(0).max(5000),
  /** "Infinite-scroll root margin defaults to 1000px." */
  infiniteScrollRootMargin: z.string().regex(/^\d+px$/),
  /** Alpha hide: session only (false) or a 30-minute cookie (true). "depending on flags" */
  alphaHideCookie: z.boolean(),
  /** Best-deals entry card ('Shop all the best deals') "for a feature-flagged brand". */
  bestDealsEntry: z.boolean(),
  /** Email-subscribe mode for logged-out save search. */
  emailSubscribe: z.boolean(),
  /** "A quick-save quota may allow saving without sign-in": cars a signed-out shopper may save on this device (0 = sign-in always). */
  quickSaveQuota: z.number().int().min(0).max(20),
  /**
   * A slim notice on every page that the inventory is generated demo data (ADR 022). On by
   * default, as `npm start` seeds demo inventory; a real deployment turns it off
   * (FLAG_DEMO_INVENTORY_NOTICE=false).
   */
  demoInventoryNotice: z.boolean(),
});

export type Flags = z.infer<typeof flagsSchema>;
export type FlagName = keyof Flags;

export const DEFAULT_FLAGS: Flags = {
  commercialEntry: true,
  alphaShowcase: true,
  sponsoredHideButton: true,
  wallet: true,
  saveListing: true,
  compare: true,
  ads: false,
  evInfo: true,
  categoryTabs: true,
  saveSearch: true,
  defaultPageSize: PAGE_SIZE,
  filterDebounceMs: 400,
  infiniteScrollRootMargin: DEFAULT_INFINITE_SCROLL_ROOT_MARGIN,
  alphaHideCookie: true,
  bestDealsEntry: true,
  emailSubscribe: true,
  quickSaveQuota: 3,
  demoInventoryNotice: true,
};

/** Every flag is safe to show the browser; none carries a secret. Kept explicit so a future secret flag is not leaked by accident. */
export const PUBLIC_FLAG_NAMES = [
  "commercialEntry",
  "alphaShowcase",
  "sponsoredHideButton",
  "wallet",
  "saveListing",
  "compare",
  "ads",
  "evInfo",
  "categoryTabs",
  "saveSearch",
  "defaultPageSize",
  "filterDebounceMs",
  "infiniteScrollRootMargin",
  "alphaHideCookie",
  "bestDealsEntry",
  "emailSubscribe",
  "quickSaveQuota",
  "demoInventoryNotice",
] as const satisfies readonly FlagName[];

export type PublicFlags = Pick<Flags, (typeof PUBLIC_FLAG_NAMES)[number]>;

export function publicFlags(flags: Flags): PublicFlags {
  const out: Record<string, unknown> = {};
  for (const name of PUBLIC_FLAG_NAMES) out[name] = flags[name];
  return out as PublicFlags;
}

/** "a configured 25 for one brand becomes 30" */
export function effectivePageSize(flags: Pick<Flags, "defaultPageSize">): number {
  return flags.defaultPageSize === 25 ? PAGE_SIZE : flags.defaultPageSize;
}
