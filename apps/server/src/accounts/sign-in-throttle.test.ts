import { describe, expect, it } from 'vitest';
import {
  createSignInFailureLimits,
  createSignInThrottle,
  FAILURE_WINDOW_MS,
  FIRST_DELAY_MS,
  FREE_FAILURES,
  MAX_DELAY_MS,
  signInDelayMs,
} from './sign-in-throttle.ts';

describe('the account-wide sign-in throttle', () => {
  it('waits only past the free failures, doubling up to the cap', () => {
    expect(signInDelayMs(0)).toBe(0);
    expect(signInDelayMs(FREE_FAILURES - 1)).toBe(0);
    expect(signInDelayMs(FREE_FAILURES)).toBe(FIRST_DELAY_MS);
    expect(signInDelayMs(FREE_FAILURES + 1)).toBe(2 * FIRST_DELAY_MS);
    expect(signInDelayMs(FREE_FAILURES + 100)).toBe(MAX_DELAY_MS);
    expect(signInDelayMs(1_000_000)).toBe(MAX_DELAY_MS);
  });

  it('counts failures per account whatever the spelling of its e-mail, and forgets them after the window', () => {
    let clock = 0;
    const throttle = createSignInThrottle(() => clock);
    for (let i = 0; i < FREE_FAILURES; i += 1)
      throttle.recordFailure(i % 2 ? ' Ana@Example.org' : 'ana@example.org');
    expect(throttle.delayFor('ANA@example.org ')).toBe(FIRST_DELAY_MS);
    expect(throttle.delayFor('ivo@example.org')).toBe(0);
    clock += FAILURE_WINDOW_MS;
    expect(throttle.delayFor('ana@example.org')).toBe(0);
  });
});

describe('the sign-in failure limits', () => {
  const limits = {
    perAddress: { max: 10, timeWindow: 60_000 },
    perAccountAndAddress: { max: 5, timeWindow: 15 * 60_000 },
  };
  const attempt = (taken: ReturnType<ReturnType<typeof createSignInFailureLimits>['take']>) => {
    if ('retryAfterSeconds' in taken) throw new Error(`refused for ${taken.retryAfterSeconds} s`);
    return taken;
  };

  it('never refuses sign-ins that succeed, however many', () => {
    const failures = createSignInFailureLimits(limits, () => 0);
    for (let i = 0; i < 100; i += 1) attempt(failures.take('192.0.2.1', 'ana@example.org')).release();
  });

  it('refuses the address at an account past its failures, whatever the spelling, until the window ends', () => {
    let clock = 0;
    const failures = createSignInFailureLimits(limits, () => clock);
    for (let i = 0; i < 4; i += 1) attempt(failures.take('192.0.2.1', 'ana@example.org'));
    // A success in between neither counts nor forgives the failures before it.
    attempt(failures.take('192.0.2.1', 'ana@example.org')).release();
    attempt(failures.take('192.0.2.1', ' ANA@example.org'));
    clock += 60_000;
    expect(failures.take('192.0.2.1', 'ana@example.org')).toEqual({ retryAfterSeconds: 14 * 60 });
    // Another address, and another account from the same address, are not stopped.
    attempt(failures.take('192.0.2.2', 'ana@example.org'));
    attempt(failures.take('192.0.2.1', 'ivo@example.org'));
    clock += 14 * 60_000;
    attempt(failures.take('192.0.2.1', 'ana@example.org'));
  });

  it('counts attempts under way, so attempts sent at once cannot overshoot', () => {
    const failures = createSignInFailureLimits(limits, () => 0);
    const underWay = Array.from({ length: 5 }, () => attempt(failures.take('192.0.2.1', 'ana@example.org')));
    expect(failures.take('192.0.2.1', 'ana@example.org')).toHaveProperty('retryAfterSeconds');
    underWay[0]?.release();
    underWay[0]?.release();
    attempt(failures.take('192.0.2.1', 'ana@example.org'));
    expect(failures.take('192.0.2.1', 'ana@example.org')).toHaveProperty('retryAfterSeconds');
  });

  it('refuses an address past its failures at any accounts, taking nothing from a refused attempt', () => {
    let clock = 0;
    const failures = createSignInFailureLimits(limits, () => clock);
    for (let i = 0; i < 10; i += 1) attempt(failures.take('192.0.2.1', `guess${i}@example.org`));
    for (let i = 0; i < 5; i += 1)
      expect(failures.take('192.0.2.1', 'ana@example.org')).toEqual({ retryAfterSeconds: 60 });
    attempt(failures.take('192.0.2.2', 'ana@example.org'));
    // The refused attempts at ana took none of the pair's five places.
    clock += 60_000;
    for (let i = 0; i < 5; i += 1) attempt(failures.take('192.0.2.1', 'ana@example.org'));
    expect(failures.take('192.0.2.1', 'ana@example.org')).toHaveProperty('retryAfterSeconds');
  });
});
