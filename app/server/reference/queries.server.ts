// Read-side counts straight from the database (start-up seeding decision, health check).
import type { Database } from "../db/connection.server.ts";

export async function activeListingCount(db: Database): Promise<number> {
  const row = await db.kysely
    .selectFrom("listings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
