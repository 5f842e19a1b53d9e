import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, MAX_EDITS } from '../typo-rank.ts';
import { TypoWords } from './typo-words.ts';

/** Few letters, so words lie within a few edits of each other; one outside the basic plane. */
const letter = fc.constantFrom('a', 'b', 'c', 'd', 'ž', '😀');
const word = fc.array(letter, { minLength: 1, maxLength: 12 }).map((letters) => letters.join(''));

describe('TypoWords', () => {
  it('finds every indexed word within two edits (changed, added, dropped, swapped), and only those', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 60 }),
        fc.array(word, { maxLength: 10 }),
        (words, queries) => {
          const indexed = words.map((_, id) => id).filter((id) => id % 3 !== 2);
          const typos = TypoWords.of(words, indexed);
          for (const query of [...queries, ...words.slice(0, 5)]) {
            const found = new Map<number, number>();
            typos.near(query, (id, edits) => found.set(id, edits));
            const expected = new Map(
              indexed
                .map((id) => [id, editDistance(query, words[id] as string, MAX_EDITS)] as const)
                .filter(([, edits]) => edits <= MAX_EDITS),
            );
            expect(found).toEqual(expected);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('finds a long word by a typo past its beginning, and a swap at its start', () => {
    const words = ['ljekarnicka', 'ljekarna', 'kolodvor', 'zagreb'];
    const typos = TypoWords.of(words, [0, 1, 2, 3]);
    const near = (query: string) => {
      const found: string[] = [];
      typos.near(query, (id) => found.push(words[id] as string));
      return found.sort();
    };
    expect(near('ljekarnickaa')).toEqual(['ljekarnicka']);
    expect(near('jlekarna')).toEqual(['ljekarna']);
    expect(near('kolodovr')).toEqual(['kolodvor']);
    expect(near('zgareb')).toEqual(['zagreb']);
    expect(near('beograd')).toEqual([]);
  });
});
