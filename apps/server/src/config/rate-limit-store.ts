import { z } from 'zod';
import { type Env, type EnvIssue, optionalText } from './values.ts';

/**
 * Where the rate limits count (docs/decisions/030-shared-limits.md): RATE_LIMIT_STORE is
 * `memory` (this process), `database` (shared by every instance on the database; the default with
 * DATABASE_URL) or `redis` (Redis or Valkey at REDIS_URL); PGlite's default is `memory`.
 */
export const RateLimitStoreEnv = z
  .object({
    RATE_LIMIT_STORE: optionalText.pipe(z.enum(['memory', 'database', 'redis']).optional()),
    REDIS_URL: optionalText.refine((value) => value === undefined || /^rediss?:\/\/[^\s]+$/.test(value), {
      message: 'Expected a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
    }),
    DATABASE_URL: optionalText,
  })
  .transform((e) => {
    const kind = e.RATE_LIMIT_STORE ?? (e.DATABASE_URL ? 'database' : 'memory');
    return {
      /** Where the limits count; `redisUrl` is REDIS_URL, used with `redis` only. */
      rateLimitStore: { kind, redisUrl: e.REDIS_URL ?? null },
    };
  });

export type RateLimitStoreConfig = z.output<typeof RateLimitStoreEnv>;

/** RATE_LIMIT_STORE=redis needs REDIS_URL. */
export function rateLimitStoreIssues(env: Env): EnvIssue[] {
  if (env.RATE_LIMIT_STORE?.trim() === 'redis' && !env.REDIS_URL?.trim()) {
    return [{ variable: 'REDIS_URL', message: 'Required with RATE_LIMIT_STORE=redis' }];
  }
  return [];
}

/** REDIS_URL is read only with RATE_LIMIT_STORE=redis: set alone, it is probably a mistake. */
export function rateLimitStoreWarnings(config: RateLimitStoreConfig): string[] {
  const { kind, redisUrl } = config.rateLimitStore;
  return redisUrl && kind !== 'redis'
    ? [`REDIS_URL is set but RATE_LIMIT_STORE is ${kind}: the limits do not count in Redis`]
    : [];
}
