// Makes and models in stock (any condition), with counts and names, from the search index's
// facets: two searches of a few milliseconds instead of a GROUP BY over every listing. Used by
// the home page's pickers and the sitemap.
import { LISTING_TYPES, type ListingType } from "../../lib/constants.ts";
import { normalizeSearchQuery } from "../../lib/search-query.ts";
import { memo } from "../cache.server.ts";
import { getSearchEngine } from "./search.server.ts";

export interface StockMake {
  code: string;
  name: string;
  count: number;
  models: { code: string; name: string; count: number }[];
}

export interface Stock {
  total: number;
  makes: StockMake[];
  /** Body style codes with listings. */
  bodyStyles: { code: string; count: number }[];
}

async function loadStock(listingTypes: readonly ListingType[]): Promise<Stock> {
  const engine = await getSearchEngine();
  const base = { listingTypes: [...listingTypes], numRecords: 1 };
  const all = await engine.search(normalizeSearchQuery(base));
  const makeOptions = (all.filters.find((f) => f.name === "makeCodeList")?.options ?? []).filter((o) => o.count > 0);
  const makes = new Map<string, StockMake>(makeOptions.map((o) => [o.value, { code: o.value, name: o.label, count: o.count, models: [] }]));
  if (makes.size > 0) {
    // With every make chosen, the answer has a model section per make.
    const byMake = await engine.search(normalizeSearchQuery({ ...base, makeCodes: [...makes.keys()] }));
    for (const f of byMake.filters) {
      if (!f.name.startsWith("modelCodeList|")) continue;
      const make = makes.get(f.name.slice("modelCodeList|".length));
      make?.models.push(...f.options.filter((o) => o.count > 0).map((o) => ({ code: o.value, name: o.label, count: o.count })));
    }
  }
  const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
  const sorted = [...makes.values()].sort((a, b) => collator.compare(a.name, b.name));
  for (const m of sorted) m.models.sort((a, b) => collator.compare(a.name, b.name));
  const bodyStyles = (all.filters.find((f) => f.name === "vehicleStyleCode")?.options ?? [])
    .filter((o) => o.count > 0)
    .map((o) => ({ code: o.value, count: o.count }));
  return { total: all.totalResultCount, makes: sorted, bodyStyles };
}

/**
 * What is in stock in the given condition's listing types (every condition by default).
 * Memoised; dropped whenever the inventory changes (see cache.server.ts).
 */
export function getStock(listingTypes: readonly ListingType[] = LISTING_TYPES): Promise<Stock> {
  return memo(`stock:${listingTypes.join(",")}`, 10 * 60_000, () => loadStock(listingTypes));
}
