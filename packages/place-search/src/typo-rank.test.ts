import { describe, expect, it } from 'vitest';
import { editDistance, FIRST_TYPO_RANK, typoRank } from './typo-rank.ts';

describe('editDistance', () => {
  it('counts letters changed, added, dropped and neighbours swapped', () => {
    expect(editDistance('zagreb', 'zagreb', 2)).toBe(0);
    expect(editDistance('zagrebb', 'zagreb', 2)).toBe(1);
    expect(editDistance('londn', 'london', 2)).toBe(1);
    expect(editDistance('varsaw', 'warsaw', 2)).toBe(1);
    expect(editDistance('belgarde', 'belgrade', 2)).toBe(1);
    expect(editDistance('belgarde', 'bellegarde', 2)).toBe(2);
    expect(editDistance('niš', 'nis', 2)).toBe(1);
  });

  it('stops past the limit', () => {
    expect(editDistance('zagreb', 'split', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('typoRank', () => {
  it('ranks fewer edits first, and a whole name before part of one', () => {
    const belgrade = typoRank('belgarde', '|belgrade|beograd|');
    const bellegarde = typoRank('belgarde', '|bellegarde|');
    expect(belgrade).toBe(FIRST_TYPO_RANK + 2);
    expect(bellegarde).toBe(FIRST_TYPO_RANK + 4);
    expect(typoRank('budapset', '|budapest|')).toBeLessThan(
      typoRank('budapset', '|budapest xi kerulet|') ?? 0,
    );
    expect(typoRank('novi zagrb', '|novi zagreb|')).toBe(FIRST_TYPO_RANK + 2);
  });

  it('refuses short words, too many edits, and a query only half of which is close', () => {
    expect(typoRank('lndn', '|london|')).toBeUndefined();
    expect(typoRank('lnodnnx', '|london|')).toBeUndefined();
    expect(typoRank('flower zagreb', '|flower square|')).toBeUndefined();
    expect(typoRank('sv zagrebb', '|novi zagreb|')).toBeUndefined();
  });
});
