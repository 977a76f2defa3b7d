// The /compare page (issue 8): up to 5 listings side by side. The ids live in the URL
// (`/compare?ids=1,2,3`, shareable, no JavaScript needed); without ids the visitor's compare
// cookie is used and the page offers the shareable URL. Garbage ids are ignored (the URL is
// normalised by a redirect), unknown ids are dropped with a note, and a sold or expired listing
// shows as such in its column, never as an error.
import { data, redirect } from "react-router";
import { z } from "zod";
import { FUEL_TYPE_LABELS } from "../../lib/constants.ts";
import { compareUrl, parseCompareIds, rowDiffers } from "../../lib/compare.ts";
import { DEAL_LABELS, formatInt, formatMiles, formatPrice } from "../../lib/format.ts";
import type { ListingSummary } from "../../lib/listing.ts";
import { PATHS } from "../../lib/routes.ts";
import { DRIVE_GROUP_LABELS, TRANSMISSION_LABELS } from "../../lib/search-query.ts";
import { vehicleImagePath } from "../../lib/vehicle-image.ts";
import { distanceMiles, normalizeQueryZip } from "../../lib/zip.ts";
import { getDatabase, type Database } from "../db/connection.server.ts";
import { getEnv } from "../env.server.ts";
import { getFlags } from "../flags.server.ts";
import { loadListingSummaries } from "../listings/summaries.server.ts";
import { dealVerdict, resultsUrlFor } from "../pages/vehicle-page.server.ts";
import { lookupZip } from "../reference/zip.server.ts";
import { getSearchUrlContext } from "../services/url-context.server.ts";
import { readCompareIds } from "./compare.server.ts";

/** The shopper's ZIP cookie the spec names (section 7, "Cookies: ATC_USER_ZIP ..."). */
export const USER_ZIP_COOKIE = "ATC_USER_ZIP";

/** The ZIP in the ATC_USER_ZIP cookie, when there is one and it is a real ZIP (a plain or JSON-quoted value). */
export function userZipFromCookie(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== USER_ZIP_COOKIE) continue;
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return undefined;
    }
    const zip = normalizeQueryZip(value.replace(/^"|"$/g, ""));
    if (zip && lookupZip(zip)) return zip;
  }
  return undefined;
}

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
  /** The cars still for sale do not all show the same value. */
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

const querySchema = z.object({
  ids: z.string().max(500).nullable().catch(null),
  zip: z.string().max(20).nullable().catch(null),
  diff: z.string().max(10).nullable().catch(null),
});

const CONDITION: Record<string, string> = { NEW: "New", USED: "Used", CERTIFIED: "Certified", "3P_CERT": "Certified" };

function titleCase(s: string): string {
  return s ? s.charAt(0).toUpperCase() + s.slice(1).toLowerCase() : s;
}

function economy(l: ListingSummary): string | null {
  const unit = l.isMpge ? "MPGe" : "MPG";
  if (l.mpgCity !== null && l.mpgHighway !== null) return `${l.mpgCity} city / ${l.mpgHighway} hwy ${unit}`;
  if (l.mpgCombined !== null) return `${l.mpgCombined} combined ${unit}`;
  return null;
}

async function featureNames(db: Database, codes: string[]): Promise<{ code: string; name: string; group: string }[]> {
  if (codes.length === 0) return [];
  const rows = await db.kysely
    .selectFrom("ref_features")
    .select(["code", "name", "display_group", "sort"])
    .where("code", "in", codes)
    .orderBy("display_group")
    .orderBy("sort")
    .orderBy("name")
    .execute();
  return rows.map((r) => ({ code: r.code, name: r.name, group: r.display_group }));
}

/** Builds the rows; a row's `differs` looks only at the cars still for sale. */
export function buildGroups(
  listings: ListingSummary[],
  features: { code: string; name: string }[],
  place: { lat: number; lon: number } | null,
): CompareGroup[] {
  const active = listings.map((l) => l.status === "active");
  const row = (key: string, label: string, cells: CompareCell[], compareBy: (c: CompareCell) => string | null = (c) => c.text): CompareRow => ({
    key,
    label,
    cells,
    differs: rowDiffers(cells.filter((_, i) => active[i]).map(compareBy)),
  });
  const gone = (i: number) => !active[i];
  const cellsOf = (f: (l: ListingSummary) => CompareCell) => listings.map((l) => f(l));

  const overview: CompareRow[] = [
    row(
      "price",
      "Price",
      listings.map((l, i) => ({ text: gone(i) ? null : formatPrice(l.salePrice), note: gone(i) ? "No longer for sale" : null })),
    ),
    row(
      "deal",
      "Price verdict",
      listings.map((l, i) => {
        const v = gone(i) ? null : dealVerdict(l.salePrice, l.dealRating, l.marketPrice);
        return v ? { text: DEAL_LABELS[v.rating] ?? v.rating, deal: v.rating, note: v.reason } : { text: null };
      }),
      (c) => c.deal ?? null,
    ),
    row("mileage", "Mileage", cellsOf((l) => ({ text: formatMiles(l.mileage) }))),
    row("year", "Year", cellsOf((l) => ({ text: String(l.year) }))),
    row("condition", "Condition", cellsOf((l) => ({ text: CONDITION[l.listingType] ?? "Used" }))),
  ];
  const specs: CompareRow[] = [
    row("body", "Body style", cellsOf((l) => ({ text: l.bodyStyleName }))),
    row("engine", "Engine", cellsOf((l) => ({ text: l.engine ?? l.engineCode }))),
    row("drive", "Drivetrain", cellsOf((l) => ({ text: l.drive ?? DRIVE_GROUP_LABELS[l.driveGroup] ?? l.driveGroup }))),
    row("transmission", "Transmission", cellsOf((l) => ({ text: l.transmission ?? TRANSMISSION_LABELS[l.transmissionCode] ?? l.transmissionCode }))),
    row("fuel", "Fuel type", cellsOf((l) => ({ text: l.fuelType ?? FUEL_TYPE_LABELS[l.fuelTypeGroup] ?? l.fuelTypeGroup }))),
    row("economy", "MPG / MPGe", cellsOf((l) => ({ text: economy(l) }))),
    row("range", "Electric range", cellsOf((l) => ({ text: l.electricRange ? `${formatInt(l.electricRange)} mi` : null }))),
    row("ext", "Exterior color", cellsOf((l) => ({ text: l.extColorName ?? titleCase(l.extColorSimple) }))),
    row("int", "Interior color", cellsOf((l) => ({ text: l.intColorName ?? titleCase(l.intColorSimple) }))),
    row("doors", "Doors", cellsOf((l) => ({ text: String(l.doors) }))),
  ].filter((r) => r.key !== "range" || r.cells.some((c) => c.text !== null));
  const featureRows = features.map((f) =>
    row(
      `feature-${f.code}`,
      f.name,
      listings.map((l) => {
        const has = l.features.includes(f.code);
        return { text: has ? "Yes" : "No", has };
      }),
    ),
  );
  const seller: CompareRow[] = [
    row("seller", "Seller", cellsOf((l) => ({ text: l.owner.privateSeller ? "Private seller" : l.owner.name }))),
    row("location", "Location", cellsOf((l) => ({ text: `${l.owner.city}, ${l.owner.state}` }))),
    row(
      "rating",
      "Seller rating",
      cellsOf((l) => ({ text: l.owner.rating === null ? null : `${l.owner.rating.toFixed(1)} of 5`, note: l.owner.rating === null ? null : `${formatInt(l.owner.ratingCount)} reviews` })),
    ),
  ];
  if (place) {
    seller.push(
      row(
        "distance",
        "Distance",
        cellsOf((l) => {
          const miles = Math.round(distanceMiles(place.lat, place.lon, l.location.lat, l.location.lon));
          return { text: miles === 0 ? "Under 1 mi" : `${formatInt(miles)} mi` };
        }),
      ),
    );
  }
  return [
    { title: "Overview", rows: overview },
    { title: "Specs", rows: specs },
    ...(featureRows.length > 0 ? [{ title: "Features", rows: featureRows }] : []),
    { title: "Seller", rows: seller },
  ];
}

export async function loadComparePage(request: Request, url: URL): Promise<ComparePageData> {
  if (!getFlags().compare) throw data(null, { status: 404, statusText: "Not Found" });
  const q = querySchema.parse({ ids: url.searchParams.get("ids"), zip: url.searchParams.get("zip"), diff: url.searchParams.get("diff") });
  const onlyDifferences = q.diff === "1" || q.diff === "on" || q.diff === "true";
  const typedZip = (q.zip ?? "").trim();
  const queryZip = normalizeQueryZip(typedZip);
  const zipError = typedZip !== "" && (!queryZip || !lookupZip(queryZip)) ? "Enter a valid ZIP Code" : null;

  const inList = await readCompareIds(request);
  let ids: number[];
  let source: ComparePageData["source"];
  if (q.ids !== null) {
    ids = parseCompareIds(q.ids);
    // Garbage, duplicates and a sixth id are dropped: the address shows what is compared.
    const canonical = ids.join(",");
    if (canonical !== q.ids) {
      const next = new URL(url);
      if (ids.length > 0) next.searchParams.set("ids", canonical);
      else next.searchParams.delete("ids");
      throw redirect(`${next.pathname}${next.search}`.replace(/%2C/g, ","), 302);
    }
    source = ids.length > 0 ? "url" : "none";
  } else {
    ids = inList;
    source = ids.length > 0 ? "cookie" : "none";
  }

  const db = await getDatabase();
  const listings = await loadListingSummaries(db, ids);
  const found = listings.map((l) => l.id);
  const cookieZip = queryZip ? undefined : userZipFromCookie(request.headers.get("Cookie"));
  const zip = zipError ? undefined : (queryZip ?? cookieZip);
  const place = zip ? lookupZip(zip) : null;
  const allFeatureCodes = [...new Set(listings.flatMap((l) => l.features))];
  const [features, ctx] = await Promise.all([featureNames(db, allFeatureCodes), getSearchUrlContext()]);
  const groups = buildGroups(listings, features, place);
  const origin = getEnv().PUBLIC_ORIGIN.replace(/\/+$/, "");

  return {
    columns: listings.map((l) => ({
      id: l.id,
      title: [l.year, l.makeName, l.modelName, l.trimName].filter(Boolean).join(" "),
      href: PATHS.vehicle(l.id),
      image: vehicleImagePath(l.bodyStyleCode, l.extColorSimple, 0),
      active: l.status === "active",
      status: l.status === "sold" ? "Sold" : l.status === "expired" ? "Listing expired" : null,
      condition: CONDITION[l.listingType] ?? "Used",
      similarHref: resultsUrlFor(l, ctx),
    })),
    groups,
    ids: found,
    source,
    shareUrl: found.length > 0 ? origin + compareUrl(found) : null,
    unknownCount: ids.length - found.length,
    onlyDifferences,
    differenceCount: groups.reduce((n, g) => n + g.rows.filter((r) => r.differs).length, 0),
    zip: place ? { value: place.zip, place: `${place.city}, ${place.state}`, fromCookie: cookieZip !== undefined && place.zip === cookieZip } : null,
    zipError,
    typedZip,
    inList,
  };
}
