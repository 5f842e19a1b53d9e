import { describe, expect, it } from 'vitest';
import {
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
