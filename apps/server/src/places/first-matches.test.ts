import { describe, expect, it } from 'vitest';
import { walkOn } from './first-matches.ts';

describe('whether a walk goes on', () => {
  it('stops when the first walk found enough', () => {
    expect(walkOn(4000, 271, 271, 64_000)).toBe(false);
    expect(walkOn(4000, 300, 271, 64_000)).toBe(false);
  });

  it('goes on when twice what the share predicts is within the farthest walk', () => {
    // 113 of 4 000 places matched: 271 are predicted within 9 593 places; twice that is in reach.
    expect(walkOn(4000, 113, 271, 64_000)).toBe(true);
    expect(walkOn(4000, 34, 271, 64_000)).toBe(true);
  });

  it('reads the matches instead when the prediction is past the farthest walk', () => {
    expect(walkOn(4000, 33, 271, 64_000)).toBe(false);
    // None found: taken as half a match, so a page of 271 would need millions of places.
    expect(walkOn(4000, 0, 271, 64_000)).toBe(false);
    // But a page of one is worth going on for.
    expect(walkOn(4000, 0, 1, 64_000)).toBe(true);
  });
});
