import { describe, expect, it } from 'vitest';
import { nextWalk } from './first-matches.ts';

describe('how far the next walk goes', () => {
  it('walks no further when the first walk found enough', () => {
    expect(nextWalk(4000, 271, 271, 64_000)).toBeUndefined();
    expect(nextWalk(4000, 300, 271, 64_000)).toBeUndefined();
  });

  it('walks as far as the share of matches predicts, a quarter more', () => {
    // 116 of 4 000 places matched: 271 are expected within 9 345 places, 11 682 with the margin.
    expect(nextWalk(4000, 116, 271, 64_000)).toBe(11_682);
  });

  it('reads the matches instead when the prediction is past the farthest walk', () => {
    expect(nextWalk(4000, 10, 271, 64_000)).toBeUndefined();
    // None found: taken as half a match, so a page of 271 would need 2.7 million places.
    expect(nextWalk(4000, 0, 271, 64_000)).toBeUndefined();
    // But a page of one is worth 10 000 places more.
    expect(nextWalk(4000, 0, 1, 64_000)).toBe(10_000);
  });

  it('always walks further than before', () => {
    expect(nextWalk(20, 19, 20, 100)).toBe(27);
    expect(nextWalk(100, 99, 100, 1000)).toBeGreaterThan(100);
  });
});
