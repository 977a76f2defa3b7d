// Hand-written rules and tables behind the derived parts of the reference catalogue: which makes
// are kept, how EPA baseModels are tidied into shopper-facing models, series, make tiers, body
// style hints, trim ladders and price anchors. Everything here is a judgement call documented in
// docs/reference-data.md; the EPA facts themselves are never altered.

export type MakeTier = "mainstream" | "premium" | "luxury" | "exotic";

/** Upper-case alphanumerics: "Mercedes-Benz" → "MERCEDESBENZ", "F-150 Lightning" → "F150LIGHTNING". */
export function codeOf(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** Makes kept only if they have a model year at or after this one. */
export const MIN_LAST_MODEL_YEAR = 2012;

/** Makes dropped whatever their years: a tuner whose four rows spell one car four ways. */
export const EXCLUDED_MAKES = new Set(["RUF Automobile"]);

/** EPA models that are internal codes rather than names a shopper would recognise. */
const DROPPED_MODELS = new Set(["Ferrari|F167 ABA", "Ferrari|F175 AHA"]);

/** Plain renames of EPA baseModels: `${make}|${baseModel}` → model name. */
const MODEL_ALIASES: Record<string, string> = {
  "Alfa Romeo|Tonale eAWD": "Tonale",
  "Aston Martin|Vantage Manual": "Vantage",
  "Aston Martin|DB12 V8": "DB12",
  "Aston Martin|DBX 707": "DBX",
  "Aston Martin|DBX 727": "DBX",
  "Aston Martin|DBX V8": "DBX",
  "Audi|TT Coupe": "TT",
  "Audi|TT Roadster": "TT",
  "Audi|TTS Coupe": "TTS",
  "BMW|Active E": "ActiveE",
  "Bentley|Continental GT Convertible": "Continental",
  "Bentley|Continental Supersports Convertible": "Continental Supersports",
  "Bentley|Continental Flying Spur": "Flying Spur",
  "Ferrari|SF90": "SF90 Stradale",
  "Ferrari|SF90 Stradale Coupe": "SF90 Stradale",
  "Ferrari|F12": "F12 Berlinetta",
  "Jeep|Gladiator Pickup": "Gladiator",
  "Land Rover|Evoque": "Range Rover Evoque",
  "Pagani|Huayra Coupe": "Huayra",
  "Porsche|New 911 Carrera": "911",
  "Roush Performance|Stage 3 Mustang": "Mustang",
};

/**
 * The shopper-facing model family of one EPA row, or null to leave the row out. Mostly EPA's
 * baseModel; a few catch-all baseModels are split by the model string (BMW "M", Audi "RS",
 * Land Rover "Range Rover", Subaru "Legacy/Outback", VW "Golf/GTI", the electric Silverado/Sierra).
 */
export function refineModelName(make: string, baseModel: string, model: string): string | null {
  const key = `${make}|${baseModel}`;
  if (DROPPED_MODELS.has(key)) return null;
  const alias = MODEL_ALIASES[key];
  if (alias) return alias;
  if (make === "BMW" && baseModel === "M") {
    let m = /^M(\d)\d\d[id]/.exec(model); // M240i, M340i, M550i, M760i, M850i: M Performance trims of the series
    if (m) return `${m[1]} Series`;
    m = /^X(\d) M\b/.exec(model);
    if (m) return `X${m[1]} M`;
    m = /^M(\d)/.exec(model);
    if (m) return `M${m[1]}`;
    return "M";
  }
  if (make === "Audi" && baseModel === "RS") {
    if (/^RS ?6/.test(model)) return "RS 6 Avant";
    const m = /^RS ?(\d)/.exec(model);
    return m ? `RS ${m[1]}` : "RS";
  }
  if (make === "Land Rover" && baseModel === "Range Rover") {
    if (/Evoque/i.test(model)) return "Range Rover Evoque";
    if (/Velar/i.test(model)) return "Range Rover Velar";
    if (/Range Rover Sport/i.test(model)) return "Range Rover Sport";
    return "Range Rover";
  }
  if (make === "Subaru" && baseModel === "Legacy/Outback") return /^Outback/i.test(model) ? "Outback" : "Legacy";
  if (make === "Subaru" && baseModel === "Impreza/Outback Sport") return "Impreza";
  if (make === "Volkswagen" && baseModel === "Golf/GTI") {
    if (/^GTI/i.test(model)) return "GTI";
    if (/^Golf[ -]R\b/i.test(model)) return "Golf R";
    if (/^e-Golf/i.test(model)) return "e-Golf";
    if (/SportWagen/i.test(model)) return "Golf SportWagen";
    if (/Alltrack/i.test(model)) return "Golf Alltrack";
    return "Golf";
  }
  if (make === "Chevrolet" && /^(Silverado|Blazer|Equinox)$/.test(baseModel) && /\bEV\b/.test(model)) return `${baseModel} EV`;
  if (make === "Jeep" && baseModel === "Wagoneer" && /^Wagoneer S\b/.test(model)) return "Wagoneer S";
  if (make === "GMC" && baseModel === "Sierra" && /^Sierra EV/i.test(model)) return "Sierra EV";
  if (make === "McLaren Automotive") return baseModel.replace(/ (Coupe|Spider)$/, "");
  return baseModel;
}

// ---------------------------------------------------------------------------------------------
// Make tiers (drive MSRP levels, feature content, trim counts and package prices)

const TIER_LIST: Record<Exclude<MakeTier, "mainstream">, string[]> = {
  exotic: [
    "Ferrari",
    "Lamborghini",
    "McLaren Automotive",
    "Bugatti",
    "Bugatti Rimac",
    "Koenigsegg",
    "Pagani",
    "Rolls-Royce",
    "Bentley",
    "Aston Martin",
    "Maybach",
    "Spyker",
  ],
  luxury: ["Porsche", "Maserati", "Lotus", "Lucid", "Karma"],
  premium: [
    "Acura",
    "Alfa Romeo",
    "Audi",
    "BMW",
    "Cadillac",
    "Genesis",
    "Infiniti",
    "Jaguar",
    "Land Rover",
    "Lexus",
    "Lincoln",
    "Mercedes-Benz",
    "Polestar",
    "Tesla",
    "Volvo",
    "Rivian",
    "INEOS Automotive",
    "Saab",
    "Fisker",
    "SRT",
  ],
};

export function makeTier(make: string): MakeTier {
  for (const tier of ["exotic", "luxury", "premium"] as const) if (TIER_LIST[tier].includes(make)) return tier;
  return "mainstream";
}

// ---------------------------------------------------------------------------------------------
// Model lists, keyed by make code → model codes (space separated).

type CodeList = Record<string, string>;

function toSet(list: CodeList): Set<string> {
  const s = new Set<string>();
  for (const [make, models] of Object.entries(list)) for (const m of models.split(/\s+/)) if (m) s.add(`${make}|${m}`);
  return s;
}

/** Two-door cars whose EPA names carry no body hint. */
export const COUPE_MODELS = toSet({
  ACURA: "NSX",
  AUDI: "TT TTS TTRS R8 A5 S5 RS5",
  BMW: "M2 M4 M6 M8 1SERIES 2SERIES 4SERIES 6SERIES 8SERIES I8",
  CHEVROLET: "CAMARO CORVETTE",
  DODGE: "CHALLENGER VIPER",
  SRT: "VIPER",
  FORD: "MUSTANG GT",
  ROUSHPERFORMANCE: "MUSTANG",
  NISSAN: "370Z Z GTR",
  SUBARU: "BRZ",
  TOYOTA: "86 GR86 GRSUPRA",
  SCION: "FRS TC",
  LEXUS: "RC RCF LC LFA SC",
  INFINITI: "Q60",
  MITSUBISHI: "ECLIPSE",
  JAGUAR: "FTYPE XK",
  MERCEDESBENZ: "AMGGT SLSAMG CLCLASS CLECLASS",
  PORSCHE: "911 CAYMAN 718",
  ALFAROMEO: "4C",
  LOTUS: "EVORA EMIRA ELISEEXIGE",
  ASTONMARTIN: "VANTAGE DB9 DB11 DB12 DBS VANQUISH VIRAGE VALOUR",
  BENTLEY: "CONTINENTAL CONTINENTALSUPERSPORTS BROOKLANDS",
  ROLLSROYCE: "WRAITH SPECTRE",
  MASERATI: "GRANTURISMO MC20 GT2STRADALE",
  POLESTAR: "1",
  MAZDA: "RX8",
  HYUNDAI: "",
});

/** Exotic makes whose cars default to coupe when EPA gives a car class and no hint. */
export const COUPE_DEFAULT_MAKES = new Set(["FERRARI", "LAMBORGHINI", "MCLARENAUTOMOTIVE", "BUGATTI", "BUGATTIRIMAC", "KOENIGSEGG", "PAGANI", "SPYKER"]);

export const CONVERTIBLE_MODELS = toSet({
  MAZDA: "MX5",
  BMW: "Z4",
  PORSCHE: "BOXSTER 918SPYDER",
  MERCEDESBENZ: "SLKCLASS SLCCLASS SLCLASS",
  FIAT: "124SPIDER",
  BUICK: "CASCADA",
  VOLKSWAGEN: "EOS",
  ROLLSROYCE: "DAWN",
  BENTLEY: "AZURE",
  MINI: "ROADSTER",
  FERRARI: "PORTOFINO CALIFORNIA CALIFORNIAT MONZASP1 MONZASP2 599SAAPERTA F60AMERICA",
  MCLARENAUTOMOTIVE: "ELVA",
  VOLVO: "C70",
  MAYBACH: "LANDAULET",
  AUDI: "R8SPYDER",
});

export const HATCHBACK_MODELS = toSet({
  HONDA: "FIT CRZ",
  TOYOTA: "PRIUS PRIUSC PRIUSPRIME MATRIX",
  SCION: "XD IQ IM XB",
  NISSAN: "LEAF CUBE",
  CHEVROLET: "SPARK BOLTEV VOLT HHR",
  FORD: "CMAX",
  FIAT: "500 500E 500L",
  MINI: "COOPER JOHNCOOPERWORKS CLUBMAN PACEMAN",
  VOLKSWAGEN: "GOLF GTI GOLFR EGOLF BEETLE",
  HYUNDAI: "VELOSTER IONIQ",
  KIA: "SOUL",
  MITSUBISHI: "MIRAGE IMIEV",
  BMW: "I3 ACTIVEE",
  MERCEDESBENZ: "BCLASSELECTRICDRIVE",
  VOLVO: "C30",
  SMART: "FORTWO",
  DODGE: "CALIBER",
  SUZUKI: "SWIFT",
  MAZDA: "2 SPEED3",
  LEXUS: "CT",
  CHRYSLER: "PTCRUISER",
  BYD: "E6",
  KANDI: "K27",
});

export const WAGON_MODELS = toSet({
  VOLVO: "V50 V60 V70 V90 XC70",
  AUDI: "ALLROAD RS6AVANT",
  TOYOTA: "PRIUSV",
  KIA: "RONDO",
  VOLKSWAGEN: "GOLFSPORTWAGEN GOLFALLTRACK",
});

/** Crossovers that EPA sometimes files under car or station-wagon size classes. */
export const SUV_MODELS = toSet({
  HONDA: "HRV CRV CROSSTOUR ELEMENT PASSPORT PILOT PROLOGUE",
  KIA: "NIRO SELTOS SPORTAGE SORENTO TELLURIDE EV9 EV6",
  NISSAN: "JUKE KICKS ROGUE ROGUESPORT MURANO ARIYA",
  FORD: "MUSTANGMACHE ECOSPORT",
  HYUNDAI: "KONA IONIQ5 VENUE",
  MAZDA: "CX3 CX30 MX30",
  MERCEDESBENZ: "GLACLASS GLBCLASS GLCCLASS EQB",
  INFINITI: "QX50 EX35 EX37 QX30 QX55",
  CHEVROLET: "TRAX BOLTEUV",
  BUICK: "ENVISTA ENCORE",
  LAMBORGHINI: "URUS",
  ACURA: "ADX ZDX RDX MDX",
  TOYOTA: "CROWNSIGNIA VENZA CHR BZ4X BZ RAV4 COROLLACROSS",
  LEXUS: "UX NX RX",
  ROLLSROYCE: "CULLINAN",
  SUBARU: "OUTBACK CROSSTREK FORESTER",
  FERRARI: "PUROSANGUE",
  MINI: "COUNTRYMAN",
  VINFAST: "VF6 VF7 VF8 VF9",
  BMW: "X1 X2 X3 X4 X5 X6 X7 XM IX X5M X6M ACTIVEHYBRIDX6",
  AUDI: "Q3 Q5 Q7 Q8 SQ5 SQ7 SQ8 RSQ8 Q4ETRON Q6ETRON SQ6ETRON ETRON ETRONS Q8ETRON SQ8ETRON",
  FISKER: "OCEAN",
  POLESTAR: "3 4",
  TESLA: "MODELX MODELY",
});

/** The body style a model is listed under when that body is offered in the year (else the year's most common). */
export const PREFERRED_BODY: Record<string, string> = {
  "BMW|2SERIES": "COUPE",
  "BMW|4SERIES": "COUPE",
  "BMW|8SERIES": "COUPE",
  "BMW|M8": "COUPE",
  "AUDI|A5": "COUPE",
  "AUDI|S5": "COUPE",
  "AUDI|RS5": "COUPE",
  "HONDA|CIVIC": "SEDAN",
  "MAZDA|3": "SEDAN",
  "TOYOTA|COROLLA": "SEDAN",
  "GMC|HUMMEREV": "TRUCKS",
  "HYUNDAI|GENESIS": "SEDAN",
  "INFINITI|G37": "SEDAN",
  "BMW|6SERIES": "COUPE",
  "BMW|M6": "COUPE",
  "PORSCHE|911": "COUPE",
  "JAGUAR|FTYPE": "COUPE",
};

/** Models whose station-wagon-class rows are their SUV versions (the sedans are in car classes). */
export const SUV_WHEN_WAGON_CLASS = toSet({ MERCEDESBENZ: "EQE EQS" });

/** Pickups that EPA files outside the pickup classes. */
export const TRUCK_MODELS = toSet({
  HONDA: "RIDGELINE",
  HYUNDAI: "SANTACRUZ",
  FORD: "MAVERICK F150 RANGER F150LIGHTNING",
  JEEP: "GLADIATOR",
  RIVIAN: "R1T",
  TESLA: "CYBERTRUCK",
  CHEVROLET: "AVALANCHE SILVERADO COLORADO SILVERADOEV",
  GMC: "SIERRA CANYON SIERRAEV",
  LORDSTOWN: "ENDURANCE",
  MITSUBISHI: "RAIDERPICKUP",
  DODGE: "DAKOTAPICKUP RAM1500PICKUP",
  RAM: "1500",
  TOYOTA: "TACOMA TUNDRA",
  NISSAN: "FRONTIER TITAN",
  ROUSHPERFORMANCE: "F150",
  SUZUKI: "EQUATOR",
});

/** Compact and midsize pickups (everything else in the truck body style is full-size). */
export const COMPACT_TRUCK_MODELS = toSet({
  TOYOTA: "TACOMA",
  CHEVROLET: "COLORADO",
  GMC: "CANYON",
  FORD: "RANGER MAVERICK",
  NISSAN: "FRONTIER",
  JEEP: "GLADIATOR",
  HONDA: "RIDGELINE",
  HYUNDAI: "SANTACRUZ",
  SUZUKI: "EQUATOR",
  DODGE: "DAKOTAPICKUP",
  MITSUBISHI: "RAIDERPICKUP",
});

/** Pickups sold only as crew cabs with short beds (no regular or extended cab). */
export const CREW_ONLY_TRUCKS = toSet({
  HONDA: "RIDGELINE",
  HYUNDAI: "SANTACRUZ",
  FORD: "MAVERICK F150LIGHTNING",
  JEEP: "GLADIATOR",
  RIVIAN: "R1T",
  TESLA: "CYBERTRUCK",
  CHEVROLET: "AVALANCHE SILVERADOEV",
  GMC: "SIERRAEV HUMMEREV",
  LORDSTOWN: "ENDURANCE",
  ROUSHPERFORMANCE: "F150",
});

export const CARGO_VAN_MODELS = toSet({
  RAM: "CV PROMASTERCITY",
  NISSAN: "NV200CARGOVAN",
  MERCEDESBENZ: "METRISCARGO",
  CHEVROLET: "CITYEXPRESSCARGOVAN EXPRESSCARGO",
  GMC: "SAVANACARGO",
  FORD: "E150VAN E250VAN E350VAN",
});

export const SPECIALTY_MODELS = toSet({
  CADILLAC: "XTSHEARSE XTSLIMO FUNERALCOACHHEARSE LIMOUSINE",
  NISSAN: "NV200NYCTAXI",
  VPG: "MV1",
  MOBILITYVENTURESLLC: "MV1",
});

export const SUBCOMPACT_SUVS = toSet({
  HONDA: "HRV",
  HYUNDAI: "KONA VENUE",
  CHEVROLET: "TRAX TRAILBLAZER BOLTEUV",
  BUICK: "ENCORE ENVISTA",
  FORD: "ECOSPORT",
  NISSAN: "KICKS JUKE ROGUESPORT",
  MAZDA: "CX3 CX30",
  TOYOTA: "CHR",
  SUBARU: "CROSSTREK",
  JEEP: "RENEGADE",
  KIA: "SELTOS NIRO",
  BMW: "X1 X2",
  MERCEDESBENZ: "GLACLASS",
  AUDI: "Q3",
  LEXUS: "UX",
  VOLVO: "XC40 EX30 C40 EC40 EX40",
  MINI: "COUNTRYMAN PACEMAN",
  VOLKSWAGEN: "TAOS",
  FIAT: "500X",
  INFINITI: "QX30",
  JAGUAR: "EPACE",
  ALFAROMEO: "TONALE",
  DODGE: "HORNET",
  ACURA: "ADX",
  VINFAST: "VF6",
});

export const MIDSIZE_SUVS = toSet({
  FORD: "EDGE EXPLORER FLEX",
  NISSAN: "MURANO PATHFINDER XTERRA",
  HONDA: "PASSPORT PILOT PROLOGUE",
  LINCOLN: "NAUTILUS MKX AVIATOR MKT",
  CHEVROLET: "BLAZER BLAZEREV TRAVERSE",
  HYUNDAI: "SANTAFE PALISADE VERACRUZ IONIQ9",
  KIA: "SORENTO TELLURIDE EV9 BORREGO",
  TOYOTA: "VENZA 4RUNNER HIGHLANDER GRANDHIGHLANDER FJCRUISER",
  JEEP: "GRANDCHEROKEE",
  BMW: "X5 X6 IX XM X5M X6M ACTIVEHYBRIDX6",
  AUDI: "Q7 Q8 SQ7 SQ8 RSQ8 ETRON ETRONS Q8ETRON SQ8ETRON",
  MERCEDESBENZ: "GLECLASS MLCLASS GCLASS EQE EQS",
  LEXUS: "RX GX TX",
  CADILLAC: "XT5 XT6 LYRIQ VISTIQ",
  ACURA: "MDX ZDX",
  VOLVO: "XC90 EX90",
  PORSCHE: "CAYENNE",
  LANDROVER: "RANGEROVERSPORT DEFENDER DISCOVERY LR4",
  TESLA: "MODELX",
  RIVIAN: "R1S",
  GENESIS: "GV80",
  INFINITI: "QX60 JX35 QX70 FX35 FX37 FX50",
  VOLKSWAGEN: "ATLAS TOUAREG",
  SUBARU: "ASCENT TRIBECA",
  MAZDA: "CX9 CX90 CX70",
  GMC: "ACADIA",
  BUICK: "ENCLAVE",
  DODGE: "DURANGO",
  MITSUBISHI: "ENDEAVOR",
  SAAB: "94",
  LUCID: "GRAVITY",
  INEOSAUTOMOTIVE: "GRENADIER",
  MASERATI: "LEVANTE",
  BENTLEY: "BENTAYGA",
  LAMBORGHINI: "URUS",
  FERRARI: "PUROSANGUE",
  ASTONMARTIN: "DBX",
  VINFAST: "VF8 VF9",
});

export const FULLSIZE_SUVS = toSet({
  CHEVROLET: "TAHOE SUBURBAN",
  GMC: "YUKON HUMMEREV",
  CADILLAC: "ESCALADE",
  FORD: "EXPEDITION",
  LINCOLN: "NAVIGATOR",
  TOYOTA: "SEQUOIA LANDCRUISER",
  NISSAN: "ARMADA",
  INFINITI: "QX56 QX80",
  LEXUS: "LX",
  JEEP: "WAGONEER GRANDWAGONEER",
  LANDROVER: "RANGEROVER",
  MERCEDESBENZ: "GLCLASS GLSCLASS",
  BMW: "X7",
  ROLLSROYCE: "CULLINAN",
});

/** SUVs and vans with a third row on every trim (minivans and passenger vans always have one). */
export const THREE_ROW_MODELS = toSet({
  TOYOTA: "HIGHLANDER GRANDHIGHLANDER SEQUOIA LANDCRUISER",
  HONDA: "PILOT",
  FORD: "EXPLORER EXPEDITION FLEX",
  CHEVROLET: "TRAVERSE TAHOE SUBURBAN",
  GMC: "ACADIA YUKON",
  BUICK: "ENCLAVE",
  CADILLAC: "ESCALADE XT6 VISTIQ",
  KIA: "TELLURIDE SORENTO EV9 BORREGO",
  HYUNDAI: "PALISADE IONIQ9 VERACRUZ",
  VOLKSWAGEN: "ATLAS",
  SUBARU: "ASCENT TRIBECA",
  MAZDA: "CX9 CX90",
  NISSAN: "PATHFINDER ARMADA",
  DODGE: "DURANGO JOURNEY",
  JEEP: "WAGONEER GRANDWAGONEER COMMANDER",
  LINCOLN: "NAVIGATOR AVIATOR MKT",
  INFINITI: "QX60 JX35 QX56 QX80",
  ACURA: "MDX",
  LEXUS: "LX GX TX",
  BMW: "X7",
  MERCEDESBENZ: "GLSCLASS GLCLASS",
  AUDI: "Q7 SQ7",
  VOLVO: "XC90 EX90",
  TESLA: "MODELX",
  RIVIAN: "R1S",
  LUCID: "GRAVITY",
  MITSUBISHI: "OUTLANDER ENDEAVOR",
  VINFAST: "VF9",
});

/** Body-on-frame SUVs (standard tow hitch on most trims). */
export const BODY_ON_FRAME_SUVS = toSet({
  CHEVROLET: "TAHOE SUBURBAN",
  GMC: "YUKON",
  CADILLAC: "ESCALADE",
  FORD: "EXPEDITION BRONCO",
  LINCOLN: "NAVIGATOR",
  TOYOTA: "SEQUOIA LANDCRUISER 4RUNNER FJCRUISER",
  NISSAN: "ARMADA XTERRA",
  INFINITI: "QX56 QX80",
  LEXUS: "LX GX",
  JEEP: "WRANGLER WAGONEER GRANDWAGONEER",
  MERCEDESBENZ: "GCLASS",
  INEOSAUTOMOTIVE: "GRENADIER",
});

// ---------------------------------------------------------------------------------------------
// Series: rule-based groupings of models within a make.

export interface SeriesRef {
  code: string;
  name: string;
}

const S = (name: string, code?: string): SeriesRef => ({ code: code ?? codeOf(name), name });

const SERIES_BY_MODEL: Record<string, Record<string, SeriesRef>> = {
  FORD: {
    F150: S("F-Series", "FSERIES"),
    F150LIGHTNING: S("F-Series", "FSERIES"),
    E150VAN: S("E-Series", "ESERIES"),
    E150WAGON: S("E-Series", "ESERIES"),
    E250VAN: S("E-Series", "ESERIES"),
    E350VAN: S("E-Series", "ESERIES"),
    E350WAGON: S("E-Series", "ESERIES"),
    TRANSITCONNECT: S("Transit"),
    TRANSITT150WAGON: S("Transit"),
    MUSTANG: S("Mustang"),
    MUSTANGMACHE: S("Mustang"),
    BRONCO: S("Bronco"),
    BRONCOSPORT: S("Bronco"),
  },
  CHEVROLET: {
    SILVERADO: S("Silverado"),
    SILVERADOEV: S("Silverado"),
    EXPRESSCARGO: S("Express"),
    EXPRESSPASSENGER: S("Express"),
    BOLTEV: S("Bolt"),
    BOLTEUV: S("Bolt"),
  },
  GMC: {
    SIERRA: S("Sierra"),
    SIERRAEV: S("Sierra"),
    SAVANACARGO: S("Savana"),
    SAVANAPASSENGER: S("Savana"),
  },
  TOYOTA: {
    PRIUS: S("Prius"),
    PRIUSPRIME: S("Prius"),
    PRIUSC: S("Prius"),
    PRIUSV: S("Prius"),
    COROLLA: S("Corolla"),
    COROLLACROSS: S("Corolla"),
    RAV4: S("RAV4"),
    RAV4PRIME: S("RAV4"),
    CROWN: S("Crown"),
    CROWNSIGNIA: S("Crown"),
    HIGHLANDER: S("Highlander"),
    GRANDHIGHLANDER: S("Highlander"),
    "86": S("86"),
    GR86: S("86"),
    BZ: S("bZ"),
    BZ4X: S("bZ"),
  },
  HYUNDAI: { IONIQ: S("IONIQ"), IONIQ5: S("IONIQ"), IONIQ6: S("IONIQ"), IONIQ9: S("IONIQ") },
  NISSAN: {
    ROGUE: S("Rogue"),
    ROGUESPORT: S("Rogue"),
    "370Z": S("Z"),
    Z: S("Z"),
    NV200CARGOVAN: S("NV200"),
    NV200NYCTAXI: S("NV200"),
  },
  JEEP: { WAGONEER: S("Wagoneer"), GRANDWAGONEER: S("Wagoneer") },
  CADILLAC: {
    CTS: S("CTS"),
    CTSV: S("CTS"),
    ATS: S("ATS"),
    ATSV: S("ATS"),
    XTS: S("XTS"),
    XTSHEARSE: S("XTS"),
    XTSLIMO: S("XTS"),
  },
  LANDROVER: {
    RANGEROVER: S("Range Rover"),
    RANGEROVERSPORT: S("Range Rover"),
    RANGEROVERVELAR: S("Range Rover"),
    RANGEROVEREVOQUE: S("Range Rover"),
    DISCOVERY: S("Discovery"),
    DISCOVERYSPORT: S("Discovery"),
  },
  LEXUS: { IS: S("IS"), ISF: S("IS"), RC: S("RC"), RCF: S("RC") },
  PORSCHE: { "718": S("718 Boxster / Cayman", "718"), BOXSTER: S("718 Boxster / Cayman", "718"), CAYMAN: S("718 Boxster / Cayman", "718") },
  BENTLEY: {
    CONTINENTAL: S("Continental"),
    CONTINENTALSUPERSPORTS: S("Continental"),
    FLYINGSPUR: S("Continental"),
  },
  MERCEDESBENZ: {
    CCLASS: S("C-Class"),
    CLECLASS: S("C-Class"),
    ECLASS: S("E-Class"),
    CLSCLASS: S("E-Class"),
    SCLASS: S("S-Class"),
    CLCLASS: S("S-Class"),
    MAYBACH: S("S-Class"),
    SLCLASS: S("SL-Class"),
    SLKCLASS: S("SL-Class"),
    SLCCLASS: S("SL-Class"),
    SLSAMG: S("SL-Class"),
    GLACLASS: S("GL SUVs", "GLSUV"),
    GLBCLASS: S("GL SUVs", "GLSUV"),
    GLCCLASS: S("GL SUVs", "GLSUV"),
    GLKCLASS: S("GL SUVs", "GLSUV"),
    GLECLASS: S("GL SUVs", "GLSUV"),
    MLCLASS: S("GL SUVs", "GLSUV"),
    GLSCLASS: S("GL SUVs", "GLSUV"),
    GLCLASS: S("GL SUVs", "GLSUV"),
    EQB: S("EQ Electric", "EQ"),
    EQE: S("EQ Electric", "EQ"),
    EQS: S("EQ Electric", "EQ"),
    BCLASSELECTRICDRIVE: S("EQ Electric", "EQ"),
    METRISCARGO: S("Metris"),
    METRISPASSENGER: S("Metris"),
  },
  MCLARENAUTOMOTIVE: {
    "540C": S("Sports Series"),
    "570GT": S("Sports Series"),
    "570S": S("Sports Series"),
    "600LT": S("Sports Series"),
    "620R": S("Sports Series"),
    MP412C: S("Super Series"),
    "650S": S("Super Series"),
    "650SCANAM": S("Super Series"),
    "675LT": S("Super Series"),
    "720S": S("Super Series"),
    "765LT": S("Super Series"),
    P1: S("Ultimate Series"),
    SENNA: S("Ultimate Series"),
    SPEEDTAIL: S("Ultimate Series"),
    ELVA: S("Ultimate Series"),
    SABRE: S("Ultimate Series"),
    MSOHS: S("Ultimate Series"),
  },
};

/** The series a model belongs to, or null. BMW, Audi and Volvo follow their number families. */
export function seriesOf(makeCode: string, modelCode: string, modelName: string): SeriesRef | null {
  const table = SERIES_BY_MODEL[makeCode];
  const hit = table?.[modelCode];
  if (hit) return hit;
  if (makeCode === "BMW") {
    let m = /^(\d) Series$/.exec(modelName);
    if (m) return S(`${m[1]} Series`);
    m = /^M(\d)$/.exec(modelName);
    if (m) return S(`${m[1]} Series`);
    if (/^X\d( M)?$|^XM$|^ActiveHybrid X6$/.test(modelName)) return S("X Models", "XMODELS");
    if (/^i[X\d]$/.test(modelName)) return S("i Models", "IMODELS");
    return null;
  }
  if (makeCode === "AUDI") {
    if (/e-tron/i.test(modelName)) return S("e-tron", "ETRON");
    let m = /^(?:A|S|RS ?)(\d)\b/.exec(modelName);
    if (m) return S(`A${m[1]}`);
    m = /^(?:Q|SQ|RS ?Q)(\d)$/.exec(modelName);
    if (m) return S(`Q${m[1]}`);
    if (/^TT/.test(modelName)) return S("TT");
    if (/^R8/.test(modelName)) return S("R8");
    if (/^Allroad$/i.test(modelName)) return S("A4");
    return null;
  }
  if (makeCode === "VOLVO") {
    const m = /^(?:S|V|XC|EX|EC|C)(\d)0$/.exec(modelName);
    if (m) return S(`${m[1]}0 Series`);
    return null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Trim ladders. `first`: take the first n names (the top rungs are the rarer ones);
// `spread`: keep the first and last names and spread the rest between them.

export interface Ladder {
  names: string[];
  pick: "first" | "spread";
}

/** Names separated by "/"; pass an array when a name itself contains a slash ("R/T"). */
const L = (names: string | string[], pick: Ladder["pick"] = "first"): Ladder => ({
  names: typeof names === "string" ? names.split("/") : names,
  pick,
});

export const GENERIC_LADDER = L("Base/S/SE/Limited/Platinum");
const EXOTIC_LADDER = L("Base/Sport/Limited Edition", "spread");

/** The EV ladder (names adjusted later to each trim's drive). */
export function evLadder(hasAwd: boolean, hasTwoWheelDrive: boolean): Ladder {
  return hasAwd && hasTwoWheelDrive
    ? L("Standard Range/Long Range/Long Range AWD/Performance", "spread")
    : L("Standard Range/Long Range/Performance", "spread");
}

const MAKE_LADDERS: Record<string, Ladder> = {
  TOYOTA: L("LE/SE/XLE/Limited/Platinum"),
  HONDA: L("LX/Sport/EX/EX-L/Touring"),
  FORD: L("S/SE/SEL/Titanium/Platinum"),
  CHEVROLET: L("LS/LT/RS/Premier"),
  GMC: L("SLE/SLT/AT4/Denali"),
  RAM: L("Tradesman/Big Horn/Laramie/Longhorn/Limited"),
  DODGE: L("SE/SXT/GT/Limited"),
  JEEP: L("Sport/Latitude/Limited/Trailhawk/Overland"),
  CHRYSLER: L("Touring/Touring L/Limited/Pinnacle"),
  NISSAN: L("S/SV/SL/Platinum"),
  HYUNDAI: L("SE/SEL/SEL Plus/Limited"),
  KIA: L("LX/S/EX/GT-Line/SX"),
  MAZDA: L("Sport/Touring/Grand Touring/Signature"),
  SUBARU: L("Base/Premium/Sport/Limited/Touring"),
  VOLKSWAGEN: L("S/SE/SEL/SEL Premium"),
  MITSUBISHI: L("ES/SE/SEL/GT"),
  BUICK: L("Preferred/Sport Touring/Essence/Avenir"),
  CADILLAC: L("Luxury/Premium Luxury/Sport/Platinum"),
  LINCOLN: L("Standard/Select/Reserve/Black Label"),
  ACURA: L("Base/Technology/A-Spec/Advance"),
  INFINITI: L("Pure/Luxe/Sport/Sensory/Autograph"),
  LEXUS: L("Base/Premium/F Sport/Luxury/Ultra Luxury"),
  GENESIS: L("Standard/Advanced/Sport/Prestige"),
  AUDI: L("Premium/Premium Plus/Prestige"),
  BMW: L("Base/Premium/Executive/M Sport"),
  MERCEDESBENZ: L("Base/Premium/Exclusive/Pinnacle"),
  PORSCHE: L("Base/S/GTS/Turbo/Turbo S", "spread"),
  VOLVO: L("Core/Plus/Ultimate"),
  JAGUAR: L("S/SE/HSE/R-Dynamic HSE"),
  LANDROVER: L("S/SE/HSE/Autobiography"),
  ALFAROMEO: L("Sprint/Ti/Veloce/Quadrifoglio"),
  MINI: L("Classic/Signature/Iconic"),
  FIAT: L("Pop/Easy/Lounge/Trekking"),
  SMART: L("pure/passion/prime"),
  SCION: L("Base/Release Series"),
  SUZUKI: L("Base/Premium/Sport/Limited"),
  SAAB: L("Base/Turbo4/Aero"),
  MASERATI: L("GT/Modena/Trofeo", "spread"),
  BENTLEY: L("Base/S/Azure/Speed", "spread"),
  ROLLSROYCE: L("Base/Black Badge", "spread"),
  ASTONMARTIN: L("Base/S/AMR", "spread"),
  FERRARI: L("Base/Tailor Made", "spread"),
  LAMBORGHINI: L("Base/Ad Personam", "spread"),
  MCLARENAUTOMOTIVE: L("Base/Performance/Luxury", "spread"),
  LOTUS: L("Base/S/GT", "spread"),
  LUCID: L("Pure/Touring/Grand Touring/Sapphire", "spread"),
  RIVIAN: L("Dual Standard/Dual Large/Dual Max/Tri Max/Quad", "spread"),
  POLESTAR: L("Long Range Single Motor/Long Range Dual Motor/Performance", "spread"),
  ROUSHPERFORMANCE: L("Stage 1/Stage 2/Stage 3", "spread"),
  SRT: L("SRT/GTS", "spread"),
  VPG: L("SE/DX"),
  MOBILITYVENTURESLLC: L("SE/DX"),
  VINFAST: L("Eco/Plus"),
  INEOSAUTOMOTIVE: L("Base/Trialmaster/Fieldmaster"),
  KARMA: L("Base/S/GT", "spread"),
  FISKER: L("Sport/Ultra/Extreme", "spread"),
};

/** Year-dependent make ladders (names changed over the period). */
function makeLadderForYear(makeCode: string, year: number): Ladder | undefined {
  if (makeCode === "VOLVO") {
    if (year >= 2023) return L("Core/Plus/Ultimate");
    if (year >= 2016) return L("Momentum/R-Design/Inscription");
    return L("Base/Premier/Platinum");
  }
  if (makeCode === "LINCOLN" && year < 2017) return L("Base/Select/Reserve");
  if (makeCode === "CADILLAC" && year < 2017) return L("Base/Luxury/Performance/Premium");
  if (makeCode === "MINI" && year < 2022) return L("Base/Signature/Iconic");
  if (makeCode === "BUICK" && year < 2017) return L("Base/Convenience/Leather/Premium");
  if (makeCode === "HYUNDAI" && year < 2016) return L("GLS/SE/Limited");
  if (makeCode === "HYUNDAI" && year < 2019) return L("SE/SEL/Sport/Limited");
  if (makeCode === "KIA" && year < 2019) return L("LX/EX/SX/SX Limited");
  if (makeCode === "CHEVROLET" && year < 2016) return L("LS/LT/LTZ");
  if (makeCode === "GMC" && year < 2019) return L("SLE/SLT/Denali");
  if (makeCode === "INFINITI" && year < 2019) return L("Base/Premium/Sport/Limited");
  return MAKE_LADDERS[makeCode];
}

const MODEL_LADDERS: Record<string, Ladder> = {
  "TOYOTA|CAMRY": L("LE/SE/XLE/XSE"),
  "TOYOTA|COROLLA": L("L/LE/SE/XSE"),
  "TOYOTA|RAV4": L("LE/XLE/XLE Premium/Adventure/Limited"),
  "TOYOTA|RAV4PRIME": L("SE/XSE/XSE Premium"),
  "TOYOTA|HIGHLANDER": L("L/LE/XLE/Limited/Platinum"),
  "TOYOTA|GRANDHIGHLANDER": L("XLE/Limited/Platinum"),
  "TOYOTA|TACOMA": L("SR/SR5/TRD Sport/TRD Off-Road/Limited"),
  "TOYOTA|TUNDRA": L("SR/SR5/Limited/Platinum/1794 Edition"),
  "TOYOTA|4RUNNER": L("SR5/TRD Off-Road/Limited/TRD Pro"),
  "TOYOTA|SEQUOIA": L("SR5/Limited/Platinum/TRD Pro"),
  "TOYOTA|SIENNA": L("LE/XLE/XSE/Limited/Platinum"),
  "TOYOTA|PRIUS": L("L Eco/LE/XLE/Limited"),
  "TOYOTA|GRSUPRA": L("2.0/3.0/3.0 Premium", "spread"),
  "TOYOTA|GR86": L("Base/Premium"),
  "TOYOTA|86": L("Base/GT"),
  "TOYOTA|LANDCRUISER": L("Base/Heritage Edition"),
  "TOYOTA|YARIS": L("L/LE/XLE"),
  "HONDA|CIVIC": L("LX/Sport/EX/Touring"),
  "HONDA|ACCORD": L("LX/Sport/EX-L/Touring"),
  "HONDA|CRV": L("LX/EX/EX-L/Touring"),
  "HONDA|ODYSSEY": L("LX/EX/EX-L/Touring/Elite"),
  "HONDA|RIDGELINE": L("Sport/RTL/RTL-E/Black Edition"),
  "HONDA|HRV": L("LX/Sport/EX-L"),
  "HONDA|FIT": L("LX/Sport/EX/EX-L"),
  "FORD|F150": L("XL/XLT/Lariat/Platinum/Limited"),
  "FORD|F150LIGHTNING": L("Pro/XLT/Lariat/Platinum"),
  "FORD|RANGER": L("XL/XLT/Lariat"),
  "FORD|MAVERICK": L("XL/XLT/Lariat"),
  "FORD|EXPEDITION": L("XL/XLT/Limited/King Ranch/Platinum"),
  "FORD|BRONCO": L("Base/Big Bend/Outer Banks/Badlands/Wildtrak"),
  "FORD|BRONCOSPORT": L("Base/Big Bend/Outer Banks/Badlands"),
  "FORD|ESCAPE": L("S/SE/SEL/Titanium"),
  "FORD|MUSTANG": L("Base/Premium/GT/GT Premium/Mach 1"),
  "FORD|MUSTANGMACHE": L("Select/Premium/California Route 1/GT", "spread"),
  "FORD|TRANSITCONNECT": L("XL/XLT/Titanium"),
  "FORD|TRANSITT150WAGON": L("XL/XLT"),
  "FORD|E150VAN": L("Base/Commercial"),
  "FORD|E250VAN": L("Base/Commercial"),
  "FORD|E350VAN": L("Base/Commercial"),
  "FORD|E150WAGON": L("XL/XLT"),
  "FORD|E350WAGON": L("XL/XLT"),
  "FORD|GT": L("Base/Heritage Edition", "spread"),
  "CHEVROLET|SILVERADOEV": L("WT/RST/Trail Boss", "spread"),
  "CHEVROLET|CAMARO": L("1LT/2LT/1SS/2SS/ZL1"),
  "CHEVROLET|CORVETTE": L("Stingray 1LT/Stingray 2LT/Stingray 3LT/Z06", "spread"),
  "CHEVROLET|BOLTEV": L("LT/Premier"),
  "CHEVROLET|BOLTEUV": L("LT/Premier"),
  "CHEVROLET|VOLT": L("LT/Premier"),
  "CHEVROLET|SPARK": L("LS/1LT/2LT/ACTIV"),
  "CHEVROLET|EXPRESSCARGO": L("Work Van/LS/LT"),
  "CHEVROLET|EXPRESSPASSENGER": L("LS/LT"),
  "CHEVROLET|CITYEXPRESSCARGOVAN": L("LS/LT"),
  "GMC|SIERRAEV": L("Elevation/AT4/Denali", "spread"),
  "GMC|SAVANACARGO": L("Work Van/LS/LT"),
  "GMC|SAVANAPASSENGER": L("LS/LT"),
  "GMC|HUMMEREV": L("2X/3X/Edition 1", "spread"),
  "RAM|PROMASTERCITY": L("Tradesman/SLT"),
  "RAM|CV": L("Tradesman/Tradesman Plus"),
  "DODGE|CHARGER": L(["SXT", "GT", "R/T", "Scat Pack", "SRT Hellcat"]),
  "DODGE|CHALLENGER": L(["SXT", "GT", "R/T", "Scat Pack", "SRT Hellcat"]),
  "DODGE|DURANGO": L(["SXT", "GT", "R/T", "Citadel", "SRT 392"]),
  "DODGE|GRANDCARAVAN": L(["SE", "SXT", "Crew", "R/T"]),
  "DODGE|JOURNEY": L("SE/SXT/Crossroad/GT"),
  "DODGE|HORNET": L(["GT", "GT Plus", "R/T", "R/T Plus"]),
  "DODGE|VIPER": L("SRT/GTS/ACR", "spread"),
  "JEEP|WRANGLER": L("Sport/Sport S/Sahara/Rubicon/High Altitude"),
  "JEEP|GRANDCHEROKEE": L("Laredo/Altitude/Limited/Overland/Summit"),
  "JEEP|CHEROKEE": L("Latitude/Latitude Plus/Limited/Trailhawk"),
  "JEEP|COMPASS": L("Sport/Latitude/Limited/Trailhawk"),
  "JEEP|GLADIATOR": L("Sport/Sport S/Overland/Rubicon/Mojave"),
  "JEEP|WAGONEER": L("Series I/Series II/Series III"),
  "JEEP|GRANDWAGONEER": L("Series I/Series II/Series III/Obsidian"),
  "JEEP|WAGONEERS": L("Limited/Launch Edition/Trailhawk"),
  "CHRYSLER|300": L("Touring/Touring L/300S/300C"),
  "CHRYSLER|PACIFICA": L("Touring/Touring L/Limited/Pinnacle"),
  "NISSAN|ALTIMA": L("S/SV/SR/SL/Platinum"),
  "NISSAN|TITAN": L("S/SV/PRO-4X/Platinum Reserve"),
  "NISSAN|FRONTIER": L("S/SV/PRO-4X/PRO-X"),
  "NISSAN|370Z": L("Base/Sport/Touring/NISMO"),
  "NISSAN|Z": L("Sport/Performance/NISMO"),
  "NISSAN|GTR": L("Premium/Track Edition/NISMO", "spread"),
  "NISSAN|NV200CARGOVAN": L("S/SV"),
  "HYUNDAI|PALISADE": L("SE/SEL/XRT/Limited/Calligraphy"),
  "HYUNDAI|SONATA": L("SE/SEL/SEL Plus/Limited"),
  "HYUNDAI|IONIQ5": L("SE Standard Range/SE/SEL/Limited"),
  "HYUNDAI|IONIQ6": L("SE Standard Range/SE/SEL/Limited"),
  "HYUNDAI|SANTACRUZ": L("SE/SEL/XRT/Limited"),
  "KIA|TELLURIDE": L("LX/S/EX/SX/SX Prestige"),
  "KIA|FORTE": L("FE/LXS/GT-Line/GT"),
  "KIA|K5": L("LXS/GT-Line/EX/GT"),
  "KIA|STINGER": L("GT-Line/GT1/GT2"),
  "KIA|K900": L("Luxury/Premium/Elite"),
  "KIA|CADENZA": L("Premium/Technology/Limited"),
  "HYUNDAI|EQUUS": L("Signature/Ultimate"),
  "HYUNDAI|NEXO": L("Blue/Limited"),
  "HYUNDAI|IONIQ": L("Blue/SE/SEL/Limited"),
  "HYUNDAI|ELANTRA": L("SE/SEL/N Line/Limited"),
  "HYUNDAI|KONA": L("SE/SEL/N Line/Limited"),
  "HYUNDAI|AZERA": L("Base/Limited"),
  "HYUNDAI|GENESIS": L("Base/Premium/Ultimate"),
  "KIA|EV6": L("Light/Wind/GT-Line/GT", "spread"),
  "KIA|EV9": L("Light/Wind/Land/GT-Line", "spread"),
  "KIA|CARNIVAL": L("LX/EX/SX/SX Prestige"),
  "KIA|NIRO": L("LX/EX/SX Touring"),
  "MAZDA|MX5": L("Sport/Club/Grand Touring"),
  "SUBARU|WRX": L("Base/Premium/Limited/STI"),
  "SUBARU|BRZ": L("Premium/Limited/tS"),
  "SUBARU|OUTBACK": L("Base/Premium/Limited/Touring"),
  "SUBARU|CROSSTREK": L("Base/Premium/Sport/Limited"),
  "SUBARU|ASCENT": L("Base/Premium/Limited/Touring"),
  "SUBARU|SOLTERRA": L("Premium/Limited/Touring"),
  "VOLKSWAGEN|JETTA": L("S/Sport/SE/SEL"),
  "VOLKSWAGEN|ATLAS": L("SE/SE with Technology/SEL/SEL Premium"),
  "VOLKSWAGEN|TIGUAN": L("S/SE/SE R-Line/SEL R-Line"),
  "VOLKSWAGEN|GTI": L("S/SE/Autobahn"),
  "VOLKSWAGEN|GOLF": L("S/SE/SEL"),
  "VOLKSWAGEN|GOLFR": L("Base/DCC Navigation"),
  "VOLKSWAGEN|ID4": L("Standard/Pro/Pro S/Pro S Plus", "spread"),
  "VOLKSWAGEN|GLI": L("S/Autobahn"),
  "MITSUBISHI|MIRAGE": L("ES/SE/GT"),
  "CADILLAC|ESCALADE": L("Luxury/Premium Luxury/Sport/Premium Luxury Platinum"),
  "CADILLAC|LYRIQ": L("Tech/Luxury/Sport"),
  "CADILLAC|XTSHEARSE": L("Base/Premium"),
  "CADILLAC|XTSLIMO": L("Base/Premium"),
  "PORSCHE|911": L("Carrera/Carrera S/Carrera 4S/GTS/Turbo S", "spread"),
  "PORSCHE|718": L("Base/S/GTS 4.0/GT4", "spread"),
  "PORSCHE|TAYCAN": L("Base/4S/Turbo/Turbo S", "spread"),
  "PORSCHE|918SPYDER": L("Base/Weissach", "spread"),
  "TESLA|CYBERTRUCK": L("Long Range AWD/Cyberbeast", "spread"),
  "BUGATTI|CHIRON": L("Base/Sport/Super Sport", "spread"),
  "FERRARI|SF90STRADALE": L("Base/Assetto Fiorano", "spread"),
  "FERRARI|SF90SPIDER": L("Base/Assetto Fiorano", "spread"),
  "FERRARI|296GTB": L("Base/Assetto Fiorano", "spread"),
  "FERRARI|296GTS": L("Base/Assetto Fiorano", "spread"),
  "LAMBORGHINI|HURACAN": L("Base/Performante", "spread"),
  "LAMBORGHINI|URUS": L("Base/Performante", "spread"),
  "LAMBORGHINI|AVENTADOR": L("S/SVJ", "spread"),
  "FISKER|KARMA": L("EcoStandard/EcoSport/EcoChic"),
  "MINI|JOHNCOOPERWORKS": L("Base/Iconic"),
};

export interface LadderContext {
  makeCode: string;
  modelCode: string;
  year: number;
  tier: MakeTier;
  /** All candidate configurations of the model-year are electric. */
  allElectric: boolean;
  hasAwd: boolean;
  hasTwoWheelDrive: boolean;
  /** The model-year's main body style is a cargo van or specialty vehicle. */
  commercial: boolean;
}

/** Model ladders that changed with a new generation: [first model year, ladder], latest first. */
const MODEL_LADDERS_BY_YEAR: Record<string, [number, Ladder][]> = {
  "TOYOTA|LANDCRUISER": [[2024, L("1958/Base/First Edition")]],
  "KIA|SOUL": [
    [2020, L("LX/S/GT-Line/EX")],
    [0, L("Base/Plus/Exclaim")],
  ],
  "KIA|SPORTAGE": [
    [2023, L("LX/EX/X-Line/SX Prestige")],
    [0, L("LX/EX/SX")],
  ],
  "KIA|SORENTO": [
    [2019, L("LX/S/EX/SX/SX Prestige")],
    [0, L("LX/EX/SX/SX Limited")],
  ],
  "HYUNDAI|SANTAFE": [
    [2022, L("SE/SEL/XRT/Limited/Calligraphy")],
    [2016, L("SE/SEL/Limited")],
    [0, L("GLS/SE/Limited")],
  ],
  "HYUNDAI|TUCSON": [
    [2022, L("SE/SEL/XRT/Limited")],
    [2016, L("SE/SEL/Limited")],
    [0, L("GLS/SE/Limited")],
  ],
  "SUBARU|FORESTER": [[0, L("Base/Premium/Sport/Limited/Touring")]],
  "FORD|EDGE": [
    [2019, L("SE/SEL/Titanium/ST")],
    [0, L("SE/SEL/Titanium/Sport")],
  ],
  "FORD|EXPLORER": [
    [2020, L("Base/XLT/Limited/ST/Platinum")],
    [0, L("Base/XLT/Limited/Sport/Platinum")],
  ],
  "CHEVROLET|COLORADO": [
    [2015, L("WT/LT/Z71/ZR2")],
    [0, L("WT/LT/Z71")],
  ],
  "CHEVROLET|MALIBU": [
    [2016, L("LS/RS/LT/Premier")],
    [0, L("LS/LT/LTZ")],
  ],
  "CHEVROLET|TAHOE": [
    [2016, L("LS/LT/Z71/Premier/High Country")],
    [0, L("LS/LT/LTZ")],
  ],
  "CHEVROLET|SUBURBAN": [
    [2016, L("LS/LT/Z71/Premier/High Country")],
    [0, L("LS/LT/LTZ")],
  ],
  "CHEVROLET|SILVERADO": [
    [2014, L("WT/Custom/LT/LTZ/High Country")],
    [0, L("WT/LS/LT/LTZ")],
  ],
  "GMC|CANYON": [
    [2019, L("Elevation/AT4/Denali/AT4X")],
    [0, L("SL/SLE/SLT/Denali")],
  ],
  "GMC|SIERRA": [
    [2019, L("Pro/SLE/Elevation/SLT/Denali")],
    [0, L("WT/SLE/SLT/Denali")],
  ],
  "GMC|YUKON": [
    [2019, L("SLE/SLT/AT4/Denali/Denali Ultimate")],
    [0, L("SLE/SLT/Denali")],
  ],
  "HONDA|PILOT": [
    [2023, L("LX/EX/EX-L/TrailSport/Elite")],
    [0, L("LX/EX/EX-L/Touring/Elite")],
  ],
};

/** True when the model has its own ladder (a well-known model sold in several trims whatever its engines). */
export function hasModelLadder(makeCode: string, modelCode: string): boolean {
  const key = `${makeCode}|${modelCode}`;
  return key in MODEL_LADDERS || key in MODEL_LADDERS_BY_YEAR;
}

export function ladderFor(ctx: LadderContext): Ladder {
  const key = `${ctx.makeCode}|${ctx.modelCode}`;
  for (const [from, ladder] of MODEL_LADDERS_BY_YEAR[key] ?? []) if (ctx.year >= from) return ladder;
  const model = MODEL_LADDERS[key];
  if (model) return model;
  if (ctx.commercial) return L("Base/Premium");
  if (ctx.makeCode === "TESLA" && (ctx.modelCode === "MODELS" || ctx.modelCode === "MODELX") && ctx.year >= 2021) {
    return L("Long Range/Plaid", "spread");
  }
  const make = makeLadderForYear(ctx.makeCode, ctx.year);
  if (ctx.allElectric && (!make || ctx.makeCode === "TESLA")) return evLadder(ctx.hasAwd, ctx.hasTwoWheelDrive);
  if (make) return make;
  if (ctx.tier === "exotic") return EXOTIC_LADDER;
  if (ctx.allElectric) return evLadder(ctx.hasAwd, ctx.hasTwoWheelDrive);
  return GENERIC_LADDER;
}

// ---------------------------------------------------------------------------------------------
// Prices. Base-trim MSRP in 2024 dollars for well-known models (approximate US list prices,
// rounded); everything else uses the formula in catalog.server.ts. Older years are deflated.

const P: Record<string, Record<string, number>> = {
  TOYOTA: {
    CAMRY: 27500,
    COROLLA: 22000,
    COROLLACROSS: 24000,
    RAV4: 29000,
    RAV4PRIME: 43000,
    HIGHLANDER: 39500,
    GRANDHIGHLANDER: 43500,
    TACOMA: 31500,
    TUNDRA: 40000,
    "4RUNNER": 41000,
    SEQUOIA: 61000,
    SIENNA: 38000,
    PRIUS: 28000,
    PRIUSPRIME: 33000,
    PRIUSC: 21000,
    PRIUSV: 28000,
    AVALON: 37000,
    VENZA: 35000,
    CHR: 24000,
    CROWN: 40000,
    CROWNSIGNIA: 44000,
    GRSUPRA: 46500,
    GR86: 29500,
    "86": 28000,
    LANDCRUISER: 57000,
    MIRAI: 50000,
    BZ4X: 43000,
    BZ: 43000,
    YARIS: 17000,
    MATRIX: 20000,
    FJCRUISER: 36000,
  },
  HONDA: {
    CIVIC: 24000,
    ACCORD: 28000,
    CRV: 30000,
    HRV: 24500,
    PILOT: 38000,
    ODYSSEY: 38000,
    RIDGELINE: 39500,
    PASSPORT: 41000,
    FIT: 18500,
    INSIGHT: 26000,
    CLARITY: 35000,
    CRZ: 24000,
    CROSSTOUR: 34000,
    ELEMENT: 27000,
    PROLOGUE: 48000,
  },
  FORD: {
    F150: 36000,
    F150LIGHTNING: 50000,
    RANGER: 33000,
    MAVERICK: 24000,
    MUSTANG: 31000,
    MUSTANGMACHE: 40000,
    EXPLORER: 38500,
    EXPEDITION: 56000,
    ESCAPE: 29000,
    EDGE: 38000,
    BRONCO: 38000,
    BRONCOSPORT: 30000,
    FUSION: 25000,
    FOCUS: 19500,
    FIESTA: 16500,
    TAURUS: 31000,
    FLEX: 35000,
    ECOSPORT: 22000,
    CMAX: 26000,
    GT: 500000,
    TRANSITCONNECT: 33000,
    TRANSITT150WAGON: 52000,
    E150VAN: 40000,
    E150WAGON: 45000,
    E250VAN: 42000,
    E350VAN: 44000,
    E350WAGON: 48000,
    CROWNVICTORIA: 30000,
  },
  CHEVROLET: {
    SILVERADO: 37000,
    SILVERADOEV: 75000,
    COLORADO: 30000,
    TAHOE: 57000,
    SUBURBAN: 60000,
    EQUINOX: 28000,
    TRAVERSE: 38500,
    BLAZER: 36000,
    BLAZEREV: 48000,
    EQUINOXEV: 35000,
    TRAX: 21000,
    TRAILBLAZER: 23000,
    MALIBU: 25500,
    CAMARO: 32000,
    CORVETTE: 68000,
    SPARK: 15000,
    SONIC: 17000,
    CRUZE: 19500,
    IMPALA: 30000,
    BOLTEV: 27000,
    BOLTEUV: 28500,
    VOLT: 34000,
    EXPRESSCARGO: 43000,
    EXPRESSPASSENGER: 48000,
    CITYEXPRESSCARGOVAN: 26000,
    SS: 48000,
    AVALANCHE: 45000,
    CAPTIVA: 25000,
    HHR: 20000,
    AVEO: 15000,
    COBALT: 17000,
  },
  GMC: {
    SIERRA: 39000,
    SIERRAEV: 90000,
    CANYON: 38000,
    YUKON: 60000,
    ACADIA: 40000,
    TERRAIN: 30000,
    HUMMEREV: 90000,
    SAVANACARGO: 43000,
    SAVANAPASSENGER: 48000,
  },
  RAM: { "1500": 40000, PROMASTERCITY: 33000, CV: 28000 },
  DODGE: {
    CHARGER: 34000,
    CHALLENGER: 32000,
    DURANGO: 40000,
    HORNET: 32000,
    GRANDCARAVAN: 30000,
    JOURNEY: 26000,
    DART: 21000,
    AVENGER: 22000,
    CALIBER: 20000,
    NITRO: 27000,
    VIPER: 100000,
    DAKOTAPICKUP: 28000,
    RAM1500PICKUP: 32000,
  },
  JEEP: {
    WRANGLER: 33000,
    GRANDCHEROKEE: 40000,
    CHEROKEE: 32000,
    COMPASS: 29000,
    RENEGADE: 27000,
    GLADIATOR: 38500,
    WAGONEER: 63000,
    GRANDWAGONEER: 90000,
    WAGONEERS: 60000,
    PATRIOT: 21000,
    LIBERTY: 27000,
    COMMANDER: 34000,
  },
  CHRYSLER: {
    "300": 34000,
    PACIFICA: 40000,
    VOYAGER: 40000,
    "200": 25000,
    TOWNANDCOUNTRY: 34000,
    SEBRING: 24000,
    PTCRUISER: 21000,
    "300SRT8": 52000,
  },
  NISSAN: {
    ALTIMA: 27000,
    SENTRA: 21000,
    VERSA: 17000,
    ROGUE: 29000,
    ROGUESPORT: 24000,
    MURANO: 34000,
    PATHFINDER: 37000,
    ARMADA: 56000,
    FRONTIER: 31000,
    TITAN: 46000,
    KICKS: 21000,
    LEAF: 29000,
    ARIYA: 40000,
    MAXIMA: 39000,
    "370Z": 32000,
    Z: 42000,
    GTR: 120000,
    JUKE: 21000,
    CUBE: 18000,
    QUEST: 32000,
    XTERRA: 28000,
    NV200CARGOVAN: 30000,
    NV200NYCTAXI: 33000,
  },
  HYUNDAI: {
    ELANTRA: 22000,
    SONATA: 27000,
    TUCSON: 28000,
    SANTAFE: 34000,
    PALISADE: 38000,
    KONA: 25000,
    VENUE: 20000,
    ACCENT: 17000,
    IONIQ5: 42000,
    IONIQ6: 38000,
    IONIQ9: 59000,
    IONIQ: 25000,
    SANTACRUZ: 28000,
    NEXO: 60000,
    VELOSTER: 21000,
    GENESIS: 45000,
    EQUUS: 75000,
    AZERA: 36000,
    VERACRUZ: 35000,
    ENTOURAGE: 32000,
  },
  KIA: {
    FORTE: 21000,
    K5: 27000,
    OPTIMA: 25000,
    SPORTAGE: 28000,
    SORENTO: 32000,
    TELLURIDE: 37000,
    SOUL: 21000,
    SELTOS: 25000,
    NIRO: 27000,
    CARNIVAL: 35000,
    SEDONA: 32000,
    EV6: 43000,
    EV9: 55000,
    STINGER: 37000,
    RIO: 17500,
    K4: 22000,
    K900: 62000,
    CADENZA: 34000,
    RONDO: 22000,
    BORREGO: 32000,
  },
  MAZDA: {
    "3": 23000,
    "6": 27000,
    CX5: 29000,
    CX30: 25000,
    CX50: 31000,
    CX90: 40000,
    CX70: 41000,
    CX9: 38000,
    CX3: 22000,
    MX5: 29500,
    MX30: 35000,
    "2": 17000,
    "5": 22000,
    RX8: 33000,
    CX7: 28000,
    TRIBUTE: 25000,
    SPEED3: 30000,
  },
  SUBARU: {
    OUTBACK: 29500,
    FORESTER: 28000,
    CROSSTREK: 25500,
    IMPREZA: 23000,
    LEGACY: 25000,
    ASCENT: 35000,
    WRX: 33000,
    BRZ: 31000,
    SOLTERRA: 45000,
    TRIBECA: 35000,
  },
  VOLKSWAGEN: {
    JETTA: 22000,
    GLI: 32000,
    TIGUAN: 29000,
    ATLAS: 38000,
    TAOS: 24000,
    ID4: 40000,
    IDBUZZ: 60000,
    GOLF: 24000,
    GTI: 32000,
    GOLFR: 46000,
    EGOLF: 32000,
    PASSAT: 27000,
    ARTEON: 44000,
    BEETLE: 22000,
    CC: 35000,
    EOS: 34000,
    TOUAREG: 52000,
    ROUTAN: 30000,
    GOLFSPORTWAGEN: 25000,
    GOLFALLTRACK: 29000,
  },
  MITSUBISHI: {
    MIRAGE: 17000,
    OUTLANDER: 29000,
    ECLIPSECROSS: 27000,
    LANCER: 19000,
    IMIEV: 23000,
    ECLIPSE: 25000,
    GALANT: 23000,
    ENDEAVOR: 30000,
    RAIDERPICKUP: 24000,
  },
  BUICK: {
    ENCORE: 25000,
    ENVISTA: 24000,
    ENVISION: 35000,
    ENCLAVE: 45000,
    LACROSSE: 35000,
    REGAL: 28000,
    VERANO: 24000,
    CASCADA: 34000,
    LUCERNE: 33000,
    LACROSSEALLURE: 33000,
  },
  MINI: { COOPER: 29000, JOHNCOOPERWORKS: 38000, COUNTRYMAN: 33000, CLUBMAN: 32000, PACEMAN: 29000, ROADSTER: 28000 },
  FIAT: { "500": 17000, "500E": 32000, "500L": 22000, "500X": 26000, "124SPIDER": 26000 },
  SMART: { FORTWO: 16000 },
  SCION: { FRS: 27000, TC: 21000, XB: 20000, XD: 17000, IQ: 16000, IA: 17000, IM: 20000 },
  SUZUKI: { SX4: 17000, KIZASHI: 22000, GRANDVITARA: 23000, EQUATOR: 24000, SWIFT: 15000 },
  ACURA: {
    INTEGRA: 32000,
    TLX: 45000,
    MDX: 50500,
    RDX: 44000,
    ZDX: 65000,
    ADX: 35000,
    NSX: 160000,
    ILX: 30000,
    TSX: 33000,
    TL: 38000,
    RL: 50000,
    RLX: 55000,
  },
  INFINITI: {
    Q50: 43000,
    QX50: 43000,
    QX55: 50000,
    QX60: 50000,
    QX80: 83000,
    Q60: 48000,
    Q70: 55000,
    QX30: 33000,
    QX70: 48000,
    QX56: 65000,
    G37: 40000,
    G25: 36000,
    M37: 50000,
    M56: 62000,
    M35: 48000,
    M45: 55000,
    FX35: 48000,
    FX37: 48000,
    FX50: 64000,
    EX35: 39000,
    EX37: 39000,
    JX35: 44000,
    Q40: 36000,
  },
  LEXUS: {
    ES: 42000,
    IS: 40000,
    ISF: 65000,
    RX: 49000,
    NX: 41000,
    GX: 60000,
    LX: 92000,
    UX: 36000,
    TX: 55000,
    RZ: 59000,
    LS: 80000,
    LC: 100000,
    RC: 45000,
    RCF: 68000,
    GS: 52000,
    CT: 32000,
    HS: 40000,
    LFA: 375000,
    SC: 70000,
  },
  GENESIS: { G70: 41000, G80: 52000, G90: 89000, GV60: 52000, GV70: 46000, GV80: 57000 },
  AUDI: {
    A3: 36000,
    S3: 47000,
    RS3: 60000,
    A4: 41000,
    S4: 52000,
    A5: 45000,
    S5: 56000,
    RS5: 79000,
    A6: 57000,
    S6: 75000,
    RS6AVANT: 125000,
    A7: 72000,
    S7: 88000,
    RS7: 128000,
    A8: 90000,
    S8: 120000,
    Q3: 38000,
    Q4ETRON: 50000,
    Q5: 45000,
    SQ5: 56000,
    Q6ETRON: 64000,
    SQ6ETRON: 73000,
    Q7: 60000,
    SQ7: 90000,
    Q8: 74000,
    SQ8: 98000,
    RSQ8: 125000,
    ETRON: 66000,
    ETRONS: 86000,
    Q8ETRON: 75000,
    SQ8ETRON: 92000,
    ETRONGT: 106000,
    RSETRONGT: 147000,
    SETRON: 125000,
    RSETRON: 147000,
    R8: 160000,
    R8SPYDER: 175000,
    TT: 52000,
    TTS: 60000,
    TTRS: 73000,
    ALLROAD: 46000,
  },
  BMW: {
    "3SERIES": 45000,
    "2SERIES": 40000,
    "4SERIES": 49000,
    "5SERIES": 58000,
    "6SERIES": 75000,
    "7SERIES": 96000,
    "8SERIES": 90000,
    "1SERIES": 34000,
    X1: 41000,
    X2: 42000,
    X3: 48000,
    X4: 55000,
    X5: 66000,
    X6: 74000,
    X7: 82000,
    XM: 160000,
    Z4: 54000,
    I3: 45000,
    I4: 53000,
    I5: 67000,
    I7: 106000,
    I8: 148000,
    IX: 88000,
    M2: 64000,
    M3: 77000,
    M4: 80000,
    M5: 110000,
    M6: 115000,
    M8: 135000,
    X5M: 122000,
    X6M: 127000,
    ACTIVEE: 45000,
    ACTIVEHYBRIDX6: 95000,
  },
  MERCEDESBENZ: {
    CCLASS: 47000,
    ECLASS: 58000,
    SCLASS: 117000,
    CLACLASS: 43000,
    CLECLASS: 57000,
    CLSCLASS: 73000,
    ACLASS: 36000,
    GLACLASS: 42000,
    GLBCLASS: 45000,
    GLCCLASS: 48000,
    GLECLASS: 62000,
    GLSCLASS: 87000,
    GCLASS: 143000,
    GLCLASS: 70000,
    GLKCLASS: 45000,
    MLCLASS: 55000,
    SLCLASS: 110000,
    SLKCLASS: 55000,
    SLCCLASS: 55000,
    SLSAMG: 230000,
    AMGGT: 100000,
    EQB: 53000,
    EQE: 76000,
    EQS: 105000,
    MAYBACH: 200000,
    CLCLASS: 120000,
    RCLASS: 50000,
    METRISCARGO: 42000,
    METRISPASSENGER: 48000,
    BCLASSELECTRICDRIVE: 42000,
  },
  CADILLAC: {
    CT4: 35000,
    CT5: 40000,
    CT6: 60000,
    ESCALADE: 82000,
    XT4: 38000,
    XT5: 45000,
    XT6: 52000,
    LYRIQ: 59000,
    OPTIQ: 55000,
    VISTIQ: 78000,
    CELESTIQ: 340000,
    ATS: 38000,
    ATSV: 62000,
    CTS: 50000,
    CTSV: 70000,
    XTS: 48000,
    SRX: 42000,
    DTS: 48000,
    STS: 48000,
    ELR: 75000,
    XTSHEARSE: 90000,
    XTSLIMO: 95000,
    FUNERALCOACHHEARSE: 90000,
    LIMOUSINE: 95000,
  },
  LINCOLN: {
    NAVIGATOR: 89000,
    AVIATOR: 56000,
    NAUTILUS: 50000,
    CORSAIR: 40000,
    CONTINENTAL: 52000,
    MKZ: 38000,
    MKC: 35000,
    MKX: 42000,
    MKT: 45000,
    MKS: 43000,
    TOWNCAR: 50000,
  },
  VOLVO: {
    XC90: 57000,
    XC60: 46000,
    XC40: 40000,
    S60: 43000,
    S90: 57000,
    V60: 46000,
    V90: 56000,
    C40: 54000,
    EX30: 35000,
    EX40: 54000,
    EC40: 57000,
    EX90: 78000,
    XC70: 40000,
    S80: 42000,
    S40: 30000,
    V50: 30000,
    C30: 28000,
    C70: 42000,
    V70: 35000,
  },
  JAGUAR: {
    FPACE: 57000,
    EPACE: 50000,
    IPACE: 73000,
    FTYPE: 78000,
    XE: 45000,
    XF: 48000,
    XJ: 80000,
    XJL: 88000,
    XK: 90000,
  },
  LANDROVER: {
    RANGEROVER: 108000,
    RANGEROVERSPORT: 84000,
    RANGEROVERVELAR: 63000,
    RANGEROVEREVOQUE: 50000,
    DEFENDER: 57000,
    DISCOVERY: 60000,
    DISCOVERYSPORT: 49000,
    LR2: 42000,
    LR4: 55000,
  },
  ALFAROMEO: { GIULIA: 45000, STELVIO: 48000, TONALE: 44000, "4C": 70000 },
  PORSCHE: {
    "911": 115000,
    "718": 70000,
    BOXSTER: 70000,
    CAYMAN: 68000,
    MACAN: 63000,
    CAYENNE: 83000,
    PANAMERA: 100000,
    TAYCAN: 95000,
    "918SPYDER": 850000,
  },
  MASERATI: {
    GHIBLI: 80000,
    QUATTROPORTE: 110000,
    LEVANTE: 95000,
    GRECALE: 70000,
    GRANTURISMO: 145000,
    GRANCABRIO: 165000,
    MC20: 225000,
    GT2STRADALE: 320000,
  },
  TESLA: { MODEL3: 40000, MODELY: 45000, MODELS: 75000, MODELX: 80000, CYBERTRUCK: 80000 },
  POLESTAR: { "1": 155000, "2": 50000, "3": 74000, "4": 57000 },
  LUCID: { AIR: 70000, GRAVITY: 95000 },
  RIVIAN: { R1T: 70000, R1S: 76000 },
  FISKER: { OCEAN: 39000, KARMA: 140000 },
  KARMA: { REVERO: 135000, GS6: 85000 },
  LOTUS: { EVORA: 100000, EMIRA: 100000, ELISEEXIGE: 70000 },
  BENTLEY: {
    BENTAYGA: 200000,
    CONTINENTAL: 240000,
    FLYINGSPUR: 215000,
    MULSANNE: 350000,
    CONTINENTALSUPERSPORTS: 300000,
    AZURE: 380000,
    BROOKLANDS: 400000,
  },
  ROLLSROYCE: { CULLINAN: 375000, GHOST: 345000, PHANTOM: 475000, WRAITH: 370000, DAWN: 380000, SPECTRE: 425000 },
  ASTONMARTIN: {
    VANTAGE: 190000,
    DB11: 215000,
    DB12: 250000,
    DBS: 330000,
    DBX: 200000,
    VANQUISH: 420000,
    DB9: 200000,
    RAPIDE: 210000,
    VIRAGE: 210000,
    VALOUR: 1500000,
  },
  FERRARI: {
    ROMA: 258000,
    PORTOFINO: 240000,
    "296GTB": 330000,
    "296GTBSPIDER": 370000,
    "296GTS": 370000,
    F8TRIBUTO: 280000,
    F8SPIDER: 300000,
    SF90STRADALE: 530000,
    SF90SPIDER: 590000,
    "812SUPERFAST": 370000,
    "812GTS": 410000,
    "812COMPETIZIONE": 600000,
    PUROSANGUE: 400000,
    "12CILINDRI": 430000,
    DAYTONASP3: 2300000,
    LAFERRARI: 1700000,
    MONZASP1: 1900000,
    MONZASP2: 2000000,
    F60AMERICA: 2800000,
    "488GTB": 260000,
    "488SPIDER": 290000,
    "488PISTA": 360000,
    "488PISTASPIDER": 400000,
    "458ITALIA": 260000,
    "458SPIDER": 280000,
    "458SPECIALE": 330000,
    CALIFORNIA: 220000,
    CALIFORNIAT: 230000,
    FF: 330000,
    GTC4LUSSO: 320000,
    F12BERLINETTA: 350000,
    F12TDF: 560000,
    "599GTBFIORANO": 380000,
    "599GTO": 500000,
    "599SAAPERTA": 600000,
    "612SCAGLIETTI": 360000,
  },
  LAMBORGHINI: {
    URUS: 240000,
    HURACAN: 250000,
    AVENTADOR: 450000,
    REVUELTO: 610000,
    TEMERARIO: 350000,
    GALLARDO: 230000,
    MURCIELAGO: 400000,
    VENENO: 4500000,
  },
  MCLARENAUTOMOTIVE: {
    "570S": 200000,
    "570GT": 210000,
    "540C": 185000,
    "600LT": 250000,
    "620R": 300000,
    "650S": 280000,
    "650SCANAM": 350000,
    "675LT": 360000,
    "720S": 305000,
    "765LT": 380000,
    MP412C: 260000,
    ARTURA: 240000,
    GT: 210000,
    P1: 1500000,
    SENNA: 1000000,
    SPEEDTAIL: 2500000,
    ELVA: 1700000,
    SABRE: 3500000,
    MSOHS: 1200000,
  },
  BUGATTI: { CHIRON: 3000000, VEYRON: 2000000, DIVO: 5800000, MISTRAL: 5000000 },
  BUGATTIRIMAC: { NEVERA: 2200000 },
  KOENIGSEGG: { AGERARS: 2500000, REGERA: 2200000 },
  PAGANI: { HUAYRA: 3000000 },
  MAYBACH: { "57": 400000, "62": 470000, LANDAULET: 1400000 },
  SRT: { VIPER: 100000 },
  STI: { S209: 64000 },
  ROUSHPERFORMANCE: { F150: 70000, MUSTANG: 55000 },
  INEOSAUTOMOTIVE: { GRENADIER: 72000 },
  VINFAST: { VF6: 35000, VF7: 40000, VF8: 47000, VF9: 80000 },
  BYD: { E6: 42000 },
  CODAAUTOMOTIVE: { CODA: 40000 },
  KANDI: { K27: 18000 },
  LORDSTOWN: { ENDURANCE: 65000 },
  AZUREDYNAMICS: { TRANSITCONNECTELECTRICVANWAGON: 57000 },
  VPG: { MV1: 42000 },
  MOBILITYVENTURESLLC: { MV1: 42000 },
  SAAB: { "93": 38000, "94": 45000, "95": 45000 },
};

/** Base-trim MSRP anchor (2024 dollars) for a model, if one is listed. */
export function priceAnchor(makeCode: string, modelCode: string): number | undefined {
  return P[makeCode]?.[modelCode];
}

/** Top-trim / base-trim price ratios that differ from the body-style default. */
const SPREADS: Record<string, number> = {
  "PORSCHE|911": 2.0,
  "PORSCHE|718": 1.6,
  "PORSCHE|CAYENNE": 2.0,
  "PORSCHE|PANAMERA": 1.9,
  "PORSCHE|TAYCAN": 2.0,
  "PORSCHE|MACAN": 1.6,
  "CHEVROLET|CORVETTE": 1.65,
  "FORD|MUSTANG": 1.9,
  "CHEVROLET|CAMARO": 2.0,
  "JEEP|WRANGLER": 1.7,
  "DODGE|CHARGER": 2.1,
  "DODGE|CHALLENGER": 2.1,
  "DODGE|DURANGO": 1.9,
  "CADILLAC|ESCALADE": 1.4,
  "CHEVROLET|TAHOE": 1.5,
  "CHEVROLET|SUBURBAN": 1.5,
  "GMC|YUKON": 1.55,
  "CHEVROLET|SILVERADO": 1.8,
  "GMC|SIERRA": 1.8,
  "FORD|F150": 2.1,
  "RAM|1500": 1.9,
  "TOYOTA|TUNDRA": 1.7,
  "NISSAN|TITAN": 1.5,
  "TESLA|MODELS": 1.2,
  "TESLA|MODELX": 1.25,
  "TESLA|MODEL3": 1.35,
  "TESLA|MODELY": 1.3,
  "TESLA|CYBERTRUCK": 1.25,
  "LUCID|AIR": 2.2,
  "RIVIAN|R1T": 1.45,
  "RIVIAN|R1S": 1.45,
  "NISSAN|GTR": 1.8,
  "MERCEDESBENZ|CCLASS": 1.9,
  "MERCEDESBENZ|ECLASS": 1.9,
  "MERCEDESBENZ|SCLASS": 1.9,
  "MERCEDESBENZ|GLECLASS": 1.8,
  "MERCEDESBENZ|AMGGT": 1.9,
  "BMW|3SERIES": 1.35,
  "BMW|5SERIES": 1.45,
  "AUDI|R8": 1.35,
  "GMC|HUMMEREV": 1.25,
  "FORD|GT": 1.15,
  "TOYOTA|CAMRY": 1.3,
  "TOYOTA|COROLLA": 1.3,
  "HONDA|CIVIC": 1.35,
  "HONDA|ACCORD": 1.4,
};

export function priceSpread(makeCode: string, modelCode: string): number | undefined {
  return SPREADS[`${makeCode}|${modelCode}`];
}

// ---------------------------------------------------------------------------------------------
// Badges: when the top trim of a model-year is built on a configuration whose EPA model string
// names a well-known performance or off-road version, the trim takes that name instead of the
// generic top rung ("F150 RAPTOR 4WD" → "Raptor"). `factor` scales the top-trim price.

interface Badge {
  re: RegExp;
  name: string | ((model: string, modelCode: string) => string);
  factor?: number;
  /** Also names a trim below the top rung (a distinct version rather than the range-topper). */
  anyRung?: boolean;
}

function amgName(model: string, modelCode: string): string {
  const cls = /^([A-Z]{1,3})CLASS$/.exec(modelCode)?.[1];
  const m = /(\d{2})\s*(S\b)?/.exec(model.replace(/amg/gi, ""));
  if (!cls || !m) return "AMG";
  return `AMG ${cls} ${m[1]}${m[2] ? " S" : ""}`;
}

const BADGES: Record<string, Badge[]> = {
  FORD: [
    { re: /raptor r\b/i, name: "Raptor R", factor: 1.45 },
    { re: /raptor/i, name: "Raptor", factor: 1.1 },
    { re: /tremor/i, name: "Tremor" },
    { re: /gt500/i, name: "Shelby GT500", factor: 1.35 },
    { re: /gt350/i, name: "Shelby GT350", factor: 1.15 },
    { re: /dark horse/i, name: "Dark Horse" },
    { re: /mach 1/i, name: "Mach 1" },
    { re: /bullitt/i, name: "Bullitt" },
    { re: /\bST\b/, name: "ST" },
  ],
  CHEVROLET: [
    { re: /zr2 bison/i, name: "ZR2 Bison", factor: 1.1 },
    { re: /zr2/i, name: "ZR2" },
    { re: /trail ?boss/i, name: "Trail Boss" },
    { re: /zl1/i, name: "ZL1" },
    { re: /zr1/i, name: "ZR1", factor: 1.5 },
    { re: /z06/i, name: "Z06", factor: 1.1 },
    { re: /e-ray/i, name: "E-Ray", anyRung: true },
  ],
  GMC: [
    { re: /at4x/i, name: "AT4X" },
    { re: /at4/i, name: "AT4" },
  ],
  RAM: [
    { re: /trx/i, name: "TRX", factor: 1.3 },
    { re: /\brho\b/i, name: "RHO", factor: 1.1 },
  ],
  JEEP: [
    { re: /trackhawk/i, name: "Trackhawk", factor: 1.2 },
    { re: /rubic(on)?\b/i, name: "Rubicon" },
    { re: /trailhawk/i, name: "Trailhawk" },
    { re: /\bsrt\b/i, name: "SRT" },
  ],
  DODGE: [
    { re: /demon/i, name: "SRT Demon", factor: 1.4 },
    { re: /hellcat/i, name: "SRT Hellcat" },
    { re: /\bsrt\b/i, name: "SRT" },
  ],
  TOYOTA: [{ re: /trd pro/i, name: "TRD Pro" }],
  HONDA: [
    { re: /type r/i, name: "Type R", factor: 1.15 },
    { re: /trailsport/i, name: "TrailSport" },
    { re: /\bsi\b/i, name: "Si" },
  ],
  NISSAN: [
    { re: /nismo/i, name: "NISMO", factor: 1.1 },
    { re: /pro-?4x/i, name: "PRO-4X" },
  ],
  HYUNDAI: [{ re: /\bN\b/, name: "N" }],
  MASERATI: [{ re: /folgore/i, name: "Folgore" }],
  SUBARU: [{ re: /\bsti\b/i, name: "STI" }],
  MERCEDESBENZ: [{ re: /\bamg\b/i, name: amgName, factor: 1.1 }],
  PORSCHE: [
    { re: /\bGT3 RS\b/, name: "GT3 RS", factor: 1.3 },
    { re: /\bGT3\b/, name: "GT3", factor: 1.1 },
  ],
  BMW: [
    {
      re: /^M\d{3}[id]/,
      name: (model) => {
        const m = /^(M\d{3}[id])/.exec(model)!;
        return /xdrive/i.test(model) ? `${m[1]} xDrive` : m[1]!;
      },
    },
  ],
};

/** The badge of a configuration (see BADGES), if any. */
export function badgeOf(makeCode: string, modelCode: string, epaModel: string): { name: string; factor: number; anyRung: boolean } | null {
  if (makeCode === "MERCEDESBENZ" && /^AMG|SLSAMG/.test(modelCode)) return null;
  for (const b of BADGES[makeCode] ?? []) {
    if (b.re.test(epaModel)) {
      const name = typeof b.name === "function" ? b.name(epaModel, modelCode) : b.name;
      return { name, factor: b.factor ?? 1, anyRung: b.anyRung ?? false };
    }
  }
  return null;
}
