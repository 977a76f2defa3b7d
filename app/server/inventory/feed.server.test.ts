import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseFactories, type TestDatabase } from "../../../tests/support/databases.ts";
import { loadCatalog } from "../reference/catalog.server.ts";
import { FeedParseError, importFeed, simpleColor } from "./feed.server.ts";
import { EXTERIOR_COLOR_CODES, vinCheckDigit } from "./generator.server.ts";

const NOW = Date.UTC(2026, 10, 15, 12);
const LATER = NOW + 86_400_000;
const catalog = loadCatalog();
const CSV = readFileSync(new URL("../../../tests/fixtures/feed-sample.csv", import.meta.url), "utf8");
const JSON_FEED = readFileSync(new URL("../../../tests/fixtures/feed-sample.json", import.meta.url), "utf8");

const GOOD_VINS = [
  "4T1DAACK2TU018834", // New 2026 Toyota Camry SE
  "3TYCZ5AN9NT062211", // Certified 2022 Toyota Tacoma TRD Off-Road
  "7FARW2H57KE019283", // 2019 Honda CR-V EX
  "2T3P1RFV3SC447120", // 2025 Toyota RAV4 XLE
  "1FA6P8CF3L5301122", // 2020 Ford Mustang GT
  "2GNAXKEV7M6220871", // 3P_CERT 2021 Chevrolet Equinox LT
  "4S4BSANC9J3309876", // 2018 Subaru Outback Limited
  "5YJ3E1EB0NF412233", // 2022 Tesla Model 3 Long Range AWD
];

// CSV rows count the header as row 1.
const CSV_REJECTIONS: [number, RegExp][] = [
  [6, /bad VIN: check digit/],
  [7, /unknown make "Toyoda"/],
  [11, /price must be positive/],
  [12, /mileage "about 40k" is not a number/],
  [13, /duplicate VIN in the file \(first at row 8\)/],
  [14, /year 2031 out of range/],
  [15, /unknown ZIP "00000"/],
  [16, /bad VIN: the letters I, O and Q are not allowed/],
  [18, /unknown trim "Type Z" for 2023 Honda Civic \(known: .*LX/],
];

describe("simpleColor", () => {
  it("maps maker colour names to simple codes", () => {
    const allowed = [...EXTERIOR_COLOR_CODES];
    expect(simpleColor("Midnight Black Metallic", allowed)).toBe("BLACK");
    expect(simpleColor("Pearl White Tricoat", allowed)).toBe("WHITE");
    expect(simpleColor("Still Night Blue Pearl", allowed)).toBe("BLUE");
    expect(simpleColor("Magnetic Gray", allowed)).toBe("GRAY");
    expect(simpleColor("grey", allowed)).toBe("GRAY");
    expect(simpleColor("Modern Steel Metallic", allowed)).toBe("GRAY");
    expect(simpleColor("Navy", allowed)).toBe("BLUE");
    expect(simpleColor("silver", allowed)).toBe("SILVER");
    expect(simpleColor("Plaid", allowed)).toBeNull();
    expect(simpleColor("", allowed)).toBeNull();
  });
});

describe("importFeed parsing", () => {
  it("throws FeedParseError on unreadable files", async () => {
    const db = {} as never; // never reached: parsing fails first
    await expect(importFeed(db, { text: "{not json", format: "json", catalog })).rejects.toBeInstanceOf(FeedParseError);
    await expect(importFeed(db, { text: '{"cars": []}', format: "json", catalog })).rejects.toBeInstanceOf(FeedParseError);
    await expect(importFeed(db, { text: "vin,price\n1HGCM82633A004352,100\n", format: "csv", catalog })).rejects.toThrow(
      /missing column\(s\): dealer_id, dealer_name, dealer_zip/,
    );
    await expect(importFeed(db, { text: 'dealer_id,"unterminated\n', format: "csv", catalog })).rejects.toBeInstanceOf(FeedParseError);
  });
});

describe.each(testDatabaseFactories())("importFeed on $name", (factory) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await factory.create();
  });
  afterAll(async () => {
    await t?.drop();
  });

  const listing = (vin: string) => t.db.kysely.selectFrom("listings").selectAll().where("vin", "=", vin).executeTakeFirstOrThrow();
  const history = async (vin: string) =>
    (
      await t.db.kysely
        .selectFrom("listing_price_history as h")
        .innerJoin("listings as l", "l.id", "h.listing_id")
        .select(["h.price", "h.recorded_at"])
        .where("l.vin", "=", vin)
        .orderBy("h.recorded_at")
        .orderBy("h.id")
        .execute()
    ).map((r) => Number(r.price));
  const count = async (table: "listings" | "listing_price_history" | "owners") =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("keeps the good rows and rejects the bad ones with row numbers and reasons", async () => {
    const s = await importFeed(t.db, { text: CSV, format: "csv", now: NOW, catalog });
    expect(s.rows).toBe(17);
    expect(s.dealers).toBe(3);
    expect(s.accepted).toBe(8);
    expect(s.inserted).toBe(8);
    expect(s.updated).toBe(0);
    expect(s.markedSold).toBe(0);
    expect(s.rejected.map((r) => r.row)).toEqual(CSV_REJECTIONS.map(([row]) => row));
    for (const [row, reason] of CSV_REJECTIONS) expect(s.rejected.find((r) => r.row === row)!.reason).toMatch(reason);
    expect(s.rejected.find((r) => r.row === 6)!.vin).toBe("JTMW1RFV7MD118822");
    expect(s.warnings.map((w) => w.message)).toEqual(['unknown feature "Moon Roof" ignored', 'unknown feature "AUTOPILOT" ignored']);

    const vins = (await t.db.kysely.selectFrom("listings").select("vin").orderBy("vin").execute()).map((r) => r.vin);
    expect(vins).toEqual([...GOOD_VINS].sort());
    expect(await count("owners")).toBe(2); // DLR-900003 had no acceptable row
  });

  it("fills codes and specifications from the catalogue trim", async () => {
    const camry = await listing("4T1DAACK2TU018834");
    const trim = catalog.trims.find((x) => x.makeCode === "TOYOTA" && x.modelCode === "CAMRY" && x.year === 2026 && x.trimName === "SE")!;
    expect(camry).toMatchObject({
      status: "active",
      listing_type: "NEW",
      title: "New 2026 Toyota Camry SE",
      make_code: "TOYOTA",
      model_code: "CAMRY",
      trim_id: trim.id,
      trim_code: trim.trimCode,
      fuel_type_group: trim.fuelTypeGroup,
      drive_group: trim.driveGroup,
      engine_code: trim.engineCode,
      body_style_code: trim.bodyStyleCode,
      ext_color_simple: "WHITE",
      ext_color_name: "Super White",
      int_color_simple: "BLACK",
      packages: ",PREMIUM,",
      home_services: ",BUY_ONLINE,HOME_DELIVERY,VIRTUAL_APPOINTMENT,",
      seller_type: "d",
      zip: "78701",
      has_special_offer: 1,
      image_count: 12,
    });
    expect(Number(camry.sale_price)).toBe(31250);
    expect(Number(camry.incentive)).toBe(500);
    expect(Number(camry.msrp)).toBe(trim.nationalMSRP + trim.packages.find((p) => p.code === "PREMIUM")!.price);
    expect(Number(camry.mpg_city)).toBe(trim.epaCity);
    expect(Number(camry.epa_id)).toBe(trim.epaId);
    for (const f of [...trim.standardFeatures, "NAV", "HEATED_SEATS"]) expect(camry.features).toContain(`,${f},`);
    expect(camry.deal_rating).toMatch(/^(great|good|fair|high)$/);

    const tacoma = await listing("3TYCZ5AN9NT062211");
    expect(tacoma).toMatchObject({
      listing_type: "CERTIFIED",
      title: "Certified 2022 Toyota Tacoma TRD Off-Road",
      certified_product: "Toyota Certified Used Vehicles",
      vehicle_history: ",ONE_OWNER,CLEAN_TITLE,NO_ACCIDENTS,PERSONAL_USE,",
      vehicle_history_source: "Example History Co.",
      money_back_guarantee: 1,
      ext_color_simple: "GRAY",
    });
    expect(Number(tacoma.mileage)).toBe(28400);
    expect(Number(tacoma.market_price)).toBeGreaterThan(15000);

    const owner = await t.db.kysely.selectFrom("owners").selectAll().where("external_id", "=", "DLR-900001").executeTakeFirstOrThrow();
    expect(owner).toMatchObject({
      name: "Lakeside Toyota",
      city: "Austin",
      state: "TX",
      zip: "78701",
      seller_type: "d",
      rating: 4.6,
      rating_source: "Google reviews",
    });
    expect(Number(owner.id)).toBe(Number(camry.owner_id));

    const equinox = await listing("2GNAXKEV7M6220871");
    expect(equinox).toMatchObject({ listing_type: "3P_CERT", certified_product: "TrueCheck Certified", title: "Used 2021 Chevrolet Equinox LT" });
    expect(await history("2GNAXKEV7M6220871")).toEqual([15450]);
  });

  it("re-importing the same file changes nothing", async () => {
    const before = await count("listing_price_history");
    const s = await importFeed(t.db, { text: CSV, format: "csv", now: LATER, catalog });
    expect([s.accepted, s.inserted, s.updated, s.priceChanges, s.markedSold]).toEqual([8, 0, 8, 0, 0]);
    expect(await count("listings")).toBe(8);
    expect(await count("listing_price_history")).toBe(before);
  });

  it("the JSON form of the sample imports the same vehicles", async () => {
    const s = await importFeed(t.db, { text: JSON_FEED, format: "json", now: LATER, catalog });
    expect([s.rows, s.dealers, s.accepted, s.inserted, s.updated, s.priceChanges, s.markedSold]).toEqual([17, 3, 8, 0, 8, 0, 0]);
    // JSON rows are numbered by position: dealer 1's six vehicles, dealer 2's ten, then dealer 3's one.
    expect(s.rejected.map((r) => r.row)).toEqual([5, 6, 10, 11, 12, 13, 14, 16, 17]);
    expect(s.rejected.find((r) => r.row === 17)!.reason).toMatch(/unknown ZIP/);
  });

  it("records a price change in the history and flags a reduction", async () => {
    const text = CSV.replace(",28990,", ",27990,");
    const s = await importFeed(t.db, { text, format: "csv", now: LATER + 1000, catalog });
    expect(s.priceChanges).toBe(1);
    const rav4 = await listing("2T3P1RFV3SC447120");
    expect(Number(rav4.sale_price)).toBe(27990);
    expect(rav4.is_reduced_price).toBe(1);
    expect(await history("2T3P1RFV3SC447120")).toEqual([28990, 27990]);
  });

  it("marks a dealer's vanished VINs sold, keeps VINs of rejected rows, and revives returning ones", async () => {
    const lines = CSV.split("\n");
    const withoutOutback = lines.filter((l) => !l.includes("4S4BSANC9J3309876"));
    // The CR-V row now has a bad price: rejected, but the car is still in stock.
    const text = withoutOutback.map((l) => (l.includes("7FARW2H57KE019283") ? l.replace(",15495,", ",,") : l)).join("\n");
    const s = await importFeed(t.db, { text, format: "csv", now: LATER + 2000, catalog });
    expect(s.markedSold).toBe(1);
    expect(s.rejected.some((r) => r.vin === "7FARW2H57KE019283" && /missing price/.test(r.reason))).toBe(true);
    const outback = await listing("4S4BSANC9J3309876");
    expect(outback.status).toBe("sold");
    expect(Number(outback.sold_at)).toBe(LATER + 2000);
    expect((await listing("7FARW2H57KE019283")).status).toBe("active");
    const active = await t.db.kysely.selectFrom("listings").select("vin").where("status", "=", "active").execute();
    expect(active).toHaveLength(7);

    const back = await importFeed(t.db, { text: CSV, format: "csv", now: LATER + 3000, catalog });
    expect(back.markedSold).toBe(0);
    const revived = await listing("4S4BSANC9J3309876");
    expect(revived.status).toBe("active");
    expect(revived.sold_at).toBeNull();
  });

  it("only touches the dealers named in the file", async () => {
    const onlyLakeside = CSV.split("\n")
      .filter((l, i) => i === 0 || l.startsWith("DLR-900001"))
      .filter((l) => !l.includes("2T3P1RFV3SC447120"))
      .join("\n");
    const s = await importFeed(t.db, { text: onlyLakeside, format: "csv", now: LATER + 4000, catalog });
    expect(s.dealers).toBe(1);
    expect(s.markedSold).toBe(1);
    expect((await listing("2T3P1RFV3SC447120")).status).toBe("sold");
    for (const vin of ["1FA6P8CF3L5301122", "2GNAXKEV7M6220871", "4S4BSANC9J3309876", "5YJ3E1EB0NF412233"]) {
      expect((await listing(vin)).status).toBe("active");
    }
  });

  it("rejects rows with unknown colours, models and bad numbers", async () => {
    const header = "dealer_id,dealer_name,dealer_zip,vin,condition,year,make,model,trim,mileage,price,exterior_color,interior_color";
    const d = "DLR-900009,Test Motors,10001";
    const text = [
      header,
      `${d},2T3P1RFV3SC447120,USED,2025,Toyota,RAV4,XLE,9800,28990,Plaid,Black`,
      `${d},2T3P1RFV3SC447120X,USED,2025,Toyota,RAV4,XLE,9800,28990,White,Black`,
      `${d},4T1DAACK2TU018834,NEW,2026,Toyota,Hovercraft,SE,,31250,White,Black`,
      `${d},4T1DAACK2TU018834,NEW,2026,Toyota,Camry,SE,-3,31250,White,Black`,
      `${d},4T1DAACK2TU018834,SALVAGE,2026,Toyota,Camry,SE,3,abc,White,Black`,
    ].join("\r\n");
    const s = await importFeed(t.db, { text, format: "csv", now: LATER + 5000, catalog });
    expect(s.accepted).toBe(0);
    expect(s.rejected.map((r) => [r.row, r.reason])).toEqual([
      [2, 'unknown exterior colour "Plaid"'],
      [3, "bad VIN: must be 17 characters (got 18)"],
      [4, 'unknown model "Hovercraft" for make Toyota'],
      [5, "duplicate VIN in the file (first at row 4); mileage must not be negative (got -3)"],
      [6, expect.stringMatching(/duplicate VIN.*; unknown condition "SALVAGE".*; price "abc" is not a number/)],
    ]);
    // Test Motors had no acceptable row: it is not created, and no one else's cars are touched.
    expect(await t.db.kysely.selectFrom("owners").select("id").where("external_id", "=", "DLR-900009").execute()).toHaveLength(0);
    expect((await listing("2T3P1RFV3SC447120")).status).toBe("sold");
  });

  it("stores dealer HTML reduced to the allow-list and drops script links", async () => {
    const feed = {
      dealers: [
        {
          id: "DLR-900020",
          name: "Hostile Motors",
          zip: "10001",
          website: "javascript:alert(document.cookie)",
          vehicles: [
            {
              vin: "2T3P1RFV5SC447555",
              condition: "USED",
              year: 2025,
              make: "Toyota",
              model: "RAV4",
              trim: "XLE",
              mileage: 1200,
              price: 25990,
              exterior_color: "White",
              interior_color: "Black",
              description:
                '<p onclick="steal()">One <b style="x">owner</b></p><script>alert(1)</script>' +
                '<img src=x onerror=alert(1)><a href="javascript:alert(1)">Call us</a><svg onload=alert(1)>',
            },
          ],
        },
      ],
    };
    const s = await importFeed(t.db, { text: JSON.stringify(feed), format: "json", now: LATER + 6000, catalog });
    expect(s.accepted).toBe(1);
    expect((await listing("2T3P1RFV5SC447555")).description).toBe("<p>One <b>owner</b></p>Call us");
    const owner = await t.db.kysely.selectFrom("owners").select(["name", "website"]).where("external_id", "=", "DLR-900020").executeTakeFirstOrThrow();
    expect(owner).toEqual({ name: "Hostile Motors", website: null });
  });
});

describe.each(testDatabaseFactories())("importFeed trust signals on $name", (factory) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await factory.create();
  });
  afterAll(async () => {
    await t?.drop();
  });
  const vin = (base: string) => base.slice(0, 8) + vinCheckDigit(base) + base.slice(9);
  const listingOf = (v: string) =>
    t.db.kysely
      .selectFrom("listings")
      .select(["listing_type", "certified_product", "money_back_guarantee", "title"])
      .where("vin", "=", v)
      .executeTakeFirstOrThrow();

  it("gives the branded program only to rows that meet its rules; a row breaking one is imported as used with the reason", async () => {
    const good = vin("1FTFW1E50PFA00001");
    const tooFar = vin("1FTFW1E50PFA00002");
    const notFord = vin("2T3P1RFV5SC440003");
    const thirdParty = vin("1FTFW1E50PFA00004");
    const other = vin("2T3P1RFV5SC440005");
    const header =
      "dealer_id,dealer_name,dealer_zip,dealer_rating,dealer_rating_count,vin,condition," +
      "year,make,model,trim,price,mileage,exterior_color,interior_color,certified_program";
    const csv = [
      header,
      `DLR-910001,Hilltop Ford,78701,4.8,120,${good},CERTIFIED,2023,Ford,F-150,XL,38000,31000,White,Black,Ford Gold Certified`,
      `DLR-910001,Hilltop Ford,78701,4.8,120,${tooFar},CERTIFIED,2023,Ford,F-150,XL,33000,95000,White,Black,Gold Certified`,
      `DLR-910001,Hilltop Ford,78701,4.8,120,${notFord},CERTIFIED,2025,Toyota,RAV4,XLE,29000,12000,White,Black,Ford Gold Certified`,
      `DLR-910001,Hilltop Ford,78701,4.8,120,${thirdParty},3P_CERT,2023,Ford,F-150,XL,36000,30000,White,Black,Ford Gold Certified`,
      `DLR-910001,Hilltop Ford,78701,4.8,120,${other},CERTIFIED,2025,Toyota,RAV4,XLE,29500,11000,White,Black,`,
    ].join("\n");
    const s = await importFeed(t.db, { text: csv, format: "csv", now: NOW, catalog });
    expect(s.rejected).toEqual([]);
    expect(s.accepted).toBe(5);
    expect(await listingOf(good)).toMatchObject({ listing_type: "CERTIFIED", certified_product: "Ford Gold Certified", money_back_guarantee: 1 });
    for (const v of [tooFar, notFord, thirdParty])
      expect(await listingOf(v)).toMatchObject({ listing_type: "USED", certified_product: null, money_back_guarantee: 0 });
    expect((await listingOf(tooFar)).title).toMatch(/^Used /);
    expect(await listingOf(other)).toMatchObject({ listing_type: "CERTIFIED", certified_product: null });
    const reasons = s.warnings.map((w) => `${w.vin}: ${w.message}`);
    expect(reasons).toContain(`${tooFar}: imported as used, not Ford Gold Certified: Ford Gold Certified needs under 80,000 miles (has 95,000)`);
    expect(reasons).toContain(`${notFord}: imported as used, not Ford Gold Certified: Ford Gold Certified is only for Ford vehicles`);
    expect(reasons.find((r) => r.startsWith(thirdParty))).toMatch(/manufacturer's program, not a third party's/);
    // A rating without the source it comes from is not stored as a rating.
    const owner = await t.db.kysely
      .selectFrom("owners")
      .select(["rating", "rating_count", "rating_source"])
      .where("external_id", "=", "DLR-910001")
      .executeTakeFirstOrThrow();
    expect(owner.rating).toBeNull();
    expect(owner.rating_source).toBeNull();
    expect(s.warnings.some((w) => /dealer_rating ignored: dealer_rating_source/.test(w.message))).toBe(true);
  });
});
