import { describe, expect, it } from 'vitest';
import { compareCodePoints, similarity, trigrams } from './trigrams.ts';

/** pg_trgm's similarity of two texts, from their trigrams. */
function similarityOf(a: string, b: string): number {
  const own = trigrams(a);
  const other = new Set(trigrams(b));
  return similarity(own.filter((trigram) => other.has(trigram)).length, own.length, other.size);
}

// Expected values are pg_trgm's show_trgm and similarity on the same texts.
describe('trigrams and similarity (pg_trgm)', () => {
  it('pads each word with two spaces before and one after', () => {
    expect(trigrams('ab cd').sort()).toEqual(['  a', '  c', ' ab', ' cd', 'ab ', 'cd ']);
    expect(trigrams('aaa aaa').sort()).toEqual(['  a', ' aa', 'aa ', 'aaa']);
  });

  it('computes the similarity in single precision', () => {
    expect(similarityOf('londn', 'london')).toBe(0.4444444477558136);
    expect(similarityOf('belgarde', 'belgrade')).toBe(Math.fround(0.3846154));
    expect(similarityOf('belgarde', 'bellegarde')).toBe(Math.fround(0.53846157));
    expect(similarityOf('zagreb centar', 'zagreb')).toBe(0.5);
  });
});

describe('compareCodePoints', () => {
  it('orders by code point, an astral letter after U+FFxx', () => {
    expect(compareCodePoints('a', 'b')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('\u{1d400}', '\uff21')).toBeGreaterThan(0);
    expect(compareCodePoints('x', 'x')).toBe(0);
  });
});
