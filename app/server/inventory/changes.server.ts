// In-process announcements of inventory writes. The search index subscribes to refresh the
// rows named; other instances catch up from listings.updated_at (see docs/decisions).
import { EventEmitter } from "node:events";
import { processSingleton } from "../singleton.server.ts";

export interface InventoryChange {
  kind: "listings";
  ids: number[];
  at: number;
}

class InventoryChanges {
  readonly #emitter = new EventEmitter();
  constructor() {
    this.#emitter.setMaxListeners(50);
  }
  emit(change: InventoryChange): void {
    this.#emitter.emit("change", change);
  }
  on(listener: (change: InventoryChange) => void): () => void {
    this.#emitter.on("change", listener);
    return () => this.#emitter.off("change", listener);
  }
}

/** Shared across module instances (the Vite server bundle and plain Node imports). */
export const inventoryChanges: InventoryChanges = processSingleton("inventoryChanges", () => new InventoryChanges());
