import { describe, expect, it } from 'vitest';
import { vocabularyOf } from './vocabulary.ts';

// Expected values are karta_similar_words (migration 005) over the same words in place_words.
describe('vocabularyOf(…).similarWords', () => {
  const vocabulary = vocabularyOf([
    '|london|',
    '|new london|',
    '|londa|',
    '|belgrade|beograd|',
    '|bellegarde|',
    '|lo|',
    '|londonderry|',
  ]);

  it('returns the words most alike, best first, lowering the threshold while few are found', () => {
    expect(vocabulary.similarWords('londn', 30)).toEqual(['londa', 'london', 'londonderry']);
    expect(vocabulary.similarWords('belgarde', 30)).toEqual(['bellegarde', 'belgrade']);
  });

  it('stops at the first threshold that gives half of what it may return', () => {
    expect(vocabulary.similarWords('londn', 2)).toEqual(['londa']);
    expect(vocabulary.similarWords('belgarde', 2)).toEqual(['bellegarde']);
  });

  it('holds no word shorter than three letters', () => {
    expect(vocabulary.similarWords('lo', 30)).not.toContain('lo');
    expect(vocabulary.similarWords('lo', 30)).toContain('london');
  });
});
