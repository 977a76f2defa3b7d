import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { loadCatalog } from "./catalog.server.ts";
import { ensureReferenceData } from "./store.server.ts";
import { seedInventory } from "../inventory/seed.server.ts";

describe.each(testDatabaseFactories())("reference data on $name", (factory) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await factory.create();
  });
  afterAll(async () => {
    await t.drop();
  });

  it("writes the catalogue and the ZIP table once", async () => {
    const first = await ensureReferenceData(t.db);
    expect(first).toEqual({ catalogWritten: true, zipsWritten: true });
    const again = await ensureReferenceData(t.db);
    expect(again).toEqual({ catalogWritten: false, zipsWritten: false });
  });

  it("stores every make, model and trim of the catalogue", async () => {
    const catalog = loadCatalog();
    const count = async (table: "ref_makes" | "ref_models" | "ref_trims") =>
      Number(
        (
          await t.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count("ref_makes")).toBe(catalog.makes.length);
    expect(await count("ref_models")).toBe(catalog.models.length);
    expect(await count("ref_trims")).toBe(catalog.trims.length);
  });

  it("gives every listing its trim's EPA fuel cost, again when a new catalogue is stored", async () => {
    await seedInventory(t.db, { listings: 60, seed: 5 });
    const costs = () =>
      t.db.kysely
        .selectFrom("listings as l")
        .innerJoin("ref_trims as t", "t.id", "l.trim_id")
        .select(["l.id", "l.annual_fuel_cost as listing", "t.annual_fuel_cost as trim", "t.fuel_type_group as fuel"])
        .execute();
    const seeded = await costs();
    expect(seeded.length).toBeGreaterThan(0);
    for (const r of seeded) expect(r.listing).toBe(r.trim);
    expect(seeded.filter((r) => r.fuel !== "HYD").every((r) => Number(r.listing) > 0)).toBe(true);
    // Listings written before the column existed have none until the catalogue is stored again.
    await t.db.kysely.updateTable("listings").set({ annual_fuel_cost: null }).execute();
    await t.db.kysely.updateTable("meta").set({ value: "an older catalogue" }).where("key", "=", "catalog_fingerprint").execute();
    expect((await ensureReferenceData(t.db)).catalogWritten).toBe(true);
    for (const r of await costs()) expect(r.listing).toBe(r.trim);
  });

  it("answers reference lookups: a real model with its trims, and a real ZIP", async () => {
    const camry = await t.db.kysely
      .selectFrom("ref_trims")
      .select(["trim_name", "msrp", "fuel_type_group", "trim_code"])
      .where("make_code", "=", "TOYOTA")
      .where("model_code", "=", "CAMRY")
      .where("year", "=", 2024)
      .orderBy("trim_rank")
      .execute();
    expect(camry.length).toBeGreaterThan(1);
    for (const trim of camry) expect(trim.trim_code).toBe(`TOYOTA|${trim.trim_name}`);
    const zip = await t.db.kysely.selectFrom("zips").selectAll().where("zip", "=", "60601").executeTakeFirstOrThrow();
    expect(zip).toMatchObject({ city: "Chicago", state: "IL" });
  });
});
