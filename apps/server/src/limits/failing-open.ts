import type { CounterStore } from './counter-store.ts';

/** At most one warning this often while a store stays unreachable. */
export const WARN_EVERY_MS = 60_000;

/** `warn`, called at most once per `everyMs` (the calls in between are dropped). */
export function atMostEvery<T>(everyMs: number, warn: (value: T) => void, now: () => number = Date.now) {
  let warnedAt = Number.NEGATIVE_INFINITY;
  return (value: T) => {
    if (now() - warnedAt < everyMs) return;
    warnedAt = now();
    warn(value);
  };
}

/**
 * `store`, failing open (docs/decisions/030-shared-limits.md): when it cannot be reached (the
 * database away, Redis down) a request is let through uncounted and `warn` is told, so the site
 * stays usable while its limits are off.
 */
export function failingOpen(store: CounterStore, warn: (error: unknown) => void): CounterStore {
  async function orElse<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      warn(error);
      return fallback;
    }
  }
  const uncounted = { count: 0, endsAt: 0, resetInMs: 0 };

  return {
    kind: store.kind,
    hit: (limit, key, windowMs) => orElse(() => store.hit(limit, key, windowMs), uncounted),
    unhit: (limit, key, endsAt) => orElse(() => store.unhit(limit, key, endsAt), undefined),
    peek: (limit, key) => orElse(() => store.peek(limit, key), null),
    take: (limit, key, bucket) => orElse(() => store.take(limit, key, bucket), 0),
    close: () => store.close(),
  };
}
