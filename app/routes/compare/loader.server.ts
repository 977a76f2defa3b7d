// The /compare page (docs/compare.md): up to 5 listings side by side. The ids live in the URL
// (`/compare?ids=1,2,3`, shareable, no JavaScript needed); without ids the visitor's compare
// cookie is used and the page offers the shareable URL. Garbage ids are ignored (the URL is
// normalised by a redirect), unknown ids are dropped with a note, and a sold or expired listing
// shows as such in its column, never as an error.
import { data, redirect } from "react-router";
import { z } from "zod";
import { COMPARE_THRESHOLDS, FUEL_TYPE_LABELS } from "../../lib/constants.ts";
import { compareUrl, numbersDiffer, parseCompareIds, rowDiffers, type NumberThreshold } from "../../lib/compare.ts";
import { DEAL_LABELS, formatInt, formatMiles, formatPrice } from "../../lib/format.ts";
import type { ListingSummary } from "../../lib/listing.ts";
import { PATHS } from "../../lib/routes.ts";
import { DRIVE_GROUP_LABELS, TRANSMISSION_LABELS } from "../../lib/search-query.ts";
import { listingTypeLabel } from "../../lib/listing-types.ts";
import { vehicleImagePath } from "../../lib/vehicle-image-path.ts";
import { photoFallbackUrl } from "../../lib/photos.ts";
import { distanceMiles, normalizeQueryZip } from "../../lib/zip.ts";
import { getDatabase } from "../../server/db/connection.server.ts";
import { publicOrigin } from "../../server/env.server.ts";
import { getFlags } from "../../server/flags.server.ts";
import { loadListingSummaries } from "../../server/listings/summaries.server.ts";
import { dealVerdict, featureListOf, resultsUrlFor } from "../../lib/vehicle-rules.ts";
import { checkTypedZip, lookupZip } from "../../server/reference/zip.server.ts";
import { getSearchPageContext, getSearchUrlContext } from "../../server/services/url-context.server.ts";
import { userZipFromCookie } from "../../server/security/cookies.server.ts";
import { readCompareIds } from "../../server/compare/compare.server.ts";
import { dealerRatingSourceText, dealerRatingText } from "../../lib/trust-signals.ts";
import type { CompareCell, CompareGroup, ComparePageData, CompareRow } from "../../lib/compare-view.ts";

const querySchema = z.object({
  ids: z.string().max(500).nullable().catch(null),
  zip: z.string().max(20).nullable().catch(null),
  diff: z.string().max(10).nullable().catch(null),
});

function titleCase(s: string): string {
  return s ? s.charAt(0).toUpperCase() + s.slice(1).toLowerCase() : s;
}

function economy(l: ListingSummary): string | null {
  const unit = l.isMpge ? "MPGe" : "MPG";
  if (l.mpgCity !== null && l.mpgHighway !== null) return `${l.mpgCity} city / ${l.mpgHighway} hwy ${unit}`;
  if (l.mpgCombined !== null) return `${l.mpgCombined} combined ${unit}`;
  return null;
}

/** How a row's values are told apart: as words (the default), as numbers with a threshold, or not at all. */
type Difference =
  | { by: "text"; value?: (c: CompareCell) => string | null }
  | { by: "number"; value: (i: number) => number | null; threshold: NumberThreshold }
  | { by: "never" };

/** One number for a car's fuel economy: combined, else the mean of city and highway. */
function economyValue(l: ListingSummary): number | null {
  if (l.mpgCombined !== null) return l.mpgCombined;
  if (l.mpgCity !== null && l.mpgHighway !== null) return (l.mpgCity + l.mpgHighway) / 2;
  return null;
}

/** Builds the rows; a row's `differs` looks only at the cars still for sale. */
export function buildGroups(
  listings: ListingSummary[],
  features: { code: string; name: string }[],
  place: { lat: number; lon: number } | null,
): CompareGroup[] {
  const active = listings.map((l) => l.status === "active");
  const row = (key: string, label: string, cells: CompareCell[], diff: Difference = { by: "text" }): CompareRow => {
    const live = cells.map((_, i) => i).filter((i) => active[i]);
    const differs =
      diff.by === "never"
        ? false
        : diff.by === "number"
          ? numbersDiffer(
              live.map((i) => diff.value(i)),
              diff.threshold,
            )
          : rowDiffers(live.map((i) => (diff.value ?? ((c: CompareCell) => c.text))(cells[i]!)));
    return { key, label, cells, differs };
  };
  const numeric = (threshold: NumberThreshold, value: (l: ListingSummary) => number | null): Difference => ({
    by: "number",
    threshold,
    value: (i) => value(listings[i]!),
  });
  const gone = (i: number) => !active[i];
  const cellsOf = (f: (l: ListingSummary) => CompareCell) => listings.map((l) => f(l));

  const overview: CompareRow[] = [
    row(
      "price",
      "Price",
      listings.map((l, i) => ({ text: gone(i) ? null : formatPrice(l.salePrice), note: gone(i) ? "No longer for sale" : null })),
      numeric(COMPARE_THRESHOLDS.price, (l) => l.salePrice),
    ),
    row(
      "deal",
      "Price verdict",
      listings.map((l, i) => {
        const v = gone(i) ? null : dealVerdict(l.salePrice, l.dealRating, l.marketPrice);
        return v ? { text: DEAL_LABELS[v.rating] ?? v.rating, deal: v.rating, note: v.reason } : { text: null };
      }),
      { by: "text", value: (c) => c.deal ?? null },
    ),
    row(
      "mileage",
      "Mileage",
      cellsOf((l) => ({ text: formatMiles(l.mileage) })),
      numeric(COMPARE_THRESHOLDS.mileage, (l) => l.mileage),
    ),
    row(
      "year",
      "Year",
      cellsOf((l) => ({ text: String(l.year) })),
      numeric(COMPARE_THRESHOLDS.year, (l) => l.year),
    ),
    row(
      "condition",
      "Condition",
      cellsOf((l) => ({ text: listingTypeLabel(l.listingType) })),
    ),
  ];
  const specs: CompareRow[] = [
    row(
      "body",
      "Body style",
      cellsOf((l) => ({ text: l.bodyStyleName })),
    ),
    row(
      "engine",
      "Engine",
      cellsOf((l) => ({ text: l.engine ?? l.engineCode })),
    ),
    row(
      "drive",
      "Drivetrain",
      cellsOf((l) => ({ text: l.drive ?? DRIVE_GROUP_LABELS[l.driveGroup] ?? l.driveGroup })),
    ),
    row(
      "transmission",
      "Transmission",
      cellsOf((l) => ({ text: l.transmission ?? TRANSMISSION_LABELS[l.transmissionCode] ?? l.transmissionCode })),
    ),
    row(
      "fuel",
      "Fuel type",
      cellsOf((l) => ({ text: l.fuelType ?? FUEL_TYPE_LABELS[l.fuelTypeGroup] ?? l.fuelTypeGroup })),
    ),
    row(
      "economy",
      "MPG / MPGe",
      cellsOf((l) => ({ text: economy(l) })),
      numeric(COMPARE_THRESHOLDS.economy, economyValue),
    ),
    row(
      "range",
      "Electric range",
      cellsOf((l) => ({ text: l.electricRange ? `${formatInt(l.electricRange)} mi` : null })),
      numeric(COMPARE_THRESHOLDS.range, (l) => l.electricRange || null),
    ),
    row(
      "ext",
      "Exterior color",
      cellsOf((l) => ({ text: l.extColorName ?? titleCase(l.extColorSimple) })),
    ),
    row(
      "int",
      "Interior color",
      cellsOf((l) => ({ text: l.intColorName ?? titleCase(l.intColorSimple) })),
    ),
    row(
      "doors",
      "Doors",
      cellsOf((l) => ({ text: String(l.doors) })),
      numeric(COMPARE_THRESHOLDS.doors, (l) => l.doors),
    ),
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
    row(
      "seller",
      "Seller",
      cellsOf((l) => ({ text: l.owner.privateSeller ? "Private seller" : l.owner.name })),
      { by: "never" },
    ),
    row(
      "location",
      "Location",
      cellsOf((l) => ({ text: `${l.owner.city}, ${l.owner.state}` })),
      { by: "never" },
    ),
    row(
      "rating",
      "Seller rating",
      cellsOf((l) => {
        const text = dealerRatingText(l.owner);
        return { text, note: text === null ? null : dealerRatingSourceText(l.owner) };
      }),
      numeric(COMPARE_THRESHOLDS.rating, (l) => (dealerRatingText(l.owner) === null ? null : l.owner.rating)),
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
        numeric(COMPARE_THRESHOLDS.distance, (l) => distanceMiles(place.lat, place.lon, l.location.lat, l.location.lon)),
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
  const { typed: typedZip, error: zipError } = checkTypedZip(q.zip);
  const queryZip = normalizeQueryZip(typedZip);

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
    // The shopper's own list at its shareable address acts on the list (the cookie).
    source = ids.length === 0 ? "none" : ids.join(",") === inList.join(",") ? "cookie" : "url";
  } else if (inList.length > 0) {
    // The page a shopper reaches from the header or the compare bar has a shareable address.
    const next = new URL(url);
    next.searchParams.set("ids", inList.join(","));
    throw redirect(`${next.pathname}${next.search}`.replace(/%2C/g, ","), 302);
  } else {
    ids = [];
    source = "none";
  }

  const db = await getDatabase();
  const listings = await loadListingSummaries(db, ids);
  const found = listings.map((l) => l.id);
  const cookieZip = queryZip ? undefined : userZipFromCookie(request.headers.get("Cookie"));
  const zip = zipError ? undefined : (queryZip ?? cookieZip);
  const place = zip ? lookupZip(zip) : null;
  const allFeatureCodes = [...new Set(listings.flatMap((l) => l.features))];
  // Feature names from the search labels (reference data, loaded once per process), not a query.
  const [{ labels }, ctx] = await Promise.all([getSearchPageContext(), getSearchUrlContext()]);
  const features = featureListOf(allFeatureCodes, labels.features);
  const groups = buildGroups(listings, features, place);
  const origin = publicOrigin();

  return {
    columns: listings.map((l) => ({
      id: l.id,
      title: [l.year, l.makeName, l.modelName, l.trimName].filter(Boolean).join(" "),
      href: PATHS.vehicle(l.id),
      image: l.photos[0] ? photoFallbackUrl(l.photos[0], 640) : vehicleImagePath(l.bodyStyleCode, l.extColorSimple, 0),
      illustration: !l.photos[0],
      active: l.status === "active",
      status: l.status === "sold" ? "Sold" : l.status === "expired" ? "Listing expired" : null,
      condition: listingTypeLabel(l.listingType),
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
