// A tiny memo for expensive read models (e.g. the home page's make/model lists). Entries expire
// after a TTL and are dropped whenever the inventory changes in this process.
import { inventoryChanges } from "./inventory/changes.server.ts";
import { processSingleton } from "./singleton.server.ts";

interface Entry {
  at: number;
  value: Promise<unknown>;
}

const entries: Map<string, Entry> = processSingleton("memo", () => {
  const m = new Map<string, Entry>();
  inventoryChanges.on(() => m.clear());
  return m;
});

export function memo<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load().catch((e) => {
    entries.delete(key);
    throw e;
  });
  entries.set(key, { at: now, value });
  return value;
}

export function clearMemo(): void {
  entries.clear();
}
