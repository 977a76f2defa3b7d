// Versioned migrations, applied at start-up by Kysely's Migrator on both databases.
// Never edit a migration that has landed: add the next one.
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "./connection.server.ts";
import { migration004Accounts, migration004AccountsVehicleAlerts, migration008RecentViews } from "../accounts/migration.server.ts";

type AnyDb = Kysely<any>;

function types(dialect: Dialect) {
  const pg = dialect === "postgres";
  return {
    /** 64-bit integer (epoch ms and the like). */
    big: pg ? ("bigint" as const) : ("integer" as const),
    double: pg ? ("double precision" as const) : ("real" as const),
  };
}

function migration001(dialect: Dialect): Migration {
  const t = types(dialect);
  const pg = dialect === "postgres";
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
        .addColumn("id", pg ? "bigserial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
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
        .addColumn("id", pg ? "bigserial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
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
        .addColumn("id", pg ? "bigserial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("listing_id", t.big, (c) => c.notNull().references("listings.id").onDelete("cascade"))
        .addColumn("price", "integer", (c) => c.notNull())
        .addColumn("recorded_at", t.big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("price_history_listing").on("listing_price_history").columns(["listing_id", "recorded_at"]).execute();
    },
  };
}

/** Issue 6: outgoing mail, written in the same request as what causes it and sent by a separate loop. */
function migration002MailOutbox(dialect: Dialect): Migration {
  const t = types(dialect);
  const pg = dialect === "postgres";
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("mail_outbox")
        .addColumn("id", pg ? "bigserial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
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
 * Issue 6: the price verdict's inputs and outputs on listings, leads (contact the seller, make
 * offer) and listing reports.
 */
function migration003VehicleLeadsReports(dialect: Dialect): Migration {
  const t = types(dialect);
  const pg = dialect === "postgres";
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
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
        .addColumn("id", pg ? "bigserial" : "integer", id)
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
        .addColumn("id", pg ? "bigserial" : "integer", id)
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
  const t = types(dialect);
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
  const t = types(dialect);
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
  };
}
