// Free-text keyword search over the structured vehicle vocabulary (both engines use this).
//
// A keyword is cut into words (lower case, accents removed, split on anything that is not a
// letter or digit; a few filler words such as "for", "sale", "cars" are ignored; at most
// KEYWORD_MAX_TOKENS words). A listing matches when EVERY word matches at least one of its
// terms: make, model, series, trim, body style, body subtype, model year, fuel type, drive,
// transmission, exterior colour or condition. A word matches a term when it starts one of the
// term's words ("cam" -> "Camry"), starts the term with punctuation removed ("crv" -> "CR-V",
// "f150" -> "F-150"), or starts its code; a 4-digit word matches a model year exactly.
// A word that matches none of those but a feature's name ("sunroof", "leather") matches the
// listings with that feature (any of the features it names); the vehicle vocabulary comes first.
// The vocabulary is resolved to code sets once per query, so the index filters on codes and
// the SQL reference on `IN (...)` lists: both apply the same matching.
import { FUEL_TYPE_LABELS } from "../../lib/constants.ts";
import { DRIVE_GROUP_LABELS, KEYWORD_MAX_TOKENS, TRANSMISSION_LABELS } from "../../lib/search-query.ts";
import type { SearchLabels } from "./labels.server.ts";

export type KeywordField =
  "make" | "model" | "series" | "trim" | "bodyStyle" | "subtype" | "year" | "fuel" | "drive" | "transmission" | "extColor" | "condition" | "feature";

export interface KeywordTerm {
  field: KeywordField;
  /** The code the field is filtered on (`MAKE|MODEL` for models, `MAKE|Trim` for trims). */
  code: string;
  label: string;
  keys: string[];
}

const STOP_WORDS = new Set(["a", "an", "the", "and", "or", "for", "sale", "car", "cars", "vehicle", "vehicles", "with", "in", "near", "me", "on", "of", "to"]);

function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** The words of a keyword that take part in matching. */
export function keywordTokens(keyword: string | undefined): string[] {
  if (!keyword) return [];
  const out: string[] = [];
  for (const t of fold(keyword).split(/[^a-z0-9]+/)) {
    if (t === "" || STOP_WORDS.has(t) || out.includes(t)) continue;
    out.push(t);
    if (out.length === KEYWORD_MAX_TOKENS) break;
  }
  return out;
}

/** Match keys of a term: its words, its words run together, and its code. */
export function termKeys(names: (string | null | undefined)[], code?: string): string[] {
  const keys = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    const words = fold(name)
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    for (const w of words) keys.add(w);
    if (words.length > 1) keys.add(words.join(""));
  }
  if (code) {
    const c = fold(code).replace(/[^a-z0-9]+/g, "");
    if (c) keys.add(c);
  }
  return [...keys];
}

export function termMatches(term: KeywordTerm, token: string): boolean {
  if (term.field === "year") return term.code === token;
  for (const k of term.keys) if (k.startsWith(token)) return true;
  return false;
}

/**
 * The keyword without the words that `names` (with their codes) already match, in the shopper's
 * own spelling: "toyota rav4 hybrid" with Toyota and RAV4 chosen as filters is "hybrid". Used when a
 * keyword is turned into filters (Model Name Clarification's Yes), so it does not ask twice.
 */
export function keywordWithout(keyword: string, terms: readonly { names: (string | null | undefined)[]; code?: string }[]): string {
  const keys = terms.flatMap((t) => termKeys(t.names, t.code));
  const covered = (word: string) =>
    fold(word)
      .split(/[^a-z0-9]+/)
      .every((t) => t === "" || STOP_WORDS.has(t) || keys.some((k) => k.startsWith(t)));
  return keyword
    .split(/\s+/)
    .filter((w) => w !== "" && !covered(w))
    .join(" ");
}

const CONDITION_WORDS: Record<string, string[]> = {
  NEW: ["New"],
  USED: ["Used", "Pre-owned"],
  CERTIFIED: ["Certified", "Used", "CPO"],
  "3P_CERT": ["Certified", "Used", "Third-party"],
};
const EXTRA_WORDS: Record<string, string[]> = {
  ELE: ["EV"],
  PHEV: ["PHEV"],
  GSL: ["Gas"],
  AWD4WD: ["AWD", "4WD", "4x4"],
  FWD: ["FWD"],
  RWD: ["RWD"],
  MAN: ["Stick"],
};

/** The codes present in the inventory, per field, that the vocabulary is built from. */
export interface KeywordCodes {
  makes: Iterable<string>;
  /** `MAKE|MODEL` */
  models: Iterable<string>;
  series: Iterable<string>;
  /** `MAKE|Trim` */
  trims: Iterable<string>;
  bodyStyles: Iterable<string>;
  subtypes: Iterable<string>;
  years: Iterable<number>;
  fuels: Iterable<string>;
  drives: Iterable<string>;
  transmissions: Iterable<string>;
  extColors: Iterable<string>;
  listingTypes: Iterable<string>;
  /** Feature codes (default: every feature the labels name). */
  features?: Iterable<string>;
}

export function buildKeywordTerms(labels: SearchLabels, codes: KeywordCodes): KeywordTerm[] {
  const terms: KeywordTerm[] = [];
  const add = (field: KeywordField, code: string, label: string, names: (string | null | undefined)[], keyCode?: string) =>
    terms.push({ field, code, label, keys: termKeys(names, keyCode) });
  for (const c of codes.makes) {
    const name = labels.makes.get(c) ?? c;
    add("make", c, name, [name], c);
  }
  for (const key of codes.models) {
    const model = key.slice(key.indexOf("|") + 1);
    const name = labels.models.get(key) ?? model;
    add("model", key, name, [name], model);
  }
  for (const c of codes.series) {
    const name = labels.series.get(c) ?? c;
    add("series", c, name, [name], c);
  }
  for (const key of codes.trims) {
    const name = key.slice(key.indexOf("|") + 1);
    add("trim", key, name, [name]);
  }
  for (const c of codes.bodyStyles) {
    const name = labels.bodyStyles.get(c)?.name ?? c;
    add("bodyStyle", c, name, [name], c);
  }
  for (const c of codes.subtypes) {
    const name = labels.subtypes.get(c)?.name ?? c;
    add("subtype", c, name, [name], c);
  }
  for (const y of codes.years) terms.push({ field: "year", code: String(y), label: String(y), keys: [String(y)] });
  for (const c of codes.fuels) add("fuel", c, FUEL_TYPE_LABELS[c] ?? c, [FUEL_TYPE_LABELS[c], ...(EXTRA_WORDS[c] ?? [])], c);
  for (const c of codes.drives) add("drive", c, DRIVE_GROUP_LABELS[c] ?? c, [DRIVE_GROUP_LABELS[c], ...(EXTRA_WORDS[c] ?? [])], c);
  for (const c of codes.transmissions) add("transmission", c, TRANSMISSION_LABELS[c] ?? c, [TRANSMISSION_LABELS[c], ...(EXTRA_WORDS[c] ?? [])]);
  for (const c of codes.extColors) {
    const name = labels.extColors.get(c)?.name ?? c;
    add("extColor", c, name, [name], c);
  }
  for (const c of codes.listingTypes) add("condition", c, c, CONDITION_WORDS[c] ?? [c]);
  for (const c of codes.features ?? labels.features.keys()) {
    const name = labels.features.get(c)?.name ?? c;
    // "Sunroof / Moonroof": each side is a name; codes ("HEATED_SEATS") are not shoppers' words.
    add("feature", c, name, name.split("/"));
  }
  return terms;
}

export interface ResolvedKeyword {
  /** The words matched against the vehicle vocabulary. */
  tokens: string[];
  /** For each of `tokens`, the matching codes per field (a token matching nothing has an empty map). */
  matches: Map<Exclude<KeywordField, "feature">, Set<string>>[];
  /**
   * Words that name only features: for each, the feature codes it names (a listing must have one
   * of them). Not in `tokens`.
   */
  features: string[][];
}

export function resolveKeyword(keyword: string | undefined, terms: readonly KeywordTerm[]): ResolvedKeyword {
  const tokens: string[] = [];
  const matches: ResolvedKeyword["matches"] = [];
  const features: string[][] = [];
  for (const token of keywordTokens(keyword)) {
    const byField = new Map<KeywordField, Set<string>>();
    for (const term of terms) {
      if (!termMatches(term, token)) continue;
      let set = byField.get(term.field);
      if (!set) byField.set(term.field, (set = new Set()));
      set.add(term.code);
    }
    const named = byField.get("feature");
    byField.delete("feature");
    if (named && byField.size === 0) {
      features.push([...named]);
      continue;
    }
    tokens.push(token);
    matches.push(byField as Map<Exclude<KeywordField, "feature">, Set<string>>);
  }
  return { tokens, matches, features };
}
