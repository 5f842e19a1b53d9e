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
 * query. A reader keeps only what it read after the last forgetting began (`since`): a value read
 * before a change was forgotten could otherwise be kept after it, outdated for good.
 */
export class KeptByPlace<Value extends {}> {
  private readonly kept: LRUCache<number, Value>;
  private forgotten = 0;

  constructor({ max = KEPT_PLACES, maxAgeMs = KEPT_MAX_AGE_MS } = {}) {
    this.kept = new LRUCache<number, Value>({ max, ttl: maxAgeMs });
  }

  /** Where the forgetting stands: pass it to `keep` with what was read after asking. */
  get since(): number {
    return this.forgotten;
  }

  /** The value kept for a place, if any. */
  get(id: number): Value | undefined {
    return this.kept.get(id);
  }

  /** Keeps values read since `since`, unless a place was forgotten meanwhile. */
  keep(values: Iterable<[id: number, value: Value]>, since: number): void {
    if (since !== this.forgotten) return;
    for (const [id, value] of values) this.kept.set(id, value);
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
