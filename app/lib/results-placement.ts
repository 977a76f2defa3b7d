// Where the results grid's card tiers go (SPEC.md sections 3, 4 and 9). Pure: the loader hands in
// the page's organic listings and the candidates of each tier; this decides the final order.
//
// - sponsored (spotlight): premium at positions 0-2; the fourth tier at offset 23
// - recommended (new-car boost): slot 6, and 22 only when page size and results are at least 75
// - simplified (peekaboo): the configured position or 9
// - inline filter promo card at 14 when there are more than 14 results
// - the wallet card at 3 (the wallet flag; app/lib/wallet.ts)
// - ads (flag) at positions 7, 14, 19, 36, 43
// "The list is trimmed by one when a vehicle highlight or a new-car boost is added so page size
// holds." A tier listing that is already among the page's own results is moved, not repeated, and
// then nothing is trimmed: no listing shows twice on a page.
import {
  AD_POSITIONS_FLUID,
  BOOST_SECOND_SLOT_MIN,
  BOOST_SLOTS,
  FILTER_PROMO_SLOT,
  FOURTH_TIER_OFFSET,
  PEEKABOO_DEFAULT_SLOT,
  PREMIUM_SPOTLIGHT_POSITIONS,
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
  premium?: readonly T[];
  fourthTier?: T | null;
  peekaboo?: T | null;
  peekabooSlot?: number;
  boost?: readonly T[];
  filterPromo?: boolean;
  wallet?: boolean;
  ads?: boolean;
}

/** Boost slots that apply to a page: 6, and 22 only with page size and results both at least 75. */
export function boostSlots(pageSize: number, total: number): number[] {
  return BOOST_SLOTS.filter((slot, i) => i === 0 || (pageSize >= BOOST_SECOND_SLOT_MIN && total >= BOOST_SECOND_SLOT_MIN));
}

export function placeGrid<T extends { id: number }>(input: PlacementInput<T>): GridItem<T>[] {
  const organic = [...input.organic];
  const used = new Set<number>();
  const inserts: { pos: number; item: GridItem<T> }[] = [];
  let trim = 0;
  /** Takes a tier listing: null when it is already placed; moved out of the results when it is one. */
  const take = (l: T | null | undefined, trims: boolean): T | null => {
    if (!l || used.has(l.id)) return null;
    used.add(l.id);
    const at = organic.findIndex((o) => o.id === l.id);
    if (at >= 0) organic.splice(at, 1);
    else if (trims) trim++;
    return l;
  };

  (input.premium ?? []).slice(0, PREMIUM_SPOTLIGHT_POSITIONS.length).forEach((l, i) => {
    const got = take(l, false);
    if (got) inserts.push({ pos: PREMIUM_SPOTLIGHT_POSITIONS[i], item: { kind: "sponsored", tier: "premium", listing: got } });
  });
  const slots = boostSlots(input.pageSize, input.total);
  (input.boost ?? []).slice(0, slots.length).forEach((l, i) => {
    const got = take(l, true);
    if (got) inserts.push({ pos: slots[i], item: { kind: "recommended", listing: got } });
  });
  const peek = take(input.peekaboo, false);
  if (peek) inserts.push({ pos: input.peekabooSlot ?? PEEKABOO_DEFAULT_SLOT, item: { kind: "simplified", listing: peek } });
  const fourth = take(input.fourthTier, false);
  if (fourth) inserts.push({ pos: FOURTH_TIER_OFFSET, item: { kind: "sponsored", tier: "fourth", listing: fourth } });
  if (input.filterPromo && input.total > FILTER_PROMO_SLOT) inserts.push({ pos: FILTER_PROMO_SLOT, item: { kind: "filterPromo" } });
  if (input.wallet) inserts.push({ pos: WALLET_CARD_SLOT, item: { kind: "wallet" } });
  if (input.ads) for (const pos of AD_POSITIONS_FLUID) inserts.push({ pos, item: { kind: "ad", position: pos } });

  const kept = organic.slice(0, Math.max(0, organic.length - trim));
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
