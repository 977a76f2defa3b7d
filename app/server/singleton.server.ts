// Process-wide values. The HTTP server (loaded from source) and the server build (a bundle) are
// two module graphs in one process: a module-level `let` would exist twice, so what must be one
// per process (the database, the search engine, caches, hooks) lives in a slot on globalThis,
// keyed by Symbol.for("forecourt.<name>").

export interface ProcessSlot<T> {
  get(): T | undefined;
  set(value: T): void;
  /** Empties the slot and returns what it held. */
  clear(): T | undefined;
}

export function processSlot<T>(name: string): ProcessSlot<T> {
  const key = Symbol.for(`forecourt.${name}`);
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  return {
    get: () => holder[key],
    set: (value) => {
      holder[key] = value;
    },
    clear: () => {
      const value = holder[key];
      delete holder[key];
      return value;
    },
  };
}

/** The one instance of `name` in the process, made by `create` on first use. */
export function processSingleton<T>(name: string, create: () => T): T {
  const slot = processSlot<T>(name);
  let value = slot.get();
  if (value === undefined) {
    value = create();
    slot.set(value);
  }
  return value;
}
