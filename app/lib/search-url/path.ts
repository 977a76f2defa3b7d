// Category path levels: slugs, reading a path, and the path a state gets (see ../search-url.ts).
import type { ListingType } from "../constants.ts";
import type { Condition, NameMap, SearchState, SearchUrlContext } from "./types.ts";
import {
  BASE_CONDITIONS,
  CODE,
  CONDITION_SETS,
  CONDITION_SLUGS,
  DEFAULT_BODY_STYLES,
  SEARCH_PATH,
  YEAR_SEGMENT,
  nameIn,
  slugify,
  type BaseCondition,
} from "./common.ts";

// ---------------------------------------------------------------------------------------------
// Slug indexes (built once per name table)

export const slugIndexes = new WeakMap<object, Map<string, string>>();

/** slug -> code for a code -> name table (first code wins a shared slug). */
export function slugIndex(map: NameMap): Map<string, string> {
  let idx = slugIndexes.get(map);
  if (!idx) {
    idx = new Map();
    for (const code of map.keys()) {
      const s = slugify(nameIn(map, code) ?? code);
      if (s !== "" && !idx.has(s)) idx.set(s, code);
    }
    slugIndexes.set(map, idx);
  }
  return idx;
}

/** `MAKE|slug` -> model code for a `MAKE|MODEL` -> name table. */
export function modelSlugIndex(map: NameMap): Map<string, string> {
  let idx = slugIndexes.get(map);
  if (!idx) {
    idx = new Map();
    for (const key of map.keys()) {
      const bar = key.indexOf("|");
      if (bar <= 0) continue;
      const make = key.slice(0, bar);
      const s = slugify(nameIn(map, key) ?? key.slice(bar + 1));
      const k = `${make}|${s}`;
      if (s !== "" && !idx.has(k)) idx.set(k, key.slice(bar + 1));
    }
    slugIndexes.set(map, idx);
  }
  return idx;
}

export const codeSlug = (code: string) => code.toLowerCase();
export const slugShaped = (s: string) => /^[a-z0-9][a-z0-9_-]{0,39}$/.test(s);

export function bodyStyleTable(ctx: SearchUrlContext | undefined): NameMap {
  return ctx?.bodyStyles ?? DEFAULT_BODY_STYLES;
}

export function styleSlug(code: string, ctx: SearchUrlContext | undefined): string {
  const name = nameIn(bodyStyleTable(ctx), code);
  return name ? slugify(name) : codeSlug(code);
}
export function styleFromSlug(seg: string, ctx: SearchUrlContext | undefined): string | undefined {
  const table = bodyStyleTable(ctx);
  return slugIndex(table).get(seg) ?? (table.has(seg.toUpperCase()) ? seg.toUpperCase() : undefined);
}

export function makeSlug(code: string, ctx: SearchUrlContext | undefined): string {
  const name = nameIn(ctx?.makes, code);
  return name ? slugify(name) : codeSlug(code);
}
/** A make from a slug by the context's names (or its code spelled as a slug). */
export function makeFromSlug(seg: string, ctx: SearchUrlContext | undefined): string | undefined {
  if (!ctx?.makes) return undefined;
  return slugIndex(ctx.makes).get(seg) ?? (ctx.makes.has(seg.toUpperCase()) ? seg.toUpperCase() : undefined);
}

export function modelSlug(make: string, code: string, ctx: SearchUrlContext | undefined): string {
  const name = nameIn(ctx?.models, `${make}|${code}`);
  return name ? slugify(name) : codeSlug(code);
}
export function modelFromSlug(make: string, seg: string, ctx: SearchUrlContext | undefined): string | undefined {
  if (!ctx?.models) return undefined;
  const up = seg.toUpperCase();
  return modelSlugIndex(ctx.models).get(`${make}|${seg}`) ?? (ctx.models.has(`${make}|${up}`) ? up : undefined);
}

export function trimFromSlug(make: string, model: string, seg: string, ctx: SearchUrlContext | undefined): string | undefined {
  const names = ctx?.trims?.(make, [model]);
  return names?.find((n) => slugify(n) === seg);
}

// =============================================================================================
// Path levels

export type PathLevel = "condition" | "style" | "make" | "model" | "trim" | "year";

export interface PathLevels {
  condition: Condition;
  style?: string;
  make?: string;
  model?: string;
  trim?: string;
  year?: number;
  last: PathLevel;
}

/**
 * Reads one path segment after the ones in `acc`. The same function decides parsing and, in
 * `pathOf`, whether a level may go into the path, so a path always reads back as written.
 * Order tried at each position: body style, make (by name), year, make (by code, no context).
 */
export function readSegment(acc: PathLevels, seg: string, ctx: SearchUrlContext | undefined): boolean {
  const set = (level: PathLevel, patch: Partial<PathLevels>) => {
    Object.assign(acc, patch);
    acc.last = level;
    return true;
  };
  const byCode = () => (slugShaped(seg) && CODE.test(seg.toUpperCase()) ? seg.toUpperCase() : undefined);
  const asYear = () => YEAR_SEGMENT.test(seg) && set("year", { year: Number(seg) });
  const asMake = () => {
    const code = makeFromSlug(seg, ctx);
    return code !== undefined && CODE.test(code) && set("make", { make: code });
  };
  // Without a make table any code-shaped segment is a make code (tried after the year).
  const asMakeCode = () => {
    const code = ctx?.makes ? undefined : byCode();
    return code !== undefined && set("make", { make: code });
  };
  switch (acc.last) {
    case "condition": {
      const style = styleFromSlug(seg, ctx);
      if (style !== undefined) return set("style", { style });
      return asMake() || asYear() || asMakeCode();
    }
    case "style":
      return asMake() || asYear() || asMakeCode();
    case "make": {
      const model = modelFromSlug(acc.make as string, seg, ctx);
      if (model !== undefined && CODE.test(model)) return set("model", { model });
      if (asYear()) return true;
      const code = ctx?.models ? undefined : byCode();
      return code !== undefined && set("model", { model: code });
    }
    case "model": {
      const trim = trimFromSlug(acc.make as string, acc.model as string, seg, ctx);
      if (trim !== undefined) return set("trim", { trim });
      return asYear();
    }
    case "trim":
      return asYear();
    case "year":
      return false;
  }
}

/** Path segments after SEARCH_PATH, or null for an unknown path. */
export function parsePath(pathname: string, ctx: SearchUrlContext | undefined): PathLevels | null | "notFound" {
  if (pathname === SEARCH_PATH) return null;
  if (!pathname.startsWith(`${SEARCH_PATH}/`)) return "notFound";
  const segs: string[] = [];
  for (const raw of pathname.slice(SEARCH_PATH.length + 1).split("/")) {
    if (raw === "") continue;
    let s: string;
    try {
      s = decodeURIComponent(raw).trim().toLowerCase();
    } catch {
      return "notFound";
    }
    if (s === "") return "notFound";
    segs.push(s);
  }
  if (segs.length === 0) return null;
  if (!Object.hasOwn(CONDITION_SLUGS, segs[0])) return "notFound";
  const condition = CONDITION_SLUGS[segs[0]];
  const acc: PathLevels = { condition, last: "condition" };
  for (const seg of segs.slice(1)) if (!readSegment(acc, seg, ctx)) return "notFound";
  return acc;
}

/** The condition a state's listing types name, or null for a mixed selection. */
export function conditionOf(state: SearchState): Condition | null {
  const set = conditionSet(state.query.listingTypes);
  for (const c of ["used", "new", "certified", "all"] as const) {
    const want = CONDITION_SETS[c];
    if (want.length === set.length && want.every((x) => set.includes(x))) return c;
  }
  return null;
}

/** NEW / USED / CERTIFIED a listing-type list stands for (3P_CERT is part of CERTIFIED or USED). */
export function conditionSet(listingTypes: readonly string[]): BaseCondition[] {
  const out = BASE_CONDITIONS.filter((c) => listingTypes.includes(c));
  return out.length > 0 ? out : ["USED"];
}

/** The engine's listing types of a condition set: CERTIFIED brings 3P_CERT unless USED has it. */
export function listingTypesOf(set: readonly BaseCondition[]): ListingType[] {
  const out: ListingType[] = BASE_CONDITIONS.filter((c) => set.includes(c));
  if (out.length === 0) return ["USED"];
  if (out.includes("CERTIFIED") && !out.includes("USED")) out.push("3P_CERT");
  return out;
}

/** The path segments a state gets, level by level, each checked to read back the same. */
export function pathOf(state: SearchState, ctx: SearchUrlContext | undefined): { path: string; levels: Set<PathLevel> } {
  const levels = new Set<PathLevel>();
  const condition = conditionOf(state);
  if (condition === null) return { path: SEARCH_PATH, levels };
  const q = state.query;
  const segs: string[] = [condition];
  const acc: PathLevels = { condition, last: "condition" };
  levels.add("condition");
  const tryLevel = (level: PathLevel, seg: string, ok: (a: PathLevels) => boolean): boolean => {
    if (seg === "") return false;
    const probe: PathLevels = { ...acc };
    if (!readSegment(probe, seg, ctx) || probe.last !== level || !ok(probe)) return false;
    Object.assign(acc, probe);
    segs.push(seg);
    levels.add(level);
    return true;
  };
  if (q.vehicleStyleCodes.length === 1) {
    const code = q.vehicleStyleCodes[0];
    tryLevel("style", styleSlug(code, ctx), (a) => a.style === code);
  }
  if (q.makeCodes.length === 1) {
    const make = q.makeCodes[0];
    if (tryLevel("make", makeSlug(make, ctx), (a) => a.make === make)) {
      const models = q.models[make] ?? [];
      if (models.length === 1) {
        const model = models[0];
        if (tryLevel("model", modelSlug(make, model, ctx), (a) => a.model === model) && q.trimCodes.length === 1 && ctx?.trims) {
          const trim = q.trimCodes[0].slice(make.length + 1);
          if (q.trimCodes[0].startsWith(`${make}|`)) tryLevel("trim", slugify(trim), (a) => a.trim === trim);
        }
      }
    }
  }
  if (q.startYear !== undefined && q.startYear === q.endYear) {
    const y = q.startYear;
    tryLevel("year", String(y), (a) => a.year === y);
  }
  // "used" alone is the default: the bare results path.
  if (segs.length === 1 && condition === "used") return { path: SEARCH_PATH, levels };
  return { path: `${SEARCH_PATH}/${segs.join("/")}`, levels };
}
