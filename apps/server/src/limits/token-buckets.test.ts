import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-buckets.ts';

describe('TokenBuckets', () => {
  it('allows the burst at once, then the steady rate, and says how long to wait', () => {
    const buckets = new TokenBuckets({ perSecond: 2, burst: 3 });
    expect([0, 0, 0].map(() => buckets.take('a', 1000))).toEqual([0, 0, 0]);
    expect(buckets.take('a', 1000)).toBe(1);
    // Half a second gives one token back (2 a second), and no more.
    expect(buckets.take('a', 1500)).toBe(0);
    expect(buckets.take('a', 1500)).toBe(1);
    // A long pause fills the bucket up to its burst, not beyond.
    expect([0, 0, 0, 0].map(() => buckets.take('a', 60_000))).toEqual([0, 0, 0, 1]);
  });

  it('counts each key on its own', () => {
    const buckets = new TokenBuckets({ perSecond: 1, burst: 1 });
    expect(buckets.take('a', 0)).toBe(0);
    expect(buckets.take('a', 0)).toBe(1);
    expect(buckets.take('b', 0)).toBe(0);
  });

  it('waits whole seconds, at least one, for a slow rate', () => {
    const buckets = new TokenBuckets({ perSecond: 0.1, burst: 1 });
    expect(buckets.take('a', 0)).toBe(0);
    expect(buckets.take('a', 0)).toBe(10);
    expect(buckets.take('a', 5000)).toBe(5);
  });

  it('forgets the least recently seen key past its size', () => {
    const buckets = new TokenBuckets({ perSecond: 1, burst: 1 }, 2);
    buckets.take('a', 0);
    buckets.take('b', 0);
    buckets.take('a', 0);
    buckets.take('c', 0);
    // a was seen again, so kept (still empty); b was the least recent: forgotten, so full again.
    expect(buckets.take('a', 0)).toBe(1);
    expect(buckets.take('b', 0)).toBe(0);
  });
});
