import { describe, expect, it } from 'vitest';
import { createMemoryCounterStore } from '../limits/memory-counter-store.ts';
import {
  createSignInFailureLimits,
  createSignInThrottle,
  FAILURE_WINDOW_MS,
  FIRST_DELAY_MS,
  FREE_FAILURES,
  MAX_DELAY_MS,
  signInDelayMs,
} from './sign-in-throttle.ts';

/** A memory store on a clock the test moves (the shared stores' own tests: test/counter-stores.test.ts). */
function storeAt() {
  const clock = { now: 0 };
  return { clock, counters: createMemoryCounterStore({ now: () => clock.now }) };
}

describe('the account-wide sign-in throttle', () => {
  it('waits only past the free failures, doubling up to the cap', () => {
    expect(signInDelayMs(0)).toBe(0);
    expect(signInDelayMs(FREE_FAILURES - 1)).toBe(0);
    expect(signInDelayMs(FREE_FAILURES)).toBe(FIRST_DELAY_MS);
    expect(signInDelayMs(FREE_FAILURES + 1)).toBe(2 * FIRST_DELAY_MS);
    expect(signInDelayMs(FREE_FAILURES + 100)).toBe(MAX_DELAY_MS);
    expect(signInDelayMs(1_000_000)).toBe(MAX_DELAY_MS);
  });

  it('counts failures per account whatever the spelling of its e-mail, and forgets them after the window', async () => {
    const { clock, counters } = storeAt();
    const throttle = createSignInThrottle(counters);
    for (let i = 0; i < FREE_FAILURES; i += 1)
      await throttle.recordFailure(i % 2 ? ' Ana@Example.org' : 'ana@example.org');
    expect(await throttle.delayFor('ANA@example.org ')).toBe(FIRST_DELAY_MS);
    expect(await throttle.delayFor('ivo@example.org')).toBe(0);
    clock.now += FAILURE_WINDOW_MS;
    expect(await throttle.delayFor('ana@example.org')).toBe(0);
  });
});

describe('the sign-in failure limits', () => {
  const limits = {
    perAddress: { max: 10, timeWindow: 60_000 },
    perAccountAndAddress: { max: 5, timeWindow: 15 * 60_000 },
  };
  const attempt = async (taking: ReturnType<ReturnType<typeof createSignInFailureLimits>['take']>) => {
    const taken = await taking;
    if ('retryAfterSeconds' in taken) throw new Error(`refused for ${taken.retryAfterSeconds} s`);
    return taken;
  };

  it('never refuses sign-ins that succeed, however many', async () => {
    const failures = createSignInFailureLimits(limits, storeAt().counters);
    for (let i = 0; i < 100; i += 1)
      await (await attempt(failures.take('192.0.2.1', 'ana@example.org'))).release();
  });

  it('refuses the address at an account past its failures, whatever the spelling, until the window ends', async () => {
    const { clock, counters } = storeAt();
    const failures = createSignInFailureLimits(limits, counters);
    for (let i = 0; i < 4; i += 1) await attempt(failures.take('192.0.2.1', 'ana@example.org'));
    // A success in between neither counts nor forgives the failures before it.
    await (await attempt(failures.take('192.0.2.1', 'ana@example.org'))).release();
    await attempt(failures.take('192.0.2.1', ' ANA@example.org'));
    clock.now += 60_000;
    expect(await failures.take('192.0.2.1', 'ana@example.org')).toEqual({ retryAfterSeconds: 14 * 60 });
    // Another address, and another account from the same address, are not stopped.
    await attempt(failures.take('192.0.2.2', 'ana@example.org'));
    await attempt(failures.take('192.0.2.1', 'ivo@example.org'));
    clock.now += 14 * 60_000;
    await attempt(failures.take('192.0.2.1', 'ana@example.org'));
  });

  it('counts attempts under way, so attempts sent at once cannot overshoot', async () => {
    const failures = createSignInFailureLimits(limits, storeAt().counters);
    const underWay = await Promise.all(
      Array.from({ length: 5 }, () => attempt(failures.take('192.0.2.1', 'ana@example.org'))),
    );
    expect(await failures.take('192.0.2.1', 'ana@example.org')).toHaveProperty('retryAfterSeconds');
    await underWay[0]?.release();
    await underWay[0]?.release();
    await attempt(failures.take('192.0.2.1', 'ana@example.org'));
    expect(await failures.take('192.0.2.1', 'ana@example.org')).toHaveProperty('retryAfterSeconds');
  });

  it('refuses an address past its failures at any accounts, taking nothing from a refused attempt', async () => {
    const { clock, counters } = storeAt();
    const failures = createSignInFailureLimits(limits, counters);
    for (let i = 0; i < 10; i += 1) await attempt(failures.take('192.0.2.1', `guess${i}@example.org`));
    for (let i = 0; i < 5; i += 1)
      expect(await failures.take('192.0.2.1', 'ana@example.org')).toEqual({ retryAfterSeconds: 60 });
    await attempt(failures.take('192.0.2.2', 'ana@example.org'));
    // The refused attempts at ana took none of the pair's five places.
    clock.now += 60_000;
    for (let i = 0; i < 5; i += 1) await attempt(failures.take('192.0.2.1', 'ana@example.org'));
    expect(await failures.take('192.0.2.1', 'ana@example.org')).toHaveProperty('retryAfterSeconds');
  });
});
