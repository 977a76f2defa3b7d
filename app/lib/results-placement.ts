// Where the results grid's card tiers go (docs/placements.md, docs/results-page.md). Pure: the
// loader hands in the page's organic listings and the candidates of each tier; this decides the
// final order and how many of the page's own results it shows.
//
// "Per 30 listings": the grid is laid out in blocks of 30 positions (docs/placements.md).
// - sponsored (spotlight): premium at positions 0-2 of the page; the fourth tier at offset 23 of
//   every block (a featured spotlight, or a standard one when featured ones run out)
// - simplified (peekaboo, a standard spotlight): the configured position or 9 of every block
// - recommended (new-car boost): slot 6, and 22 only when page size and results are at least 75
// - the vehicle highlight: one row holding the top 4 highlight spotlights, at HIGHLIGHT_ROW_SLOT
// - inline filter promo card at 14 when there are more than 14 results
// - the wallet card at 3 (the wallet flag; app/lib/wallet.ts)
// - ads (flag) at the fluid positions 7, 14, 19, 36, 43
// "The list is trimmed by one when a vehicle highlight or a new-car boost is added so page size
// holds": each of those trims the page's last result, which the next page then starts with (the
// page's `shown` count moves the next page's firstRecord; app/lib/search-url/links.ts). Nothing is
// trimmed on the last page, where nothing follows. A tier candidate that is one of the page's own
// results is skipped (it shows in its own place), so no listing is shown twice on a page and the
// page's results stay one unbroken run of the search.
import {
  AD_POSITIONS_FLUID,
  BOOST_SECOND_SLOT_MIN,
  BOOST_SLOTS,
  FILTER_PROMO_SLOT,
  FOURTH_TIER_OFFSET,
  HIGHLIGHT_ROW_SLOT,
  HIGHLIGHT_SPOTLIGHTS_TOP,
  PEEKABOO_DEFAULT_SLOT,
  PREMIUM_SPOTLIGHT_POSITIONS,
  SPOTLIGHT_BLOCK,
  WALLET_CARD_SLOT,
} from "./constants.ts";

export type GridItem<T> =
  | { kind: "listing"; listing: T }
  /** Sponsored: a spotlight ("spotlight means sponsored"), premium or the fourth tier. */
  | { kind: "sponsored"; tier: "premium" | "fourth"; listing: T }
  /** Recommended: a new-car boost listing ("boost means recommended"). */
  | { kind: "recommended"; listing: T }
  /** Simplified: the peekaboo card ("peekaboo means simplified"), also sponsored. */
  | { kind: "simplified"; listing: T }
  /** The vehicle highlight: the top 4 highlight spotlights in one row (sponsored). */
  | { kind: "highlights"; listings: T[] }
  | { kind: "filterPromo" }
  /** "Wallet card at 3": the shopper's budget, or an invitation to set one. */
  | { kind: "wallet" }
  | { kind: "ad"; position: number };

export interface PlacementInput<T extends { id: number }> {
  /** The page's own results, in order. */
  organic: readonly T[];
  /** The search's numRecords. */
  pageSize: number;
  /** The search's total result count. */
  total: number;
  /** Nothing follows this page (nothing is trimmed). Default: fewer results than the page size. */
  lastPage?: boolean;
  premium?: readonly T[];
  /** Featured spotlights: the fourth tier of each block of 30, in order. */
  featured?: readonly T[];
  /** Standard spotlights: the simplified card of each block, then any fourth tier left empty. */
  standard?: readonly T[];
  peekabooSlot?: number;
  boost?: readonly T[];
  /** Highlight spotlights, best first (the row needs HIGHLIGHT_SPOTLIGHTS_TOP of them). */
  highlights?: readonly T[];
  filterPromo?: boolean;
  wallet?: boolean;
  ads?: boolean;
}

/** Boost slots that apply to a page: 6, and 22 only with page size and results both at least 75. */
export function boostSlots(pageSize: number, total: number): number[] {
  return BOOST_SLOTS.filter((slot, i) => i === 0 || (pageSize >= BOOST_SECOND_SLOT_MIN && total >= BOOST_SECOND_SLOT_MIN));
}

/**
 * "Top 4 highlight spotlights; when more than 3 highlights are read only those are used": the
 * row is shown when more than 3 are read, with the top 4; with 3 or fewer, none (docs/placements.md).
 */
export function topHighlights<T>(read: readonly T[]): T[] {
  return read.length > HIGHLIGHT_SPOTLIGHTS_TOP - 1 ? read.slice(0, HIGHLIGHT_SPOTLIGHTS_TOP) : [];
}

/** How many blocks of 30 a page of this size is laid out in. */
export function spotlightBlocks(pageSize: number): number {
  return Math.max(1, Math.ceil(pageSize / SPOTLIGHT_BLOCK));
}

/** How many of the page's own results a placed grid shows (the next page starts after them). */
export function shownResults<T>(items: readonly GridItem<T>[]): number {
  let n = 0;
  for (const it of items) if (it.kind === "listing") n++;
  return n;
}

export function placeGrid<T extends { id: number }>(input: PlacementInput<T>): GridItem<T>[] {
  const organic = input.organic;
  const own = new Set(organic.map((o) => o.id));
  const used = new Set<number>();
  const inserts: { pos: number; item: GridItem<T> }[] = [];
  let trims = 0;
  /** A tier candidate not shown yet and not one of the page's own results. */
  const take = (l: T | null | undefined): T | null => {
    if (!l || used.has(l.id) || own.has(l.id)) return null;
    used.add(l.id);
    return l;
  };
  const takeFirst = (list: readonly T[], from: { i: number }): T | null => {
    while (from.i < list.length) {
      const got = take(list[from.i++]);
      if (got) return got;
    }
    return null;
  };

  let p = 0;
  for (const l of input.premium ?? []) {
    if (p >= PREMIUM_SPOTLIGHT_POSITIONS.length) break;
    const got = take(l);
    if (got) inserts.push({ pos: PREMIUM_SPOTLIGHT_POSITIONS[p++], item: { kind: "sponsored", tier: "premium", listing: got } });
  }
  const slots = boostSlots(input.pageSize, input.total);
  const boost = { i: 0 };
  for (const slot of slots) {
    const got = takeFirst(input.boost ?? [], boost);
    if (!got) break;
    inserts.push({ pos: slot, item: { kind: "recommended", listing: got } });
    trims++;
  }
  const highlights = topHighlights((input.highlights ?? []).filter((l) => !own.has(l.id) && !used.has(l.id)));
  if (highlights.length > 0) {
    for (const l of highlights) used.add(l.id);
    inserts.push({ pos: HIGHLIGHT_ROW_SLOT, item: { kind: "highlights", listings: highlights } });
    trims++;
  }
  // Per block of 30: the simplified card (a standard spotlight) and the fourth tier (featured,
  // else a standard one left over).
  const blocks = spotlightBlocks(input.pageSize);
  const featured = { i: 0 };
  const standard = { i: 0 };
  const peekSlot = input.peekabooSlot ?? PEEKABOO_DEFAULT_SLOT;
  for (let b = 0; b < blocks; b++) {
    const peek = takeFirst(input.standard ?? [], standard);
    if (peek) inserts.push({ pos: b * SPOTLIGHT_BLOCK + peekSlot, item: { kind: "simplified", listing: peek } });
  }
  for (let b = 0; b < blocks; b++) {
    const fourth = takeFirst(input.featured ?? [], featured) ?? takeFirst(input.standard ?? [], standard);
    if (fourth) inserts.push({ pos: b * SPOTLIGHT_BLOCK + FOURTH_TIER_OFFSET, item: { kind: "sponsored", tier: "fourth", listing: fourth } });
  }
  if (input.filterPromo && input.total > FILTER_PROMO_SLOT) inserts.push({ pos: FILTER_PROMO_SLOT, item: { kind: "filterPromo" } });
  if (input.wallet) inserts.push({ pos: WALLET_CARD_SLOT, item: { kind: "wallet" } });
  if (input.ads) for (const pos of AD_POSITIONS_FLUID) inserts.push({ pos, item: { kind: "ad", position: pos } });

  const last = input.lastPage ?? organic.length < input.pageSize;
  const kept = last ? organic : organic.slice(0, Math.max(0, organic.length - trims));
  const items: GridItem<T>[] = kept.map((listing) => ({ kind: "listing", listing }));
  const taken = new Set<number>();
  for (const { pos, item } of [...inserts].sort((a, b) => a.pos - b.pos)) {
    let at = pos;
    while (taken.has(at)) at++;
    // A slot beyond the end of a short page is not filled (nothing trails the results).
    if (at > items.length) continue;
    items.splice(at, 0, item);
    taken.add(at);
  }
  return items;
}
