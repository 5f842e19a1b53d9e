import { LRUCache } from 'lru-cache';

/**
 * How many places' values are kept: the places a town's Near me and searches show over and over
 * (600 spots of a city's Near me show about 10 500 places, 20 each). A visitor's row takes about
 * 1.2 kB of heap, so the rows kept take about 20 MB at most.
 */
export const KEPT_PLACES = 16_000;

/**
 * The longest a value is kept whatever the change log says: what it holds beyond the place's own
 * row (a category's notes setting, a note author's name) is not logged there, and is read again
 * this often at most.
 */
export const KEPT_MAX_AGE_MS = 10_000;

/**
 * Values read from the database for published places (their rows as a visitor sees them, their
 * note facts), kept in memory until the change log names the place (`forget`, told by the map
 * index as it applies each batch of changes) so that the next read of the same places costs no
 * query. What was read while a place was forgotten is not kept: a value read before a change was
 * forgotten could otherwise be kept after it, outdated for good.
 */
export class KeptByPlace<Value extends {}> {
  private readonly kept: LRUCache<number, Value>;
  private forgotten = 0;

  constructor({ max = KEPT_PLACES, maxAgeMs = KEPT_MAX_AGE_MS } = {}) {
    this.kept = new LRUCache<number, Value>({ max, ttl: maxAgeMs });
  }

  /**
   * The values of these places: those kept (and `usable`) from memory, the others from `read`,
   * which are kept unless a place was forgotten while they were read (they may predate its change).
   */
  async through(
    ids: Iterable<number>,
    read: (missing: number[]) => Promise<Iterable<[id: number, value: Value]>>,
    usable: (value: Value) => boolean = () => true,
  ): Promise<Map<number, Value>> {
    const found = new Map<number, Value>();
    const missing: number[] = [];
    for (const id of ids) {
      const value = this.kept.get(id);
      if (value !== undefined && usable(value)) found.set(id, value);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const since = this.forgotten;
    const fresh = [...(await read(missing))];
    for (const [id, value] of fresh) found.set(id, value);
    if (since === this.forgotten) for (const [id, value] of fresh) this.kept.set(id, value);
    return found;
  }

  /** Forgets these places (they changed), or every place (the change log could not say which). */
  forget(ids: readonly number[] | 'all'): void {
    this.forgotten += 1;
    if (ids === 'all') this.kept.clear();
    else for (const id of ids) this.kept.delete(id);
  }

  get size(): number {
    return this.kept.size;
  }
}
