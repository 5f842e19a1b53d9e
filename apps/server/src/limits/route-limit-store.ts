import type { CounterStore } from './counter-store.ts';

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's `store` option over a counter store (RATE_LIMIT_STORE=database): each
 * route's `config.rateLimit` counts under the route's method and path, `createLimiter`'s limits
 * (whose keys start with their names) under one name.
 */
export function routeLimitStore(counters: CounterStore) {
  return class RouteLimitStore {
    private readonly limit: string;

    /** The plugin passes its options to the first; `child` names the rest. */
    constructor(limit: unknown) {
      this.limit = typeof limit === 'string' ? limit : 'route-limit';
    }

    incr(key: string, done: Done, timeWindow: number): void {
      counters.hit(this.limit, key, timeWindow).then(
        (window) => done(null, { current: window.count, ttl: Math.max(0, window.resetInMs) }),
        (error: Error) => done(error),
      );
    }

    read(key: string, done: Done): void {
      counters.peek(this.limit, key).then(
        (window) => done(null, { current: window?.count ?? 0, ttl: Math.max(0, window?.resetInMs ?? 0) }),
        (error: Error) => done(error),
      );
    }

    /** The plugin passes its options merged with the route's under `routeInfo` (empty for a limiter). */
    child(options: object): RouteLimitStore {
      const { routeInfo } = options as { routeInfo?: { method?: string | string[]; url?: string } };
      const { method, url } = routeInfo ?? {};
      return new RouteLimitStore(url ? `${[method].flat().join(',')} ${url}` : 'limiter');
    }
  };
}
