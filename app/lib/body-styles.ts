// Body styles: the codes of the reference catalogue (docs/reference-data.md) and every name the
// site shows for them, one table for the catalogue, the search URLs and headings, and the drawings.

/** In the catalogue's order (the Body Style filter lists them so). */
export const BODY_STYLE_CODES = ["SEDAN", "SUVCROSS", "TRUCKS", "VANMV", "COUPE", "CONVERT", "HATCH", "WAGON", "COMMERCIAL"] as const;
export type BodyCode = (typeof BODY_STYLE_CODES)[number];

/** "Sedan", "SUV / Crossover", ...: filter options, crumbs, image descriptions. */
export const BODY_STYLE_NAMES: Record<BodyCode, string> = {
  SEDAN: "Sedan",
  SUVCROSS: "SUV / Crossover",
  TRUCKS: "Truck",
  VANMV: "Van / Minivan",
  COUPE: "Coupe",
  CONVERT: "Convertible",
  HATCH: "Hatchback",
  WAGON: "Wagon",
  COMMERCIAL: "Commercial",
};

/** Plural names for headings ("Used Sedans for Sale"). */
export const BODY_STYLE_PLURALS: Readonly<Record<string, string>> = {
  SEDAN: "Sedans",
  SUVCROSS: "SUVs",
  TRUCKS: "Trucks",
  VANMV: "Vans",
  COUPE: "Coupes",
  CONVERT: "Convertibles",
  HATCH: "Hatchbacks",
  WAGON: "Wagons",
  COMMERCIAL: "Commercial Vehicles",
};

export function isBodyCode(code: string): code is BodyCode {
  return Object.hasOwn(BODY_STYLE_NAMES, code);
}
