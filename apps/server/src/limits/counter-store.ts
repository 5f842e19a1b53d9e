/**
 * Where every rate limit counts (RATE_LIMIT_STORE, docs/decisions/030-shared-limits.md): this
 * process's memory, the database, or Redis. Two shapes of limit: a window that opens with its
 * first hit and counts hits until it ends, and a token bucket that refills at a steady rate.
 * `limit` names the limit (each counts its keys apart); `key` is who is counted (an address, an
 * account), which the shared stores keep only as a hash.
 */
export interface CounterStore {
  readonly kind: RateLimitStoreKind;
  /** Counts one hit at `key` in its window, opening a window of `windowMs` when none is open. */
  hit(limit: string, key: string, windowMs: number): Promise<WindowCount>;
  /** Takes back one hit, only from the window that ends at `endsAt` (a later one owes it nothing). */
  unhit(limit: string, key: string, endsAt: number): Promise<void>;
  /** The open window of `key`, without counting; null when none is open. */
  peek(limit: string, key: string): Promise<WindowCount | null>;
  /** Takes a token from `key`'s bucket: 0 when it had one, else the whole seconds until one is back. */
  take(limit: string, key: string, bucket: BucketLimit): Promise<number>;
  /** Stops what the store runs on its own (a sweep); the connections are its owner's to close. */
  close(): Promise<void>;
}

/**
 * Keys each limit remembers in memory (RATE_LIMIT_STORE=memory, and @fastify/rate-limit's own memory
 * store); past that the least recently seen are forgotten, so a flood of new keys can reset an old
 * one's count. Each key costs well under 100 bytes.
 */
export const KEYS_REMEMBERED = 20_000;

export type RateLimitStoreKind = 'memory' | 'database' | 'redis';

/** A window's count so far, and when it ends (ms since the epoch, on the store's clock). */
export interface WindowCount {
  count: number;
  endsAt: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

/** A token bucket: `perSecond` tokens come back each second, up to `burst`; a request takes one. */
export interface BucketLimit {
  perSecond: number;
  burst: number;
}

/** Whole seconds, at least one, until a bucket holding `tokens` has one again. */
export function secondsUntilToken(tokens: number, perSecond: number): number {
  return Math.max(1, Math.ceil((1 - tokens) / perSecond));
}
