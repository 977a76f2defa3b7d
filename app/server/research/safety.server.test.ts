// The NHTSA safety ratings importer, on SQLite and PostgreSQL: the shipped layout sample loads,
// a second import changes nothing, a changed row is updated, bad rows are skipped with a reason,
// CSV in the same field names reads the same; the Safety tab's data and rule.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { emptySearchQuery, type SearchQuery } from "../../lib/search-query.ts";
import { safetyYear } from "../../lib/safety.ts";
import { SafetyParseError, importSafetyRatings, safetyInfoOf } from "./safety.server.ts";

const SAMPLE = readFileSync(new URL("../../../tests/fixtures/nhtsa-safety-sample.json", import.meta.url), "utf8");

describe("safetyYear", () => {
  const q = (p: Partial<SearchQuery>): SearchQuery => ({ ...emptySearchQuery(), makeCodes: ["HONDA"], models: { HONDA: ["CRV"] }, ...p });
  it("uses the year before the current one when no year is set, else the single year", () => {
    expect(safetyYear(q({}), 2026)).toEqual({ make: "HONDA", model: "CRV", year: 2025 });
    expect(safetyYear(q({ startYear: 2022, endYear: 2022 }), 2026)?.year).toBe(2022);
    expect(safetyYear(q({ startYear: 2020, endYear: 2022 }), 2026)).toBeNull();
    expect(safetyYear(q({ trimCodes: ["HONDA|EX"] }), 2026)).toBeNull();
    expect(safetyYear(q({ models: { HONDA: ["CRV", "CIVIC"] } }), 2026)).toBeNull();
    expect(safetyYear(q({ makeCodes: ["HONDA", "FORD"] }), 2026)).toBeNull();
  });
});

for (const factory of testDatabaseFactories()) {
  describe(`NHTSA safety ratings on ${factory.name}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await factory.create();
      const k = t.db.kysely;
      await k
        .insertInto("ref_makes")
        .values([
          { code: "HONDA", name: "Honda" },
          { code: "FORD", name: "Ford" },
        ])
        .execute();
      await k
        .insertInto("ref_models")
        .values([
          { make_code: "HONDA", code: "CRV", name: "CR-V", series_code: null, body_style_code: "SUVCROSS", first_year: 2000, last_year: 2026 },
          { make_code: "FORD", code: "F150", name: "F150", series_code: null, body_style_code: "TRUCKS", first_year: 2000, last_year: 2026 },
        ])
        .execute();
    });
    afterAll(async () => t?.drop());

    it("loads the layout sample once: importing it again changes nothing", async () => {
      expect(await importSafetyRatings(t.db, { text: SAMPLE, format: "json" })).toEqual({ rows: 4, inserted: 4, updated: 0, unchanged: 0, rejected: [] });
      expect(await importSafetyRatings(t.db, { text: SAMPLE, format: "json" })).toEqual({ rows: 4, inserted: 0, updated: 0, unchanged: 4, rejected: [] });
      const doc = JSON.parse(SAMPLE);
      doc.Results[0].OverallRating = "4";
      expect(await importSafetyRatings(t.db, { text: JSON.stringify(doc), format: "json" })).toMatchObject({ updated: 1, unchanged: 3 });
      await importSafetyRatings(t.db, { text: SAMPLE, format: "json" });
    });

    it("gives the Safety tab's groups with label and value", async () => {
      const info = await safetyInfoOf(t.db, "HONDA", "CRV", 2025);
      expect(info?.vehicles.map((v) => v.description)).toEqual([
        "2025 Honda CR-V SUV AWD (layout sample, not NHTSA ratings)",
        "2025 Honda CR-V SUV FWD (layout sample, not NHTSA ratings)",
      ]);
      expect(info?.vehicles[0]!.features[0]).toEqual({
        group: "Safety Ratings",
        items: [
          { label: "Overall rating", value: "5 out of 5 stars" },
          { label: "Frontal crash", value: "4 out of 5 stars" },
          { label: "Side crash", value: "5 out of 5 stars" },
          { label: "Rollover", value: "4 out of 5 stars" },
          { label: "Risk of rollover", value: "15.1%" },
        ],
      });
      expect(info?.vehicles[0]!.features[1]!.group).toBe("Safety Features and Specifications");
      expect((await safetyInfoOf(t.db, "FORD", "F150", 2025))?.vehicles[0]!.features[0]!.items.find((i) => i.label === "Rollover")?.value).toBe("Not Rated");
      expect(await safetyInfoOf(t.db, "HONDA", "CRV", 2019)).toBeNull();
    });

    it("skips bad rows with a reason each, and reads CSV in the same field names", async () => {
      const csv = [
        "VehicleId,ModelYear,Make,Model,VehicleDescription,OverallRating,OverallFrontCrashRating," +
          "OverallSideCrashRating,RolloverRating,RolloverPossibility,NHTSAElectronicStabilityControl",
        "9900010,2024,HONDA,CR-V,2024 Honda CR-V,5,4,5,4,0.15,Standard",
        ",2024,HONDA,CR-V,no id,5,4,5,4,,",
        "9900011,2024,ACME,Rocket,unknown make,5,5,5,5,,",
        "9900012,2024,HONDA,Pilotless,unknown model,5,5,5,5,,",
        "9900013,2024,HONDA,CR-V,bad stars,6,4,5,4,,",
        "9900014,19x4,HONDA,CR-V,bad year,5,4,5,4,,",
        "9900015,2024,HONDA,CR-V,nothing rated,Not Rated,Not Rated,,,,",
        "9900010,2024,HONDA,CR-V,again,5,4,5,4,,",
      ].join("\n");
      const s = await importSafetyRatings(t.db, { text: csv, format: "csv" });
      expect(s.inserted).toBe(1);
      expect(s.rejected.map((r) => [r.row, r.reason])).toEqual([
        [2, "VehicleId is missing or not a number"],
        [3, 'Make "ACME" is not in the catalogue'],
        [4, 'Model "Pilotless" of HONDA is not in the catalogue'],
        [5, 'OverallRating must be 1 to 5 stars or "Not Rated" (got "6")'],
        [6, "ModelYear is missing or not a year"],
        [7, "no star rating at all (every rating is Not Rated)"],
        [8, "VehicleId 9900010 appears twice in the file (the first row was used)"],
      ]);
      await expect(importSafetyRatings(t.db, { text: "{nope", format: "json" })).rejects.toBeInstanceOf(SafetyParseError);
    });
  });
}
