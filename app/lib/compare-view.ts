// What the compare pages hand their components (docs/compare.md): the /compare table and the
// 'Compare {make} {model} Trims' table. Types only, shared by the server modules that build them
// (app/server/compare/) and the components that draw them (app/components/compare/).

export interface CompareCell {
  text: string | null;
  /** Second line (e.g. the deal verdict's reason). */
  note?: string | null;
  /** A deal rating code ("great" ...) drawn as the badge. */
  deal?: string | null;
  /** For feature rows: the car has it. */
  has?: boolean;
}

export interface CompareRow {
  key: string;
  label: string;
  cells: CompareCell[];
  /**
   * The cars still for sale differ in a way that matters (docs/compare.md): words that are not
   * the same, a feature one has and another lacks, numbers further apart than their threshold
   * (COMPARE_THRESHOLDS). The seller's name and town never count: the distance and the rating do.
   */
  differs: boolean;
}

export interface CompareGroup {
  title: string;
  rows: CompareRow[];
}

export interface CompareColumn {
  id: number;
  title: string;
  href: string;
  image: string;
  /** The picture is the body-style drawing (no dealer photo yet): labelled as such. */
  illustration: boolean;
  active: boolean;
  /** "Sold" / "Expired" for a listing no longer for sale. */
  status: string | null;
  condition: string;
  /** Results for the same make and model (a way on from a sold car). */
  similarHref: string;
}

export interface ComparePageData {
  columns: CompareColumn[];
  groups: CompareGroup[];
  ids: number[];
  /** Where the ids came from: the URL, or the visitor's cookie (then the page offers the URL). */
  source: "url" | "cookie" | "none";
  shareUrl: string | null;
  /** Ids in the link that no listing has (dropped). */
  unknownCount: number;
  onlyDifferences: boolean;
  differenceCount: number;
  zip: { value: string; place: string; fromCookie: boolean } | null;
  /** What the shopper typed into the ZIP field when it was not a real ZIP. */
  zipError: string | null;
  typedZip: string;
  /** The visitor's own compare list (for 'Remove' on the page and the bar of ids). */
  inList: number[];
}

export interface CompareTrimRow {
  id: string;
  name: string;
  /** The name cut to 30 characters with an ellipsis (the table shows this one). */
  shortName: string;
  truncated: boolean;
  msrp: number;
  engine: string;
  drive: string;
  fuelTypeGroup: string;
  fuel: string;
  /** "27 / 35 MPG", "131 / 107 MPGe", or both for a plug-in hybrid. */
  economy: string;
  /** Electric range in miles, when it has one. */
  range: number | null;
  buildHref: string;
}

export interface CompareTrimsData {
  makeCode: string;
  modelCode: string;
  makeName: string;
  modelName: string;
  /** "Compare Toyota RAV4 Trims" */
  heading: string;
  year: number;
  years: number[];
  fuelTypeGroup: string | null;
  fuelOptions: { value: string; label: string; count: number }[];
  trims: CompareTrimRow[];
  ownerId: number | null;
  zip: string | null;
}
