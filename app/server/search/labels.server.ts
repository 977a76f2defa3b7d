// Facet labels and display orders from the reference tables (ref_makes, ref_models, ...).
// Codes without a reference row fall back to a readable form of the code.
import type { Database } from "../db/connection.server.ts";

export interface Labelled {
  name: string;
  sort: number;
}

export interface SearchLabels {
  makes: Map<string, string>;
  /** Keyed `MAKE|MODEL`. */
  models: Map<string, string>;
  /** Keyed by series code (first make wins when two makes share a code). */
  series: Map<string, string>;
  packages: Map<string, string>;
  bodyStyles: Map<string, Labelled>;
  subtypes: Map<string, Labelled & { bodyStyle: string }>;
  features: Map<string, Labelled & { group: string }>;
  extColors: Map<string, Labelled>;
  intColors: Map<string, Labelled>;
  engines: Map<string, Labelled>;
}

export function emptyLabels(): SearchLabels {
  return {
    makes: new Map(),
    models: new Map(),
    series: new Map(),
    packages: new Map(),
    bodyStyles: new Map(),
    subtypes: new Map(),
    features: new Map(),
    extColors: new Map(),
    intColors: new Map(),
    engines: new Map(),
  };
}

/** "HEATED_SEATS" -> "Heated Seats" (the URL module's rule, so labels agree everywhere). */
export { humanize as humanizeCode } from "../../lib/search-url/common.ts";

export async function loadSearchLabels(db: Database): Promise<SearchLabels> {
  const k = db.kysely;
  const [makes, models, series, packages, bodies, subtypes, features, colors, engines] = await Promise.all([
    k.selectFrom("ref_makes").select(["code", "name"]).execute(),
    k.selectFrom("ref_models").select(["make_code", "code", "name"]).execute(),
    k.selectFrom("ref_series").select(["make_code", "code", "name"]).orderBy("make_code").execute(),
    k.selectFrom("ref_packages").select(["code", "name"]).groupBy(["code", "name"]).orderBy("code").orderBy("name").execute(),
    k.selectFrom("ref_body_styles").select(["code", "name", "sort"]).execute(),
    k.selectFrom("ref_body_subtypes").select(["code", "name", "sort", "body_style_code"]).execute(),
    k.selectFrom("ref_features").select(["code", "name", "sort", "display_group"]).execute(),
    k.selectFrom("ref_colors").select(["kind", "code", "name", "sort"]).execute(),
    k.selectFrom("ref_engines").select(["code", "name", "sort"]).execute(),
  ]);
  const labels = emptyLabels();
  for (const m of makes) labels.makes.set(m.code, m.name);
  for (const m of models) labels.models.set(`${m.make_code}|${m.code}`, m.name);
  for (const s of series) if (!labels.series.has(s.code)) labels.series.set(s.code, s.name);
  for (const p of packages) if (!labels.packages.has(p.code)) labels.packages.set(p.code, p.name);
  for (const b of bodies) labels.bodyStyles.set(b.code, { name: b.name, sort: Number(b.sort) });
  for (const s of subtypes) labels.subtypes.set(s.code, { name: s.name, sort: Number(s.sort), bodyStyle: s.body_style_code });
  for (const f of features) labels.features.set(f.code, { name: f.name, sort: Number(f.sort), group: f.display_group });
  for (const c of colors) (c.kind === "int" ? labels.intColors : labels.extColors).set(c.code, { name: c.name, sort: Number(c.sort) });
  for (const e of engines) labels.engines.set(e.code, { name: e.name, sort: Number(e.sort) });
  return labels;
}
