import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { RateLimitStoreConfig } from '../config/rate-limit-store.ts';
import type { Queryable } from '../db/database.ts';
import type { CounterStore } from './counter-store.ts';
import { createDatabaseCounterStore } from './database-counter-store.ts';
import { atMostEvery, failingOpen, WARN_EVERY_MS } from './failing-open.ts';
import { createMemoryCounterStore } from './memory-counter-store.ts';
import { createRedisCounterStore, ROUTE_LIMITS_PREFIX } from './redis-counter-store.ts';
import { routeLimitStore } from './route-limit-store.ts';

/** The store the limits count in, as the app uses it. */
export interface RateLimitStore {
  /** The limits of our own: token buckets, sign-in failures, the account-wide throttle. */
  counters: CounterStore;
  /** @fastify/rate-limit's options for the same store (empty for memory: the plugin's own). */
  routeLimits: { store?: ReturnType<typeof routeLimitStore>; redis?: Redis; nameSpace?: string };
  /** Stops the sweep, closes the Redis connection. */
  close(): Promise<void>;
}

/**
 * A Redis connection for limits: a command fails at once while Redis is away, or after half a
 * second when it does not answer (no queue of waiting requests), and the client reconnects on
 * its own meanwhile (@fastify/rate-limit's README advises short timeouts for the same reason).
 */
export function limitsRedisClient(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 500,
    commandTimeout: 500,
  });
}

/**
 * Opens RATE_LIMIT_STORE's store. Shared stores fail open with a warning in the log at most once a
 * minute (docs/decisions/030-shared-limits.md); Redis away at start is such a failure too, not a
 * reason to refuse to start.
 */
export async function openRateLimitStore(
  config: RateLimitStoreConfig,
  database: Queryable,
  log: FastifyBaseLogger,
): Promise<RateLimitStore> {
  const { kind, redisUrl } = config.rateLimitStore;
  const where = { memory: "this process's memory", database: 'the database', redis: 'Redis' }[kind];
  log.info({ store: kind }, `rate limits count in ${where}`);
  const warn = atMostEvery(WARN_EVERY_MS, (error: unknown) =>
    log.warn({ err: error, store: kind }, 'rate limit store unreachable: requests go through uncounted'),
  );
  if (kind === 'database') {
    const store = createDatabaseCounterStore(database, {
      onSweepError: (error) => log.warn({ err: error }, 'rate limit sweep failed'),
    });
    const counters = failingOpen(store, warn);
    return { counters, routeLimits: { store: routeLimitStore(counters) }, close: () => store.close() };
  }
  if (kind === 'redis' && redisUrl) {
    const redis = limitsRedisClient(redisUrl);
    redis.on('error', warn);
    await redis.connect().catch(warn);
    return {
      counters: failingOpen(createRedisCounterStore(redis), warn),
      routeLimits: { redis, nameSpace: ROUTE_LIMITS_PREFIX },
      close: async () => {
        redis.disconnect();
      },
    };
  }
  return { counters: createMemoryCounterStore(), routeLimits: {}, close: async () => {} };
}
