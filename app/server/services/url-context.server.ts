// The reference names the URL module needs (slugs, labels, trims, places) and the facet labels,
// built from the reference tables and the ZIP table. Reference data only changes at start-up;
// it is refreshed every 10 minutes all the same, serving the old copy until the new one is ready.
import type { SearchUrlContext } from "../../lib/search-url.ts";
import { effectivePageSize } from "../../lib/flags.ts";
import { getFlags } from "../flags.server.ts";
import { getDatabase, type Database } from "../db/connection.server.ts";
import { allZips, lookupZip } from "../reference/zip.server.ts";
import { loadSearchLabels, type SearchLabels } from "../search/labels.server.ts";
import { reportError } from "../observability/log.server.ts";
import { processSlot } from "../singleton.server.ts";

export interface SearchPageContext {
  labels: SearchLabels;
  ctx: SearchUrlContext;
}

const CONTEXT_TTL_MS = 10 * 60_000;
const contextSlot = processSlot<{ at: number; value: Promise<SearchPageContext> }>("searchPageContext");

/** Labels, trims and place lookups, loaded once and refreshed every 10 minutes (reference data). */
export function getSearchPageContext(): Promise<SearchPageContext> {
  const hit = contextSlot.get();
  if (hit && Date.now() - hit.at < CONTEXT_TTL_MS) return hit.value;
  const value = getDatabase().then(buildSearchPageContext);
  if (hit) {
    // Stale: keep serving the old context until the new one is ready.
    hit.at = Date.now();
    value.then(
      () => contextSlot.set({ at: Date.now(), value }),
      (e) => reportError("search context refresh failed", e),
    );
    return hit.value;
  }
  contextSlot.set({ at: Date.now(), value });
  value.catch(() => contextSlot.clear());
  return value;
}

export async function buildSearchPageContext(db: Database): Promise<SearchPageContext> {
  const [labels, trimRows] = await Promise.all([
    loadSearchLabels(db),
    db.kysely.selectFrom("ref_trims").select(["make_code", "model_code", "trim_name"]).distinct().execute(),
  ]);
  // make -> model -> trim names (the catalogue's case)
  const trims = new Map<string, Map<string, Set<string>>>();
  for (const r of trimRows) {
    let models = trims.get(r.make_code);
    if (!models) trims.set(r.make_code, (models = new Map()));
    let names = models.get(r.model_code);
    if (!names) models.set(r.model_code, (names = new Set()));
    names.add(r.trim_name);
  }
  let placeIndex: Map<string, string> | null = null;
  const ctx: SearchUrlContext = {
    makes: labels.makes,
    models: labels.models,
    bodyStyles: labels.bodyStyles,
    subtypes: labels.subtypes,
    series: labels.series,
    packages: labels.packages,
    features: labels.features,
    extColors: labels.extColors,
    intColors: labels.intColors,
    engines: labels.engines,
    trims(make, modelCodes) {
      const models = trims.get(make);
      if (!models) return undefined;
      const out = new Set<string>();
      for (const [model, names] of models) if (modelCodes.length === 0 || modelCodes.includes(model)) for (const n of names) out.add(n);
      return [...out];
    },
    place(zip) {
      const p = lookupZip(zip);
      return p ? { city: p.city, state: p.state } : undefined;
    },
    zipOf(city, state) {
      placeIndex ??= (() => {
        const m = new Map<string, string>();
        for (const z of allZips()) {
          const key = `${z.city.toLowerCase()}|${z.state.toUpperCase()}`;
          if (!m.has(key)) m.set(key, z.zip);
        }
        return m;
      })();
      return placeIndex.get(`${city.trim().toLowerCase()}|${state.trim().toUpperCase()}`);
    },
    marketExtensionDefault: false,
    defaultPageSize: effectivePageSize(getFlags()),
  };
  return { labels, ctx };
}

/** The URL module's context alone (services and pages that need no labels). */
export async function getSearchUrlContext(): Promise<SearchUrlContext> {
  return (await getSearchPageContext()).ctx;
}
