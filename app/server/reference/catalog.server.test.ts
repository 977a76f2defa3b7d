import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Catalog, CatalogTrim } from "../../lib/catalog-types.ts";
import { buildCatalog, EPA_CSV_PATH, loadCatalog, resetCatalogCache } from "./catalog.server.ts";
import { CsvError, formatCsv, parseCsv, parseCsvObjects } from "./csv.server.ts";
import { driveGroupOf, engineDescriptionOf, evMotorKw, fuelTypeGroupOf, parseEpaCsv, transmissionCodeOf, type EpaRow } from "./epa.server.ts";

const csvText = readFileSync(path.resolve(process.cwd(), EPA_CSV_PATH), "utf8");

describe("parseCsv (RFC 4180)", () => {
  it("splits plain fields and records", () => {
    expect(parseCsv("a,b,c\n1,2,3\n")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
  });

  it("handles quoted fields with commas, escaped quotes and line breaks", () => {
    const text = 'name,notes\r\n"Smith, John","He said ""hi"""\r\n"multi\nline",x\r\n';
    expect(parseCsv(text)).toEqual([
      ["name", "notes"],
      ["Smith, John", 'He said "hi"'],
      ["multi\nline", "x"],
    ]);
  });

  it("keeps empty fields, including trailing ones, and skips blank lines", () => {
    expect(parseCsv(',a,,\n\n"",b\n')).toEqual([
      ["", "a", "", ""],
      ["", "b"],
    ]);
    expect(parseCsv("a,")).toEqual([["a", ""]]);
  });

  it("accepts a BOM, CRLF, lone CR and no final newline", () => {
    expect(parseCsv("\ufeffx,y\r1,2\r\n3,4")).toEqual([
      ["x", "y"],
      ["1", "2"],
      ["3", "4"],
    ]);
  });

  it("supports another delimiter", () => {
    expect(parseCsv('a;"b;c"\n', { delimiter: ";" })).toEqual([["a", "b;c"]]);
  });

  it("rejects an unterminated quote and text after a closing quote", () => {
    expect(() => parseCsv('a,"bc\n1,2')).toThrow(CsvError);
    expect(() => parseCsv('"ab"c,d')).toThrow(/after closing quote/);
  });

  it("parseCsvObjects maps rows onto the header, filling missing fields", () => {
    expect(parseCsvObjects(" vin ,price\nABC,100\nDEF\n")).toEqual([
      { vin: "ABC", price: "100" },
      { vin: "DEF", price: "" },
    ]);
    expect(parseCsvObjects("")).toEqual([]);
  });

  it("round-trips through formatCsv", () => {
    const rows = [
      ["a", 'q"uote', "com,ma"],
      ["line\nbreak", "", "3"],
    ];
    expect(parseCsv(formatCsv(rows))).toEqual(rows);
  });

  it("parses the whole EPA file into 20,949 rows of 38 columns", () => {
    const rows = parseCsv(csvText);
    expect(rows).toHaveLength(20_950);
    expect(rows.every((r) => r.length === 38)).toBe(true);
  });
});

describe("EPA column rules", () => {
  const row = (over: Partial<EpaRow>): EpaRow => ({
    id: 1,
    year: 2024,
    make: "Test",
    model: "Car",
    baseModel: "Car",
    vClass: "Midsize Cars",
    drive: "Front-Wheel Drive",
    trany: "Automatic (S8)",
    cylinders: 4,
    displ: 2.5,
    engDscr: "",
    turbo: false,
    supercharged: false,
    fuelType: "Regular",
    fuelType1: "Regular Gasoline",
    fuelType2: "",
    atvType: "",
    city08: 30,
    highway08: 40,
    comb08: 34,
    cityA08: null,
    highwayA08: null,
    range: null,
    rangeA: null,
    evMotor: "",
    fuelCost08: 1350,
    ...over,
  });

  it("maps atvType / fuel to the fuel group", () => {
    expect(fuelTypeGroupOf(row({ atvType: "EV", fuelType1: "Electricity" }))).toBe("ELE");
    expect(fuelTypeGroupOf(row({ atvType: "FCV", fuelType1: "Hydrogen" }))).toBe("HYD");
    expect(fuelTypeGroupOf(row({ atvType: "Plug-in Hybrid" }))).toBe("PHEV");
    expect(fuelTypeGroupOf(row({ atvType: "Hybrid" }))).toBe("HYB");
    expect(fuelTypeGroupOf(row({ atvType: "Diesel", fuelType1: "Diesel" }))).toBe("DSL");
    expect(fuelTypeGroupOf(row({ atvType: "CNG", fuelType1: "Natural Gas" }))).toBe("ALT");
    expect(fuelTypeGroupOf(row({ atvType: "Bifuel (CNG)" }))).toBe("ALT");
    expect(fuelTypeGroupOf(row({ atvType: "FFV", fuelType: "Gasoline or E85" }))).toBe("GSL");
    expect(fuelTypeGroupOf(row({}))).toBe("GSL");
  });

  it("reads fuelCost08 as dollars a year, 0 or empty as none", () => {
    const header =
      "id,year,make,model,baseModel,VClass,drive,trany,cylinders,displ,eng_dscr,tCharger,sCharger,fuelType," +
      "fuelType1,fuelType2,atvType,city08,highway08,comb08,cityA08,highwayA08,range,rangeA,evMotor,fuelCost08";
    const line = (id: number, cost: string) =>
      `${id},2024,Test,Car,Car,Midsize Cars,Front-Wheel Drive,Automatic (S8),4,2.5,,,,Regular,Regular Gasoline,,,30,40,34,,,,,,${cost}`;
    const rows = parseEpaCsv([header, line(1, "1350"), line(2, "0"), line(3, "")].join("\n"));
    expect(rows.map((r) => r.fuelCost08)).toEqual([1350, null, null]);
    expect(() => parseEpaCsv(header.replace(",fuelCost08", "") + "\n" + line(1, "").replace(/,$/, ""))).toThrow(/fuelCost08/);
  });

  it("maps drive and transmission", () => {
    expect(driveGroupOf("Front-Wheel Drive")).toBe("FWD");
    expect(driveGroupOf("Rear-Wheel Drive")).toBe("RWD");
    for (const d of ["All-Wheel Drive", "4-Wheel Drive", "Part-time 4-Wheel Drive", "4-Wheel or All-Wheel Drive"]) {
      expect(driveGroupOf(d)).toBe("AWD4WD");
    }
    expect(transmissionCodeOf("Manual 6-spd")).toBe("MAN");
    expect(transmissionCodeOf("Automatic (AM-S7)")).toBe("AUT");
  });

  it("reads motor outputs and describes engines", () => {
    expect(evMotorKw("208 and 208 kW ACPM")).toEqual([208, 208]);
    expect(evMotorKw("193 (front) 375 (rear) (100 kW-hr battery pack)")).toEqual([193, 375]);
    expect(evMotorKw("165 and 295 kW ACPM 6-Phase")).toEqual([165, 295]);
    expect(evMotorKw("TBD")).toEqual([]);
    expect(engineDescriptionOf(row({ displ: 2.5, cylinders: 4, turbo: true }))).toBe("2.5L 4-Cylinder Turbo");
    expect(engineDescriptionOf(row({ atvType: "EV", fuelType1: "Electricity", evMotor: "208 and 208 kW ACPM" }))).toBe("Dual-Motor Electric (416 kW)");
    expect(engineDescriptionOf(row({ atvType: "Hybrid", engDscr: "SIDI; Mild Hybrid", displ: 3, cylinders: 6 }))).toBe("3.0L 6-Cylinder Mild Hybrid");
  });
});

describe("buildCatalog on the EPA file", () => {
  let catalog: Catalog;
  let epaById: Map<number, EpaRow>;
  const trimsOf = (make: string, model: string, year: number) => catalog.trims.filter((t) => t.makeCode === make && t.modelCode === model && t.year === year);

  beforeAll(() => {
    catalog = buildCatalog(csvText);
    epaById = new Map(parseEpaCsv(csvText).map((r) => [r.id, r]));
  });

  it("has a believable size", () => {
    expect(catalog.makes.length).toBeGreaterThanOrEqual(60);
    expect(catalog.models.length).toBeGreaterThanOrEqual(600);
    expect(catalog.trims.length).toBeGreaterThanOrEqual(15_000);
    expect(catalog.years).toEqual(Array.from({ length: 17 }, (_, i) => 2010 + i));
  });

  it("uses EPA make names and upper-case alphanumeric codes, one make per code", () => {
    const codes = catalog.makes.map((m) => m.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const m of catalog.makes) expect(m.code).toBe(m.name.toUpperCase().replace(/[^A-Z0-9]/g, ""));
    expect(catalog.makes.find((m) => m.code === "MERCEDESBENZ")?.name).toBe("Mercedes-Benz");
    expect(catalog.makes.find((m) => m.code === "MINI")?.name).toBe("MINI");
    expect(catalog.makes.find((m) => m.code === "SMART")?.name).toBe("smart");
    // Makes whose last model year is before 2012, and the excluded tuner, are left out.
    for (const gone of ["PONTIAC", "SATURN", "MERCURY", "HUMMER", "RUFAUTOMOBILE"]) expect(codes).not.toContain(gone);
  });

  it("has unique model codes within a make, and models reference real makes and series", () => {
    const makeCodes = new Set(catalog.makes.map((m) => m.code));
    const seriesKeys = new Set(catalog.series.map((s) => `${s.makeCode}|${s.code}`));
    const modelKeys = catalog.models.map((m) => `${m.makeCode}|${m.code}`);
    expect(new Set(modelKeys).size).toBe(modelKeys.length);
    expect(new Set(seriesKeys).size).toBe(catalog.series.length);
    for (const m of catalog.models) {
      expect(makeCodes.has(m.makeCode)).toBe(true);
      expect(m.code).toMatch(/^[A-Z0-9]+$/);
      if (m.seriesCode) expect(seriesKeys.has(`${m.makeCode}|${m.seriesCode}`)).toBe(true);
      expect(m.years).toEqual([...new Set(m.years)].sort((a, b) => a - b));
    }
  });

  it("groups models into series", () => {
    const series = (make: string, model: string) => catalog.models.find((m) => m.makeCode === make && m.code === model)?.seriesCode;
    expect(series("BMW", "3SERIES")).toBe("3SERIES");
    expect(series("BMW", "M3")).toBe("3SERIES");
    expect(series("MERCEDESBENZ", "CCLASS")).toBe("CCLASS");
    expect(series("FORD", "F150")).toBe("FSERIES");
    expect(series("FORD", "F150LIGHTNING")).toBe("FSERIES");
    expect(series("CHEVROLET", "SILVERADO")).toBe("SILVERADO");
    expect(series("TOYOTA", "CAMRY")).toBeNull();
  });

  it("gives every trim a unique id, the make|trim code and a model-year that exists", () => {
    const ids = new Set<string>();
    const models = new Map(catalog.models.map((m) => [`${m.makeCode}|${m.code}`, m]));
    const bad: string[] = [];
    for (const t of catalog.trims) {
      if (ids.has(t.id)) bad.push(`duplicate id ${t.id}`);
      ids.add(t.id);
      if (t.trimCode !== `${t.makeCode}|${t.trimName}`) bad.push(`trimCode ${t.trimCode}`);
      if (!t.id.startsWith(`${t.year}-${t.makeCode}-${t.modelCode}-`) || !/-[a-z0-9]+(-[a-z0-9]+)*$/.test(t.id)) bad.push(`id ${t.id}`);
      if (t.trimName.split(" ").length > 4) bad.push(`long name ${t.trimName}`);
      if (!models.get(`${t.makeCode}|${t.modelCode}`)?.years.includes(t.year)) bad.push(`model-year ${t.id}`);
    }
    expect(bad).toEqual([]);
  });

  it("builds every trim on a real EPA configuration and copies its facts", () => {
    const makeName = new Map(catalog.makes.map((m) => [m.code, m.name]));
    const bad: string[] = [];
    for (const t of catalog.trims) {
      const r = epaById.get(t.epaId);
      if (!r) {
        bad.push(`${t.id}: no EPA row ${t.epaId}`);
        continue;
      }
      const same =
        r.year === t.year &&
        r.make.toUpperCase().replace(/[^A-Z0-9]/g, "") === t.makeCode &&
        makeName.has(t.makeCode) &&
        t.epaCity === r.city08 &&
        t.epaHwy === r.highway08 &&
        t.epaCombined === r.comb08 &&
        t.drive === r.drive &&
        t.driveGroup === driveGroupOf(r.drive) &&
        t.transmission === r.trany &&
        t.transmissionCode === transmissionCodeOf(r.trany) &&
        t.fuelType === r.fuelType &&
        t.fuelTypeGroup === fuelTypeGroupOf(r) &&
        t.annualFuelCost === r.fuelCost08;
      if (!same) bad.push(`${t.id}: differs from EPA row ${t.epaId}`);
    }
    expect(bad).toEqual([]);
  });

  it("carries EPA's annual fuel cost (fuelCost08) per trim, and none where EPA gives none (hydrogen)", () => {
    // Read straight from the file's column: 2024 Camry LE (28 MPG combined on regular) and a Model 3.
    const raw = parseCsvObjects(csvText);
    const costOf = (id: number) => Number(raw.find((r) => Number(r.id) === id)!.fuelCost08);
    const camry = trimsOf("TOYOTA", "CAMRY", 2024)[0]!;
    expect(camry.annualFuelCost).toBe(costOf(camry.epaId));
    expect(camry.annualFuelCost).toBeGreaterThanOrEqual(1000);
    const model3 = trimsOf("TESLA", "MODEL3", 2024)[0]!;
    expect(model3.annualFuelCost).toBe(costOf(model3.epaId));
    expect(model3.annualFuelCost!).toBeLessThan(camry.annualFuelCost!);
    const hydrogen = catalog.trims.filter((t) => t.fuelTypeGroup === "HYD");
    expect(hydrogen.length).toBeGreaterThan(0);
    for (const t of hydrogen) expect(t.annualFuelCost).toBeNull();
    // Everything else has one: every other EPA row of the file states a cost.
    expect(catalog.trims.filter((t) => t.fuelTypeGroup !== "HYD" && t.annualFuelCost === null)).toEqual([]);
  });

  it("orders each model-year's trims by price and keeps prices plausible", () => {
    const byKey = new Map<string, CatalogTrim[]>();
    for (const t of catalog.trims) {
      const k = `${t.year}|${t.makeCode}|${t.modelCode}`;
      byKey.set(k, [...(byKey.get(k) ?? []), t]);
    }
    const bad: string[] = [];
    for (const [k, list] of byKey) {
      if (list.length < 2 || list.length > 5) bad.push(`${k}: ${list.length} trims`);
      if (new Set(list.map((t) => t.trimName.toLowerCase())).size !== list.length) bad.push(`${k}: duplicate names`);
      for (let i = 1; i < list.length; i++) if (list[i]!.nationalMSRP <= list[i - 1]!.nationalMSRP) bad.push(`${k}: not ascending`);
    }
    for (const t of catalog.trims) {
      if (t.nationalMSRP % 5 !== 0 || t.nationalMSRP < 8000 || t.nationalMSRP > 8_000_000) bad.push(`${t.id}: ${t.nationalMSRP}`);
    }
    expect(bad).toEqual([]);
  });

  it("derives the 2024 Toyota Camry ladder", () => {
    const camry = trimsOf("TOYOTA", "CAMRY", 2024);
    expect(camry.map((t) => t.trimName.split(" ")[0])).toEqual(["LE", "SE", "XLE", "XSE"]);
    expect(camry[0]!.nationalMSRP).toBeGreaterThanOrEqual(26_500);
    expect(camry[0]!.nationalMSRP).toBeLessThanOrEqual(29_500);
    expect(camry.at(-1)!.nationalMSRP).toBeLessThan(45_000);
    expect(camry.every((t) => t.bodyStyleCode === "SEDAN" && t.bodyStyleSubtypeCode === "MIDSIZESEDAN")).toBe(true);
    expect(camry.every((t) => t.doors === 4 && t.truckBedLength === null && t.truckCabSize === null)).toBe(true);
    expect(catalog.models.find((m) => m.makeCode === "TOYOTA" && m.code === "CAMRY")?.years).toEqual(Array.from({ length: 17 }, (_, i) => 2010 + i));
  });

  it("prices anchor models believably", () => {
    const base = (make: string, model: string, year = 2024) => trimsOf(make, model, year)[0]!.nationalMSRP;
    expect(base("BMW", "3SERIES")).toBeGreaterThan(42_000);
    expect(base("BMW", "3SERIES")).toBeLessThan(48_000);
    expect(base("FORD", "F150")).toBeGreaterThan(34_000);
    expect(base("FORD", "F150")).toBeLessThan(38_500);
    expect(trimsOf("FORD", "F150", 2024)[0]!.trimName).toBe("XL");
    expect(base("TESLA", "MODEL3")).toBeGreaterThan(37_000);
    expect(base("TESLA", "MODEL3")).toBeLessThan(43_000);
    expect(base("PORSCHE", "911")).toBeGreaterThan(110_000);
    for (const t of catalog.trims.filter((x) => x.makeCode === "FERRARI" && x.year >= 2024)) {
      expect(t.nationalMSRP, t.id).toBeGreaterThan(250_000);
    }
    // Older model years are cheaper (about 3% a year).
    expect(base("TOYOTA", "CAMRY", 2014)).toBeLessThan(base("TOYOTA", "CAMRY", 2024) * 0.85);
    // Hypercars cost more than sports cars, which cost more than economy cars.
    expect(base("BUGATTI", "CHIRON", 2020)).toBeGreaterThan(1_000_000);
    expect(base("NISSAN", "VERSA")).toBeLessThan(20_000);
  });

  it("makes the Tesla Model 3 electric with range and MPGe", () => {
    const m3 = trimsOf("TESLA", "MODEL3", 2024);
    expect(m3.length).toBeGreaterThanOrEqual(3);
    for (const t of m3) {
      expect(t.fuelTypeGroup).toBe("ELE");
      expect(t.engineCode).toBe("ELECTRIC");
      expect(t.cylinders).toBeNull();
      expect(t.displacement).toBeNull();
      expect(t.electricRange).toBeGreaterThan(200);
      expect(t.epaMpgeCity).toBe(t.epaCity);
      expect(t.epaMpgeHwy).toBe(t.epaHwy);
      expect(t.engine).toMatch(/Electric \(\d+ kW\)/);
    }
    expect(m3[0]!.trimName).toBe("Standard Range");
    expect(m3.some((t) => t.driveGroup === "AWD4WD")).toBe(true);
  });

  it("assigns fuel groups of known models", () => {
    const fuels = (make: string, model: string, year: number) => new Set(trimsOf(make, model, year).map((t) => t.fuelTypeGroup));
    expect(fuels("TOYOTA", "PRIUS", 2020)).toEqual(new Set(["HYB"]));
    expect(fuels("TOYOTA", "RAV4PRIME", 2023)).toEqual(new Set(["PHEV"]));
    expect(fuels("TOYOTA", "MIRAI", 2022)).toEqual(new Set(["HYD"]));
    expect(fuels("NISSAN", "LEAF", 2020)).toEqual(new Set(["ELE"]));
    expect(fuels("HONDA", "CIVIC", 2011).has("ALT")).toBe(true); // Civic Natural Gas
    expect(catalog.trims.some((t) => t.fuelTypeGroup === "DSL" && t.makeCode === "RAM")).toBe(true);
    // Flex-fuel trucks are gasoline for shoppers.
    const ffv = catalog.trims.filter((t) => t.fuelType.includes("E85"));
    expect(ffv.length).toBeGreaterThan(0);
    expect(ffv.every((t) => t.fuelTypeGroup === "GSL")).toBe(true);
    // Plug-in hybrids keep gasoline MPG and get all-electric range and MPGe.
    for (const t of trimsOf("TOYOTA", "RAV4PRIME", 2023)) {
      expect(t.electricRange).toBeGreaterThan(30);
      expect(t.epaMpgeCity).toBeGreaterThan(t.epaCity);
    }
    for (const t of catalog.trims.filter((x) => x.fuelTypeGroup === "GSL")) {
      expect(t.electricRange).toBeNull();
      expect(t.epaMpgeCity).toBeNull();
    }
  });

  it("uses known body styles, subtypes and engine codes", () => {
    const bodies = new Map(catalog.bodyStyles.map((b) => [b.code, new Set(b.bodyStyleSubTypes.map((s) => s.subtypeCode))]));
    expect([...bodies.keys()]).toEqual(["SEDAN", "SUVCROSS", "TRUCKS", "VANMV", "COUPE", "CONVERT", "HATCH", "WAGON", "COMMERCIAL"]);
    const allSubtypes = catalog.bodyStyles.flatMap((b) => b.bodyStyleSubTypes.map((s) => s.subtypeCode));
    expect(new Set(allSubtypes).size).toBe(allSubtypes.length);
    const engineCodes = new Set(catalog.engineCodes.map((e) => e.code));
    const bad = catalog.trims.filter(
      (t) =>
        !bodies.has(t.bodyStyleCode) ||
        (t.bodyStyleSubtypeCode !== null && !bodies.get(t.bodyStyleCode)!.has(t.bodyStyleSubtypeCode)) ||
        !engineCodes.has(t.engineCode),
    );
    expect(bad.map((t) => t.id)).toEqual([]);
    // Sedans, SUVs and trucks always have a size subtype.
    const noSize = catalog.trims.filter((t) => ["SEDAN", "SUVCROSS", "TRUCKS"].includes(t.bodyStyleCode) && !t.bodyStyleSubtypeCode);
    expect(noSize.length / catalog.trims.length).toBeLessThan(0.01);
    for (const m of catalog.models) expect(bodies.has(m.bodyStyleCode)).toBe(true);
    // Engine Displacement in litres, smallest first, then electric and fuel cell; no cylinder counts.
    const engines = catalog.engineCodes.map((e) => e.code);
    expect(engines).toEqual(expect.arrayContaining(["2.0L", "2.5L", "3.5L", "5.0L", "ELECTRIC"]));
    expect(engines.filter((e) => /CYL/.test(e))).toEqual([]);
    const litres = engines.filter((e) => e.endsWith("L")).map((e) => Number(e.slice(0, -1)));
    expect(litres).toEqual([...litres].sort((a, b) => a - b));
    expect(catalog.engineCodes.find((e) => e.code === "2.5L")?.name).toBe("2.5L");
  });

  it("classifies the body styles of known models", () => {
    const body = (make: string, model: string) => catalog.models.find((m) => m.makeCode === make && m.code === model)?.bodyStyleCode;
    expect(body("TOYOTA", "RAV4")).toBe("SUVCROSS");
    expect(body("FORD", "F150")).toBe("TRUCKS");
    expect(body("HONDA", "ODYSSEY")).toBe("VANMV");
    expect(body("FORD", "MUSTANG")).toBe("COUPE");
    expect(body("MAZDA", "MX5")).toBe("CONVERT");
    expect(body("VOLKSWAGEN", "GTI")).toBe("HATCH");
    expect(body("VOLVO", "V60")).toBe("WAGON");
    expect(body("CHEVROLET", "EXPRESSCARGO")).toBe("COMMERCIAL");
    expect(body("HONDA", "HRV")).toBe("SUVCROSS");
    const sub = (make: string, model: string, year: number) => trimsOf(make, model, year)[0]?.bodyStyleSubtypeCode;
    expect(sub("CHEVROLET", "TAHOE", 2024)).toBe("FULLSIZESUV");
    expect(sub("TOYOTA", "HIGHLANDER", 2024)).toBe("MIDSIZESUV");
    expect(sub("HONDA", "HRV", 2024)).toBe("SUBCOMPACTSUV");
    expect(sub("TOYOTA", "TACOMA", 2024)).toBe("COMPACTTRUCK");
    expect(sub("FORD", "F150", 2024)).toBe("FULLSIZETRUCK");
    expect(sub("HONDA", "ODYSSEY", 2024)).toBe("MINIVAN");
    // A model offered in several bodies gets trims for them (Civic sedan and hatchback).
    expect(new Set(trimsOf("HONDA", "CIVIC", 2024).map((t) => t.bodyStyleCode))).toEqual(new Set(["SEDAN", "HATCH"]));
  });

  it("sets doors and truck attributes consistently", () => {
    const bad: string[] = [];
    for (const t of catalog.trims) {
      if ((t.bodyStyleCode === "COUPE" || t.bodyStyleCode === "CONVERT") && t.doors !== 2) bad.push(`${t.id}: doors`);
      if (t.doors !== 2 && t.doors !== 4) bad.push(`${t.id}: ${t.doors} doors`);
      if (t.bodyStyleCode === "TRUCKS") {
        if (!["SHORT", "STANDARD", "LONG"].includes(t.truckBedLength ?? "")) bad.push(`${t.id}: bed`);
        if (![3, 4, 5, 6].includes(t.truckCabSize ?? 0)) bad.push(`${t.id}: cab`);
        if (t.doors !== (t.truckCabSize === 3 ? 2 : 4)) bad.push(`${t.id}: truck doors`);
      } else if (t.truckBedLength !== null || t.truckCabSize !== null) {
        bad.push(`${t.id}: truck fields on a ${t.bodyStyleCode}`);
      }
    }
    expect(bad).toEqual([]);
    const f150 = trimsOf("FORD", "F150", 2024);
    expect(f150[0]!.truckCabSize).toBe(3); // XL regular cab
    expect(f150.at(-1)!.truckCabSize).toBe(5); // top trim crew cab
  });

  it("adds standard features by trim level and model year", () => {
    const featureCodes = new Set(catalog.features.map((f) => f.code));
    expect(featureCodes.size).toBe(catalog.features.length);
    expect(catalog.features.length).toBeGreaterThanOrEqual(36);
    const bad: string[] = [];
    for (const t of catalog.trims) {
      const std = t.standardFeatures;
      if (!std.every((f) => featureCodes.has(f)) || new Set(std).size !== std.length) bad.push(`${t.id}: codes`);
      if (t.year >= 2018 && !std.includes("BACKUP_CAMERA")) bad.push(`${t.id}: no backup camera`);
      if (t.year < 2016 && std.includes("CARPLAY")) bad.push(`${t.id}: CarPlay before 2016`);
      if (t.bodyStyleCode !== "TRUCKS" && std.includes("BED_LINER")) bad.push(`${t.id}: bed liner`);
      if (t.bodyStyleCode === "CONVERT" && std.includes("SUNROOF")) bad.push(`${t.id}: sunroof on a convertible`);
    }
    expect(bad).toEqual([]);
    const camry = trimsOf("TOYOTA", "CAMRY", 2024);
    expect(camry.at(-1)!.standardFeatures.length).toBeGreaterThan(camry[0]!.standardFeatures.length);
    expect(camry.at(-1)!.standardFeatures).toEqual(expect.arrayContaining(["LEATHER_SEATS", "HEATED_SEATS", "CARPLAY"]));
    const base2012 = trimsOf("TOYOTA", "CAMRY", 2012)[0]!;
    expect(base2012.standardFeatures.length).toBeLessThan(camry[0]!.standardFeatures.length);
    expect(trimsOf("HONDA", "PILOT", 2024).every((t) => t.standardFeatures.includes("THIRD_ROW"))).toBe(true);
  });

  it("offers 0-3 option packages with codes unique within the trim", () => {
    let withPackages = 0;
    const bad: string[] = [];
    for (const t of catalog.trims) {
      if (t.packages.length > 3 || new Set(t.packages.map((p) => p.code)).size !== t.packages.length) bad.push(`${t.id}: codes`);
      for (const p of t.packages) {
        if (p.price % 50 !== 0 || p.price <= 0 || !/Package$/.test(p.name)) bad.push(`${t.id}: ${p.code} ${p.price}`);
        if (p.code === "BED_UTILITY" && t.bodyStyleCode !== "TRUCKS") bad.push(`${t.id}: bed package`);
      }
      if (t.packages.length) withPackages++;
    }
    expect(bad).toEqual([]);
    expect(withPackages / catalog.trims.length).toBeGreaterThan(0.6);
    const truckPackages = new Set(catalog.trims.filter((t) => t.modelCode === "F150").flatMap((t) => t.packages.map((p) => p.code)));
    expect(truckPackages).toContain("TOWING");
    expect(truckPackages).toContain("OFF_ROAD");
  });

  it("lists simple colours with hex values", () => {
    expect(catalog.exteriorColors.length).toBeGreaterThanOrEqual(12);
    expect(catalog.interiorColors.map((c) => c.code)).toEqual(["BLACK", "GRAY", "BEIGE", "BROWN", "RED", "WHITE"]);
    for (const c of [...catalog.exteriorColors, ...catalog.interiorColors]) expect(c.hex).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("is deterministic, also when the rows come in another order", () => {
    expect(JSON.stringify(buildCatalog(csvText))).toBe(JSON.stringify(catalog));
    const [header, ...lines] = csvText.trimEnd().split("\n");
    const reversed = [header, ...lines.reverse()].join("\n") + "\n";
    expect(JSON.stringify(buildCatalog(reversed))).toBe(JSON.stringify(catalog));
  });
});

describe("buildCatalog on a small file", () => {
  const header =
    "id,year,make,model,baseModel,VClass,drive,trany,cylinders,displ,eng_dscr," +
    "tCharger,sCharger,startStop,fuelType,fuelType1,fuelType2,atvType,city08,highway08," +
    "comb08,cityA08,highwayA08,combA08,cityE,highwayE,combE,range,rangeA,evMotor," +
    "charge240,co2TailpipeGpm,feScore,ghgScore,fuelCost08,youSaveSpend,guzzler,mfrCode";
  const line = (f: Record<string, string | number>) => {
    const d: Record<string, string | number> = {
      VClass: "Midsize Cars",
      drive: "Front-Wheel Drive",
      trany: "Automatic (S8)",
      cylinders: 4,
      displ: 2.5,
      fuelType: "Regular",
      fuelType1: "Regular Gasoline",
      city08: 28,
      highway08: 39,
      comb08: 32,
      ...f,
    };
    return header
      .split(",")
      .map((c) => {
        const v = String(d[c] ?? "");
        return v.includes(",") ? `"${v}"` : v;
      })
      .join(",");
  };
  const text = [
    header,
    line({ id: 1, year: 2024, make: "Toyota", model: "Camry", baseModel: "Camry" }),
    line({ id: 2, year: 2024, make: "Toyota", model: "Camry AWD", baseModel: "Camry", drive: "All-Wheel Drive", city08: 25 }),
    line({ id: 3, year: 2024, make: "Toyota", model: "Camry Hybrid LE", baseModel: "Camry", atvType: "Hybrid", city08: 51 }),
    line({ id: 4, year: 2011, make: "Pontiac", model: "G6", baseModel: "G6" }),
    line({
      id: 5,
      year: 2024,
      make: "Tesla",
      model: "Model Y Long Range AWD",
      baseModel: "Model Y",
      VClass: "Small Sport Utility Vehicle 4WD",
      drive: "All-Wheel Drive",
      trany: "Automatic (A1)",
      cylinders: "",
      displ: "",
      fuelType: "Electricity",
      fuelType1: "Electricity",
      atvType: "EV",
      city08: 122,
      highway08: 106,
      comb08: 114,
      range: 310,
      evMotor: "158 and 220 kW AC 3-Phase",
    }),
  ].join("\n");

  it("derives makes, models and trims from a handful of rows", () => {
    const c = buildCatalog(text);
    expect(c.makes).toEqual([
      { code: "TESLA", name: "Tesla" },
      { code: "TOYOTA", name: "Toyota" },
    ]);
    expect(c.models.map((m) => `${m.makeCode}|${m.code}|${m.bodyStyleCode}`)).toEqual(["TESLA|MODELY|SUVCROSS", "TOYOTA|CAMRY|SEDAN"]);
    // Three configurations, four trims: the base takes the cheapest, the top the strongest (the hybrid).
    const camry = c.trims.filter((t) => t.modelCode === "CAMRY");
    expect(camry.map((t) => t.trimName)).toEqual(["LE", "SE", "XLE", "XSE Hybrid"]);
    expect(camry.map((t) => t.epaId)).toEqual([1, 2, 2, 3]);
    expect(camry.map((t) => t.driveGroup)).toEqual(["FWD", "AWD4WD", "AWD4WD", "FWD"]);
    expect(camry.at(-1)!.fuelTypeGroup).toBe("HYB");
    const y = c.trims.filter((t) => t.modelCode === "MODELY");
    expect(y.length).toBeGreaterThanOrEqual(2);
    expect(y.every((t) => t.fuelTypeGroup === "ELE" && t.electricRange === 310 && t.engine === "Dual-Motor Electric (378 kW)")).toBe(true);
    expect(c.years).toEqual([2024]);
    expect(c.engineCodes.map((e) => e.code)).toEqual(["2.5L", "ELECTRIC"]);
  });
});

describe("loadCatalog", () => {
  it("reads the EPA file once and caches the catalogue", () => {
    resetCatalogCache();
    const a = loadCatalog();
    expect(loadCatalog()).toBe(a);
    expect(a.trims.length).toBeGreaterThan(0);
  });
});
