import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './env.ts';

const POSTGRES = 'postgres://karta@127.0.0.1/karta';

describe('loadConfig: where the rate limits count (RATE_LIMIT_STORE, REDIS_URL)', () => {
  it('counts in the database with DATABASE_URL and in memory on PGlite unless told otherwise', () => {
    expect(loadConfig({ DATABASE_URL: POSTGRES }).rateLimitStore.kind).toBe('database');
    expect(loadConfig({}).rateLimitStore.kind).toBe('memory');
    expect(loadConfig({ DATABASE_URL: POSTGRES, RATE_LIMIT_STORE: 'memory' }).rateLimitStore.kind).toBe(
      'memory',
    );
    expect(loadConfig({ RATE_LIMIT_STORE: 'database' }).rateLimitStore.kind).toBe('database');
    expect(
      loadConfig({ RATE_LIMIT_STORE: ' redis ', REDIS_URL: 'redis://127.0.0.1:6379' }).rateLimitStore,
    ).toEqual({
      kind: 'redis',
      redisUrl: 'redis://127.0.0.1:6379',
    });
  });

  it('stops the start with one line for a store it does not know', () => {
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'memcached' })).toThrow(
      'RATE_LIMIT_STORE: Expected one of memory, database, redis',
    );
  });

  it('needs REDIS_URL with redis, and a redis:// URL in it', () => {
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(
      'REDIS_URL: Required with RATE_LIMIT_STORE=redis',
    );
    const error = (() => {
      try {
        loadConfig({ RATE_LIMIT_STORE: 'redis', REDIS_URL: 'http://cache:6379' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues).toEqual([
      {
        variable: 'REDIS_URL',
        message: 'Expected a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
      },
    ]);
  });

  it('warns of a REDIS_URL that nothing reads', () => {
    const config = loadConfig({ DATABASE_URL: POSTGRES, REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(configWarnings(config)).toContain(
      'REDIS_URL is set but RATE_LIMIT_STORE is database: the limits do not count in Redis',
    );
    expect(
      configWarnings(loadConfig({ RATE_LIMIT_STORE: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' })),
    ).toEqual([]);
  });
});
