// The app's search engine: one in-memory index per process, built from the database on first
// use and kept current (see index-engine.server.ts). Kept on globalThis like the database
// handle, so the Vite server bundle and plain Node imports share one index.
import { getDatabase } from "../db/connection.server.ts";
import type { SearchEngine } from "./engine.server.ts";
import { createIndexSearchEngine, type IndexEngineOptions } from "./index-engine.server.ts";

export type { SearchEngine, SearchOptions, EngineStatus } from "./engine.server.ts";

const KEY = Symbol.for("forecourt.searchEngine");
type Holder = { [KEY]?: Promise<SearchEngine> };

export function getSearchEngine(options?: IndexEngineOptions): Promise<SearchEngine> {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    holder[KEY] = (async () => {
      const db = await getDatabase();
      return createIndexSearchEngine(db, { log: (m) => console.warn(m), ...options });
    })().catch((e) => {
      delete holder[KEY];
      throw e;
    });
  }
  return holder[KEY]!;
}

/** Stops following changes and forgets the engine (tests, shutdown). */
export async function closeSearchEngine(): Promise<void> {
  const holder = globalThis as Holder;
  const p = holder[KEY];
  delete holder[KEY];
  if (p) await (await p.catch(() => null))?.close();
}
