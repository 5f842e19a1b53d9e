import { ErrorBody } from '@karta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_DELAY_MS, FREE_FAILURES } from '../src/accounts/sign-in-throttle.ts';
import { RATE_LIMITS } from '../src/http/rate-limit.ts';
import {
  GOOD_PASSWORD,
  login,
  me,
  nextAddress,
  register,
  signedInUser,
  uniqueEmail,
} from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

describe.skipIf(!databaseAvailable)(`sign-in and registration limits (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops the guessing address only: the right password from elsewhere still signs an admin in, after a wait', async () => {
    const admin = await signedInUser(t.app, 'admin');
    const attacker = nextAddress();
    for (let i = 0; i < FREE_FAILURES; i += 1) {
      const { response } = await login(t.app, admin.email, `wrong-password-${i}`, {
        remoteAddress: attacker,
      });
      expect(response.statusCode).toBe(401);
    }
    // The attacker's address is stopped at this account, with a wait it can read.
    const stopped = (await login(t.app, admin.email, GOOD_PASSWORD, { remoteAddress: attacker })).response;
    expect(stopped.statusCode).toBe(429);
    expect(ErrorBody.parse(stopped.json()).error.code).toBe('rate_limited');
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(60);

    // The owner, from their own address: slowed by the account-wide ceiling, not refused.
    const started = Date.now();
    const owner = await login(t.app, admin.email, GOOD_PASSWORD);
    expect(owner.response.statusCode, owner.response.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_DELAY_MS - 50);
    expect((await me(t.app, owner.token)).statusCode).toBe(200);
  });

  it('answers a wrong password from another address with 401, never 429, for an account under attack', async () => {
    const email = uniqueEmail('target');
    await register(t.app, { email });
    const attacker = nextAddress();
    for (let i = 0; i < FREE_FAILURES + 1; i += 1) {
      await login(t.app, email.toUpperCase(), `wrong-password-${i}`, { remoteAddress: attacker });
    }
    expect((await login(t.app, email, 'wrong-password-x')).response.statusCode).toBe(401);
    // The same for an e-mail with no account: the limits do not tell which exist.
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < FREE_FAILURES; i += 1)
      await login(t.app, nobody, 'wrong-password-x', { remoteAddress: attacker });
    expect(
      (await login(t.app, nobody, 'wrong-password-x', { remoteAddress: attacker })).response.statusCode,
    ).toBe(429);
  });

  it('counts only failed sign-ins: a person signs in again and again from one address', async () => {
    const user = await signedInUser(t.app);
    const remoteAddress = nextAddress();
    // Past both failure limits (10 a minute from an address, 5 per 15 minutes at an account from it).
    for (let i = 0; i < 12; i += 1) {
      const { response } = await login(t.app, user.email, GOOD_PASSWORD, { remoteAddress });
      expect(response.statusCode, `sign-in ${i + 1}: ${response.body}`).toBe(200);
    }
    // Failures still count, and a success between them forgives none.
    const statusOf = async (password: string) =>
      (await login(t.app, user.email, password, { remoteAddress })).response.statusCode;
    const { max } = RATE_LIMITS.loginFailuresPerAccountAndAddress;
    for (let i = 0; i < max - 1; i += 1) expect(await statusOf(`wrong-password-${i}`)).toBe(401);
    expect(await statusOf(GOOD_PASSWORD)).toBe(200);
    expect(await statusOf('wrong-password-x')).toBe(401);
    expect(await statusOf(GOOD_PASSWORD)).toBe(429);
  });

  it('counts sign-ins under way, so guesses sent at once get no more tries than the limit', async () => {
    const email = uniqueEmail('parallel');
    await register(t.app, { email });
    const remoteAddress = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(t.app, email, `wrong-password-${i}`, { remoteAddress })),
    );
    expect(answers.map(({ response }) => response.statusCode).sort()).toEqual([
      401, 401, 401, 401, 401, 429, 429, 429,
    ]);
  });

  it('counts IPv6 addresses by their /64 network', async () => {
    const inNetwork = (n: number) => ({ remoteAddress: `2001:db8:77:1::${n.toString(16)}` });
    for (let n = 1; n <= 10; n += 1) {
      expect(
        (await login(t.app, uniqueEmail('guess'), 'wrong-password-1', inNetwork(n))).response.statusCode,
      ).toBe(401);
    }
    expect(
      (await login(t.app, uniqueEmail('guess'), 'wrong-password-1', inNetwork(99))).response.statusCode,
    ).toBe(429);
    const otherNetwork = { remoteAddress: '2001:db8:77:2::1' };
    expect(
      (await login(t.app, uniqueEmail('guess'), 'wrong-password-1', otherNetwork)).response.statusCode,
    ).toBe(401);
  });

  it('does not count malformed registrations against the address', async () => {
    const remoteAddress = nextAddress();
    for (const body of [
      { email: 'not-an-email' },
      { password: 'short' },
      { displayName: '' },
      { password: 'password1234' },
      { email: '' },
    ]) {
      const { response } = await register(t.app, body, { remoteAddress });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (let i = 0; i < 5; i += 1) {
      expect((await register(t.app, {}, { remoteAddress })).response.statusCode).toBe(201);
    }
    expect((await register(t.app, {}, { remoteAddress })).response.statusCode).toBe(429);
  });
});
