// What a migration writes differently on SQLite and PostgreSQL (docs/decisions/002-database-policy.md):
// the 64-bit and floating-point column types and the auto-numbered id. Every migration module
// takes its types from here.
import type { ColumnDefinitionBuilder } from "kysely";
import type { Dialect } from "./connection.server.ts";

export function columnTypes(dialect: Dialect) {
  const pg = dialect === "postgres";
  return {
    pg,
    /** 64-bit integer (epoch ms, ids that reference an auto-numbered id, and the like). */
    big: pg ? ("bigint" as const) : ("integer" as const),
    double: pg ? ("double precision" as const) : ("real" as const),
    /** The auto-numbered id's type, with `autoId`: `.addColumn("id", t.serial, t.autoId)`. */
    serial: pg ? ("bigserial" as const) : ("integer" as const),
    autoId: (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()),
  };
}
