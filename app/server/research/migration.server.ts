// Migrations for model research (docs/decisions/024-model-research.md).
import type { CreateTableBuilder, Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Dialect } from "../db/connection.server.ts";
import { columnTypes } from "../db/migration-types.server.ts";

type AnyDb = Kysely<any>;

/** What consumer and dealer reviews both keep after their text: the moderation, the helpful votes, the times. */
function moderatedReviewColumns(big: "bigint" | "integer") {
  return (table: CreateTableBuilder<any, any>) =>
    table
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("held_reasons", "text")
      .addColumn("reject_reason", "text")
      .addColumn("helpful_yes", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("helpful_no", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", big, (c) => c.notNull())
      .addColumn("updated_at", big, (c) => c.notNull())
      .addColumn("decided_at", big);
}

/**
 * "015-reviews": consumer reviews of a model year, written by verified accounts (one per account
 * and model year), published only after an operator approved them; and helpful votes, one per
 * visitor and review.
 */
export function migration015Reviews(dialect: Dialect): Migration {
  const { big, serial, autoId } = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("consumer_reviews")
        .addColumn("id", serial, autoId)
        .addColumn("user_id", big, (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("make_code", "text", (c) => c.notNull())
        .addColumn("model_code", "text", (c) => c.notNull())
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("trim_id", "text")
        .addColumn("trim_name", "text")
        .addColumn("overall", "integer", (c) => c.notNull())
        .addColumn("comfort", "integer", (c) => c.notNull())
        .addColumn("performance", "integer", (c) => c.notNull())
        .addColumn("reliability", "integer", (c) => c.notNull())
        .addColumn("value", "integer", (c) => c.notNull())
        .addColumn("interior", "integer", (c) => c.notNull())
        .addColumn("technology", "integer", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .$call(moderatedReviewColumns(big))
        .addUniqueConstraint("consumer_reviews_once", ["user_id", "make_code", "model_code", "year"])
        .execute();
      await db.schema.createIndex("consumer_reviews_model_year").on("consumer_reviews").columns(["make_code", "model_code", "year", "status"]).execute();
      await db.schema.createIndex("consumer_reviews_status").on("consumer_reviews").columns(["status", "updated_at"]).execute();

      await db.schema
        .createTable("review_votes")
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("review_id", big, (c) => c.notNull())
        .addColumn("voter_key", "text", (c) => c.notNull())
        .addColumn("helpful", "integer", (c) => c.notNull())
        .addColumn("created_at", big, (c) => c.notNull())
        .addPrimaryKeyConstraint("review_votes_pk", ["kind", "review_id", "voter_key"])
        .execute();
    },
  };
}

/**
 * "015-safety-ratings": NHTSA 5-Star Safety Ratings, one row per NHTSA vehicle (its VehicleId:
 * a model year's body / drive variant), loaded only by `npm run import:safety -- FILE`.
 * Stars are null where NHTSA says "Not Rated".
 */
export function migration015SafetyRatings(dialect: Dialect): Migration {
  const { big, double } = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("safety_ratings")
        .addColumn("vehicle_id", big, (c) => c.primaryKey())
        .addColumn("make_code", "text", (c) => c.notNull())
        .addColumn("model_code", "text", (c) => c.notNull())
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("overall", "integer")
        .addColumn("front", "integer")
        .addColumn("front_driver", "integer")
        .addColumn("front_passenger", "integer")
        .addColumn("side", "integer")
        .addColumn("side_driver", "integer")
        .addColumn("side_passenger", "integer")
        .addColumn("side_pole", "integer")
        .addColumn("rollover", "integer")
        .addColumn("rollover_possibility", double)
        .addColumn("esc", "text")
        .addColumn("fcw", "text")
        .addColumn("ldw", "text")
        .addColumn("imported_at", big, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("safety_ratings_model_year").on("safety_ratings").columns(["make_code", "model_code", "year"]).execute();
    },
  };
}

/**
 * "015-dealer-reviews": reviews of a dealer by shoppers who contacted it through Forecourt (a
 * stored lead), moderated like consumer reviews; the dealer's published average and count kept on
 * the owner (the one place pages read a dealer's rating from); when a lead's review invitation went.
 */
export function migration015DealerReviews(dialect: Dialect): Migration {
  const { big, serial, double, autoId } = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("dealer_reviews")
        .addColumn("id", serial, autoId)
        .addColumn("user_id", big, (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("owner_id", big, (c) => c.notNull().references("owners.id").onDelete("cascade"))
        .addColumn("rating", "integer", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .$call(moderatedReviewColumns(big))
        .addUniqueConstraint("dealer_reviews_once", ["user_id", "owner_id"])
        .execute();
      await db.schema.createIndex("dealer_reviews_owner").on("dealer_reviews").columns(["owner_id", "status"]).execute();
      await db.schema.alterTable("owners").addColumn("review_rating", double).execute();
      await db.schema
        .alterTable("owners")
        .addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("leads").addColumn("review_invite_at", big).execute();
      // Addresses that asked for no more review invitations (the invitation's unsubscribe link).
      await db.schema
        .createTable("review_invite_optouts")
        .addColumn("email", "text", (c) => c.primaryKey())
        .addColumn("created_at", big, (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * "015-expert-reviews": reviews written by Forecourt's editors (operators) per model and model
 * year: headline, verdict, pros, cons, a Markdown body kept with its sanitised HTML, a score, the
 * author; draft until published.
 */
export function migration015ExpertReviews(dialect: Dialect): Migration {
  const { big, serial, autoId } = columnTypes(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("expert_reviews")
        .addColumn("id", serial, autoId)
        .addColumn("make_code", "text", (c) => c.notNull())
        .addColumn("model_code", "text", (c) => c.notNull())
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("headline", "text", (c) => c.notNull())
        .addColumn("verdict", "text", (c) => c.notNull())
        .addColumn("pros", "text", (c) => c.notNull())
        .addColumn("cons", "text", (c) => c.notNull())
        .addColumn("body_md", "text", (c) => c.notNull())
        .addColumn("body_html", "text", (c) => c.notNull())
        .addColumn("score", "integer", (c) => c.notNull())
        .addColumn("author", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("published_at", big)
        .addColumn("created_at", big, (c) => c.notNull())
        .addColumn("updated_at", big, (c) => c.notNull())
        .addUniqueConstraint("expert_reviews_model_year", ["make_code", "model_code", "year"])
        .execute();
    },
  };
}
