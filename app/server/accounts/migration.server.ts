// Migration "004-accounts": shoppers' accounts, database sessions, saved vehicles and searches,
// price-alert subscriptions and the record of alerts already sent (its unique key is what makes
// an alert go out once across restarts and app instances).
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../db/connection.server.ts";
import { columnTypes } from "../db/migration-types.server.ts";

type AnyDb = Kysely<any>;

export function migration004Accounts(dialect: Dialect): Migration {
  const { big, serial, autoId } = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("users")
        .addColumn("id", serial, autoId)
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("one_click_opt_in", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", big, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", big, (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("expires_at", big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

      await db.schema
        .createTable("saved_vehicles")
        .addColumn("user_id", big, (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("listing_id", big, (c) => c.notNull().references("listings.id").onDelete("cascade"))
        .addColumn("price_at_save", "integer", (c) => c.notNull())
        .addColumn("last_alert_price", "integer", (c) => c.notNull())
        .addColumn("saved_at", big, (c) => c.notNull())
        .addPrimaryKeyConstraint("saved_vehicles_pk", ["user_id", "listing_id"])
        .execute();

      await db.schema
        .createTable("saved_searches")
        // The bookmarkId: random, so share links cannot be enumerated.
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", big, (c) => c.references("users.id").onDelete("cascade"))
        // Signed-out email capture: the address alone (at most 2 searches per address).
        .addColumn("email", "text")
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("search_url", "text", (c) => c.notNull())
        .addColumn("alerts", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("last_executed", big, (c) => c.notNull())
        /** New matches are listings dated after this instant. */
        .addColumn("matched_since", big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("saved_searches_user").on("saved_searches").column("user_id").execute();
      await db.schema.createIndex("saved_searches_email").on("saved_searches").column("email").execute();

      await db.schema
        .createTable("price_alerts")
        .addColumn("id", serial, autoId)
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("listing_id", big, (c) => c.notNull().references("listings.id").onDelete("cascade"))
        .addColumn("last_alert_price", "integer", (c) => c.notNull())
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", big, (c) => c.notNull())
        .addUniqueConstraint("price_alerts_email_listing", ["email", "listing_id"])
        .execute();

      await db.schema
        .createTable("sent_alerts")
        .addColumn("alert_key", "text", (c) => c.primaryKey())
        .addColumn("sent_at", big, (c) => c.notNull())
        .execute();
    },
  };
}

/** "004-accounts-2-vehicle-alerts": a per-saved-car switch for price-drop emails (unsubscribe). */
export function migration004AccountsVehicleAlerts(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable("saved_vehicles")
        .addColumn("alerts", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}

/**
 * Migration "008-recent-views": the cars a signed-in shopper looked at (browsing history), for
 * 'Recently viewed' on the home page and the results page's 'Still interested?' alert; a
 * dismissed alert is remembered per car (docs/decisions/018-recently-viewed.md).
 */
export function migration008RecentViews(dialect: Dialect): Migration {
  const { big } = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("recent_views")
        .addColumn("user_id", big, (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("listing_id", big, (c) => c.notNull().references("listings.id").onDelete("cascade"))
        .addColumn("viewed_at", big, (c) => c.notNull())
        .addColumn("dismissed_at", big)
        .addPrimaryKeyConstraint("recent_views_pk", ["user_id", "listing_id"])
        .execute();
      await db.schema.createIndex("recent_views_user_time").on("recent_views").columns(["user_id", "viewed_at"]).execute();
    },
  };
}

/**
 * Migration "011-email-verification" (docs/decisions/020-verified-identity-and-reports.md):
 * - users: when the address was verified (null: not yet; it then counts for nothing), and an
 *   address the user asked to change to, which replaces `email` only once it is verified;
 * - price alerts and email-only saved searches: when the address confirmed them (double opt-in;
 *   nothing is mailed before). Rows that exist already were made before the rule and stay on;
 * - listing reports: the verified account that reported (null: anonymous, never counts towards
 *   hiding a car).
 */
export function migration011EmailVerification(dialect: Dialect): Migration {
  const { big } = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable("users").addColumn("email_verified_at", big).execute();
      await db.schema.alterTable("users").addColumn("pending_email", "text").execute();
      await db.schema.alterTable("price_alerts").addColumn("confirmed_at", big).execute();
      await db
        .updateTable("price_alerts")
        .set((eb: any) => ({ confirmed_at: eb.ref("created_at") }))
        .execute();
      await db.schema.alterTable("saved_searches").addColumn("confirmed_at", big).execute();
      await db
        .updateTable("saved_searches")
        .set((eb: any) => ({ confirmed_at: eb.ref("created_at") }))
        .execute();
      await db.schema.alterTable("listing_reports").addColumn("user_id", big).execute();
      await db.schema.createIndex("listing_reports_listing_time").on("listing_reports").columns(["listing_id", "created_at"]).execute();
    },
  };
}
