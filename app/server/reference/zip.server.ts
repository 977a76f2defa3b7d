// ZIP lookup (docs/search-urls.md: "ZIP lookup | zip | city and state; also used for validation"),
// backed by the `zipcodes` package's US ZIP table (city, state, latitude, longitude).
import { createRequire } from "node:module";
import { TEXT } from "../../lib/constants.ts";
import { isZipShape, normalizeQueryZip, type ZipPlace } from "../../lib/zip.ts";

interface ZipcodesEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}
interface ZipcodesModule {
  lookup(zip: string): ZipcodesEntry | undefined;
  codes: Record<string, ZipcodesEntry>;
}

const require = createRequire(import.meta.url);
let zipcodes: ZipcodesModule | undefined;
function lib(): ZipcodesModule {
  zipcodes ??= require("zipcodes") as ZipcodesModule;
  return zipcodes;
}

/** The place for a US ZIP, or null when it is not exactly 5 digits or does not exist. */
export function lookupZip(zip: unknown): ZipPlace | null {
  if (!isZipShape(zip)) return null;
  const e = lib().lookup(zip);
  if (!e || e.country !== "US" || typeof e.latitude !== "number") return null;
  return { zip: e.zip, city: e.city, state: e.state, lat: e.latitude, lon: e.longitude };
}

/** Every US ZIP with coordinates, sorted by ZIP. */
export function allZips(): ZipPlace[] {
  const out: ZipPlace[] = [];
  for (const e of Object.values(lib().codes)) {
    if (e.country !== "US" || typeof e.latitude !== "number" || !/^\d{5}$/.test(e.zip)) continue;
    out.push({ zip: e.zip, city: e.city, state: e.state, lat: e.latitude, lon: e.longitude });
  }
  return out.sort((a, b) => (a.zip < b.zip ? -1 : 1));
}

export interface TypedZipCheck {
  /** What the shopper typed (trimmed, at most 10 characters), shown back beside the message. */
  typed: string;
  /** The place when the entry is a known US ZIP. */
  place: ZipPlace | null;
  /** TEXT.invalidZip when something was typed that is not a known ZIP; null otherwise. */
  error: string | null;
}

/**
 * The one check of a ZIP typed into a form (docs/search-urls.md): the entry is cut to its first
 * 5 characters (the URL rule, so `30301-1234` is 30301), which must be 5 digits and a known US ZIP;
 * otherwise the field shows 'Enter a valid ZIP Code'. An empty entry is no error.
 */
export function checkTypedZip(raw: string | null | undefined): TypedZipCheck {
  const typed = (raw ?? "").trim().slice(0, 10);
  if (typed === "") return { typed, place: null, error: null };
  const place = lookupZip(normalizeQueryZip(typed));
  return { typed, place, error: place ? null : TEXT.invalidZip };
}
