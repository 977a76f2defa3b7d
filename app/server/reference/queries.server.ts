// Read-side reference queries for pages (makes and models shoppers can pick from).
import type { Database } from "../db/connection.server.ts";

export interface MakeOption {
  code: string;
  name: string;
  count: number;
  models: { code: string; name: string; count: number }[];
}

/** Makes and models with active listings, alphabetical, with their active listing counts. */
export async function makesWithModels(db: Database): Promise<MakeOption[]> {
  const rows = await db.kysely
    .selectFrom("listings as l")
    .innerJoin("ref_makes as mk", "mk.code", "l.make_code")
    .innerJoin("ref_models as md", (j) => j.onRef("md.make_code", "=", "l.make_code").onRef("md.code", "=", "l.model_code"))
    .select(["l.make_code", "mk.name as make_name", "l.model_code", "md.name as model_name", (eb) => eb.fn.countAll<number>().as("n")])
    .where("l.status", "=", "active")
    .groupBy(["l.make_code", "mk.name", "l.model_code", "md.name"])
    .execute();
  const byMake = new Map<string, MakeOption>();
  for (const r of rows) {
    let m = byMake.get(r.make_code);
    if (!m) {
      m = { code: r.make_code, name: r.make_name, count: 0, models: [] };
      byMake.set(r.make_code, m);
    }
    const n = Number(r.n);
    m.count += n;
    m.models.push({ code: r.model_code, name: r.model_name, count: n });
  }
  const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
  const makes = [...byMake.values()].sort((a, b) => collator.compare(a.name, b.name));
  for (const m of makes) m.models.sort((a, b) => collator.compare(a.name, b.name));
  return makes;
}

export async function activeListingCount(db: Database): Promise<number> {
  const row = await db.kysely
    .selectFrom("listings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
