// Online buying and deals (docs/online-buying.md, docs/decisions/028-online-buying-deals-placements.md):
// the eligibility rules a listing must meet for 'Buy Online', the automaker buy-online experience,
// the deal types and the cash / finance / lease arithmetic the deal page shows. Pure: shared by
// the server and the pages; no zod and no arithmetic here, so a page's client code stays small (the
// schemas: app/lib/deal-schemas.ts; the figures: app/lib/deal-math.ts).

/** The website call-to-action an eligible listing carries (the spec's wording). */
export const BUY_ONLINE_CTA = "Buy Online";

/**
 * "An automaker-specific buy-online experience": ours is Ford's, the same automaker whose branded
 * certified program the site carries (app/lib/constants.ts BRAND_CERTIFIED_PROGRAM). The
 * `experience` URL value stays `buy-online`.
 */
export const BUY_ONLINE_EXPERIENCE = { value: "buy-online", makeCode: "FORD", makeName: "Ford" } as const;

export const DEAL_PATHS = {
  /** The spec's deal save call: POST `{host}my-wallet/share-dealxg/deals`. */
  dealsApi: "/my-wallet/share-dealxg/deals",
  /** POST (update) or GET one deal: `/my-wallet/share-dealxg/deals/id/{id}`. */
  dealApi: (id: string) => `/my-wallet/share-dealxg/deals/id/${encodeURIComponent(id)}`,
  /** The shopper's deal form for one car (the 'Buy Online' link). */
  buyOnline: (listingId: number | string) => `/cars-for-sale/vehicle/${listingId}/buy-online`,
  /** The shareable deal page. */
  deal: (id: string) => `/deal/${encodeURIComponent(id)}`,
  /** The eligibility service: `GET /rest/lsc/eligibility?vin=...`. */
  eligibility: "/rest/lsc/eligibility",
} as const;

/** The car a deal page and form show. */
export interface DealCar {
  id: number;
  title: string;
  price: number;
  msrp: number | null;
  sellerName: string;
  city: string;
  state: string;
  photo: string | null;
  vehicleHref: string;
}

export const DEAL_TYPES = ["cash", "finance", "lease"] as const;
export type DealType = (typeof DEAL_TYPES)[number];

/** "Deal type falls back to finance when it is not cash, finance or lease." */
export function dealTypeOf(value: unknown): DealType {
  return typeof value === "string" && (DEAL_TYPES as readonly string[]).includes(value) ? (value as DealType) : "finance";
}

export const DEAL_TYPE_LABELS: Record<DealType, string> = { cash: "Cash", finance: "Finance", lease: "Lease" };

// =============================================================================================
// Eligibility

/** What the eligibility check reads of one listing. */
export interface EligibilityFacts {
  vin: string;
  /** The listing is for sale (not sold or expired). */
  active: boolean;
  /** Sold by a dealer (private sellers cannot sell online through us). */
  dealer: boolean;
  /** The dealer opted in through its feed (`dealer_online_buying`, docs/dealer-feed.md). */
  dealerOptedIn: boolean;
  /** The dealer sells online (home service BUY_ONLINE in its feed). */
  sellsOnline: boolean;
  price: number | null;
  /** The VIN is well formed with a correct check digit. */
  vinValid: boolean;
}

export type IneligibleReason = "inactive" | "private-seller" | "not-opted-in" | "not-selling-online" | "no-price" | "invalid-vin";

export const INELIGIBLE_TEXT: Record<IneligibleReason, string> = {
  inactive: "the car is no longer for sale",
  "private-seller": "private sellers do not sell online through Forecourt",
  "not-opted-in": "the dealer has not joined online buying",
  "not-selling-online": "the dealer does not offer online purchase",
  "no-price": "the car has no asking price",
  "invalid-vin": "the car's VIN is not valid",
};

/** Every rule a listing breaks (none: eligible). */
export function ineligibleReasons(f: EligibilityFacts): IneligibleReason[] {
  const out: IneligibleReason[] = [];
  if (!f.active) out.push("inactive");
  if (!f.dealer) out.push("private-seller");
  if (!f.dealerOptedIn) out.push("not-opted-in");
  if (!f.sellsOnline) out.push("not-selling-online");
  if (f.price === null || !(f.price > 0)) out.push("no-price");
  if (!f.vinValid) out.push("invalid-vin");
  return out;
}

// =============================================================================================
// Deal arithmetic (estimates: taxes, title and dealer fees are not included)

export const DEAL_TERMS = [24, 36, 39, 48, 60, 72, 84] as const;
export const LEASE_TERMS = [24, 36, 39, 48] as const;
export const LEASE_MILES = [7_500, 10_000, 12_000, 15_000] as const;
/** APR and money factor: money factor = APR / 2400 (the lease industry's convention). */
export const MONEY_FACTOR_PER_APR = 1 / 2400;

export interface CashTerms {
  dealType: "cash";
}
export interface FinanceTerms {
  dealType: "finance";
  down: number;
  termMonths: number;
  apr: number;
}
export interface LeaseTerms {
  dealType: "lease";
  down: number;
  termMonths: number;
  /** Residual value in percent of the price at lease end. */
  residualPercent: number;
  /** Money factor (e.g. 0.00250); an APR entered instead is converted. */
  moneyFactor: number;
  milesPerYear: number;
}
export type DealTerms = CashTerms | FinanceTerms | LeaseTerms;

export interface DealFigures {
  /** Label, value, and whether the value is an estimate. */
  lines: { label: string; value: number; unit: "usd" | "usd-month" | "months" | "percent" | "miles" | "factor"; estimated: boolean }[];
  monthly: number | null;
  dueAtSigning: number;
  total: number;
}

/** The deal form's fields, as typed (kept on error). */
export interface DealFormValues {
  dealType?: string;
  down: string;
  termMonths: string;
  leaseTermMonths: string;
  apr: string;
  residualPercent: string;
  rateKind: string;
  moneyFactor: string;
  milesPerYear: string;
}
export type DealField = "down" | "termMonths" | "leaseTermMonths" | "apr" | "residualPercent" | "moneyFactor" | "milesPerYear";

/** What the form shows before the shopper types. */
export const DEFAULT_DEAL_VALUES: DealFormValues = {
  dealType: "finance",
  down: "",
  termMonths: "60",
  leaseTermMonths: "36",
  apr: "",
  residualPercent: "",
  rateKind: "moneyFactor",
  moneyFactor: "",
  milesPerYear: "12000",
};

/** What every deal page and form says about its numbers. */
export const DEAL_ESTIMATE_NOTE =
  "Estimates: taxes, title, registration and dealer fees are not included, and the rate, residual and " +
  "money factor are what you entered, not a lender's offer. The dealer confirms the final figures.";
