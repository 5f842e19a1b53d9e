import { type BucketLimit, type CounterStore, KEYS_REMEMBERED, type WindowCount } from './counter-store.ts';
import { TokenBuckets } from './token-buckets.ts';

/**
 * Windows per key of one limit, remembering the `keysRemembered` most recently counted (a Map
 * keeps insertion order: a key counted again moves to the end, the first is the least recent).
 */
class WindowCounts {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly keysRemembered: number) {}

  open(key: string, now: number) {
    const entry = this.windows.get(key);
    if (entry && now >= entry.endsAt) {
      this.windows.delete(key);
      return undefined;
    }
    return entry;
  }

  hit(key: string, windowMs: number, now: number): WindowCount {
    const entry = this.open(key, now) ?? { count: 0, endsAt: now + windowMs };
    entry.count += 1;
    this.windows.delete(key);
    this.windows.set(key, entry);
    if (this.windows.size > this.keysRemembered) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    return { count: entry.count, endsAt: entry.endsAt, resetInMs: entry.endsAt - now };
  }

  unhit(key: string, endsAt: number, now: number): void {
    const entry = this.open(key, now);
    if (entry && entry.endsAt === endsAt && entry.count > 0) entry.count -= 1;
  }
}

/**
 * Every limit in this process's memory (RATE_LIMIT_STORE=memory): fast, forgotten at restart, and
 * each instance counts its own, so N instances allow N times each limit. Each limit remembers
 * `keysRemembered` keys; past that the least recently counted are forgotten.
 */
export function createMemoryCounterStore(
  options: { keysRemembered?: number; now?: () => number } = {},
): CounterStore {
  const { keysRemembered = KEYS_REMEMBERED, now = Date.now } = options;
  const windows = new Map<string, WindowCounts>();
  const buckets = new Map<string, TokenBuckets>();
  const windowsOf = (limit: string) => {
    let counts = windows.get(limit);
    if (!counts) {
      counts = new WindowCounts(keysRemembered);
      windows.set(limit, counts);
    }
    return counts;
  };

  return {
    kind: 'memory',
    async hit(limit, key, windowMs) {
      return windowsOf(limit).hit(key, windowMs, now());
    },
    async unhit(limit, key, endsAt) {
      windowsOf(limit).unhit(key, endsAt, now());
    },
    async peek(limit, key) {
      const at = now();
      const entry = windowsOf(limit).open(key, at);
      return entry ? { count: entry.count, endsAt: entry.endsAt, resetInMs: entry.endsAt - at } : null;
    },
    async take(limit, key, bucket: BucketLimit) {
      let limitBuckets = buckets.get(limit);
      if (!limitBuckets) {
        limitBuckets = new TokenBuckets(bucket, keysRemembered);
        buckets.set(limit, limitBuckets);
      }
      return limitBuckets.take(key, now());
    },
    async close() {},
  };
}
