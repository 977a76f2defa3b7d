// Plain-words search on the server (docs/search-urls.md "Plain words"): the reference catalogue
// handed to the pure parser (app/lib/plain-words.ts), and a sentence turned into the canonical
// results URL it stands for.
import { parsePlainWords, type PlainWordsCatalogue, type PlainWordsReading } from "../../lib/plain-words.ts";
import { parseSearchUrl, type SearchUrlContext } from "../../lib/search-url.ts";
import type { SearchLabels } from "./labels.server.ts";

/** The query parameter the keyword boxes submit a sentence in. */
export const PLAIN_WORDS_PARAM = "q";

/**
 * A sentence is answered with a 302 (Found), not the 301 of a non-canonical search URL: what a
 * sentence means follows the catalogue and these rules, which change, so no cache may keep the
 * answer for good (docs/decisions/025-plain-words-search.md).
 */
export const PLAIN_WORDS_REDIRECT_STATUS = 302;

const catalogues = new WeakMap<SearchLabels, PlainWordsCatalogue>();

export function catalogueOf(labels: SearchLabels, ctx: SearchUrlContext): PlainWordsCatalogue {
  let cat = catalogues.get(labels);
  if (!cat) {
    cat = {
      makes: [...labels.makes].map(([code, name]) => ({ code, name })),
      models: [...labels.models].map(([key, name]) => {
        const bar = key.indexOf("|");
        return { makeCode: key.slice(0, bar), code: key.slice(bar + 1), name };
      }),
      extColors: [...labels.extColors].map(([code, l]) => ({ code, name: l.name })),
      features: [...labels.features].map(([code, l]) => ({ code, name: l.name })),
      zipOf: ctx.zipOf,
      trimsOf: ctx.trims,
    };
    catalogues.set(labels, cat);
  }
  return cat;
}

/**
 * The canonical results URL for `sentence` searched within `base` (a results URL: its filters
 * stay, its keyword is replaced by the words nobody understood).
 */
export function plainWordsUrl(sentence: string, base: URL, labels: SearchLabels, ctx: SearchUrlContext): { url: string; reading: PlainWordsReading } {
  const reading = parsePlainWords(sentence, catalogueOf(labels, ctx));
  const u = new URL(base);
  u.searchParams.delete(PLAIN_WORDS_PARAM);
  u.searchParams.delete("keyword");
  u.searchParams.delete("firstRecord");
  const single = new Set(["zip", "searchRadius", "startYear", "endYear", "minPrice", "maxPrice", "mileage", "sortBy"]);
  for (const [k] of reading.entries) if (single.has(k)) u.searchParams.delete(k);
  // A sentence naming a condition replaces the page's one.
  if (reading.entries.some(([k]) => k === "listingType")) u.searchParams.delete("listingType");
  for (const [k, v] of reading.entries) u.searchParams.append(k, v);
  if (reading.keyword !== "") u.searchParams.set("keyword", reading.keyword);
  const parsed = parseSearchUrl(u, ctx);
  return { url: parsed.canonical, reading };
}
