// The reference names the URL module needs (slugs, labels, trims, places), built once per
// process from the reference tables and the ZIP table (reference data changes only at start).
import type { SearchUrlContext } from "../../lib/search-url.ts";
import { getDatabase } from "../db/connection.server.ts";
import { allZips, lookupZip } from "../reference/zip.server.ts";
import { loadSearchLabels } from "../search/labels.server.ts";

let zipByCity: Map<string, string> | undefined;
function zipOf(city: string, state: string): string | undefined {
  if (!zipByCity) {
    zipByCity = new Map();
    for (const z of allZips()) {
      const key = `${z.city.toLowerCase()}|${z.state.toLowerCase()}`;
      if (!zipByCity.has(key)) zipByCity.set(key, z.zip);
    }
  }
  return zipByCity.get(`${city.trim().toLowerCase()}|${state.trim().toLowerCase()}`);
}

function place(zip: string) {
  const p = lookupZip(zip);
  return p ? { city: p.city, state: p.state } : undefined;
}

async function build(): Promise<SearchUrlContext> {
  const db = await getDatabase();
  const labels = await loadSearchLabels(db);
  const trimRows = await db.kysely.selectFrom("ref_trims").select(["make_code", "model_code", "trim_name"]).distinct().execute();
  const trimsByModel = new Map<string, Set<string>>();
  const trimsByMake = new Map<string, Set<string>>();
  for (const t of trimRows) {
    const key = `${t.make_code}|${t.model_code}`;
    if (!trimsByModel.has(key)) trimsByModel.set(key, new Set());
    trimsByModel.get(key)!.add(t.trim_name);
    if (!trimsByMake.has(t.make_code)) trimsByMake.set(t.make_code, new Set());
    trimsByMake.get(t.make_code)!.add(t.trim_name);
  }
  const trims = (makeCode: string, modelCodes: readonly string[]): readonly string[] | undefined => {
    if (modelCodes.length === 0) {
      const all = trimsByMake.get(makeCode);
      return all ? [...all] : undefined;
    }
    const out = new Set<string>();
    for (const m of modelCodes) for (const t of trimsByModel.get(`${makeCode}|${m}`) ?? []) out.add(t);
    return [...out];
  };
  return {
    makes: labels.makes,
    models: labels.models,
    series: labels.series,
    packages: labels.packages,
    bodyStyles: labels.bodyStyles,
    subtypes: labels.subtypes,
    features: labels.features,
    extColors: labels.extColors,
    intColors: labels.intColors,
    engines: labels.engines,
    trims,
    place,
    zipOf,
  };
}

const KEY = Symbol.for("forecourt.searchUrlContext");
type Holder = { [KEY]?: Promise<SearchUrlContext> };

/** The URL module's context (reference data only changes at start-up, so it is built once). */
export function getSearchUrlContext(): Promise<SearchUrlContext> {
  const holder = globalThis as Holder;
  holder[KEY] ??= build().catch((e) => {
    delete holder[KEY];
    throw e;
  });
  return holder[KEY];
}
