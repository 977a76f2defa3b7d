// Memos kept to their newest entries: a Map keeps insertion order, so the oldest go first.

/** Sets `key` to `value` in `map`, then drops its oldest entries beyond `max`. */
export function setKeepingNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.set(key, value);
  for (const k of map.keys()) {
    if (map.size <= max) break;
    map.delete(k);
  }
}
