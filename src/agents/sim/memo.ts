// The sim's caches: its text analysis and ranking are pure functions of their inputs, which recur at every step
// of every episode, so each result is made once and kept, by identity (a WeakMap) or by value (a BoundedMap).

/** What memoized() keeps values in: a Map, a WeakMap or a BoundedMap. */
interface Store<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value `store` holds for `key`; the first time, `make` makes it and the store keeps it. */
export function memoized<K, V>(store: Store<K, V>, key: K, make: () => V): V {
  const held = store.get(key);
  if (held !== undefined) return held;
  const made = make();
  store.set(key, made);
  return made;
}

/**
 * A Map that empties itself before a new key would take it past `limit` entries: a cache of values that can
 * always be made again, bounded without the bookkeeping of an LRU (a run's working set is far below the limit).
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.limit && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
