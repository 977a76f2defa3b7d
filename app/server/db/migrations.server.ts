// Versioned migrations, applied at start-up by Kysely's Migrator on both databases.
// Never edit a migration that has landed: add the next one.
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "./connection.server.ts";
import { columnTypes } from "./migration-types.server.ts";
import { migration015DealerReviews, migration015ExpertReviews, migration015Reviews, migration015SafetyRatings } from "../research/migration.server.ts";
import {
  migration004Accounts,
  migration004AccountsVehicleAlerts,
  migration008RecentViews,
  migration011EmailVerification,
} from "../accounts/migration.server.ts";

type AnyDb = Kysely<any>;

function migration001(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("meta")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("zips")
        .addColumn("zip", "text", (c) => c.primaryKey())
        .addColumn("city", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("lat", t.double, (c) => c.notNull())
        .addColumn("lon", t.double, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("ref_makes")
        .addColumn("code", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("ref_series")
        .addColumn("make_code", "text", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("ref_series_pk", ["make_code", "code"])
        .execute();

      await db.schema
        .createTable("ref_models")
        .addColumn("make_code", "text", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("series_code", "text")
        .addColumn("body_style_code", "text", (c) => c.notNull())
        .addColumn("first_year", "integer", (c) => c.notNull())
        .addColumn("last_year", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("ref_models_pk", ["make_code", "code"])
        .execute();

      await db.schema
        .createTable("ref_trims")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("make_code", "text", (c) => c.notNull())
        .addColumn("model_code", "text", (c) => c.notNull())
        .addColumn("trim_name", "text", (c) => c.notNull())
        .addColumn("trim_code", "text", (c) => c.notNull())
        .addColumn("trim_rank", "integer", (c) => c.notNull())
        .addColumn("msrp", "integer", (c) => c.notNull())
        .addColumn("epa_id", "integer", (c) => c.notNull())
        .addColumn("body_style_code", "text", (c) => c.notNull())
        .addColumn("body_subtype_code", "text")
        .addColumn("fuel_type_group", "text", (c) => c.notNull())
        .addColumn("fuel_type", "text", (c) => c.notNull())
        .addColumn("drive_group", "text", (c) => c.notNull())
        .addColumn("drive", "text", (c) => c.notNull())
        .addColumn("transmission_code", "text", (c) => c.notNull())
        .addColumn("transmission", "text", (c) => c.notNull())
        .addColumn("cylinders", "integer")
        .addColumn("displacement", t.double)
        .addColumn("engine_code", "text", (c) => c.notNull())
        .addColumn("engine", "text", (c) => c.notNull())
        .addColumn("doors", "integer", (c) => c.notNull())
        .addColumn("epa_city", "integer", (c) => c.notNull())
        .addColumn("epa_hwy", "integer", (c) => c.notNull())
        .addColumn("epa_combined", "integer", (c) => c.notNull())
        .addColumn("epa_mpge_city", "integer")
        .addColumn("epa_mpge_hwy", "integer")
        .addColumn("electric_range", "integer")
        .addColumn("truck_bed_length", "text")
        .addColumn("truck_cab_size", "integer")
        .addColumn("standard_features", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("ref_trims_ymm").on("ref_trims").columns(["make_code", "model_code", "year"]).execute();

      await db.schema
        .createTable("ref_packages")
        .addColumn("trim_id", "text", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("price", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("ref_packages_pk", ["trim_id", "code"])
        .execute();

      await db.schema
        .createTable("ref_body_styles")
        .addColumn("code", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("ref_body_subtypes")
        .addColumn("code", "text", (c) => c.primaryKey())
        .addColumn("body_style_code", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("ref_features")
        .addColumn("code", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("display_group", "text", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("ref_colors")
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("hex", "text", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("ref_colors_pk", ["kind", "code"])
        .execute();

      await db.schema
        .createTable("ref_engines")
        .addColumn("code", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("owners")
        .addColumn("id", t.serial, t.autoId)
        .addColumn("external_id", "text", (c) => c.notNull().unique())
        .addColumn("seller_type", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("phone", "text")
        .addColumn("email", "text")
        .addColumn("website", "text")
        .addColumn("logo_url", "text")
        .addColumn("street", "text")
        .addColumn("city", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("zip", "text", (c) => c.notNull())
        .addColumn("lat", t.double, (c) => c.notNull())
        .addColumn("lon", t.double, (c) => c.notNull())
        .addColumn("rating", t.double)
        .addColumn("rating_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("home_services", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("hide_email_form", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("tagline", "text")
        .addColumn("created_at", t.big, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("listings")
        .addColumn("id", t.serial, t.autoId)
        .addColumn("vin", "text", (c) => c.notNull().unique())
        .addColumn("owner_id", t.big, (c) => c.notNull().references("owners.id"))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("listing_type", "text", (c) => c.notNull())
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("make_code", "text", (c) => c.notNull())
        .addColumn("model_code", "text", (c) => c.notNull())
        .addColumn("series_code", "text")
        .addColumn("trim_id", "text")
        .addColumn("trim_code", "text")
        .addColumn("trim_name", "text")
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("body_style_code", "text", (c) => c.notNull())
        .addColumn("body_subtype_code", "text")
        .addColumn("fuel_type_group", "text", (c) => c.notNull())
        .addColumn("fuel_type", "text")
        .addColumn("drive_group", "text", (c) => c.notNull())
        .addColumn("drive", "text")
        .addColumn("engine_code", "text", (c) => c.notNull())
        .addColumn("engine", "text")
        .addColumn("displacement", t.double)
        .addColumn("cylinders", "integer")
        .addColumn("transmission_code", "text", (c) => c.notNull())
        .addColumn("transmission", "text")
        .addColumn("doors", "integer", (c) => c.notNull())
        .addColumn("ext_color_simple", "text", (c) => c.notNull())
        .addColumn("ext_color_name", "text")
        .addColumn("int_color_simple", "text", (c) => c.notNull())
        .addColumn("int_color_name", "text")
        .addColumn("mileage", "integer", (c) => c.notNull())
        .addColumn("sale_price", "integer", (c) => c.notNull())
        .addColumn("msrp", "integer")
        .addColumn("incentive", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("mpg_city", "integer")
        .addColumn("mpg_highway", "integer")
        .addColumn("mpg_combined", "integer")
        .addColumn("is_mpge", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("electric_range", "integer")
        .addColumn("features", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("packages", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("home_services", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("certified_product", "text")
        .addColumn("vehicle_history", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("vehicle_use_type", "text", (c) => c.notNull().defaultTo("personal"))
        .addColumn("money_back_guarantee", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("truck_bed_length", "text")
        .addColumn("truck_cab_size", "integer")
        .addColumn("seller_type", "text", (c) => c.notNull())
        .addColumn("zip", "text", (c) => c.notNull())
        .addColumn("lat", t.double, (c) => c.notNull())
        .addColumn("lon", t.double, (c) => c.notNull())
        .addColumn("image_count", "integer", (c) => c.notNull().defaultTo(4))
        .addColumn("description", "text")
        .addColumn("is_hot", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("has_special_offer", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_reduced_price", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("deal_rating", "text")
        .addColumn("market_price", "integer")
        .addColumn("epa_id", "integer")
        .addColumn("date_listed", t.big, (c) => c.notNull())
        .addColumn("updated_at", t.big, (c) => c.notNull())
        .addColumn("sold_at", t.big)
        .addColumn("expired_at", t.big)
        .execute();
      await db.schema.createIndex("listings_status_type").on("listings").columns(["status", "listing_type"]).execute();
      await db.schema.createIndex("listings_make_model").on("listings").columns(["make_code", "model_code", "year"]).execute();
      await db.schema.createIndex("listings_owner").on("listings").columns(["owner_id", "status"]).execute();
      await db.schema.createIndex("listings_updated").on("listings").column("updated_at").execute();

      await db.schema
        .createTable("listing_price_history")
        .addColumn("id", t.serial, t.autoId)
        .addColumn("listing_id", t.big, (c) => c.notNull().references("listings.id").onDelete("cascade"))
        .addColumn("price", "integer", (c) => c.notNull())
        .addColumn("recorded_at", t.big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("price_history_listing").on("listing_price_history").columns(["listing_id", "recorded_at"]).execute();
    },
  };
}

/** Outgoing mail (docs/vehicle-page.md, Mail), written in the same request as what causes it and sent by a separate loop. */
function migration002MailOutbox(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("mail_outbox")
        .addColumn("id", t.serial, t.autoId)
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("text_body", "text", (c) => c.notNull())
        .addColumn("html_body", "text")
        .addColumn("dedupe_key", "text", (c) => c.unique())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", t.big, (c) => c.notNull())
        .addColumn("claimed_by", "text")
        .addColumn("claimed_until", t.big)
        .addColumn("last_error", "text")
        .addColumn("message_id", "text")
        .addColumn("created_at", t.big, (c) => c.notNull())
        .addColumn("sent_at", t.big)
        .execute();
      await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();
      await db.schema.createIndex("mail_outbox_to").on("mail_outbox").columns(["to_address", "id"]).execute();
    },
  };
}

/**
 * The price verdict's inputs and outputs on listings, leads (contact the seller, make
 * offer) and listing reports.
 */
function migration003VehicleLeadsReports(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      // Our value estimate for the car (what feeds and the generator write to market_price),
      // kept for the verdict's fallback; market_price then holds the market the verdict used.
      await db.schema.alterTable("listings").addColumn("estimate_price", "integer").execute();
      await db.schema.alterTable("listings").addColumn("market_count", "integer").execute();
      await db.schema.alterTable("listings").addColumn("market_radius", "integer").execute();
      await db.schema.alterTable("listings").addColumn("verdict_at", t.big).execute();
      await db.schema.alterTable("listings").addColumn("reviewed_at", t.big).execute();

      await db.schema
        .createTable("leads")
        .addColumn("id", t.serial, t.autoId)
        .addColumn("listing_id", t.big, (c) => c.notNull().references("listings.id").onDelete("cascade"))
        .addColumn("owner_id", t.big, (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("first_name", "text", (c) => c.notNull())
        .addColumn("last_name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text")
        .addColumn("comments", "text", (c) => c.notNull())
        .addColumn("offer_amount", "integer")
        .addColumn("visitor_id", "text")
        .addColumn("user_id", t.big)
        .addColumn("ip", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("mail_id", t.big)
        .addColumn("created_at", t.big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("leads_listing").on("leads").columns(["listing_id", "created_at"]).execute();
      await db.schema.createIndex("leads_visitor").on("leads").columns(["visitor_id", "listing_id"]).execute();
      await db.schema.createIndex("leads_email").on("leads").columns(["email", "created_at"]).execute();

      await db.schema
        .createTable("listing_reports")
        .addColumn("id", t.serial, t.autoId)
        .addColumn("listing_id", t.big, (c) => c.notNull().references("listings.id").onDelete("cascade"))
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("comment", "text")
        .addColumn("reporter_key", "text", (c) => c.notNull())
        .addColumn("ip", "text")
        .addColumn("created_at", t.big, (c) => c.notNull())
        .addUniqueConstraint("listing_reports_once", ["listing_id", "reporter_key"])
        .execute();
    },
  };
}

/**
 * Paid placements (results page card tiers, the sponsored dealer showcase): which dealers bought
 * which placement tier (docs/decisions/010-results-page-extras.md). One row per dealer.
 */
function migration007ResultsExtras(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("dealer_placements")
        .addColumn("owner_id", t.big, (c) => c.primaryKey().references("owners.id").onDelete("cascade"))
        .addColumn("tier", "text", (c) => c.notNull())
        .addColumn("since", t.big, (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * Views per listing and day (UTC days since 1970), for "viewed N times in the last 7 days" on
 * 'Still interested?' (the spec's listing-view-count call with dateRange 7). Written with the
 * view counts (app/server/listings/views.server.ts); days older than a month are pruned.
 */
function migration009ListingViewDays(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("listing_view_days")
        .addColumn("listing_id", t.big, (c) => c.notNull().references("listings.id").onDelete("cascade"))
        .addColumn("day", "integer", (c) => c.notNull())
        .addColumn("views", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("listing_view_days_pk", ["listing_id", "day"])
        .execute();
      await db.schema.createIndex("listing_view_days_day").on("listing_view_days").column("day").execute();
    },
  };
}

/**
 * Dealer photos (docs/photos.md): the processed pictures by content hash, a listing's ordered photo
 * references (each one also the job that fetches and processes it, claimed with a lease), and the
 * source -> hash memory that lets a re-import skip the download.
 */
function migration010ListingPhotos(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("photos")
        .addColumn("hash", "text", (c) => c.primaryKey())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("widths", "text", (c) => c.notNull())
        .addColumn("color", "text", (c) => c.notNull())
        .addColumn("created_at", t.big, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("listing_photos")
        .addColumn("id", t.serial, t.autoId)
        .addColumn("listing_id", t.big, (c) => c.notNull().references("listings.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("base_dir", "text")
        .addColumn("feed_row", "integer")
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("reason", "text")
        .addColumn("photo_hash", "text")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("run_after", t.big, (c) => c.notNull())
        .addColumn("lease_owner", "text")
        .addColumn("lease_until", t.big)
        .addColumn("updated_at", t.big, (c) => c.notNull())
        .addUniqueConstraint("listing_photos_position", ["listing_id", "position"])
        .execute();
      // Partial: only pending jobs are looked up by due time. (A full (state, run_after) index
      // tempted SQLite to read every ready photo for a page's cards instead of using the
      // listing's own rows: +200 ms a results page at 150,000 photos.)
      await db.schema.createIndex("listing_photos_due").on("listing_photos").column("run_after").where(sql.ref("state"), "=", sql.lit("pending")).execute();
      await db.schema
        .createTable("photo_sources")
        .addColumn("source", "text", (c) => c.primaryKey())
        .addColumn("hash", "text", (c) => c.notNull())
        .addColumn("seen_at", t.big, (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * Rate-limit counters shared by every app instance on this database (ADR 021): one row per key,
 * the points taken in the current window and when the window ends (epoch ms). Written by the
 * rate-limiter-flexible store in app/server/security/rate-limit-store.server.ts.
 */
function migration012RateLimits(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("points", "integer", (c) => c.notNull())
        .addColumn("expire", t.big)
        .execute();
      await db.schema.createIndex("rate_limits_expire").on("rate_limits").column("expire").execute();
    },
  };
}

/** The one-click unsubscribe URL an alert mail carries in its List-Unsubscribe header (RFC 8058). */
function migration012MailListUnsubscribe(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable("mail_outbox").addColumn("list_unsubscribe", "text").execute();
    },
  };
}

/**
 * Only true trust signals (ADR 022): a dealer's rating shows only with the source the dealer's
 * feed names, and a vehicle history says who stated it (a provider, or else the seller). Ratings
 * stored before had no source (the demo generator invented them): they are dropped.
 */
function migration013TrustSignals(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable("owners").addColumn("rating_source", "text").execute();
      await db.schema.alterTable("listings").addColumn("vehicle_history_source", "text").execute();
      await sql`UPDATE owners SET rating = NULL, rating_count = 0`.execute(db);
    },
  };
}

/**
 * Web push (decision 023): a browser's push subscription (RFC 8030 endpoint, RFC 8291 keys), held
 * for a visitor and, once signed in, an account. A push service answering 404/410 deletes it.
 */
function migration014PushSubscriptions(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("push_subscriptions")
        .addColumn("id", t.serial, t.autoId)
        .addColumn("endpoint", "text", (c) => c.notNull().unique())
        .addColumn("p256dh", "text", (c) => c.notNull())
        .addColumn("auth", "text", (c) => c.notNull())
        .addColumn("brand", "text", (c) => c.notNull())
        .addColumn("pixall_id", "text", (c) => c.notNull())
        .addColumn("visitor_id", "text")
        .addColumn("user_id", t.big, (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("created_at", t.big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").column("user_id").execute();
    },
  };
}

/**
 * No stale or bait listings (docs/decisions/030-no-stale-or-bait-listings.md): when the feed last
 * confirmed a listing, and why a listing is held for an operator (and the price one let through).
 */
function migration016ListingChecks(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable("listings").addColumn("confirmed_at", t.big).execute();
      await db.schema.alterTable("listings").addColumn("hold_reason", "text").execute();
      await db.schema.alterTable("listings").addColumn("hold_cleared_price", "integer").execute();
      await db.schema.createIndex("listings_status_confirmed").on("listings").columns(["status", "confirmed_at"]).execute();
    },
  };
}

/**
 * Engine Displacement in litres (docs/search-index.md): a combustion engine's code becomes its
 * displacement to one decimal ("2.5L"), no longer its cylinder count (the Cylinders filter has
 * those); electric and fuel-cell drives keep their names. The reference tables follow when the
 * catalogue is loaded again (its fingerprint changed).
 */
function migration016EngineDisplacement(dialect: Dialect): Migration {
  const litres = dialect === "postgres" ? sql`round(COALESCE(displacement, 1)::numeric, 1)::text || 'L'` : sql`printf('%.1fL', COALESCE(displacement, 1))`;
  return {
    async up(db: AnyDb) {
      await sql`UPDATE listings SET engine_code = CASE WHEN fuel_type_group = 'ELE' THEN
        'ELECTRIC' WHEN fuel_type_group = 'HYD' THEN 'FUELCELL' ELSE ${litres} END`.execute(db);
    },
  };
}

/** First-party page-event counts per UTC day, added to by every app instance (docs/analytics.md). */
function migration016Analytics(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("analytics_daily")
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("event", "text", (c) => c.notNull())
        .addColumn("label", "text", (c) => c.notNull())
        .addColumn("count", t.big, (c) => c.notNull())
        .addPrimaryKeyConstraint("analytics_daily_pk", ["day", "event", "label"])
        .execute();
    },
  };
}

/**
 * Online buying (docs/online-buying.md, ADR 028): a dealer's opt-in from its feed
 * (`dealer_online_buying`), and the shoppers' saved deals behind the shareable deal page (an id
 * that cannot be guessed, the car, the deal type and its terms as JSON).
 */
function migration019DealsOnlineBuying(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable("owners")
        .addColumn("ecommerce_opt_in", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      // Dealers that already said they sell online (BUY_ONLINE among their home services) keep
      // doing so; every later feed states it with its own opt-in field (docs/online-buying.md).
      await sql`UPDATE owners SET ecommerce_opt_in = 1 WHERE home_services LIKE '%,BUY_ONLINE,%'`.execute(db);
      await db.schema
        .createTable("deals")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("listing_id", t.big, (c) => c.notNull().references("listings.id").onDelete("cascade"))
        .addColumn("deal_type", "text", (c) => c.notNull())
        .addColumn("terms", "text", (c) => c.notNull())
        .addColumn("price", t.big, (c) => c.notNull())
        .addColumn("created_at", t.big, (c) => c.notNull())
        .addColumn("updated_at", t.big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("deals_listing").on("deals").column("listing_id").execute();
    },
  };
}

/**
 * The true monthly cost (docs/decisions/031-monthly-cost.md): the EPA annual fuel cost of a trim
 * (`fuelCost08`) in the reference table and on every listing, where both search engines filter
 * and sort on it. Existing listings get theirs when the catalogue is stored again (its
 * fingerprint includes the fuel cost: app/server/reference/store.server.ts).
 */
function migration020AnnualFuelCost(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable("ref_trims").addColumn("annual_fuel_cost", "integer").execute();
      await db.schema.alterTable("listings").addColumn("annual_fuel_cost", "integer").execute();
    },
  };
}

/**
 * Who viewed a listing on a day (docs/decisions/036-view-counts.md): one row per listing, UTC day
 * and viewer (`user:{id}`, `visitor:{id}` or `address:{keyed hash}`), written insert-or-ignore, so
 * a view counts once per viewer, listing and day on every instance. `at` is the first view that
 * day (a signed-out visitor's price drops are measured from it). Pruned with the view days.
 */
function migration021ListingViewers(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("listing_viewers")
        .addColumn("listing_id", t.big, (c) => c.notNull().references("listings.id").onDelete("cascade"))
        .addColumn("day", "integer", (c) => c.notNull())
        .addColumn("viewer", "text", (c) => c.notNull())
        .addColumn("at", t.big, (c) => c.notNull())
        .addPrimaryKeyConstraint("listing_viewers_pk", ["listing_id", "day", "viewer"])
        .execute();
      await db.schema.createIndex("listing_viewers_viewer").on("listing_viewers").columns(["viewer", "day"]).execute();
      await db.schema.createIndex("listing_viewers_day").on("listing_viewers").column("day").execute();
    },
  };
}

/**
 * A signed-out visitor's quick saves, kept only while the visitor has a push device of its own
 * (decision 023): the quick saves live in a signed cookie the push run cannot read, so a car saved
 * with a device (or already saved when the device registers) is written here with its price then,
 * and its drops are pushed to that device. Removed when unsaved or when the visitor signs in (the
 * saves become the account's).
 */
function migration022VisitorSaves(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("visitor_saves")
        .addColumn("visitor_id", "text", (c) => c.notNull())
        .addColumn("listing_id", t.big, (c) => c.notNull().references("listings.id").onDelete("cascade"))
        .addColumn("price_at_save", "integer", (c) => c.notNull())
        .addColumn("saved_at", t.big, (c) => c.notNull())
        .addPrimaryKeyConstraint("visitor_saves_pk", ["visitor_id", "listing_id"])
        .execute();
      await db.schema.createIndex("visitor_saves_listing").on("visitor_saves").column("listing_id").execute();
    },
  };
}

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    "001-initial-schema": migration001(dialect),
    "002-mail-outbox": migration002MailOutbox(dialect),
    "003-vehicle-leads-reports": migration003VehicleLeadsReports(dialect),
    "007-results-extras": migration007ResultsExtras(dialect),
    "004-accounts": migration004Accounts(dialect),
    "004-accounts-2-vehicle-alerts": migration004AccountsVehicleAlerts(),
    "008-recent-views": migration008RecentViews(dialect),
    "009-listing-view-days": migration009ListingViewDays(dialect),
    "010-listing-photos": migration010ListingPhotos(dialect),
    "011-email-verification": migration011EmailVerification(dialect),
    "012-rate-limits": migration012RateLimits(dialect),
    "012-mail-list-unsubscribe": migration012MailListUnsubscribe(),
    "013-trust-signals": migration013TrustSignals(),
    "014-push-subscriptions": migration014PushSubscriptions(dialect),
    "015-reviews": migration015Reviews(dialect),
    "015-safety-ratings": migration015SafetyRatings(dialect),
    "015-dealer-reviews": migration015DealerReviews(dialect),
    "015-expert-reviews": migration015ExpertReviews(dialect),
    "016-listing-checks": migration016ListingChecks(dialect),
    "016-engine-displacement": migration016EngineDisplacement(dialect),
    "016-analytics": migration016Analytics(dialect),
    "019-deals-online-buying": migration019DealsOnlineBuying(dialect),
    "020-annual-fuel-cost": migration020AnnualFuelCost(),
    "021-listing-viewers": migration021ListingViewers(dialect),
    "022-visitor-saves": migration022VisitorSaves(dialect),
  };
}
