// Plain-words search: a table of sentences and the filters each must give, over the real
// reference catalogue (built from the EPA file, docs/reference-data.md).
import { beforeAll, describe, expect, it } from "vitest";
import { LOW_MILES, parsePlainWords, type PlainWordsCatalogue } from "../../lib/plain-words.ts";
import { loadCatalog } from "../reference/catalog.server.ts";

const PLACES = new Map([
  ["Atlanta|GA", "30303"],
  ["Austin|TX", "73301"],
  ["San Diego|CA", "92101"],
]);
let cat: PlainWordsCatalogue;
beforeAll(() => {
  const c = loadCatalog();
  cat = {
    makes: c.makes,
    models: c.models,
    extColors: c.exteriorColors,
    features: c.features,
    zipOf: (city, state) => PLACES.get(`${city}|${state}`),
    trimsOf: (make, models) => [...new Set(c.trims.filter((t) => t.makeCode === make && models.includes(t.modelCode)).map((t) => t.trimName))],
  };
});

/** [sentence, expected parameters "k=v&k=v" (any order), keyword left] */
type Row = [string, string, string?];

const HAND: Row[] = [
  [
    "red awd suv under 30k near 30301 with sunroof",
    "extColorSimple=RED&driveGroup=AWD4WD&vehicleStyleCode=SUVCROSS&maxPrice=30000&zip=30301&searchRadius=50&featureCode=SUNROOF",
  ],
  ["2019+ tacoma 4x4 under 60,000 miles", "startYear=2019&makeCode=TOYOTA&modelCode=TOYOTA:TACOMA&driveGroup=AWD4WD&mileage=60000"],
  ["hybrid minivan", "fuelTypeGroup=HYB&vehicleStyleCode=VANMV"],
  // Trims, once a model is named; radii among the page's options.
  ["2019 tacoma trd off road", "startYear=2019&endYear=2019&makeCode=TOYOTA&modelCode=TOYOTA:TACOMA&trimCode=TOYOTA|TRD Off-Road"],
  ["tacoma trd sport 4x4", "makeCode=TOYOTA&modelCode=TOYOTA:TACOMA&trimCode=TOYOTA|TRD Sport&driveGroup=AWD4WD"],
  ["crv ex-l within 25 miles of 30301", "makeCode=HONDA&modelCode=HONDA:CRV&trimCode=HONDA|EX-L&zip=30301&searchRadius=25"],
  ["honda civic ex", "makeCode=HONDA&modelCode=HONDA:CIVIC&trimCode=HONDA|EX"],
  ["f150 lariat under 40k", "makeCode=FORD&modelCode=FORD:F150&trimCode=FORD|Lariat&maxPrice=40000"],
  ["f150 raptor r", "makeCode=FORD&modelCode=FORD:F150&trimCode=FORD|Raptor R"],
  ["lariat", "", "lariat"],
  ["suv within 100 miles", "vehicleStyleCode=SUVCROSS&searchRadius=100"],
  ["trucks within 10 mi of Austin, TX", "vehicleStyleCode=TRUCKS&zip=73301&searchRadius=10"],
  ["sedan in 75 miles of 92101", "vehicleStyleCode=SEDAN&zip=92101&searchRadius=75"],
  ["cheapest tesla", "sortBy=derivedpriceASC&makeCode=TESLA"],
  ["not nissan", "excludeMakeCode=NISSAN"],
  ["suv not nissan", "vehicleStyleCode=SUVCROSS&excludeMakeCode=NISSAN"],
  ["any make except ford", "excludeMakeCode=FORD", "any make"],
  ["sedan no chevy no kia", "vehicleStyleCode=SEDAN&excludeMakeCode=CHEVROLET&excludeMakeCode=KIA"],
  ["not red", "", "not red"],
  ["chevy", "makeCode=CHEVROLET"],
  ["chevy silverado", "makeCode=CHEVROLET&modelCode=CHEVROLET:SILVERADO"],
  ["f150", "makeCode=FORD&modelCode=FORD:F150"],
  ["F-150", "makeCode=FORD&modelCode=FORD:F150"],
  ["f 150", "makeCode=FORD&modelCode=FORD:F150"],
  ["crv", "makeCode=HONDA&modelCode=HONDA:CRV"],
  ["CR-V", "makeCode=HONDA&modelCode=HONDA:CRV"],
  ["model y", "makeCode=TESLA&modelCode=TESLA:MODELY"],
  ["tesla model 3", "makeCode=TESLA&modelCode=TESLA:MODEL3"],
  ["rav4", "makeCode=TOYOTA&modelCode=TOYOTA:RAV4"],
  ["vw golf", "makeCode=VOLKSWAGEN&modelCode=VOLKSWAGEN:GOLF"],
  ["mercedes", "makeCode=MERCEDESBENZ"],
  ["Mercedes-Benz", "makeCode=MERCEDESBENZ"],
  ["2018-2021 camry", "startYear=2018&endYear=2021&makeCode=TOYOTA&modelCode=TOYOTA:CAMRY"],
  ["2018 to 2021 accord", "startYear=2018&endYear=2021&makeCode=HONDA&modelCode=HONDA:ACCORD"],
  ["newer than 2020 bmw", "startYear=2021&makeCode=BMW"],
  ["after 2016 audi", "startYear=2017&makeCode=AUDI"],
  ["older than 2010 jeep", "endYear=2009&makeCode=JEEP"],
  ["2019 or newer kia", "startYear=2019&makeCode=KIA"],
  ["2015 mustang", "startYear=2015&endYear=2015&makeCode=FORD&modelCode=FORD:MUSTANG"],
  ["under 30k", "maxPrice=30000"],
  ["under $30,000", "maxPrice=30000"],
  ["below 25000", "maxPrice=25000"],
  ["$15,000 to $20,000", "minPrice=15000&maxPrice=20000"],
  ["between 15k and 20k", "minPrice=15000&maxPrice=20000"],
  ["15k-20k", "minPrice=15000&maxPrice=20000"],
  ["over $40,000", "minPrice=40000"],
  ["at least 10k", "minPrice=10000"],
  ["under 60,000 miles", "mileage=60000"],
  ["less than 100k miles", "mileage=100000"],
  ["low miles", `mileage=${LOW_MILES}`],
  ["low mileage honda", `mileage=${LOW_MILES}&makeCode=HONDA`],
  ["near 30301", "zip=30301&searchRadius=50"],
  ["30301", "zip=30301&searchRadius=50"],
  ["in Atlanta, GA", "zip=30303&searchRadius=50"],
  ["near austin tx", "zip=73301&searchRadius=50"],
  ["suv in San Diego, CA", "vehicleStyleCode=SUVCROSS&zip=92101&searchRadius=50"],
  ["in Nowhere, ZZ", "", "in Nowhere, ZZ"],
  ["by owner", "sellerType=p"],
  ["private seller truck", "sellerType=p&vehicleStyleCode=TRUCKS"],
  ["newest", "sortBy=yearDESC"],
  ["lowest miles", "sortBy=mileageASC"],
  ["closest", "sortBy=distanceASC"],
  ["cheapest suv", "sortBy=derivedpriceASC&vehicleStyleCode=SUVCROSS"],
  ["manual", "transmissionCode=MAN"],
  ["stick shift wrx", "transmissionCode=MAN&makeCode=SUBARU&modelCode=SUBARU:WRX"],
  ["automatic", "transmissionCode=AUT"],
  ["electric", "fuelTypeGroup=ELE"],
  ["ev", "fuelTypeGroup=ELE"],
  ["plug-in hybrid", "fuelTypeGroup=PHEV"],
  ["diesel truck", "fuelTypeGroup=DSL&vehicleStyleCode=TRUCKS"],
  ["leather", "featureCode=LEATHER_SEATS"],
  ["leather seats", "featureCode=LEATHER_SEATS"],
  ["heated seats", "featureCode=HEATED_SEATS"],
  ["third row", "featureCode=THIRD_ROW"],
  ["3rd row suv", "featureCode=THIRD_ROW&vehicleStyleCode=SUVCROSS"],
  ["apple carplay", "featureCode=CARPLAY"],
  ["moonroof", "featureCode=SUNROOF"],
  ["panoramic roof", "featureCode=PANORAMIC_ROOF"],
  ["grey sedan", "extColorSimple=GRAY&vehicleStyleCode=SEDAN"],
  ["certified lexus", "listingType=CERTIFIED&makeCode=LEXUS"],
  ["new toyota", "listingType=NEW&makeCode=TOYOTA"],
  ["used honda civic", "listingType=USED&makeCode=HONDA&modelCode=HONDA:CIVIC"],
  ["cpo bmw", "listingType=CERTIFIED&makeCode=BMW"],
  ["all wheel drive", "driveGroup=AWD4WD"],
  ["rear wheel drive coupe", "driveGroup=RWD&vehicleStyleCode=COUPE"],
  ["fwd hatchback", "driveGroup=FWD&vehicleStyleCode=HATCH"],
  ["4wd", "driveGroup=AWD4WD"],
  ["zzzz", "", "zzzz"],
  ["something shiny", "", "something shiny"],
  ["red car with racing stripes", "extColorSimple=RED", "racing stripes"],
  ["", "", ""],
  ["   ", "", ""],
  ["honda turbo", "makeCode=HONDA", "turbo"],
  ["i want a blue convertible", "extColorSimple=BLUE&vehicleStyleCode=CONVERT"],
  ["show me cheapest trucks near 30301", "sortBy=derivedpriceASC&vehicleStyleCode=TRUCKS&zip=30301&searchRadius=50"],
  ["hyundia tucson", "makeCode=HYUNDAI&modelCode=HYUNDAI:TUCSON"],
  ["volkswagon jetta", "makeCode=VOLKSWAGEN&modelCode=VOLKSWAGEN:JETTA"],
  ["corvette", "makeCode=CHEVROLET&modelCode=CHEVROLET:CORVETTE"],
  ["mustang mach-e", "makeCode=FORD&modelCode=FORD:MUSTANGMACHE"],
  ["<script>alert(1)</script>", "", "<script>alert(1)</script>"],
  ["9999999999 miles", "", "9999999999 miles"],
];

// Generated rows: every model and make below with each phrasing. The expected filters come
// from the table, not from the parser.
const MODELS: [string, string, string][] = [
  ["camry", "TOYOTA", "CAMRY"],
  ["corolla", "TOYOTA", "COROLLA"],
  ["highlander", "TOYOTA", "HIGHLANDER"],
  ["tacoma", "TOYOTA", "TACOMA"],
  ["civic", "HONDA", "CIVIC"],
  ["accord", "HONDA", "ACCORD"],
  ["pilot", "HONDA", "PILOT"],
  ["odyssey", "HONDA", "ODYSSEY"],
  ["silverado", "CHEVROLET", "SILVERADO"],
  ["equinox", "CHEVROLET", "EQUINOX"],
  ["explorer", "FORD", "EXPLORER"],
  ["escape", "FORD", "ESCAPE"],
  ["wrangler", "JEEP", "WRANGLER"],
  ["outback", "SUBARU", "OUTBACK"],
  ["altima", "NISSAN", "ALTIMA"],
  ["model y", "TESLA", "MODELY"],
];
const MAKES: [string, string][] = [
  ["toyota", "TOYOTA"],
  ["honda", "HONDA"],
  ["ford", "FORD"],
  ["chevy", "CHEVROLET"],
  ["chevrolet", "CHEVROLET"],
  ["nissan", "NISSAN"],
  ["subaru", "SUBARU"],
  ["kia", "KIA"],
  ["hyundai", "HYUNDAI"],
  ["mazda", "MAZDA"],
  ["bmw", "BMW"],
  ["audi", "AUDI"],
  ["lexus", "LEXUS"],
  ["jeep", "JEEP"],
  ["ram", "RAM"],
  ["gmc", "GMC"],
];

const GENERATED: Row[] = [
  ...MODELS.flatMap(([w, make, model]): Row[] => {
    const m = `makeCode=${make}&modelCode=${make}:${model}`;
    return [
      [w, m],
      [`used ${w}`, `listingType=USED&${m}`],
      [`2020+ ${w}`, `startYear=2020&${m}`],
      [`${w} under 25k`, `maxPrice=25000&${m}`],
      [`white ${w} near 30301`, `extColorSimple=WHITE&${m}&zip=30301&searchRadius=50`],
      [`${w} under 50,000 miles`, `mileage=50000&${m}`],
      [`cheapest ${w}`, `sortBy=derivedpriceASC&${m}`],
    ];
  }),
  ...MAKES.flatMap(([w, make]): Row[] => [
    [w, `makeCode=${make}`],
    [`black ${w} suv`, `extColorSimple=BLACK&makeCode=${make}&vehicleStyleCode=SUVCROSS`],
    [`${w} awd 2018-2020`, `makeCode=${make}&driveGroup=AWD4WD&startYear=2018&endYear=2020`],
    [`${w} by owner under $12,000`, `makeCode=${make}&sellerType=p&maxPrice=12000`],
    [`newest ${w} with leather`, `sortBy=yearDESC&makeCode=${make}&featureCode=LEATHER_SEATS`],
  ]),
];

const TABLE: Row[] = [...HAND, ...GENERATED];

function asSet(s: string): string[] {
  return s === "" ? [] : s.split("&").sort();
}

describe("plain-words search", () => {
  it("has a table of at least 200 sentences", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(200);
  });

  it.each(TABLE)("%s", (sentence, expected, keyword = "") => {
    const r = parsePlainWords(sentence, cat);
    expect(r.entries.map(([k, v]) => `${k}=${v}`).sort()).toEqual(asSet(expected));
    expect(r.keyword).toBe(keyword);
    expect(r.understood).toBe(expected !== "");
  });

  it("is deterministic and fast enough for every keystroke", () => {
    const times: number[] = [];
    for (let round = 0; round < 3; round++)
      for (const [s] of TABLE) {
        const t = performance.now();
        parsePlainWords(s, cat);
        times.push(performance.now() - t);
      }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length * 0.95)]).toBeLessThan(5);
    expect(parsePlainWords("red awd suv under 30k", cat)).toEqual(parsePlainWords("red awd suv under 30k", cat));
  });
});
