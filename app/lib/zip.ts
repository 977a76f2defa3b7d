// ZIP rules shared by server and browser (docs/search-urls.md):
// "ZIP in a query is cut to its first 5 characters and dropped unless exactly 5 digits."
// "A ZIP filter entry must be exactly 5 characters and pass a ZIP lookup."

/** Normalises a ZIP taken from a URL query: first 5 characters, kept only when 5 digits. */
export function normalizeQueryZip(raw: unknown): string | undefined {
  if (typeof raw !== "string") return undefined;
  const cut = raw.trim().slice(0, 5);
  return /^\d{5}$/.test(cut) ? cut : undefined;
}

/** Shape check for a ZIP typed into the filter (existence is checked by the ZIP lookup). */
export function isZipShape(raw: unknown): raw is string {
  return typeof raw === "string" && /^\d{5}$/.test(raw);
}

export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  lat: number;
  lon: number;
}

export const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles. */
export function distanceMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}
