/** A small time-bounded LRU map: display data only, never a source of truth. */
export class TtlCache<V> {
  private readonly map = new Map<string, { at: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.ttlMs) {
      this.map.delete(key);
      return undefined;
    }
    // Re-insert to mark as recently used.
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    this.map.delete(key);
    this.map.set(key, { at: Date.now(), value });
    if (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value as string);
  }

  /** The value kept for `key`, or what `load` answers, kept from then on (a failed load keeps nothing). */
  async through(key: string, load: () => Promise<V>): Promise<V> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const value = await load();
    this.set(key, value);
    return value;
  }

  clear(): void {
    this.map.clear();
  }
}
