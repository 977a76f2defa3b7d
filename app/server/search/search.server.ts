// The app's search engine: one in-memory index per process, built from the database on first
// use and kept current (see index-engine.server.ts). A process singleton like the database
// handle (app/server/singleton.server.ts), so the Vite server bundle and plain Node imports share one index.
import { getDatabase } from "../db/connection.server.ts";
import type { SearchEngine } from "./engine.server.ts";
import { createIndexSearchEngine, type IndexEngineOptions } from "./index-engine.server.ts";
import { processSingleton, processSlot } from "../singleton.server.ts";
import { log } from "../observability/log.server.ts";

export type { SearchEngine, SearchOptions, EngineStatus } from "./engine.server.ts";

const engineSlot = processSlot<Promise<SearchEngine>>("searchEngine");

export function getSearchEngine(options?: IndexEngineOptions): Promise<SearchEngine> {
  return processSingleton("searchEngine", () =>
    (async () => {
      const db = await getDatabase();
      return createIndexSearchEngine(db, { log: (m) => log("warn", m), ...options });
    })().catch((e) => {
      engineSlot.clear();
      throw e;
    }),
  );
}

/** Stops following changes and forgets the engine (tests, shutdown). */
export async function closeSearchEngine(): Promise<void> {
  const p = engineSlot.clear();
  if (p) await (await p.catch(() => null))?.close();
}
