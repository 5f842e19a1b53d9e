import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_DELAY_MS, FREE_FAILURES } from '../src/accounts/sign-in-throttle.ts';
import { RATE_LIMITS } from '../src/http/rate-limit.ts';
import { READ_LIMITS } from '../src/http/read-limits.ts';
import {
  GOOD_PASSWORD,
  login,
  nextAddress,
  postJson,
  register,
  signedInUser,
  uniqueEmail,
} from './support/auth.ts';
import {
  databaseAvailable,
  dbKind,
  type ServerInstance,
  startInstance,
  startTestApp,
  type TestApp,
} from './support/test-app.ts';
import { startThrowawayRedis, type ThrowawayRedis, whyNoThrowawayRedis } from './support/throwaway-redis.ts';

/** The read limits at a twentieth: the map's burst of 200 becomes 10. */
const SCALE = 0.05;
const MAP_URL = '/api/v1/map?bbox=15.9,45.75,16.1,45.85&zoom=12';
const noRedis = whyNoThrowawayRedis();

/**
 * Two instances of the server on one database (on PostgreSQL each with its own pool, as two
 * processes would be), requests sent to each in turn: with RATE_LIMIT_STORE=database or redis a
 * limit of N holds for N requests spread over both; with memory each instance counts its own
 * (docs/decisions/030-shared-limits.md).
 */
describe.each([
  { store: 'database', shared: true },
  { store: 'redis', shared: true },
  { store: 'memory', shared: false },
] as const)(`RATE_LIMIT_STORE=$store over two instances (${dbKind})`, ({ store, shared }) => {
  describe.skipIf(!databaseAvailable || (store === 'redis' && noRedis !== undefined))('', () => {
    let redis: ThrowawayRedis | undefined;
    let t: TestApp;
    let other: ServerInstance;
    /** The instance that answers the `i`th request: each in turn. */
    const at = (i: number): FastifyInstance => (i % 2 === 0 ? t.app : other.app);

    beforeAll(async () => {
      if (store === 'redis') redis = await startThrowawayRedis();
      t = await startTestApp({
        demo: false,
        env: {
          RATE_LIMIT_STORE: store,
          READ_RATE_LIMIT_SCALE: String(SCALE),
          ...(redis ? { REDIS_URL: redis.url } : {}),
        },
      });
      other = await startInstance(t);
    });
    afterAll(async () => {
      await other?.close();
      await t?.close();
      await redis?.stop();
    });

    it(`registers ${RATE_LIMITS.registerPerAddress.max} accounts an hour from an address, ${shared ? 'across' : 'on each of'} the instances`, async () => {
      const remoteAddress = nextAddress();
      const { max } = RATE_LIMITS.registerPerAddress;
      for (let i = 0; i < max; i += 1) {
        expect(
          (await register(at(i), {}, { remoteAddress })).response.statusCode,
          `registration ${i + 1}`,
        ).toBe(201);
      }
      const next = (await register(at(max), {}, { remoteAddress })).response;
      expect(next.statusCode).toBe(shared ? 429 : 201);
      if (shared) expect(Number(next.headers['retry-after'])).toBeGreaterThan(60 * 59);
    });

    it(`counts registrations sent at once to both instances ${shared ? 'as one' : 'apart'}`, async () => {
      const remoteAddress = nextAddress();
      const { max } = RATE_LIMITS.registerPerAddress;
      const answers = await Promise.all(
        Array.from({ length: max + 3 }, (_, i) => register(at(i), {}, { remoteAddress })),
      );
      const created = answers.filter(({ response }) => response.statusCode === 201).length;
      expect(created).toBe(shared ? max : max + 3);
    });

    it(`gives an expensive read's burst once ${shared ? 'across' : 'to each of'} the instances`, async () => {
      const remoteAddress = nextAddress();
      const burst = READ_LIMITS.map.burst * SCALE;
      const get = (i: number) => at(i).inject({ method: 'GET', url: MAP_URL, remoteAddress });
      for (let i = 0; i < burst; i += 1) expect((await get(i)).statusCode, `read ${i + 1}`).toBe(200);
      const next = await get(burst);
      expect(next.statusCode).toBe(shared ? 429 : 200);
      if (shared) expect(Number(next.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });

    it(`stops an address's sign-in failures at an account ${shared ? 'across' : 'on each of'} the instances`, async () => {
      const email = uniqueEmail('target');
      await register(t.app, { email });
      const remoteAddress = nextAddress();
      const { max } = RATE_LIMITS.loginFailuresPerAccountAndAddress;
      for (let i = 0; i < max; i += 1) {
        const { response } = await login(at(i), email, `wrong-password-${i}`, { remoteAddress });
        expect(response.statusCode, `failure ${i + 1}`).toBe(401);
      }
      const { response } = await login(at(max), email, GOOD_PASSWORD, { remoteAddress });
      expect(response.statusCode).toBe(shared ? 429 : 200);
    });

    it(`slows sign-ins at an account that failed through ${shared ? 'any' : 'the same'} instance`, async () => {
      const email = uniqueEmail('slowed');
      await register(t.app, { email });
      // From addresses of their own, so only the account-wide count grows.
      for (let i = 0; i < FREE_FAILURES; i += 1) {
        expect(
          (await login(t.app, email, 'wrong-password', { remoteAddress: nextAddress() })).response.statusCode,
        ).toBe(401);
      }
      const started = Date.now();
      const { response } = await login(other.app, email, GOOD_PASSWORD);
      expect(response.statusCode).toBe(200);
      if (shared) expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_DELAY_MS - 50);
      else expect(Date.now() - started).toBeLessThan(FIRST_DELAY_MS);
    });

    it(`counts a limiter of its own (password changes per user) ${shared ? 'across' : 'on each of'} the instances`, async () => {
      const user = await signedInUser(t.app);
      const { max } = RATE_LIMITS.passwordChangePerUser;
      const change = (i: number) =>
        postJson(
          at(i),
          '/api/v1/auth/password',
          { currentPassword: 'not-the-password', newPassword: 'another-lantern-orchard-9' },
          { headers: user.headers },
        );
      for (let i = 0; i < max; i += 1) expect((await change(i)).statusCode, `change ${i + 1}`).not.toBe(429);
      expect((await change(max)).statusCode).toBe(shared ? 429 : 400);
    });

    it.runIf(store === 'redis')('lets requests through, uncounted, while Redis is down', async () => {
      await redis?.stop();
      await sleep(100);
      const remoteAddress = nextAddress();
      const get = (i: number) => at(i).inject({ method: 'GET', url: MAP_URL, remoteAddress });
      for (let i = 0; i < 15; i += 1) expect((await get(i)).statusCode, `read ${i + 1}`).toBe(200);
      const { response } = await login(t.app, uniqueEmail('nobody'), 'wrong-password', { remoteAddress });
      expect(response.statusCode).toBe(401);
    });
  });
});
