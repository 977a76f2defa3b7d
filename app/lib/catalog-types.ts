// The reference catalogue's shapes (docs/reference-data.md).
// Built on the server from the EPA file (app/server/reference), stored in the
// ref_* tables, and shared with the browser as plain data.

/** Fuel group codes of the catalogue (docs/reference-data.md), plus PHEV for plug-in hybrids (shown as 'Plug-in Hybrid'). */
export type FuelTypeGroup = "ELE" | "GSL" | "DSL" | "HYB" | "PHEV" | "ALT" | "HYD";

/** Drive groups used by the driveGroup filter. */
export type DriveGroup = "FWD" | "RWD" | "AWD4WD";

/** Transmission codes used by the transmissionCode filter. */
export type TransmissionCode = "AUT" | "MAN";

export interface CatalogMake {
  /** Upper-case code in the spec's style, e.g. "TOYOTA", "MB" is NOT used: codes are the name upper-cased with non-alphanumerics removed ("MERCEDESBENZ"). */
  code: string;
  /** Name exactly as EPA spells it ("Toyota", "MINI", "smart", "Mercedes-Benz"). */
  name: string;
}

export interface CatalogModel {
  /** Upper-case code unique within the make, e.g. "CAMRY", "RAV4", "F150". */
  code: string;
  makeCode: string;
  /** Display name (from EPA baseModel), e.g. "RAV4", "F150 Pickup". */
  name: string;
  /** Series code this model belongs to (e.g. BMW "3SERIES"), or null when the make has no series grouping. */
  seriesCode: string | null;
  /** Body style code of the model's most common configuration (see CatalogBodyStyle). */
  bodyStyleCode: string;
  years: number[];
}

export interface CatalogSeries {
  code: string;
  makeCode: string;
  name: string;
}

export interface CatalogPackage {
  /** Unique within the trim, e.g. "TECH". */
  code: string;
  name: string;
  /** Price of the option package in USD (derived, see docs/reference-data.md). */
  price: number;
}

/**
 * One retail trim of one model year. EPA rows are configurations (engine, drive,
 * transmission), not trims: trims and MSRPs are derived, and say so in the docs.
 */
export interface CatalogTrim {
  /** Stable id: `${year}-${makeCode}-${modelCode}-${trimSlug}`. */
  id: string;
  year: number;
  makeCode: string;
  modelCode: string;
  /** Trim name, e.g. "LE", "XLE", "Limited", "Long Range AWD". At most a few words. */
  trimName: string;
  /** The spec's trimCode: `${makeCode}|${trimName}`. */
  trimCode: string;
  /** Derived national MSRP in USD for that model year. */
  nationalMSRP: number;
  /** EPA record id of the configuration this trim is built on. */
  epaId: number;
  bodyStyleCode: string;
  /** Body style subtype code (see CatalogBodyStyle.subtypes), or null. */
  bodyStyleSubtypeCode: string | null;
  fuelTypeGroup: FuelTypeGroup;
  /** EPA consumer fuel label, e.g. "Regular", "Premium", "Electricity". */
  fuelType: string;
  driveGroup: DriveGroup;
  /** EPA drive text, e.g. "All-Wheel Drive". */
  drive: string;
  transmissionCode: TransmissionCode;
  /** EPA transmission text, e.g. "Automatic (S8)". */
  transmission: string;
  cylinders: number | null;
  /** Litres, e.g. 2.5; null for EVs. */
  displacement: number | null;
  /** Engine code for the engineCode filter, e.g. "4CYL", "6CYL", "8CYL", "ELECTRIC", "4CYLTURBO" style — see engineCodes. */
  engineCode: string;
  /** Human engine description, e.g. "2.5L 4-Cylinder Turbo", "Electric (208 kW)". */
  engine: string;
  doors: number;
  /** City / highway MPG, or MPGe for EVs (epaMpgeCity/Hwy then set too). */
  epaCity: number;
  epaHwy: number;
  epaCombined: number;
  epaMpgeCity: number | null;
  epaMpgeHwy: number | null;
  /** EV / FCV driving range in miles; for plug-in hybrids the all-electric range. */
  electricRange: number | null;
  /**
   * EPA's annual fuel (or electricity) cost in dollars of the configuration (`fuelCost08`:
   * 15,000 miles a year, 55% city, EPA's fuel prices of the file; plug-in hybrids on gasoline
   * only); null when EPA publishes none (hydrogen). See docs/reference-data.md.
   */
  annualFuelCost: number | null;
  /** Truck attributes (null for non-trucks). Bed length code e.g. "SHORT" | "STANDARD" | "LONG"; cab size in doors-ish seats: 3 (or less), 4, 5, 6 per spec. */
  truckBedLength: string | null;
  truckCabSize: number | null;
  /** Feature codes standard on this trim (see CatalogFeature). */
  standardFeatures: string[];
  packages: CatalogPackage[];
}

export interface CatalogBodyStyleSubtype {
  name: string;
  subtypeCode: string;
}

export interface CatalogBodyStyle {
  /** e.g. "SEDAN", "SUVCROSS", "TRUCKS", "VANMV", "COUPE", "CONVERT", "HATCH", "WAGON", "COMMERCIAL" */
  code: string;
  /** e.g. "Sedan", "SUV / Crossover", "Truck", "Van / Minivan", "Coupe", "Convertible", "Hatchback", "Wagon" */
  name: string;
  bodyStyleSubTypes: CatalogBodyStyleSubtype[];
}

export interface CatalogFeature {
  code: string;
  name: string;
  /** e.g. "Safety", "Technology", "Comfort & Convenience", "Exterior", "Entertainment" */
  displayGroup: string;
}

export interface CatalogColor {
  /** Simple colour code used by extColorSimple / intColorSimple, e.g. "BLACK". */
  code: string;
  name: string;
  /** CSS hex colour for swatches and generated pictures. */
  hex: string;
}

export interface Catalog {
  makes: CatalogMake[];
  models: CatalogModel[];
  series: CatalogSeries[];
  trims: CatalogTrim[];
  bodyStyles: CatalogBodyStyle[];
  features: CatalogFeature[];
  exteriorColors: CatalogColor[];
  interiorColors: CatalogColor[];
  /** Engine codes with labels, in display order. */
  engineCodes: { code: string; name: string }[];
  years: number[];
}
