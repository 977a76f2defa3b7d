// Hydrates search hits (ids) into the display data cards, pages and the JSON services show.
// One query per page of ids; the search index itself keeps only what it filters and sorts on.
import { safeExternalUrl } from "../../lib/dealer-html.ts";
import type { ListingSummary } from "../../lib/listing.ts";
import type { ListingPhoto } from "../../lib/photos.ts";
import { dealerRatingOf } from "../../lib/trust-signals.ts";
import type { Database } from "../db/connection.server.ts";
import { selectCached } from "../db/compiled.server.ts";
import { loadFirstPhotos, loadListingPhotos } from "../photos/queries.server.ts";

/** A stored comma-separated code list (`home_services`, `features`, ...) as its codes. */
export function codes(list: string | null): string[] {
  return (list ?? "").split(",").filter(Boolean);
}

/** Listings with their owner and their make's and model's names (`l`, `o`, `mk`, `md`): what a summary and a card read from. */
export function listingsWithNames(db: Database) {
  return db.kysely
    .selectFrom("listings as l")
    .innerJoin("owners as o", "o.id", "l.owner_id")
    .leftJoin("ref_makes as mk", "mk.code", "l.make_code")
    .leftJoin("ref_models as md", (j) => j.onRef("md.make_code", "=", "l.make_code").onRef("md.code", "=", "l.model_code"));
}

/**
 * The owner's rating from its `owner_*` columns: a rating without the source it comes from is
 * never shown (ADR 022); Forecourt's own dealer reviews come first when there are any (ADR 024).
 */
export function ownerRatingOf(r: {
  owner_rating: number | null;
  owner_rating_count: number;
  owner_rating_source: string | null;
  owner_review_rating: number | null;
  owner_review_count: number;
}): ReturnType<typeof dealerRatingOf> {
  return dealerRatingOf({
    rating: r.owner_rating,
    rating_count: r.owner_rating_count,
    rating_source: r.owner_rating_source,
    review_rating: r.owner_review_rating,
    review_count: r.owner_review_count,
  });
}

/**
 * Summaries for the ids, in the ids' order (ids that no longer exist are left out). `photos`:
 * how many of each listing's photos to read (default all; a results page's cards need 4).
 */
export async function loadListingSummaries(db: Database, ids: readonly number[], options: { photos?: number } = {}): Promise<ListingSummary[]> {
  const unique = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (unique.length === 0) return [];
  const rows = await selectCached(db, "listing summaries", unique, () =>
    listingsWithNames(db)
      .leftJoin("ref_body_styles as bs", "bs.code", "l.body_style_code")
      .select([
        "l.id",
        "l.vin",
        "l.status",
        "l.title",
        "l.listing_type",
        "l.year",
        "l.make_code",
        "l.model_code",
        "l.series_code",
        "l.trim_code",
        "l.trim_name",
        "l.mileage",
        "l.sale_price",
        "l.msrp",
        "l.incentive",
        "l.deal_rating",
        "l.market_price",
        "l.body_style_code",
        "l.body_subtype_code",
        "l.ext_color_simple",
        "l.ext_color_name",
        "l.int_color_simple",
        "l.int_color_name",
        "l.fuel_type_group",
        "l.fuel_type",
        "l.drive_group",
        "l.drive",
        "l.engine_code",
        "l.engine",
        "l.transmission_code",
        "l.transmission",
        "l.doors",
        "l.mpg_city",
        "l.mpg_highway",
        "l.mpg_combined",
        "l.is_mpge",
        "l.electric_range",
        "l.annual_fuel_cost",
        "l.image_count",
        "l.is_hot",
        "l.has_special_offer",
        "l.is_reduced_price",
        "l.view_count",
        "l.certified_product",
        "l.home_services",
        "l.features",
        "l.vehicle_history",
        "l.vehicle_history_source",
        "l.money_back_guarantee",
        "l.date_listed",
        "l.seller_type",
        "l.zip",
        "l.lat",
        "l.lon",
        "mk.name as make_name",
        "md.name as model_name",
        "bs.name as body_style_name",
        "o.id as owner_id",
        "o.name as owner_name",
        "o.seller_type as owner_seller_type",
        "o.phone as owner_phone",
        "o.website as owner_website",
        "o.logo_url as owner_logo",
        "o.street as owner_street",
        "o.city as owner_city",
        "o.state as owner_state",
        "o.zip as owner_zip",
        "o.rating as owner_rating",
        "o.rating_count as owner_rating_count",
        "o.rating_source as owner_rating_source",
        "o.review_rating as owner_review_rating",
        "o.review_count as owner_review_count",
        "o.home_services as owner_home_services",
      ])
      .where("l.id", "in", unique),
  );
  const photos = new Map<number, { photos: ListingPhoto[]; count: number }>();
  if (options.photos === undefined) for (const [id, list] of await loadListingPhotos(db, unique)) photos.set(id, { photos: list, count: list.length });
  else for (const [id, v] of await loadFirstPhotos(db, unique, options.photos)) photos.set(id, v);
  const byId = new Map<number, ListingSummary>();
  for (const r of rows) {
    byId.set(Number(r.id), {
      id: Number(r.id),
      vin: r.vin,
      status: r.status,
      title: r.title,
      listingType: r.listing_type,
      year: r.year,
      makeCode: r.make_code,
      makeName: r.make_name ?? r.make_code,
      modelCode: r.model_code,
      modelName: r.model_name ?? r.model_code,
      seriesCode: r.series_code,
      trimCode: r.trim_code,
      trimName: r.trim_name,
      mileage: r.mileage,
      salePrice: r.sale_price,
      msrp: r.msrp,
      incentive: r.incentive,
      dealRating: r.deal_rating,
      marketPrice: r.market_price,
      bodyStyleCode: r.body_style_code,
      bodyStyleName: r.body_style_name ?? r.body_style_code,
      bodySubtypeCode: r.body_subtype_code,
      extColorSimple: r.ext_color_simple,
      extColorName: r.ext_color_name,
      intColorSimple: r.int_color_simple,
      intColorName: r.int_color_name,
      fuelTypeGroup: r.fuel_type_group,
      fuelType: r.fuel_type,
      driveGroup: r.drive_group,
      drive: r.drive,
      engineCode: r.engine_code,
      engine: r.engine,
      transmissionCode: r.transmission_code,
      transmission: r.transmission,
      doors: r.doors,
      mpgCity: r.mpg_city,
      mpgHighway: r.mpg_highway,
      mpgCombined: r.mpg_combined,
      isMpge: r.is_mpge === 1,
      electricRange: r.electric_range,
      annualFuelCost: r.annual_fuel_cost === null ? null : Number(r.annual_fuel_cost),
      imageCount: r.image_count,
      photos: photos.get(Number(r.id))?.photos ?? [],
      photoCount: photos.get(Number(r.id))?.count ?? 0,
      isHot: r.is_hot === 1,
      hasSpecialOffer: r.has_special_offer === 1,
      isReducedPrice: r.is_reduced_price === 1,
      viewCount: r.view_count,
      certifiedProduct: r.certified_product,
      homeServices: codes(r.home_services),
      features: codes(r.features),
      vehicleHistory: codes(r.vehicle_history),
      vehicleHistorySource: r.vehicle_history_source,
      moneyBackGuarantee: r.money_back_guarantee === 1,
      dateListed: Number(r.date_listed),
      sellerType: r.seller_type,
      location: { zip: r.zip, lat: Number(r.lat), lon: Number(r.lon) },
      owner: {
        id: Number(r.owner_id),
        name: r.owner_name,
        privateSeller: r.owner_seller_type === "p",
        phone: r.owner_phone,
        website: safeExternalUrl(r.owner_website),
        logoUrl: safeExternalUrl(r.owner_logo),
        street: r.owner_street,
        city: r.owner_city,
        state: r.owner_state,
        zip: r.owner_zip,
        ...ownerRatingOf(r),
        homeServices: codes(r.owner_home_services),
      },
    });
  }
  const out: ListingSummary[] = [];
  for (const id of unique) {
    const s = byId.get(id);
    if (s) out.push(s);
  }
  return out;
}

/** Which of these ids are listings still in the database (any status). */
export async function existingListingIds(db: Database, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.kysely
    .selectFrom("listings")
    .select("id")
    .where("id", "in", [...ids])
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}
