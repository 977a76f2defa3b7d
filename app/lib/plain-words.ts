// Plain-words search (docs/search-urls.md "Plain words", docs/decisions/025-plain-words-search.md):
// a shopper's sentence ("red awd suv under 30k near 30301 with sunroof") turned into the search
// parameters it names, by fixed rules over the reference catalogue — no model, no guessing.
// Words no rule understands stay the keyword.
//
// Pure. The catalogue (makes, models, colours, features) comes in from the caller, so this module
// carries no big tables; it runs on the server only (the results loader and the type-ahead), the
// browser shows what the server understood.

import { SEARCH_RADIUS_OPTIONS, TEXT } from "./constants.ts";

/** What the parser needs from the reference catalogue. */
export interface PlainWordsCatalogue {
  makes: readonly { code: string; name: string }[];
  models: readonly { makeCode: string; code: string; name: string }[];
  extColors: readonly { code: string; name: string }[];
  features: readonly { code: string; name: string }[];
  /** A ZIP for a city and state ("in Atlanta, GA"); none: the place stays a keyword. */
  zipOf?: (city: string, state: string) => string | undefined;
  /** Trim names of a make's models ("EX", "TRD Off-Road"): read only once a model is named. */
  trimsOf?: (makeCode: string, modelCodes: readonly string[]) => readonly string[] | undefined;
}

export interface PlainWordsReading {
  /** Search parameters (URL names, one value each) the sentence names, in the order found. */
  entries: [string, string][];
  /** The words nobody understood, in their order: the keyword ("" when none). */
  keyword: string;
  /** Whether any rule matched (false: the sentence is only a keyword). */
  understood: boolean;
}

/** The one-line reading of what was understood starts with this ("Showing: Red · AWD · SUV"). */
export const PLAIN_WORDS_LEAD = TEXT.showingLead;
/** Search radius a "near 30301" / "in Atlanta, GA" gets (the page's default radius). */
export const PLAIN_WORDS_RADIUS = 50;
/** "low miles" / "low mileage": at most this many miles (a Mileage filter option). */
export const LOW_MILES = 30_000;
/** Longest sentence read; the rest is ignored. */
export const PLAIN_WORDS_MAX_LENGTH = 200;

/** Common spellings and nicknames of makes: word(s) -> make code. */
const MAKE_NICKNAMES: Record<string, string> = {
  chevy: "CHEVROLET",
  chevrolet: "CHEVROLET",
  vw: "VOLKSWAGEN",
  volks: "VOLKSWAGEN",
  merc: "MERCEDESBENZ",
  mercedes: "MERCEDESBENZ",
  benz: "MERCEDESBENZ",
  "mercedes benz": "MERCEDESBENZ",
  beemer: "BMW",
  bimmer: "BMW",
  caddy: "CADILLAC",
  landrover: "LANDROVER",
  "range rover": "LANDROVER",
  alfa: "ALFAROMEO",
  "alfa romeo": "ALFAROMEO",
  mb: "MERCEDESBENZ",
  toyta: "TOYOTA",
  hundai: "HYUNDAI",
  hyundia: "HYUNDAI",
  volkswagon: "VOLKSWAGEN",
  porshe: "PORSCHE",
};

/** Nicknames of models: compact spelling -> `MAKE|MODEL` (used only when the catalogue has it). */
const MODEL_NICKNAMES: Record<string, string> = {
  vette: "CHEVROLET|CORVETTE",
  stang: "FORD|MUSTANG",
  rav: "TOYOTA|RAV4",
  "4runner": "TOYOTA|4RUNNER",
  crv: "HONDA|CRV",
  hrv: "HONDA|HRV",
  cx5: "MAZDA|CX5",
};

const BODY_WORDS: Record<string, string> = {
  suv: "SUVCROSS",
  suvs: "SUVCROSS",
  crossover: "SUVCROSS",
  crossovers: "SUVCROSS",
  sedan: "SEDAN",
  sedans: "SEDAN",
  truck: "TRUCKS",
  trucks: "TRUCKS",
  pickup: "TRUCKS",
  pickups: "TRUCKS",
  minivan: "VANMV",
  minivans: "VANMV",
  van: "VANMV",
  vans: "VANMV",
  coupe: "COUPE",
  coupes: "COUPE",
  convertible: "CONVERT",
  convertibles: "CONVERT",
  cabriolet: "CONVERT",
  hatchback: "HATCH",
  hatchbacks: "HATCH",
  hatch: "HATCH",
  wagon: "WAGON",
  wagons: "WAGON",
};

const DRIVE_WORDS: Record<string, string> = {
  awd: "AWD4WD",
  "4wd": "AWD4WD",
  "4x4": "AWD4WD",
  "all wheel drive": "AWD4WD",
  "four wheel drive": "AWD4WD",
  "4 wheel drive": "AWD4WD",
  fwd: "FWD",
  "front wheel drive": "FWD",
  rwd: "RWD",
  "rear wheel drive": "RWD",
};

const FUEL_WORDS: Record<string, string> = {
  hybrid: "HYB",
  hybrids: "HYB",
  electric: "ELE",
  ev: "ELE",
  evs: "ELE",
  "plug in hybrid": "PHEV",
  "plug in": "PHEV",
  phev: "PHEV",
  diesel: "DSL",
  gas: "GSL",
  gasoline: "GSL",
  hydrogen: "HYD",
};

const TRANSMISSION_WORDS: Record<string, string> = {
  automatic: "AUT",
  auto: "AUT",
  manual: "MAN",
  stick: "MAN",
  "stick shift": "MAN",
  "manual transmission": "MAN",
};

/** Extra spellings of features: words -> feature code. Catalogue names are read as well. */
const FEATURE_WORDS: Record<string, string> = {
  sunroof: "SUNROOF",
  moonroof: "SUNROOF",
  "panoramic roof": "PANORAMIC_ROOF",
  "panoramic sunroof": "PANORAMIC_ROOF",
  leather: "LEATHER_SEATS",
  "heated seats": "HEATED_SEATS",
  "third row": "THIRD_ROW",
  "3rd row": "THIRD_ROW",
  carplay: "CARPLAY",
  "apple carplay": "CARPLAY",
  "android auto": "CARPLAY",
  navigation: "NAV",
  nav: "NAV",
  "backup camera": "BACKUP_CAMERA",
  "tow hitch": "TOW_HITCH",
  "towing package": "TOW_HITCH",
  "remote start": "REMOTE_START",
  bluetooth: "BLUETOOTH",
};

const COLOR_WORDS: Record<string, string> = { grey: "GRAY", tan: "BEIGE" };

const SELLER_WORDS: Record<string, string> = {
  "by owner": "p",
  "private seller": "p",
  "private party": "p",
  "from owner": "p",
  "from a dealer": "d",
  "from dealer": "d",
  dealer: "d",
};

const CONDITION_WORDS: Record<string, string> = {
  new: "NEW",
  used: "USED",
  certified: "CERTIFIED",
  cpo: "CERTIFIED",
  "pre owned": "USED",
  preowned: "USED",
};

const SORT_WORDS: Record<string, string> = {
  cheapest: "derivedpriceASC",
  "lowest price": "derivedpriceASC",
  "least expensive": "derivedpriceASC",
  "most expensive": "derivedpriceDESC",
  newest: "yearDESC",
  "newest first": "yearDESC",
  oldest: "yearASC",
  "lowest miles": "mileageASC",
  "lowest mileage": "mileageASC",
  "fewest miles": "mileageASC",
  "least miles": "mileageASC",
  closest: "distanceASC",
  nearest: "distanceASC",
  "recently listed": "datelistedDESC",
  "newest listings": "datelistedDESC",
};

/** Words that carry no filter: dropped rather than kept as a keyword. */
const FILLER = new Set([
  "a",
  "an",
  "the",
  "with",
  "and",
  "for",
  "sale",
  "car",
  "cars",
  "vehicle",
  "vehicles",
  "i",
  "want",
  "need",
  "looking",
  "show",
  "me",
  "find",
  "some",
  "that",
  "has",
  "have",
  "or",
  "of",
  "in",
  "near",
  "around",
  "is",
  "under",
  "below",
  "within",
  "than",
  "to",
]);
/** Words that stay a keyword only when something else stays too (alone they mean nothing). */
const NEGATIONS = new Set(["not", "no", "except", "without", "excluding", "but"]);

const US_STATES = new Set(
  (
    "al ak az ar ca co ct de dc fl ga hi id il in ia ks ky la me md ma mi mn ms " +
    "mo mt ne nv nh nj nm ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy"
  ).split(" "),
);

type Phrase = { param: string; value: string } | { param: "model"; make: string; model: string } | { param: "makeModel" };

interface Tables {
  /** Phrase (space-joined words) -> what it sets. */
  phrases: Map<string, Phrase[]>;
  /** Compact spelling (no spaces) of 1-3 words -> models. */
  compactModels: Map<string, { make: string; model: string }[]>;
  /** Make -> how many models the catalogue has (to choose among makes sharing a model name). */
  modelCount: Map<string, number>;
  longest: number;
}

const tableCache = new WeakMap<PlainWordsCatalogue, Tables>();

/** Lower case, accents off, punctuation to spaces (keeping $ , . + - inside numbers). */
function words(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9$+\-,.%' ]+/g, " ");
}

/** A name as the words the parser compares ("EX-L" -> ["ex", "l"]). */
function phraseKey(name: string): string[] {
  return words(name)
    .replace(/[-,.'$+%]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
}

/** Where the run of words `run` starts in `list`, or -1. */
function indexOfRun(list: readonly string[], run: readonly string[]): number {
  outer: for (let i = 0; i + run.length <= list.length; i++) {
    for (let j = 0; j < run.length; j++) if (list[i + j] !== run[j]) continue outer;
    return i;
  }
  return -1;
}

function compact(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

function tables(cat: PlainWordsCatalogue): Tables {
  const cached = tableCache.get(cat);
  if (cached) return cached;
  const phrases = new Map<string, Phrase[]>();
  const add = (phrase: string, p: Phrase) => {
    const key = words(phrase)
      .replace(/[-,.']+/g, " ")
      .split(/\s+/)
      .filter(Boolean)
      .join(" ");
    if (key === "") return;
    const list = phrases.get(key);
    if (!list) phrases.set(key, [p]);
    else if (!list.some((x) => JSON.stringify(x) === JSON.stringify(p))) list.push(p);
  };
  const makeCodes = new Set(cat.makes.map((m) => m.code));
  for (const m of cat.makes) {
    add(m.name, { param: "makeCode", value: m.code });
    add(m.code, { param: "makeCode", value: m.code });
  }
  for (const [w, code] of Object.entries(MAKE_NICKNAMES)) if (makeCodes.has(code)) add(w, { param: "makeCode", value: code });
  for (const [w, v] of Object.entries(BODY_WORDS)) add(w, { param: "vehicleStyleCode", value: v });
  for (const [w, v] of Object.entries(DRIVE_WORDS)) add(w, { param: "driveGroup", value: v });
  for (const [w, v] of Object.entries(FUEL_WORDS)) add(w, { param: "fuelTypeGroup", value: v });
  for (const [w, v] of Object.entries(TRANSMISSION_WORDS)) add(w, { param: "transmissionCode", value: v });
  for (const [w, v] of Object.entries(SELLER_WORDS)) add(w, { param: "sellerType", value: v });
  for (const [w, v] of Object.entries(CONDITION_WORDS)) add(w, { param: "listingType", value: v });
  for (const [w, v] of Object.entries(SORT_WORDS)) add(w, { param: "sortBy", value: v });
  const colorCodes = new Set(cat.extColors.map((c) => c.code));
  for (const c of cat.extColors) add(c.name, { param: "extColorSimple", value: c.code });
  for (const [w, v] of Object.entries(COLOR_WORDS)) if (colorCodes.has(v)) add(w, { param: "extColorSimple", value: v });
  const featureCodes = new Set(cat.features.map((f) => f.code));
  for (const f of cat.features) {
    // "Sunroof / Moonroof": each side of a slash is a name too.
    for (const part of f.name.split("/")) add(part, { param: "featureCode", value: f.code });
  }
  for (const [w, v] of Object.entries(FEATURE_WORDS)) if (featureCodes.has(v)) add(w, { param: "featureCode", value: v });

  const compactModels = new Map<string, { make: string; model: string }[]>();
  const addModel = (key: string, make: string, model: string) => {
    if (key.length < 2 || /^\d+$/.test(key)) return;
    const list = compactModels.get(key);
    if (!list) compactModels.set(key, [{ make, model }]);
    else if (!list.some((x) => x.make === make && x.model === model)) list.push({ make, model });
  };
  const modelKeys = new Set<string>();
  const modelCount = new Map<string, number>();
  for (const m of cat.models) {
    modelCount.set(m.makeCode, (modelCount.get(m.makeCode) ?? 0) + 1);
    modelKeys.add(`${m.makeCode}|${m.code}`);
    addModel(compact(m.code), m.makeCode, m.code);
    addModel(compact(m.name), m.makeCode, m.code);
    // "F150 Pickup", "Sierra 1500 Pickup": the name without a trailing body word.
    const bare = m.name.replace(/\s+(pickup|van|wagon|cargo van|passenger van)$/i, "");
    addModel(compact(bare), m.makeCode, m.code);
  }
  for (const [w, key] of Object.entries(MODEL_NICKNAMES)) {
    if (!modelKeys.has(key)) continue;
    const [make, model] = key.split("|");
    addModel(w, make, model);
  }
  // A word that names a make and also a model (e.g. "Ram") is read as the make.
  for (const key of [...compactModels.keys()]) if (phrases.get(key)?.some((p) => p.param === "makeCode")) compactModels.delete(key);
  // Filter words are not model names ("Sport", "Hybrid", "Electric").
  for (const key of [...compactModels.keys()]) if (phrases.has(key) || FILLER.has(key) || NEGATIONS.has(key)) compactModels.delete(key);
  let longest = 1;
  for (const k of phrases.keys()) longest = Math.max(longest, k.split(" ").length);
  const t = { phrases, compactModels, modelCount, longest: Math.min(longest, 4) };
  tableCache.set(cat, t);
  return t;
}

const NUM = String.raw`\$?\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k|grand|thousand)?`;

function amount(digits: string, suffix: string | undefined): number {
  const n = Number(digits.replace(/,/g, ""));
  return Math.round(suffix ? n * 1000 : n);
}

/**
 * Reads a sentence. Never throws; an empty or unreadable sentence gives no entries and the
 * sentence back as the keyword.
 */
export function parsePlainWords(sentence: string, cat: PlainWordsCatalogue): PlainWordsReading {
  const t = tables(cat);
  const entries: [string, string][] = [];
  const set = (name: string, value: string | number) => {
    const v = String(value);
    if (!entries.some(([k, x]) => k === name && x === v)) entries.push([name, v]);
  };
  let text = ` ${words(sentence.slice(0, PLAIN_WORDS_MAX_LENGTH))} `;
  const take = (re: RegExp, fn: (m: RegExpExecArray) => boolean | void) => {
    text = text.replace(re, (...args: unknown[]) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      return fn(m) === false ? (args[0] as string) : " ";
    });
  };

  // A radius: "within 25 miles (of ...)"; one of the page's radius options, else nothing is read.
  let radius: number = PLAIN_WORDS_RADIUS;
  // "within 10 mi of Austin, TX": the place is read as "near Austin, TX".
  text = text.replace(/(\s(?:within|in)\s+\d{1,4}\s*(?:miles?|mi))\s+(?:of|from|around)(?=\s)/g, "$1 near");
  take(/\s(?:within|in)\s+(\d{1,4})\s*(?:miles?|mi)(?=\s)/g, (m) => {
    const r = Number(m[1]);
    if (!(SEARCH_RADIUS_OPTIONS as readonly number[]).includes(r) || r === 0) return false;
    radius = r;
  });

  // Places first: "in Atlanta, GA" / "near Atlanta GA", "near 30301".
  take(/\s(?:in|near|around)\s+([a-z][a-z .'-]{1,30}?),?\s+([a-z]{2})(?=[\s,.]|$)/g, (m) => {
    if (!US_STATES.has(m[2])) return false;
    const zip = cat.zipOf?.(
      m[1].trim().replace(/\b[a-z]/g, (c) => c.toUpperCase()),
      m[2].toUpperCase(),
    );
    if (!zip) return false;
    set("zip", zip);
    set("searchRadius", radius);
  });
  take(/\s(?:in|near|around|zip)\s+(\d{5})(?=\s)/g, (m) => {
    set("zip", m[1]);
    set("searchRadius", radius);
  });

  // Mileage before prices ("under 60,000 miles" is not a price).
  take(new RegExp(String.raw`\s(?:under|below|less than|fewer than|max|up to|<)\s*${NUM}\s*(?:miles|mi|mileage)\b`, "g"), (m) => {
    set("mileage", amount(m[1], m[2]));
  });
  take(/\s(?:low|lower)\s+(?:miles|mileage)\b/g, () => {
    set("mileage", LOW_MILES);
  });
  take(new RegExp(String.raw`\s${NUM}\s*(?:miles|mi)\s*(?:or less|max|and under)\b`, "g"), (m) => {
    set("mileage", amount(m[1], m[2]));
  });

  // Years: "2018-2021", "2018 to 2021", "2019+", "newer than 2020", "2019 or newer", "2019".
  const year = String.raw`((?:19|20)\d\d)`;
  take(new RegExp(String.raw`\s(?:from\s+)?${year}\s*(?:-|to|through|thru)\s*${year}(?=\s)`, "g"), (m) => {
    const [a, b] = [Number(m[1]), Number(m[2])].sort((x, y) => x - y);
    set("startYear", a);
    set("endYear", b);
  });
  take(new RegExp(String.raw`\s(?:newer than|after)\s+${year}(?=\s)`, "g"), (m) => {
    set("startYear", Number(m[1]) + 1);
  });
  take(new RegExp(String.raw`\s(?:older than|before)\s+${year}(?=\s)`, "g"), (m) => {
    set("endYear", Number(m[1]) - 1);
  });
  take(new RegExp(String.raw`\s${year}\s*(?:\+|or newer|and newer|and up|or later)(?=\s)`, "g"), (m) => {
    set("startYear", Number(m[1]));
  });
  take(new RegExp(String.raw`\s${year}\s*(?:or older|and older)(?=\s)`, "g"), (m) => {
    set("endYear", Number(m[1]));
  });

  // Prices: "$15,000 to $20,000", "between 15k and 20k", "under 30k", "over $20,000".
  take(new RegExp(String.raw`\s(?:between\s+|from\s+)?${NUM}\s*(?:-|to|and)\s*${NUM}(?=\s)`, "g"), (m) => {
    const money = /\$|k|grand|thousand/.test(m[0]) || amount(m[1], m[2]) >= 1000;
    if (!money) return false;
    const suffix = m[2] ?? m[4];
    const lo = amount(m[1], m[2] ?? suffix);
    const hi = amount(m[3], m[4]);
    if (lo < 500 || hi < 500) return false;
    set("minPrice", Math.min(lo, hi));
    set("maxPrice", Math.max(lo, hi));
  });
  take(new RegExp(String.raw`\s(?:under|below|less than|max|up to|no more than|<|cheaper than)\s*${NUM}(?=\s)`, "g"), (m) => {
    const v = amount(m[1], m[2]);
    if (v < 500) return false;
    set("maxPrice", v);
  });
  take(new RegExp(String.raw`\s(?:over|above|more than|at least|min|>)\s*${NUM}(?=\s)`, "g"), (m) => {
    const v = amount(m[1], m[2]);
    if (v < 500) return false;
    set("minPrice", v);
  });
  // A bare 5-digit number left over is a ZIP.
  take(/\s(\d{5})(?=\s)/g, (m) => {
    set("zip", m[1]);
    set("searchRadius", radius);
  });
  // A bare year names that model year.
  take(new RegExp(String.raw`\s${year}(?=\s)`, "g"), (m) => {
    set("startYear", Number(m[1]));
    set("endYear", Number(m[1]));
  });

  // Words and phrases.
  const tokens = text
    .replace(/[,.']+/g, " ")
    .replace(/-/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const kept: string[] = [];
  let negate = false;
  let matched = entries.length > 0;
  for (let i = 0; i < tokens.length;) {
    let done = false;
    // Longest phrase first.
    for (let n = Math.min(t.longest, tokens.length - i); n >= 1 && !done; n--) {
      const phrase = tokens.slice(i, i + n).join(" ");
      const hits = t.phrases.get(phrase);
      if (hits && hits.length > 0) {
        const h = hits[0];
        // "not nissan", "except ford": the make is excluded.
        if (negate && h.param === "makeCode") set("excludeMakeCode", h.value);
        else if (negate) kept.push("not", phrase);
        else if ("value" in h) set(h.param, h.value);
        i += n;
        done = true;
        if (!negate || h.param === "makeCode") matched = true;
      }
    }
    if (done) {
      negate = false;
      continue;
    }
    for (let n = Math.min(3, tokens.length - i); n >= 1 && !done; n--) {
      const key = compact(tokens.slice(i, i + n).join(""));
      const models = t.compactModels.get(key);
      if (!models || (n > 1 && tokens.slice(i, i + n).some((w) => FILLER.has(w)))) continue;
      const makesNamed = new Set(entries.filter(([k]) => k === "makeCode").map(([, v]) => v));
      const pick = makesNamed.size > 0 ? models.filter((m) => makesNamed.has(m.make)) : models;
      let chosen = pick.length > 0 ? pick : models;
      // A model name several makes share, with no make named: the make with the most models
      // (Ford's F150, not a tuner's); a tie is too vague and stays a keyword.
      const makes = [...new Set(chosen.map((m) => m.make))].map((m) => [m, t.modelCount.get(m) ?? 0] as const).sort((a, b) => b[1] - a[1]);
      if (makes.length > 1) {
        if (makes[0][1] === makes[1][1]) continue;
        chosen = chosen.filter((m) => m.make === makes[0][0]);
      }
      for (const m of chosen) {
        set("makeCode", m.make);
        set("modelCode", `${m.make}:${m.model}`);
      }
      i += n;
      done = true;
      matched = true;
    }
    if (done) {
      negate = false;
      continue;
    }
    const w = tokens[i];
    if (NEGATIONS.has(w)) negate = true;
    else {
      if (negate) kept.push("not");
      negate = false;
      if (!FILLER.has(w) && w !== "$" && w !== "-" && w !== "+") kept.push(w);
    }
    i++;
  }
  if (negate) kept.push("not");
  // A radius with no place: the shopper's own location, at that radius.
  if (radius !== PLAIN_WORDS_RADIUS && !entries.some(([k]) => k === "searchRadius")) {
    set("searchRadius", radius);
    matched = true;
  }
  // Trims of the model named: "tacoma trd off road", "civic ex l" (the longest name first).
  const modelsNamed = entries.filter(([k]) => k === "modelCode").map(([, v]) => v.split(":") as [string, string]);
  const makesOfModels = [...new Set(modelsNamed.map(([mk]) => mk))];
  if (makesOfModels.length === 1 && cat.trimsOf && kept.length > 0) {
    const make = makesOfModels[0]!;
    const trimNames = [
      ...(cat.trimsOf(
        make,
        modelsNamed.map(([, md]) => md),
      ) ?? []),
    ]
      .map((name) => ({ name, key: phraseKey(name) }))
      .filter((x) => x.key.length > 0)
      .sort((a, b) => b.key.length - a.key.length);
    for (const trim of trimNames) {
      const at = indexOfRun(kept, trim.key);
      if (at < 0 || (at > 0 && kept[at - 1] === "not")) continue;
      kept.splice(at, trim.key.length);
      set("trimCode", `${make}|${trim.name}`);
      matched = true;
    }
  }
  return { entries, keyword: matched ? kept.join(" ") : sentence.trim().slice(0, PLAIN_WORDS_MAX_LENGTH), understood: matched };
}
