// What a shopper is asked to trust, said only as far as it is known (ADR 022):
// - certified: the branded program's claims belong only to listings of its make that meet every
//   one of its rules; other makers' programs are "Manufacturer certified" and independent ones
//   "Third-party certified", with nothing borrowed from the branded program;
// - a dealer's rating is the dealer's own claim, shown with the source the dealer names;
// - a vehicle history is the seller's statement unless a history provider supplied it.
import { BRAND_CERTIFIED_PROGRAM } from "./constants.ts";
import { formatInt } from "./format.ts";

export type CertifiedKind = "brand" | "manufacturer" | "third-party";

/** The label a shopper reads for each kind. */
export const CERTIFIED_KIND_LABELS: Record<CertifiedKind, string> = {
  brand: BRAND_CERTIFIED_PROGRAM.name,
  manufacturer: "Manufacturer certified",
  "third-party": "Third-party certified",
};

/** True when a dealer's program name means the branded program ("Ford Gold Certified", "Gold Certified"). */
export function namesBrandProgram(program: string | null | undefined): boolean {
  if (!program) return false;
  const key = program.toLowerCase().replace(/[^a-z0-9]/g, "");
  const full = BRAND_CERTIFIED_PROGRAM.name.toLowerCase().replace(/[^a-z0-9]/g, "");
  return key === full || key === full.replace(BRAND_CERTIFIED_PROGRAM.makeName.toLowerCase(), "");
}

/**
 * The rules a listing breaks to carry the branded program, in words (empty: it qualifies).
 * "Under six years old" is a model year less than six years before the current one.
 */
export function brandProgramViolations(l: { makeCode: string; year: number; mileage: number }, nowYear: number): string[] {
  const p = BRAND_CERTIFIED_PROGRAM;
  const out: string[] = [];
  if (l.makeCode !== p.makeCode) out.push(`${p.name} is only for ${p.makeName} vehicles`);
  if (nowYear - l.year >= p.maxAgeYears) out.push(`${p.name} needs a vehicle under ${p.maxAgeYears} years old (model year ${l.year})`);
  if (!(l.mileage < p.maxMiles)) out.push(`${p.name} needs under ${formatInt(p.maxMiles)} miles (has ${formatInt(l.mileage)})`);
  return out;
}

/** The kind of certification a listing carries, or null when it is not certified. */
export function certifiedKind(l: { listingType: string; certifiedProduct: string | null }): CertifiedKind | null {
  if (l.listingType === "CERTIFIED") return l.certifiedProduct === BRAND_CERTIFIED_PROGRAM.name ? "brand" : "manufacturer";
  if (l.listingType === "3P_CERT") return "third-party";
  return null;
}

/** The certification's label for a listing ("Manufacturer certified" ...), or null when it is not certified. */
export function certifiedLabel(l: { listingType: string; certifiedProduct: string | null }): string | null {
  const kind = certifiedKind(l);
  return kind ? CERTIFIED_KIND_LABELS[kind] : null;
}

/** The branded program's summary, point by point (the certified dialog and the vehicle page). */
export function brandProgramPoints(): string[] {
  const p = BRAND_CERTIFIED_PROGRAM;
  return [
    `under ${p.maxAgeYears} years old`,
    `under ${formatInt(p.maxMiles)} miles`,
    `a ${p.inspectionPoints}-point inspection`,
    `money back within ${p.moneyBack.days} days or ${formatInt(p.moneyBack.miles)} miles, whichever comes first`,
  ];
}

/** The branded program in one sentence (the certified dialog, the sponsor content). */
export function brandProgramSummary(): string {
  const p = BRAND_CERTIFIED_PROGRAM;
  return `${p.makeName}'s gold certified program, only on ${p.makeName} cars that meet all of its rules: ${brandProgramPoints().join(", ")}.`;
}

/**
 * The certified program content (the spec's certifiedcontent.json, served at
 * /content/static/json/atc/cpo/certifiedcontent.json, and the results page's certified dialog):
 * what each kind of certification means, each true of every listing that carries it.
 */
export type CertifiedContent = ReturnType<typeof certifiedContent>;

export function certifiedContent() {
  const p = BRAND_CERTIFIED_PROGRAM;
  return {
    intro: "A certified car is a used car that a certification program has inspected. Each certified car here says which kind:",
    programs: [
      {
        kind: "brand" as const,
        label: CERTIFIED_KIND_LABELS.brand,
        makeCode: p.makeCode,
        text: brandProgramSummary(),
        rules: {
          maxAgeYears: p.maxAgeYears,
          maxMiles: p.maxMiles,
          inspectionPoints: p.inspectionPoints,
          moneyBack: { days: p.moneyBack.days, miles: p.moneyBack.miles },
        },
      },
      {
        kind: "manufacturer" as const,
        label: CERTIFIED_KIND_LABELS.manufacturer,
        text: "Certified under another maker's own program, with that program's terms: ask the dealer for them.",
      },
      {
        kind: "third-party" as const,
        label: CERTIFIED_KIND_LABELS["third-party"],
        text: "Certified by an independent program, not the maker: ask the seller for its terms.",
      },
    ],
  };
}

/**
 * The branded program's sponsor content (the spec's certified-sponsor content fetch: productId ->
 * content; served by app/server/services/certified-sponsor.server.ts): its name, summary and rules
 * as the program is defined here (BRAND_CERTIFIED_PROGRAM), the same rules every listing that
 * carries it is checked against. Null for any other product: we hold no other program's content.
 */
export interface CertifiedSponsorContent {
  productId: string;
  name: string;
  sponsor: { name: string; makeCode: string };
  summary: string;
  rules: { label: string; text: string }[];
  terms: { maxAgeYears: number; maxMiles: number; inspectionPoints: number; moneyBack: { days: number; miles: number } };
}

export function certifiedSponsorContent(productId: string): CertifiedSponsorContent | null {
  if (!namesBrandProgram(productId)) return null;
  const p = BRAND_CERTIFIED_PROGRAM;
  return {
    productId: p.name,
    name: p.name,
    sponsor: { name: p.makeName, makeCode: p.makeCode },
    summary: brandProgramSummary(),
    rules: [
      { label: "Age", text: `Under ${p.maxAgeYears} years old (by model year)` },
      { label: "Mileage", text: `Under ${formatInt(p.maxMiles)} miles` },
      { label: "Inspection", text: `${p.inspectionPoints}-point inspection` },
      { label: "Money back", text: `Within ${p.moneyBack.days} days or ${formatInt(p.moneyBack.miles)} miles, whichever comes first` },
    ],
    terms: {
      maxAgeYears: p.maxAgeYears,
      maxMiles: p.maxMiles,
      inspectionPoints: p.inspectionPoints,
      moneyBack: { days: p.moneyBack.days, miles: p.moneyBack.miles },
    },
  };
}

/** The source of a rating made of Forecourt's own published dealer reviews (ADR 024). */
export const FORECOURT_DEALER_REVIEWS = "Forecourt dealer reviews";

/**
 * A dealer's rating from its two real sources (ADR 022, 024): the published reviews of shoppers
 * who contacted it through Forecourt when it has any, else the feed's claim with its source.
 */
export function dealerRatingOf(o: {
  rating: number | null;
  rating_count: number;
  rating_source: string | null;
  review_rating?: number | null;
  review_count?: number | null;
}): {
  rating: number | null;
  ratingCount: number;
  ratingSource: string | null;
} {
  if (o.review_count && o.review_count > 0 && o.review_rating !== null && o.review_rating !== undefined) {
    return { rating: Number(o.review_rating), ratingCount: Number(o.review_count), ratingSource: FORECOURT_DEALER_REVIEWS };
  }
  if (o.rating === null || !o.rating_source) return { rating: null, ratingCount: 0, ratingSource: null };
  return { rating: Number(o.rating), ratingCount: Number(o.rating_count), ratingSource: o.rating_source };
}

/**
 * Stars are drawn only for the rating shoppers gave on Forecourt; a feed's claim is words with
 * its source, never stars (ADR 024: a dealer without Forecourt reviews shows no stars).
 */
export function dealerRatingHasStars(o: { rating: number | null; ratingSource: string | null }): boolean {
  return o.rating !== null && o.ratingSource === FORECOURT_DEALER_REVIEWS;
}

/** A card's short line: "Dealer rated 4.6 of 5 from 12 Forecourt reviews", only for Forecourt's own reviews. */
export function dealerCardRating(o: { rating: number | null; ratingCount: number; ratingSource: string | null }): string | null {
  if (!dealerRatingHasStars(o) || o.ratingCount <= 0) return null;
  return `Dealer rated ${o.rating!.toFixed(1)} of 5 from ${formatInt(o.ratingCount)} Forecourt ${o.ratingCount === 1 ? "review" : "reviews"}`;
}

/** "4.6 of 5 from 320 reviews": a dealer's rating, or null when there is none with a source. */
export function dealerRatingText(o: { rating: number | null; ratingCount: number; ratingSource: string | null }): string | null {
  if (o.rating === null || !o.ratingSource) return null;
  const count = o.ratingCount > 0 ? ` from ${formatInt(o.ratingCount)} ${o.ratingCount === 1 ? "review" : "reviews"}` : "";
  return `${o.rating.toFixed(1)} of 5${count}`;
}

/** The rating with who vouches for it, in one line: "4.6 of 5 from 812 reviews (the dealer's claim, from Google reviews)". */
export function dealerRatingLabel(o: { rating: number | null; ratingCount: number; ratingSource: string | null }): string | null {
  const text = dealerRatingText(o);
  return text ? `${text} (${dealerRatingSourceText(o)})` : null;
}

/** Who vouches for a dealer's rating: "the dealer's claim, from Google reviews". */
export function dealerRatingSourceText(o: { ratingSource: string | null }): string {
  if (o.ratingSource === FORECOURT_DEALER_REVIEWS) return "reviews by shoppers who contacted this dealer through Forecourt";
  return `the dealer's claim, from ${o.ratingSource}`;
}

/** Who states a vehicle history: a named provider, or the seller. */
export function historySourceText(source: string | null): string {
  return source ? `Reported by ${source}` : "The seller's statement, not checked by Forecourt";
}
