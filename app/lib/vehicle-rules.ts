// The vehicle page's pure rules (docs/vehicle-page.md): which ids are listing ids, which results
// page a listing belongs to, the verdict in words, what can honestly be said about cover. Shared by
// the vehicle page, compare and the deal pages; runs in the browser too.
import { z } from "zod";
import { BRAND_CERTIFIED_PROGRAM, MONEY_BACK_GUARANTEE } from "./constants.ts";
import { CERTIFIED_KIND_LABELS, certifiedKind } from "./trust-signals.ts";
import { verdictReason } from "./price-verdict.ts";
import type { ListingSummary } from "./listing.ts";
import { pageConditionOf } from "./listing-types.ts";
import { categoryUrl, type SearchUrlContext } from "./search-url.ts";
import type { Condition, DealVerdict, FeatureGroup, WarrantyInfo } from "./vehicle-view.ts";
import { formatInt } from "./format.ts";

/** Listing ids are positive integers written in digits only (no signs, spaces or exponents). */
export const listingIdSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n) && n > 0);

export function parseListingId(raw: unknown): number | null {
  const r = listingIdSchema.safeParse(raw);
  return r.success ? r.data : null;
}

/** The results page a listing belongs to: its condition, make and model. */
export function conditionOfListing(listingType: string): Condition {
  return pageConditionOf(listingType);
}

export function resultsUrlFor(l: Pick<ListingSummary, "listingType" | "makeCode" | "modelCode">, ctx?: SearchUrlContext): string {
  return categoryUrl({ condition: conditionOfListing(l.listingType), makeCode: l.makeCode, modelCode: l.modelCode }, ctx);
}

/** The results page for the listing's make and model with `expired={id}` (the "no longer available" banner). */
export function expiredRedirectUrl(l: Pick<ListingSummary, "id" | "listingType" | "makeCode" | "modelCode">, ctx?: SearchUrlContext): string {
  const u = new URL(resultsUrlFor(l, ctx), "http://forecourt.invalid");
  u.searchParams.set("expired", String(l.id));
  return `${u.pathname}${u.search}`;
}

/**
 * The stored verdict (app/server/inventory/market.server.ts computes it with
 * app/lib/price-verdict.ts) in words. `count` > 0 means comparable cars; 0 our estimate.
 */
export function dealVerdict(
  price: number,
  rating: string | null,
  market: number | null,
  count: number | null = null,
  radius: number | null = null,
): DealVerdict | null {
  if (!rating) return null;
  if (market === null || market <= 0) return { rating, reason: null, marketPrice: null, basis: null };
  const basis = count !== null && count > 0 ? "comparables" : "estimate";
  return { rating, reason: verdictReason(price, { marketPrice: market, basis, count: count ?? 0, radius }), marketPrice: market, basis };
}

/**
 * What the page can honestly say about cover: the branded program's terms only for a listing that
 * carries it, what is known of another program, a money-back guarantee, or the basics (ADR 022).
 */
export function warrantyInfo(l: Pick<ListingSummary, "listingType" | "certifiedProduct" | "moneyBackGuarantee" | "makeName">): WarrantyInfo {
  const points: string[] = [];
  let headline: string;
  const kind = certifiedKind(l);
  const named = l.certifiedProduct && kind !== "brand" ? ` The dealer names the program "${l.certifiedProduct}".` : "";
  if (l.listingType === "NEW") {
    headline = "New vehicle: covered by the manufacturer's factory warranty";
    points.push(`${l.makeName}'s new-vehicle warranty starts on the day of delivery; ask the dealer for its terms.`);
  } else if (kind === "brand") {
    // The program's own terms come from its sponsor content (the vehicle page's certified-sponsor
    // fetch, docs/services.md); a failed fetch leaves this much.
    headline = CERTIFIED_KIND_LABELS.brand;
    points.push(`This car meets every rule of ${BRAND_CERTIFIED_PROGRAM.makeName}'s gold certified program.`);
    points.push("Ask the dealer for the program's warranty terms and the inspection report.");
  } else if (kind === "manufacturer") {
    headline = CERTIFIED_KIND_LABELS.manufacturer;
    points.push(`Certified under ${l.makeName}'s own program.${named} Ask the dealer for its terms and the inspection report.`);
  } else if (kind === "third-party") {
    headline = CERTIFIED_KIND_LABELS["third-party"];
    points.push(`Certified by an independent program, not the manufacturer.${named} Ask the seller for the program's terms.`);
  } else {
    headline = "Sold as listed by the seller";
    points.push("Any remaining factory or dealer warranty depends on this car's history: ask the seller.");
  }
  if (l.moneyBackGuarantee && kind !== "brand") {
    points.push(
      `Money-back guarantee: return it within ${MONEY_BACK_GUARANTEE.days} days or ${formatInt(MONEY_BACK_GUARANTEE.miles)} miles, whichever comes first.`,
    );
  }
  return { headline, points };
}

/**
 * A listing's features by display group, from the feature names (code -> name, sort, group; the
 * reference table `ref_features` as the search labels hold it): ordered by the table's sort, then
 * name (as SQL's ORDER BY sort, name compares them), the groups in the order of their first
 * feature; codes the table does not name are left out, each code once.
 */
/**
 * Listings' features as the compare table lists them, one row each: by group name, then the
 * table's sort, then name (as SQL's ORDER BY display_group, sort, name compares them); codes the
 * table does not name are left out, each code once.
 */
export function featureListOf(
  codes: readonly string[],
  names: ReadonlyMap<string, { name: string; sort: number; group: string }>,
): { code: string; name: string; group: string }[] {
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...new Set(codes)]
    .flatMap((code) => {
      const f = names.get(code);
      return f ? [{ code, ...f }] : [];
    })
    .sort((a, b) => order(a.group, b.group) || a.sort - b.sort || order(a.name, b.name))
    .map(({ code, name, group }) => ({ code, name, group }));
}

export function featureGroupsOf(codes: readonly string[], names: ReadonlyMap<string, { name: string; sort: number; group: string }>): FeatureGroup[] {
  const known = [...new Set(codes)].flatMap((code) => {
    const f = names.get(code);
    return f ? [f] : [];
  });
  known.sort((a, b) => a.sort - b.sort || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const groups = new Map<string, string[]>();
  for (const f of known) {
    const list = groups.get(f.group);
    if (list) list.push(f.name);
    else groups.set(f.group, [f.name]);
  }
  return [...groups].map(([group, names]) => ({ group, names }));
}
