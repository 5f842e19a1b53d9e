import type { Redis } from 'ioredis';
import type { CounterStore, WindowCount } from './counter-store.ts';
import { secondsUntilToken } from './counter-store.ts';
import { hashedKey } from './hashed-key.ts';

/** Redis's clock in ms since the epoch (one clock for every instance); `now` in each script. */
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000`;

/** One hit (KEYS[1], ARGV[1] = window ms): a hash of count and end, expiring as the window ends. */
const HIT = `${NOW}
  now = math.floor(now)
  local ends = tonumber(redis.call('HGET', KEYS[1], 'ends'))
  local count
  if ends == nil or ends <= now then
    ends = now + tonumber(ARGV[1])
    count = 1
    redis.call('HSET', KEYS[1], 'count', 1, 'ends', string.format('%d', ends))
    redis.call('PEXPIREAT', KEYS[1], ends)
  else
    count = redis.call('HINCRBY', KEYS[1], 'count', 1)
  end
  return {count, string.format('%d', ends), string.format('%d', now)}`;

/** Takes back a hit (KEYS[1]) from the window ending at ARGV[1] only. */
const UNHIT = `
  local v = redis.call('HMGET', KEYS[1], 'count', 'ends')
  if v[2] and tonumber(v[2]) == tonumber(ARGV[1]) and tonumber(v[1]) > 0 then
    redis.call('HINCRBY', KEYS[1], 'count', -1)
  end
  return 0`;

const PEEK = `${NOW}
  now = math.floor(now)
  local v = redis.call('HMGET', KEYS[1], 'count', 'ends')
  if not v[2] or tonumber(v[2]) <= now then return {} end
  return {tonumber(v[1]), v[2], string.format('%d', now)}`;

/**
 * One take (KEYS[1], ARGV[1] tokens a second, ARGV[2] burst): refilled since the last, then taken
 * from; the hash expires when the bucket would be full again. Fractions travel as strings.
 */
const TAKE = `${NOW}
  local rate = tonumber(ARGV[1])
  local burst = tonumber(ARGV[2])
  local v = redis.call('HMGET', KEYS[1], 'tokens', 'at')
  local tokens = burst
  if v[1] then tokens = math.min(burst, tonumber(v[1]) + (now - tonumber(v[2])) * rate / 1000) end
  local took = 0
  if tokens >= 1 then
    tokens = tokens - 1
    took = 1
  end
  redis.call('HSET', KEYS[1], 'tokens', string.format('%.6f', tokens), 'at', string.format('%.3f', now))
  redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) * 1000 / rate) + 1)
  return {took, string.format('%.6f', tokens)}`;

const SCRIPTS = { kartaLimitHit: HIT, kartaLimitUnhit: UNHIT, kartaLimitPeek: PEEK, kartaLimitTake: TAKE };
type Script = (key: string, ...args: (string | number)[]) => Promise<unknown>;

/** Where the counters' keys start in Redis (the route limits' own are under `ROUTE_LIMITS_PREFIX`). */
export const COUNTERS_PREFIX = 'karta:limit:';
/** The prefix of @fastify/rate-limit's own Redis store, for the routes' `config.rateLimit`. */
export const ROUTE_LIMITS_PREFIX = 'karta:route-limit:';

const windowCount = ([count, endsAt, now]: [number, string, string]): WindowCount => ({
  count: Number(count),
  endsAt: Number(endsAt),
  resetInMs: Number(endsAt) - Number(now),
});

/**
 * Every limit in Redis or Valkey (RATE_LIMIT_STORE=redis): one script per hit or take, each
 * atomic on the server, so every instance using `redis` counts each limit as one. Keys expire with
 * their windows and buckets: nothing to sweep.
 */
export function createRedisCounterStore(redis: Redis): CounterStore {
  for (const [name, lua] of Object.entries(SCRIPTS)) {
    if (!(name in redis)) redis.defineCommand(name, { numberOfKeys: 1, lua });
  }
  const run = (name: keyof typeof SCRIPTS) => (redis as unknown as Record<string, Script>)[name] as Script;
  const keyOf = (limit: string, key: string) => COUNTERS_PREFIX + hashedKey(limit, key);

  return {
    kind: 'redis',
    async hit(limit, key, windowMs) {
      const reply = await run('kartaLimitHit').call(redis, keyOf(limit, key), Math.ceil(windowMs));
      return windowCount(reply as [number, string, string]);
    },
    async unhit(limit, key, endsAt) {
      await run('kartaLimitUnhit').call(redis, keyOf(limit, key), endsAt);
    },
    async peek(limit, key) {
      const reply = (await run('kartaLimitPeek').call(redis, keyOf(limit, key))) as
        | [number, string, string]
        | [];
      return reply.length === 3 ? windowCount(reply) : null;
    },
    async take(limit, key, { perSecond, burst }) {
      const reply = await run('kartaLimitTake').call(redis, keyOf(limit, key), perSecond, burst);
      const [took, tokens] = reply as [number, string];
      return took === 1 ? 0 : secondsUntilToken(Number(tokens), perSecond);
    },
    async close() {},
  };
}
